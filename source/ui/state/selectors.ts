// What the screens show, worked out from the state: the list, the picker's
// rows, the reader's first line, the find hits. Each is memoised (memo.ts).

import type {Post} from '../../blog/model/model.js';
import {filterSorted} from '../../blog/query/filters.js';
import {type Filters, type MatchMode, queryWords, type SortKey, type Term} from '../../blog/query/model.js';
import {checkSorted, sortPosts} from '../../blog/query/sort.js';
import {
	compareTermEntries,
	narrowEntries,
	prepareTermFilter,
	prepareTerms,
	searchRanks,
	sortTermCounts,
	type TermEntry,
	termCounts,
	termsPrepared,
} from '../../blog/query/term-index.js';
import type {SearchText} from '../../blog/search/search.js';
import {measureColumns} from '../../render/list-row.js';
import {allSteps, stepEnds} from '../../util/slices.js';
import type {View} from '../keys/keymap.js';
import {lineAt} from './anchor.js';
import {findHits, type Hit} from './hits.js';
import {memoizeLast} from './memo.js';
import type {PickerState, ReaderPage, Screen, State} from './model.js';
import {unreadOnly} from './read-marks.js';
import {clampTop} from './viewport.js';

/** Each list of posts in each order asked for: `s` cycles through three orders, and each is sorted once. */
const sortedLists = new WeakMap<Post[], Map<SortKey, Post[]>>();

function sortedPosts(posts: Post[], sort: SortKey): Post[] {
	let bySort = sortedLists.get(posts);
	if (!bySort) {
		bySort = new Map();
		sortedLists.set(posts, bySort);
	}

	let sorted = bySort.get(sort);
	if (!sorted) {
		sorted = sortPosts(posts, sort);
		bySort.set(sort, sorted);
	}

	return sorted;
}

/**
 * After a frame, ahead of need: the terms of the posts (for the tag picker)
 * and of the list in its sort order (for filtering it by tags).
 */
export function prepareTermsOf(posts: Post[], sort: SortKey): void {
	prepareTerms(posts);
	prepareTermFilter(sortedPosts(posts, sort));
}

/**
 * A new list of posts made ready to be shown, a step at a time (see
 * util/slices.ts), before the app is given it: whether it is in `sort`'s
 * order, its posts by path, its columns' widths, its terms. Worked out as it was drawn, each was a
 * pass over every post: at 50,000 posts read again, 60-100 ms with keys waiting.
 */
export function* listPrepared(posts: Post[], sort: SortKey): Generator<void, void> {
	yield* checkSorted(posts, sort);
	yield* postsByPath(posts);
	yield* measureColumns(posts);
	yield* termsPrepared(posts);
}

/** The posts of each list shown, in sort order: a longer search looks only through these. */
const matchedOf = new WeakMap<Post[], Post[]>();

/** A query's search words, as one string: queries with the same words find the same posts. */
const wordsOf = (query: string) => queryWords(query).join(' ');

/**
 * The list as shown. A query with the same words as the last (a space typed
 * between two words) shows the same list, without searching again. While a
 * search is being typed (the query only grows) and bodies are still being
 * read, only the posts that matched the shorter query are searched again;
 * once all are read, search ranks every post in one pass (search.ts) and a
 * shorter list would only cost its lookups.
 */
export const shownPosts = memoizeLast(
	([posts, filters, sort, search]: readonly [Post[], Filters, SortKey, SearchText], last): Post[] => {
		const before = last?.args[1];
		const sameOtherwise =
			last !== undefined &&
			before !== undefined &&
			last.args[0] === posts &&
			last.args[2] === sort &&
			last.args[3] === search &&
			before.terms === filters.terms &&
			before.mode === filters.mode;
		if (sameOtherwise && wordsOf(before.query) === wordsOf(filters.query)) return last.result;
		const narrowing =
			sameOtherwise && !search.complete && before.query.trim() !== '' && filters.query.startsWith(before.query);
		const narrowed = narrowing ? matchedOf.get(last.result) : undefined;
		// What matched is kept only while a longer search could narrow to it.
		const matched: Post[] | undefined = search.complete ? undefined : [];
		const shown = narrowed
			? // Every one of them has the terms already: only the search is asked again.
				filterSorted(narrowed, {...filters, terms: []}, search, matched)
			: filterSorted(sortedPosts(posts, sort), filters, search, matched);
		if (matched) matchedOf.set(shown, matched);
		return shown;
	},
);

/** Each list's posts by path, kept with the list: a list read again is mapped before it is shown (listPrepared). */
const byPathOf = new WeakMap<readonly Post[], Map<string, Post>>();

function* postsByPath(posts: readonly Post[]): Generator<void, Map<string, Post>> {
	let byPath = byPathOf.get(posts);
	if (byPath) return byPath;
	byPath = new Map<string, Post>();
	// The first post with a path, as a scan would find it.
	for (const [index, post] of posts.entries()) {
		if (!byPath.has(post.path)) byPath.set(post.path, post);
		if (stepEnds(index)) yield;
	}

	byPathOf.set(posts, byPath);
	return byPath;
}

/** The post at a path, looked up in a map made once per list of posts (not a scan at every key). */
export function postAt(posts: Post[], path: string | null): Post | undefined {
	return path === null ? undefined : allSteps(postsByPath(posts)).get(path);
}

/** The list as the state and screen show it now. */
export function listOf(state: State, screen: Pick<Screen, 'search'>): Post[] {
	const shown = shownPosts(state.posts, state.filters, state.sort, screen.search);
	const kept = state.justRead === state.selectedPath ? state.justRead : null;
	return state.unreadOnly ? unreadOnly(shown, state.read, kept) : shown;
}

/** The search's ranks of every post, kept while the search and the posts stay: toggling a tag doesn't search again. */
const rankedPosts = memoizeLast(([posts, query, search]: readonly [Post[], string, SearchText]) =>
	searchRanks(posts, query, search),
);

/** Every tag and category with its count, in the blog's order (counted through the chosen terms' posts: filter.ts). */
const countedTerms = memoizeLast(
	([posts, chosen, mode, query, search]: readonly [Post[], Term[], MatchMode, string, SearchText]) =>
		termCounts(posts, chosen, mode, rankedPosts(posts, query, search)),
);

/** The picker's rows before narrowing, most used first: their order when the picker opens. */
export function termOrder(state: State, screen: Pick<Screen, 'search'>): string[] {
	const {posts, filters} = state;
	return sortTermCounts(posts, countedTerms(posts, filters.terms, filters.mode, filters.query, screen.search)).map(
		entry => entry.key,
	);
}

/** Each key's place in a picker's order (fixed while it is open). */
const placesOf = memoizeLast(([order]: readonly [string[]]) => new Map(order.map((key, index) => [key, index])));

/**
 * The counted terms in the picker's order, put in place rather than sorted.
 * A term the order lacks (a tag added on disk while the picker is open) goes
 * first, with the first of the order, those in the picker's own order (most used first).
 */
const orderedRows = memoizeLast(([posts, counted, order]: readonly [Post[], TermEntry[], string[]]): TermEntry[] => {
	const places = placesOf(order);
	const first: TermEntry[] = [];
	const placed: Array<TermEntry | undefined> = new Array(order.length);
	for (const entry of counted) {
		const place = places.get(entry.key) ?? 0;
		if (place === 0) first.push(entry);
		else placed[place] = entry;
	}

	if (first.length > 1) first.sort(compareTermEntries(posts));
	const rows = first;
	for (const entry of placed) if (entry) rows.push(entry);
	return rows;
});

/** The ordered rows narrowed by what was typed: only this is worked out again at a letter typed. */
const narrowedRows = memoizeLast(([rows, query]: readonly [TermEntry[], string]) => narrowEntries(rows, query));

/**
 * The picker's rows: every tag and category with its count, in the order they
 * had when the picker opened, narrowed by what was typed. They are counted
 * again only when the choice or the search changes, not for each letter typed.
 */
export function pickerRows(state: State, picker: PickerState, screen: Pick<Screen, 'search'>): TermEntry[] {
	const counted = countedTerms(state.posts, picker.chosen, picker.mode, state.filters.query, screen.search);
	return narrowedRows(orderedRows(state.posts, counted, picker.order), picker.query);
}

/** Rows around the list's top that are looked through first for the selected post. */
const NEAR_TOP = 256;

/**
 * Where the post at `path` is in `shown`, or -1. The selected post is almost
 * always on screen, so the rows from `top` are looked at first: a scan from
 * the start compared up to 100,000 paths at every key at the bottom of a
 * large list (`G`, then each frame). A path names one file, so it is found once.
 */
export function positionOf(shown: Post[], path: string | null, top: number): number {
	if (path === null) return -1;
	const from = Math.max(0, Math.min(top, shown.length - NEAR_TOP));
	const to = Math.min(shown.length, from + NEAR_TOP);
	const at = (index: number) => shown[index]?.path === path;
	for (let index = from; index < to; index++) if (at(index)) return index;
	for (let index = 0; index < from; index++) if (at(index)) return index;
	for (let index = to; index < shown.length; index++) if (at(index)) return index;
	return -1;
}

export function selectedIndex(state: State, shown: Post[]): number {
	const index = positionOf(shown, state.selectedPath, state.listTop);
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
