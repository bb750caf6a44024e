// What the screens show, worked out from the state: the list, the picker's
// rows, the reader's first line, the find hits. Each is memoised (memo.ts).
import type {View} from '../../keymap.js';
import {
	type Filters,
	filterSorted,
	type MatchMode,
	narrowEntries,
	type SortKey,
	sortPosts,
	type Term,
	termEntries,
} from '../../posts/filter.js';
import type {Post} from '../../posts/model.js';
import type {SearchText} from '../../posts/search.js';
import {lineAt} from './anchor.js';
import {findHits, type Hit} from './hits.js';
import {memoizeLast} from './memo.js';
import type {PickerState, ReaderPage, Screen, State} from './model.js';
import {unreadOnly} from './read-marks.js';
import {clampTop} from './viewport.js';

const sortedPosts = memoizeLast(([posts, sort]: readonly [Post[], SortKey]) => sortPosts(posts, sort));

/** The posts of each list shown, in sort order: a longer search looks only through these. */
const matchedOf = new WeakMap<Post[], Post[]>();

/**
 * The list as shown. While a search is being typed (the query only grows)
 * and bodies are still being read, only the posts that matched the shorter
 * query are searched again; once all are read, search ranks every post in
 * one pass (search.ts) and a shorter list would only cost its lookups.
 */
export const shownPosts = memoizeLast(
	([posts, filters, sort, search]: readonly [Post[], Filters, SortKey, SearchText], last): Post[] => {
		const before = last?.args[1];
		const narrowing =
			last !== undefined &&
			before !== undefined &&
			last.args[0] === posts &&
			last.args[2] === sort &&
			last.args[3] === search &&
			!search.complete &&
			before.terms === filters.terms &&
			before.mode === filters.mode &&
			before.query.trim() !== '' &&
			filters.query.startsWith(before.query);
		const candidates = (narrowing && matchedOf.get(last.result)) || sortedPosts(posts, sort);
		// What matched is kept only while a longer search could narrow to it.
		const matched: Post[] | undefined = search.complete ? undefined : [];
		const shown = filterSorted(candidates, filters, search, matched);
		if (matched) matchedOf.set(shown, matched);
		return shown;
	},
);

const postsByPath = memoizeLast(([posts]: readonly [Post[]]) => {
	const byPath = new Map<string, Post>();
	// The first post with a path, as a scan would find it.
	for (const post of posts) if (!byPath.has(post.path)) byPath.set(post.path, post);
	return byPath;
});

/** The post at a path, looked up in a map made once per list of posts (not a scan at every key). */
export function postAt(posts: Post[], path: string | null): Post | undefined {
	return path === null ? undefined : postsByPath(posts).get(path);
}

/** The list as the state and screen show it now. */
export function listOf(state: State, screen: Pick<Screen, 'search'>): Post[] {
	const shown = shownPosts(state.posts, state.filters, state.sort, screen.search);
	const kept = state.justRead === state.selectedPath ? state.justRead : null;
	return state.unreadOnly ? unreadOnly(shown, state.read, kept) : shown;
}

/** Every tag and category with its count: counting goes over every post. */
const countedTerms = memoizeLast(
	([posts, chosen, mode, query, search]: readonly [Post[], Term[], MatchMode, string, SearchText]) =>
		termEntries(posts, chosen, mode, query, search),
);

/** The picker's rows before narrowing, most used first: their order when the picker opens. */
export function termOrder(state: State, screen: Pick<Screen, 'search'>): string[] {
	return countedTerms(state.posts, state.filters.terms, state.filters.mode, state.filters.query, screen.search).map(
		entry => entry.key,
	);
}

const orderedRows = memoizeLast(
	([counted, order, query]: readonly [ReturnType<typeof countedTerms>, string[], string]) => {
		const position = new Map(order.map((key, index) => [key, index]));
		const ordered = [...counted].sort((a, b) => (position.get(a.key) ?? 0) - (position.get(b.key) ?? 0));
		return narrowEntries(ordered, query);
	},
);

/**
 * The picker's rows: every tag and category with its count, in the order they
 * had when the picker opened, narrowed by what was typed. They are counted
 * again only when the choice or the search changes, not for each letter typed.
 */
export function pickerRows(state: State, picker: PickerState, screen: Pick<Screen, 'search'>) {
	return orderedRows(
		countedTerms(state.posts, picker.chosen, picker.mode, state.filters.query, screen.search),
		picker.order,
		picker.query,
	);
}

export function selectedIndex(state: State, shown: Post[]): number {
	const index = shown.findIndex(post => post.path === state.selectedPath);
	return index === -1 ? 0 : index;
}

/** The keymap view that reads keys now. */
export function activeView(state: State): View {
	if (state.picker) return 'picker';
	if (state.searching) return 'search';
	if (state.view === 'list' && state.problems) return 'problems';
	if (state.view === 'reader' && state.contents) return 'contents';
	if (state.view === 'reader' && state.links) return 'links';
	if (state.view === 'reader' && state.find.editing) return 'find';
	return state.view;
}

/** The selected post's page, if the screen has it rendered. */
export function openPage(state: State, screen: Pick<Screen, 'page'>): ReaderPage | undefined {
	return state.selectedPath !== null && screen.page?.path === state.selectedPath ? screen.page.page : undefined;
}

/** The first line on screen in the reader, from the anchor, kept inside the page. */
export function readerTop(state: State, screen: Pick<Screen, 'page' | 'readerHeight'>): number {
	const page = openPage(state, screen);
	if (!page) return 0;
	return clampTop(
		lineAt(page.blockStarts, page.lines.length, state.readerAnchor),
		page.lines.length,
		screen.readerHeight,
	);
}

/** Matches of the find query in a page. */
export const hitsFor = memoizeLast(([page, query]: readonly [ReaderPage, string]): Hit[] =>
	findHits(page.plain, query),
);
