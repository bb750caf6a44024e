// The one state machine for the screens: every key, resize and answered
// request goes through here. Pure: the same state and action give the same
// state, and nothing is rendered or read on the way.

import type {Post} from '../../blog/model/model.js';
import {type Filters, noFilters, type SortKey} from '../../blog/query/model.js';
import {concreteTerm} from '../../blog/query/terms.js';
import type {SearchText} from '../../blog/search/search.js';
import {sourceLineAt} from '../../render/source-lines.js';
import {type Command, type KeyEvent, type KeyFlags, keyEvents} from '../keys/keymap.js';
import {contentsKey} from '../screens/contents/keys.js';
import {helpKey, helpTopIn} from '../screens/help/keys.js';
import {linksKey} from '../screens/links/keys.js';
import {listKey, openPost, refilter, searchKey, selectBest} from '../screens/list/keys.js';
import {pickerKey} from '../screens/picker/keys.js';
import {problemsKey} from '../screens/problems/keys.js';
import {backToList, findKey, markIfEnded, readerKey} from '../screens/reader/keys.js';
import {type Anchor, topOfPost} from '../state/anchor.js';
import {type Action, type LeftOut, noFind, type Screen, type State} from '../state/model.js';
import {activeView, listOf, openPage, pickerRows, positionOf, postAt, readerTop} from '../state/selectors.js';
import {overlayRows, scrollToShow} from '../state/viewport.js';
import {postsChanged, postsRead} from './follow.js';

/** Keys kept while a page renders; a person can't type more in that time, a paste can. */
const MAX_PENDING = 256;

export type InitialState = {
	posts: Post[];
	openFirst?: boolean;
	filters?: Filters;
	sort?: SortKey;
	search: SearchText;
	/** What loading the blog left out, for the problems overlay. */
	leftOut?: LeftOut;
	/** The reading state kept from earlier runs; absent: no read marks (--no-state). */
	memory?: {positions: Record<string, Anchor>; read: Record<string, string>};
	/** The posts are not read yet: the first read fills the list (postsRead, then postsChanged). */
	firstRead?: boolean;
};

const nothingLeftOut: LeftOut = {unreadable: [], skipped: []};

export function initialState({
	posts,
	openFirst = false,
	filters: given = noFilters,
	sort = 'date',
	search,
	leftOut = nothingLeftOut,
	memory,
	firstRead = false,
}: InitialState): State {
	// --tag matches a tag or a category; the picker deals in one or the other.
	const filters = given.terms.some(term => term.kind === 'any')
		? {...given, terms: given.terms.map(term => concreteTerm(posts, term))}
		: given;
	const state: State = {
		posts,
		view: openFirst ? 'reader' : 'list',
		showHelp: false,
		helpTop: 0,
		details: true,
		pictures: true,
		searching: false,
		picker: null,
		filters,
		sort,
		selectedPath: null,
		followsTop: true,
		listTop: 0,
		readerAnchor: topOfPost,
		jumps: [],
		positions: memory?.positions ?? {},
		marks: memory !== undefined,
		read: memory?.read ?? {},
		unreadOnly: false,
		justRead: null,
		find: noFind,
		contents: null,
		links: null,
		leftOut,
		firstRead: firstRead ? {done: 0, total: 0} : null,
		problems: null,
		deleted: null,
		notice: null,
		quitting: false,
		backQuits: openFirst,
		request: null,
		pending: [],
		inputs: 0,
	};
	return {...state, selectedPath: listOf(state, {search})[0]?.path ?? null};
}

function hasFilters(state: State): boolean {
	return state.filters.terms.length > 0 || state.filters.query !== '' || state.unreadOnly;
}

/** One key, read by the screen that is active now. */
function applyKey(state: State, {binding, typed}: KeyEvent, screen: Screen): State {
	const command = binding?.command;
	// Esc on the list first drops the filters (a search kept with Enter, chosen tags); then it quits.
	if (command === 'escape' && state.view === 'list' && hasFilters(state)) {
		return selectBest(
			{
				...state,
				filters: {...noFilters, mode: state.filters.mode},
				unreadOnly: false,
				notice: 'filters cleared (Esc again quits)',
			},
			screen,
		);
	}

	// Esc in the reader first drops a find (its marks and counter); then it goes back, or quits a single file.
	if (command === 'escape' && state.view === 'reader' && state.find.query !== '' && !state.find.editing) {
		const then = state.backQuits ? 'quits' : 'goes back';
		return {...state, find: noFind, notice: `find cleared (Esc again ${then})`};
	}

	if (
		command === 'quit' ||
		((command === 'back' || command === 'escape') && (state.view === 'list' || state.backQuits))
	)
		return {...state, quitting: true};
	if (state.picker) return pickerKey(state, state.picker, command, typed, screen);
	if (state.searching) return searchKey(state, command, typed, screen);
	const page = openPage(state, screen);
	if (state.view === 'reader' && page) {
		if (state.contents) return contentsKey(state, page, state.contents, command, screen);
		if (state.links) return linksKey(state, page, state.links, command, screen);
		if (state.find.editing) return findKey(state, page, command, typed, screen);
	}

	if (command === 'help') return {...state, showHelp: true, helpTop: 0};
	if (command === 'edit') {
		if (state.selectedPath === null) return state;
		// From the reader, the editor opens at the text on top of the screen.
		const bodyLine = state.view === 'reader' && page ? sourceLineAt(page, readerTop(state, screen)) : undefined;
		return {
			...state,
			request: {kind: 'edit', path: state.selectedPath, ...(bodyLine === undefined ? {} : {bodyLine})},
		};
	}

	if (command === 'copyPath') {
		const post = postAt(state.posts, state.selectedPath);
		return post ? {...state, request: {kind: 'copy', text: post.absolutePath, what: 'the path'}} : state;
	}

	if (command === 'language')
		return state.selectedPath === null ? state : {...state, request: {kind: 'translation', path: state.selectedPath}};
	if (command === 'suspend') return {...state, request: {kind: 'suspend'}};
	// Only the problems view's own keys reach here while it is open (activeView reads them).
	if (state.view === 'list' && state.problems) return problemsKey(state, state.problems, command, screen);
	if (command === undefined) return state;
	if (state.view === 'list') return listKey(state, command, screen);
	return page ? readerKey(state, page, command, screen) : state;
}

/** Reader commands that need the whole post: the end, a find, the contents, the links, a note. */
const WHOLE_PAGE_COMMANDS = new Set<Command>([
	'bottom',
	'find',
	'findNext',
	'findPrevious',
	'contents',
	'links',
	'footnote',
]);

/**
 * One keypress (a character, or a named key). In the reader, until the open
 * post's page is rendered, keys wait in `pending` (they are read again then,
 * by the screen active at that time); quitting and going back never wait.
 */
function takeKey(state: State, input: string, flags: KeyFlags, screen: Screen): State {
	const events = keyEvents(activeView(state), input, flags);
	const page = state.view === 'reader' ? openPage(state, screen) : undefined;
	const first = events[0]?.binding?.command;
	// A key that needs the whole post waits while only its beginning is rendered (a large post), and so
	// does every key after it, in order.
	const wantsWhole = page?.partial === true && first !== undefined && WHOLE_PAGE_COMMANDS.has(first);
	const waiting = state.view === 'reader' && (state.pending.length > 0 || !page || wantsWhole);
	// Until the page is there no find is active: Esc goes back, as q does.
	const command = first === 'escape' && state.find.query === '' ? 'back' : first;
	if (waiting && command === 'back' && !state.backQuits) return backToList(state, screen, page);
	if (waiting && command !== 'quit' && command !== 'back') {
		const pending = [...state.pending, {input, flags}].slice(-MAX_PENDING);
		return wantsWhole
			? {...state, pending, notice: 'the rest of the post is rendering: the key waits for it'}
			: {...state, pending};
	}
	let next = state;
	for (const event of events) {
		// A notice lasts until the next key, even one typed in the same chunk.
		next = applyKey({...next, notice: null}, event, screen);
		if (next.quitting || next.showHelp) break;
	}

	return next;
}

function takeInput(state: State, input: string, flags: KeyFlags, screen: Screen): State {
	let next = state;
	// A chunk of typed text ("jjj", "/kub" typed fast, or `qQ` arriving together over a slow
	// link) is taken one character at a time, each read by the screen active after the last:
	// the help too, so the key that closes it does not take the keys after it along.
	const plain = !Object.values(flags).some(Boolean);
	for (const key of plain ? [...input] : [input]) {
		next = next.showHelp ? helpKey(next, key, flags, screen) : takeKey(next, key, flags, screen);
		if (next.quitting) break;
	}

	return next;
}

/** The screen changed (a resize, a page rendered, bodies read): keep what is shown inside it, take waiting keys. */
function takeScreen(state: State, screen: Screen): State {
	// In the reader the open post stays, shown or not; the list catches up on the way back.
	let next = state.view === 'list' ? refilter(state, screen) : state;
	const shown = listOf(next, screen);
	const page = next.contents ? openPage(next, screen) : undefined;
	next = {
		...next,
		listTop: scrollToShow(
			positionOf(shown, next.selectedPath, next.listTop),
			next.listTop,
			shown.length,
			screen.listHeight,
		),
		helpTop: helpTopIn(next.helpTop, screen),
		picker: next.picker
			? {
					...next.picker,
					top: scrollToShow(
						next.picker.cursor,
						next.picker.top,
						pickerRows(next, next.picker, screen).length,
						screen.pickerHeight,
					),
				}
			: null,
		contents:
			next.contents && page
				? {
						...next.contents,
						top: scrollToShow(
							next.contents.cursor,
							next.contents.top,
							page.headings.length,
							overlayRows(screen.readerHeight),
						),
					}
				: next.contents,
	};
	if (next.pending.length === 0 || !openPage(next, screen)) return next;
	let replayed: State = {...next, pending: []};
	for (const key of next.pending) {
		replayed = takeKey(replayed, key.input, key.flags, screen);
		if (replayed.quitting) break;
	}

	return replayed;
}

/**
 * Every change, with the read marks it may earn: the screen an action comes
 * with may show a post's end the state has not heard of yet (a key read before
 * the rendered page's own action), and the change may scroll to the end.
 */
export function reducer(state: State, action: Action): State {
	const next =
		// Only actions that come with a screen can show a post's end.
		action.type === 'answered' || action.type === 'said' || action.type === 'openPost'
			? change(state, action)
			: markIfEnded(change(markIfEnded(state, action.screen), action), action.screen);
	// A deleted post is spoken of only while the reader is on it.
	return next.deleted !== null && next.view === 'list' ? {...next, deleted: null} : next;
}

function change(state: State, action: Action): State {
	switch (action.type) {
		case 'keys':
			return takeInput({...state, inputs: state.inputs + 1}, action.input, action.flags, action.screen);
		case 'screen':
			return takeScreen(state, action.screen);
		case 'replaced': {
			const switched = action.post.path !== state.selectedPath;
			const next: State = {
				...state,
				posts: state.posts.map(post => (post.path === action.path ? action.post : post)),
				request: null,
				selectedPath: action.post.path,
				followsTop: false,
				notice: action.notice,
				// Another file (a translation) has its own text: finds, jumps and contents start afresh.
				...(switched ? {find: noFind, jumps: [], contents: null, links: null} : {}),
			};
			return next.view === 'list' ? refilter(next, action.screen) : next;
		}

		case 'answered':
			return {...state, request: null, notice: action.notice};
		case 'postsChanged':
			return postsChanged({...state, firstRead: null}, action.posts, action.leftOut ?? state.leftOut, action.screen);
		case 'postsRead':
			return postsRead(state, action);
		case 'said':
			return {...state, notice: action.notice};
		case 'openPost':
			return {...openPost(state, action.path), request: null, backQuits: false};
	}
}
