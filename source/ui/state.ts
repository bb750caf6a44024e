import {keyEvents, type Action as KeyAction, type KeyFlags, type View} from '../keymap.js';
import {concreteTerm, filterSorted, narrowEntries, noFilters, SORT_KEYS, sortPosts, termEntries, termKey, type Filters, type MatchMode, type SortKey, type Term, type TermEntry} from '../posts/filter.js';
import type {Post} from '../posts/types.js';
import {anchorAt, lineAt, topOfPost, type Anchor} from '../reader/position.js';
import type {RenderedMarkdown} from '../render/markdown.js';
import {contentsKey, findKey, readerKey} from './reader-keys.js';
import {clampIndex, clampTop, contentsRows, scrollToShow} from './viewport.js';

/** The tag picker while it is open: choices are applied only on Enter. */
export type PickerState = {
	/** Text typed to narrow the tags. */
	query: string;
	cursor: number;
	top: number;
	chosen: Term[];
	mode: MatchMode;
	/** Term keys in the order shown, fixed when the picker opens so rows don't jump as counts change. */
	order: string[];
};

export type State = {
	view: 'list' | 'reader';
	showHelp: boolean;
	/** Typing goes into the list's search field. */
	searching: boolean;
	picker: PickerState | null;
	filters: Filters;
	sort: SortKey;
	/** The selected post, by path: it stays selected while the list around it changes. */
	selectedPath: string | null;
	/** First list row on screen. */
	listTop: number;
	/** Where the open post is read from; kept as an anchor so a re-wrap keeps the same text on top. */
	readerAnchor: Anchor;
	/** Positions to return to with ' (footnote, contents and find jumps push here). */
	jumps: Anchor[];
	/** Where each post was left, by path, while the program runs. */
	positions: Record<string, Anchor>;
	/** Find in the post: the query, whether it is being typed, and the current hit. */
	find: FindState;
	/** The contents overlay, when open: which heading is under the cursor. */
	contents: {cursor: number; top: number} | null;
	/** A one-off message for the status line; cleared by the next key. */
	notice: string | null;
	/** Set by the quit keys; the app exits when it sees it. */
	quitting: boolean;
	/** Going back from the reader quits: blogread was opened on one post. */
	backQuits: boolean;
	/** A post to open in the editor (the app does it, then sends 'replaced'). */
	editRequest: string | null;
	/** The reader asked for the next translation (the app swaps it in, then sends 'replaced'). */
	languageRequest: boolean;
};

export type FindState = {query: string; editing: boolean; current: number};

export const noFind: FindState = {query: '', editing: false, current: -1};

export type InitialState = {posts: Post[]; openFirst?: boolean; filters?: Filters; sort?: SortKey};

export function initialState({posts, openFirst = false, filters: given = noFilters, sort = 'date'}: InitialState): State {
	// --tag matches a tag or a category; the picker deals in one or the other.
	const filters = given.terms.some(term => term.kind === 'any') ? {...given, terms: given.terms.map(term => concreteTerm(posts, term))} : given;
	// Through shownPosts: the first frame asks the same, and gets this answer from its cache.
	const first = shownPosts(posts, filters, sort)[0];
	return {
		view: openFirst ? 'reader' : 'list',
		showHelp: false,
		searching: false,
		picker: null,
		filters,
		sort,
		selectedPath: first?.path ?? null,
		listTop: 0,
		readerAnchor: topOfPost,
		jumps: [],
		positions: {},
		find: noFind,
		contents: null,
		notice: null,
		quitting: false,
		backQuits: openFirst,
		editRequest: null,
		languageRequest: false,
	};
}

/** `partial`: only the beginning of a large post, shown while the rest renders. */
export type ReaderPage = RenderedMarkdown & {plain: string[]; partial?: boolean};

/** What the reducer needs to know about the world to move within it. */
export type Layout = {
	/** Every post of the blog, before filters. */
	posts: Post[];
	/** List rows that fit on screen. */
	listHeight: number;
	/** A post as the reader shows it at the screen's width (cached), by path. */
	pageOf: (path: string | null) => ReaderPage | undefined;
	/** Reader lines that fit on screen. */
	readerHeight: number;
	/** Rows of the tag picker's list. */
	pickerHeight: number;
};

export type Action =
	| {type: 'input'; input: string; flags: KeyFlags; layout: Layout}
	| {type: 'relayout'; layout: Layout}
	| {type: 'replaced'; path: string; notice: string};

let lastSorted: {posts: Post[]; sort: SortKey; result: Post[]} | undefined;
let lastVisible: {posts: Post[]; filters: Filters; sort: SortKey; result: Post[]} | undefined;

/**
 * The list as shown; every key asks again, so the last answer is kept, the
 * posts are sorted once per sort order, and while a search is being typed
 * (the query only grows) only the posts that matched the shorter query are searched.
 */
export function shownPosts(posts: Post[], filters: Filters, sort: SortKey): Post[] {
	const last = lastVisible;
	if (last?.posts === posts && last.filters === filters && last.sort === sort) return last.result;
	if (lastSorted?.posts !== posts || lastSorted.sort !== sort) lastSorted = {posts, sort, result: sortPosts(posts, sort)};
	const narrowing = last?.posts === posts && last.sort === sort && last.filters.terms === filters.terms && last.filters.mode === filters.mode
		&& last.filters.query.trim() !== '' && filters.query.startsWith(last.filters.query);
	const candidates = narrowing ? new Set(last.result) : undefined;
	const sorted = candidates ? lastSorted.result.filter(post => candidates.has(post)) : lastSorted.result;
	const result = filterSorted(sorted, filters);
	lastVisible = {posts, filters, sort, result};
	return result;
}

let lastCounts: {posts: Post[]; query: string; chosen: Term[]; mode: MatchMode; entries: TermEntry[]} | undefined;
let lastPicker: {counted: TermEntry[]; order: string[]; query: string; result: TermEntry[]} | undefined;

/** Every tag and category with its count; counting goes over every post, so the last answer is kept. */
function countedTerms(posts: Post[], chosen: Term[], mode: MatchMode, query: string): TermEntry[] {
	const last = lastCounts;
	if (last?.posts === posts && last.query === query && last.chosen === chosen && last.mode === mode) return last.entries;
	const entries = termEntries(posts, chosen, mode, query);
	lastCounts = {posts, query, chosen, mode, entries};
	return entries;
}

/**
 * The picker's rows: every tag and category with its count, in the order they
 * had when the picker opened, narrowed by what was typed. They are counted
 * again only when the choice or the search changes, not for each letter typed.
 */
export function pickerRows(posts: Post[], filters: Filters, picker: PickerState): TermEntry[] {
	const counted = countedTerms(posts, picker.chosen, picker.mode, filters.query);
	const last = lastPicker;
	if (last?.counted === counted && last.order === picker.order && last.query === picker.query) return last.result;
	const position = new Map(picker.order.map((key, index) => [key, index]));
	const ordered = [...counted].sort((a, b) => (position.get(a.key) ?? 0) - (position.get(b.key) ?? 0));
	lastPicker = {counted, order: picker.order, query: picker.query, result: narrowEntries(ordered, picker.query)};
	return lastPicker.result;
}

export function selectedIndex(state: State, shown: Post[]): number {
	const index = shown.findIndex(post => post.path === state.selectedPath);
	return index === -1 ? 0 : index;
}

/** The keymap view that reads keys now. */
export function activeView(state: State): View {
	if (state.picker) return 'picker';
	if (state.searching) return 'search';
	if (state.view === 'reader' && state.contents) return 'contents';
	if (state.view === 'reader' && state.find.editing) return 'find';
	return state.view;
}

function moveSelection(state: State, to: number, layout: Layout): State {
	const shown = shownPosts(layout.posts, state.filters, state.sort);
	const index = clampIndex(to, shown.length);
	return {
		...state,
		selectedPath: shown[index]?.path ?? null,
		listTop: scrollToShow(index, state.listTop, shown.length, layout.listHeight),
	};
}

/** After the list changed (filters, sort, an edited post): keep the selected post if it is still shown, else the first. */
export function refilter(state: State, layout: Layout): State {
	const shown = shownPosts(layout.posts, state.filters, state.sort);
	const index = shown.findIndex(post => post.path === state.selectedPath);
	if (index === -1) return {...state, selectedPath: shown[0]?.path ?? null, listTop: 0};
	return moveSelection(state, index, layout);
}

function listKey(state: State, action: KeyAction, layout: Layout): State {
	const index = selectedIndex(state, shownPosts(layout.posts, state.filters, state.sort));
	const half = Math.ceil(layout.listHeight / 2);
	switch (action) {
		case 'down': return moveSelection(state, index + 1, layout);
		case 'up': return moveSelection(state, index - 1, layout);
		case 'pageDown': return moveSelection(state, index + layout.listHeight, layout);
		case 'pageUp': return moveSelection(state, index - layout.listHeight, layout);
		case 'halfDown': return moveSelection(state, index + half, layout);
		case 'halfUp': return moveSelection(state, index - half, layout);
		case 'top': return moveSelection(state, 0, layout);
		case 'bottom': return moveSelection(state, Number.MAX_SAFE_INTEGER, layout);
		case 'open': return openPost(state, state.selectedPath);
		case 'search': return {...state, searching: true};
		case 'tags': {
			const order = countedTerms(layout.posts, state.filters.terms, state.filters.mode, state.filters.query).map(entry => entry.key);
			return {...state, picker: {query: '', cursor: 0, top: 0, chosen: state.filters.terms, mode: state.filters.mode, order}};
		}
		case 'clearFilters': return refilter({...state, filters: noFilters, notice: 'filters cleared'}, layout);
		case 'sort': {
			const sort = SORT_KEYS[(SORT_KEYS.indexOf(state.sort) + 1) % SORT_KEYS.length] ?? 'date';
			return refilter({...state, sort, notice: `sorted by ${sortLabel(sort)}`}, layout);
		}

		default: return state;
	}
}

export function sortLabel(sort: SortKey): string {
	return sort === 'date' ? 'date, newest first' : sort === 'title' ? 'title' : 'reading time, shortest first';
}

/** The first line on screen in the reader, from the anchor, kept inside the page. */
export function readerTop(state: State, layout: Pick<Layout, 'pageOf' | 'readerHeight'>): number {
	const page = layout.pageOf(state.selectedPath);
	if (!page) return 0;
	return clampTop(lineAt(page.blockStarts, page.lines.length, state.readerAnchor), page.lines.length, layout.readerHeight);
}

/** Opens a post where it was left, or at its top. */
export function openPost(state: State, path: string | null): State {
	if (path === null) return state;
	return {...state, view: 'reader', selectedPath: path, readerAnchor: state.positions[path] ?? topOfPost, jumps: [], find: noFind, contents: null};
}

/** Leaves the open post, remembering where it was left. */
export function leavePost(state: State, layout: Layout): State {
	const page = layout.pageOf(state.selectedPath);
	if (state.selectedPath === null || !page) return state;
	const anchor = anchorAt(page.blockStarts, page.lines.length, readerTop(state, layout));
	return {...state, positions: {...state.positions, [state.selectedPath]: anchor}};
}

function setQuery(state: State, query: string, layout: Layout): State {
	return refilter({...state, filters: {...state.filters, query}}, layout);
}

function searchKey(state: State, action: KeyAction | undefined, typed: string, layout: Layout): State {
	switch (action) {
		case undefined: return setQuery(state, state.filters.query + typed, layout);
		case 'deleteChar': return setQuery(state, [...state.filters.query].slice(0, -1).join(''), layout);
		case 'submit': return {...state, searching: false};
		case 'cancel': return setQuery({...state, searching: false}, '', layout);
		default: return listKey(state, action, layout);
	}
}

function pickerKey(state: State, picker: PickerState, action: KeyAction | undefined, typed: string, layout: Layout): State {
	const rows = pickerRows(layout.posts, state.filters, picker);
	const count = rows.length;
	const moveCursor = (to: number): State => {
		const cursor = clampIndex(to, count);
		return {...state, picker: {...picker, cursor, top: scrollToShow(cursor, picker.top, count, layout.pickerHeight)}};
	};

	const narrow = (query: string): State => ({...state, picker: {...picker, query, cursor: 0, top: 0}});
	// j and k move until narrowing has begun; after that they are letters.
	if ((action === 'down' || action === 'up') && typed !== '' && picker.query !== '') return narrow(picker.query + typed);
	switch (action) {
		case undefined: return narrow(picker.query + typed);
		case 'deleteChar': return narrow([...picker.query].slice(0, -1).join(''));
		case 'down': return moveCursor(picker.cursor + 1);
		case 'up': return moveCursor(picker.cursor - 1);
		case 'toggle': {
			const term = rows[picker.cursor]?.term;
			if (!term) return state;
			const key = termKey(term);
			const chosen = picker.chosen.some(item => termKey(item) === key) ? picker.chosen.filter(item => termKey(item) !== key) : [...picker.chosen, term];
			return {...state, picker: {...picker, chosen}};
		}

		case 'switchMode': return {...state, picker: {...picker, mode: picker.mode === 'and' ? 'or' : 'and'}};
		case 'submit': return refilter({...state, picker: null, filters: {...state.filters, terms: picker.chosen, mode: picker.mode}}, layout);
		case 'cancel': return {...state, picker: null};
		default: return state;
	}
}

function applyKey(state: State, action: KeyAction | undefined, typed: string, layout: Layout): State {
	// Esc on the list first drops the filters (a search kept with Enter, chosen tags); then it quits.
	if (action === 'escape' && state.view === 'list' && (state.filters.terms.length > 0 || state.filters.query !== '')) {
		return refilter({...state, filters: {...noFilters, mode: state.filters.mode}, notice: 'filters cleared (Esc again quits)'}, layout);
	}

	if (action === 'quit' || ((action === 'back' || action === 'escape') && (state.view === 'list' || state.backQuits))) return {...state, quitting: true};
	if (state.picker) return pickerKey(state, state.picker, action, typed, layout);
	if (state.searching) return searchKey(state, action, typed, layout);
	if (state.view === 'reader' && state.contents) return contentsKey(state, state.contents, action, layout);
	if (state.view === 'reader' && state.find.editing) return findKey(state, action, typed, layout);
	if (action === 'help') return {...state, showHelp: true};
	if (action === 'edit') return state.selectedPath === null ? state : {...state, editRequest: state.selectedPath};
	if (action === 'language') return {...state, languageRequest: true};
	if (action === undefined) return state;
	return state.view === 'list' ? listKey(state, action, layout) : readerKey(state, action, layout);
}

/** The one state machine for the screens: every key and resize goes through here. */
export function reducer(state: State, action: Action): State {
	switch (action.type) {
		case 'replaced': {
			const switched = action.path !== state.selectedPath;
			return {
				...state,
				editRequest: null,
				languageRequest: false,
				selectedPath: action.path,
				notice: action.notice,
				// Another file (a translation) has its own text: finds, jumps and contents start afresh.
				...(switched ? {find: noFind, jumps: [], contents: null} : {}),
			};
		}

		case 'relayout': {
			const {layout} = action;
			// In the reader the open post stays, shown or not; the list catches up on the way back.
			const next = state.view === 'list' ? refilter(state, layout) : state;
			const shown = shownPosts(layout.posts, next.filters, next.sort);
			// Only the contents overlay needs the page (rendering it in the list would be wasted).
			const page = next.contents ? layout.pageOf(next.selectedPath) : undefined;
			return {
				...next,
				listTop: scrollToShow(selectedIndex(next, shown), next.listTop, shown.length, layout.listHeight),
				picker: next.picker ? {...next.picker, top: scrollToShow(next.picker.cursor, next.picker.top, pickerRows(layout.posts, next.filters, next.picker).length, layout.pickerHeight)} : null,
				contents: next.contents && page ? {...next.contents, top: scrollToShow(next.contents.cursor, next.contents.top, page.headings.length, contentsRows(layout.readerHeight))} : next.contents,
			};
		}

		case 'input': {
			// Esc then a key, typed quickly, arrives as one Alt+key. blogread binds no
			// Alt keys, so it is read as what it was, like `less` does.
			const {flags, input} = action;
			if (flags.meta && !flags.escape && !flags.ctrl && [...input].length === 1 && input >= ' ') {
				return reducer(reducer(state, {...action, input: '', flags: {escape: true}}), {...action, flags: {}});
			}

			// Any key closes help (and does nothing else), but the quit keys still quit.
			if (state.showHelp) {
				const quits = keyEvents(state.view, action.input, action.flags).some(event => event.binding?.action === 'quit');
				return {...state, showHelp: false, quitting: quits};
			}
			let next: State = {...state, notice: null};
			// A chunk of typed text ("jjj", or "/kub" typed fast) is taken one
			// character at a time, each read by the view active after the last.
			const plain = !Object.values(action.flags).some(Boolean);
			const chunks = plain ? [...action.input] : [action.input];
			for (const chunk of chunks) {
				for (const event of keyEvents(activeView(next), chunk, action.flags)) {
					next = applyKey(next, event.binding?.action, event.typed, action.layout);
					if (next.quitting || next.showHelp) return next;
				}
			}

			return next;
		}
	}
}
