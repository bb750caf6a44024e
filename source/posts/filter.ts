import {isGuessedDate, type Post} from './model.js';
import type {SearchText} from './search.js';
import {TOP_RANK} from './search-ranks.js';

/** A tag or a category to filter by; `any` (from --tag) matches either. */
export type Term = {kind: 'tag' | 'category' | 'any'; name: string};
export type MatchMode = 'and' | 'or';
export type SortKey = 'date' | 'title' | 'reading';
export const SORT_KEYS: SortKey[] = ['date', 'title', 'reading'];

export type Filters = {
	terms: Term[];
	/** How several terms combine: all must match, or any. */
	mode: MatchMode;
	/** Words matched, ignoring case, against title, excerpt, tags, author and body (search.ts). */
	query: string;
};

export const noFilters: Filters = {terms: [], mode: 'and', query: ''};

/** The filters of the command line (--tag, each a tag or a category, all of them; --search). */
export function commandLineFilters(tags: readonly string[], query: string): Filters {
	return {terms: tags.map(name => ({kind: 'any', name})), mode: 'and', query};
}

export function termKey(term: Term): string {
	return `${term.kind}:${term.name.toLowerCase()}`;
}

function hasTerm(post: Post, term: Term): boolean {
	const wanted = term.name.toLowerCase();
	const inTags = term.kind !== 'category' && post.tags.some(tag => tag.toLowerCase() === wanted);
	return inTags || (term.kind !== 'tag' && post.categories.some(category => category.toLowerCase() === wanted));
}

/** A --tag term as the picker knows it: a tag if a post has that tag, else a category, spelled as in the posts. */
export function concreteTerm(posts: Post[], term: Term): Term {
	if (term.kind !== 'any') return term;
	const wanted = term.name.toLowerCase();
	for (const kind of ['tag', 'category'] as const) {
		for (const post of posts) {
			const found = (kind === 'tag' ? post.tags : post.categories).find(name => name.toLowerCase() === wanted);
			if (found) return {kind, name: found};
		}
	}

	return term;
}

export function matchesTerms(post: Post, terms: Term[], mode: MatchMode): boolean {
	if (terms.length === 0) return true;
	return mode === 'and' ? terms.every(term => hasTerm(post, term)) : terms.some(term => hasTerm(post, term));
}

export function queryWords(query: string): string[] {
	return query
		.toLowerCase()
		.split(/\s+/)
		.filter(word => word !== '');
}

/**
 * How well a post matches the search words: 0 when a word is missing
 * everywhere, else higher for better matches (search.ts: ranks by tiers).
 */
export function searchRank(post: Post, words: string[], text: SearchText): number {
	return text.search(words).rank(post);
}

const dateRank = (post: Post) => (post.date === null ? 2 : isGuessedDate(post) ? 1 : 0);

/** Newest first: dates the posts give, then guessed dates (from git or the file), then undated posts. */
function compareDates(a: Post, b: Post): number {
	const ranks = dateRank(a) - dateRank(b);
	if (ranks !== 0) return ranks;
	if (a.date === b.date || a.date === null || b.date === null) return 0;
	return a.date < b.date ? 1 : -1;
}

// One collator for every comparison (localeCompare builds one per call),
// made at the first tie: ICU's collation data takes a few milliseconds to load.
let collator: Intl.Collator | undefined;
/** Whether the collator orders space, digits and letters as `SIMPLE_WEIGHTS` does (English does; Danish doesn't). */
let simpleOrder = false;

/** The collator's order of space, digits and letters (case aside), for the titles made only of them. */
const SIMPLE_WEIGHTS = new Uint8Array(128);
SIMPLE_WEIGHTS[0x20] = 1;
for (let code = 0x30; code <= 0x39; code++) SIMPLE_WEIGHTS[code] = 2 + code - 0x30;
for (let code = 0x61; code <= 0x7a; code++) {
	SIMPLE_WEIGHTS[code] = 12 + code - 0x61;
	SIMPLE_WEIGHTS[code - 0x20] = 12 + code - 0x61;
}

/** `a` and `b` compared by `SIMPLE_WEIGHTS`, or undefined when either has another character. */
export function compareSimpleNames(a: string, b: string): number | undefined {
	const shorter = Math.min(a.length, b.length);
	for (let index = 0; index < shorter; index++) {
		const weightA = SIMPLE_WEIGHTS[a.charCodeAt(index)] ?? 0;
		const weightB = SIMPLE_WEIGHTS[b.charCodeAt(index)] ?? 0;
		if (weightA === 0 || weightB === 0) return undefined;
		if (weightA !== weightB) return weightA < weightB ? -1 : 1;
	}

	for (const rest of [a, b])
		for (let index = shorter; index < rest.length; index++)
			if ((SIMPLE_WEIGHTS[rest.charCodeAt(index)] ?? 0) === 0) return undefined;
	return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

// Titles tie on dates often (a blog posting several a day); most are plain words, compared
// here without the collator, which costs a sort of 100,000 posts a few hundred milliseconds.
export function compareNames(a: string, b: string): number {
	if (!collator) {
		collator = new Intl.Collator(undefined, {sensitivity: 'base'});
		simpleOrder = /^en(?:-|$)/.test(collator.resolvedOptions().locale);
	}

	return (simpleOrder ? compareSimpleNames(a, b) : undefined) ?? collator.compare(a, b);
}
const byTitle = (a: Post, b: Post) => compareNames(a.title, b.title);

/** Date: newest first, undated last. Title: A to Z. Reading: shortest first. Ties by title, then date. */
export function comparePosts(sort: SortKey): (a: Post, b: Post) => number {
	switch (sort) {
		case 'date':
			return (a, b) => compareDates(a, b) || byTitle(a, b);
		case 'title':
			return (a, b) => byTitle(a, b) || compareDates(a, b);
		case 'reading':
			return (a, b) => a.words - b.words || compareDates(a, b) || byTitle(a, b);
	}
}

/** Lists put in an order when made (a blog is loaded newest first), which a list of posts never leaves. */
const sortedBy = new WeakMap<Post[], SortKey>();

/** Posts just sorted by `sort`, remembered so: checking each pair again would cost a comparison a post. */
export function markSorted(posts: Post[], sort: SortKey): Post[] {
	sortedBy.set(posts, sort);
	return posts;
}

/**
 * The posts in sort order: the same array when they are in order already (a
 * blog is loaded newest first). The posts' term index, when they have one,
 * is carried over to the sorted list, put in its order rather than built again.
 */
export function sortPosts(posts: Post[], sort: SortKey): Post[] {
	if (sortedBy.get(posts) === sort) return posts;
	const compare = comparePosts(sort);
	if (inOrder(posts, compare)) return posts;
	// Positions sorted, not posts, so the index can follow; the sort is stable either way.
	const order = Array.from(posts.keys()).sort((a, b) => compare(posts[a] as Post, posts[b] as Post));
	const sorted = order.map(position => posts[position] as Post);
	const index = termIndexes.get(posts);
	if (index) termIndexes.set(sorted, reorderedIndex(index, order));
	return sorted;
}

/** Whether no post would move in a stable sort by `compare`. */
function inOrder(posts: Post[], compare: (a: Post, b: Post) => number): boolean {
	for (let index = 1; index < posts.length; index++)
		if (compare(posts[index - 1] as Post, posts[index] as Post) > 0) return false;
	return true;
}

/**
 * The posts sorted as `comparePosts('date')` sorts them (stably), by day
 * (the same array when they are in order already):
 * the days are sorted, then the posts of each day by title. A blog of
 * 100,000 posts has a few thousand days, so most comparisons are cheap ones.
 */
export function newestFirst(posts: Post[]): Post[] {
	// Posts from the index come in the order it was saved in, the list's: one pass tells.
	if (inOrder(posts, comparePosts('date'))) return posts;
	const days = new Map<string, Post[]>();
	for (const post of posts) {
		// The rank first (given dates, then guessed ones, then none), then the date.
		const key = `${dateRank(post)}${post.date ?? ''}`;
		const day = days.get(key);
		if (day) day.push(post);
		else days.set(key, [post]);
	}

	const sorted: Post[] = [];
	const keys = [...days.keys()].sort((a, b) => (a[0] === b[0] ? (a < b ? 1 : a > b ? -1 : 0) : a < b ? -1 : 1));
	for (const key of keys) for (const post of (days.get(key) ?? []).sort(byTitle)) sorted.push(post);
	return sorted;
}

/**
 * The posts to show, from posts already in sort order: those that pass the
 * filters, best matches first (search.ts: the phrase, whole words, word
 * starts, then anywhere; title, tags, excerpt, then body), the sort order kept
 * within each tier. No comparison sort, so a search being typed over ten
 * thousand posts stays within a frame. `matched` gets the posts shown, in sort order.
 */
export function filterSorted(sorted: Post[], filters: Filters, text: SearchText, matched?: Post[]): Post[] {
	const words = queryWords(filters.query);
	// Without search words every post matches alike: the posts with the terms, in sort order, nothing ranked.
	if (words.length === 0) {
		const shown = withTerms(sorted, filters.terms, filters.mode);
		if (matched) for (const post of shown) matched.push(post);
		return shown;
	}

	const ranks = text.search(words).rankAll(sorted);
	const passes = termFilter(sorted, filters.terms, filters.mode);
	// A counting sort by rank, best first: the sort order stays within each rank.
	const counts = new Int32Array(TOP_RANK + 1);
	for (let index = 0; index < sorted.length; index++) {
		const rank = ranks[index] ?? 0;
		if (rank === 0) continue;
		if (passes && !passes(index)) ranks[index] = 0;
		else {
			counts[rank] = (counts[rank] ?? 0) + 1;
			matched?.push(sorted[index] as Post);
		}
	}

	const starts = new Int32Array(TOP_RANK + 1);
	let shownCount = 0;
	for (let rank = TOP_RANK; rank > 0; rank--) {
		starts[rank] = shownCount;
		shownCount += counts[rank] ?? 0;
	}

	const shown = new Array<Post>(shownCount);
	for (let index = 0; index < sorted.length; index++) {
		const rank = ranks[index] ?? 0;
		if (rank === 0) continue;
		const at = starts[rank] ?? 0;
		shown[at] = sorted[index] as Post;
		starts[rank] = at + 1;
	}

	return shown;
}

/** How many posts pass the filters: `visiblePosts(…).length` without putting them in order. */
export function countVisible(posts: Post[], filters: Filters, text: SearchText): number {
	const words = queryWords(filters.query);
	const ranks = words.length > 0 ? text.search(words).rankAll(posts) : undefined;
	const passes = termFilter(posts, filters.terms, filters.mode);
	let count = 0;
	for (let index = 0; index < posts.length; index++) {
		if (ranks !== undefined && ranks[index] === 0) continue;
		if (!passes || passes(index)) count++;
	}

	return count;
}

/** The posts to show: those that pass the filters, best search matches first, then in sort order within a tier. */
export function visiblePosts(posts: Post[], filters: Filters, sort: SortKey, text: SearchText): Post[] {
	return filterSorted(sortPosts(posts, sort), filters, text);
}

export type TermEntry = {
	term: Term;
	key: string;
	/** Posts that would be shown with this term chosen, given the other filters. */
	count: number;
	/** Posts that have the term at all. */
	total: number;
};

/**
 * The blog's tags and categories, each by a number (its place in `terms`, in
 * the order they first appear); every post's term numbers by its position in
 * the list (post `p` has `numbers[starts[p]]` up to `numbers[starts[p + 1]]`,
 * each once); and the other way round, each term's posts (term `t` is had by
 * the posts at `postings[firsts[t]]` up to `postings[firsts[t + 1]]`, in list order).
 * Numbers in typed arrays, not a list of keys a post: counting and matching
 * over 100,000 posts compare integers, with no string made or lower-cased at
 * a key (lower-casing every tag took about 15 ms a pass), and choosing a tag
 * looks only at its posts. For 100,000 posts with three tags each, 3 MB.
 */
type TermIndex = {
	/** Each term in its first spelling. */
	terms: Term[];
	/** `termKey` of each. */
	keys: string[];
	/** Key → number. */
	byKey: Map<string, number>;
	/** How many posts have each term. */
	totals: Int32Array;
	starts: Int32Array;
	numbers: Int32Array;
	firsts: Int32Array;
	postings: Int32Array;
	/** Each term's place by name (the collator's order, ties in first-seen order), made when first needed. */
	nameOrder?: Int32Array;
};
const termIndexes = new WeakMap<readonly Post[], TermIndex>();

function buildTermIndex(posts: readonly Post[]): TermIndex {
	const terms: Term[] = [];
	const keys: string[] = [];
	const byKey = new Map<string, number>();
	// The same spelling comes back in post after post: looked up as it is
	// written, it is lower-cased and made into a key only the first time.
	const bySpelling = {tag: new Map<string, number>(), category: new Map<string, number>()};
	const numberOf = (kind: 'tag' | 'category', name: string): number => {
		const known = bySpelling[kind].get(name);
		if (known !== undefined) return known;
		const term: Term = {kind, name};
		const key = termKey(term);
		let number = byKey.get(key);
		if (number === undefined) {
			number = terms.length;
			terms.push(term);
			keys.push(key);
			byKey.set(key, number);
		}

		bySpelling[kind].set(name, number);
		return number;
	};

	const starts = new Int32Array(posts.length + 1);
	let numbers = new Int32Array(Math.max(16, posts.length * 3));
	let used = 0;
	const add = (start: number, number: number) => {
		// A post counts once for a term, however often it spells it (`Go` and `go`).
		for (let at = start; at < used; at++) if (numbers[at] === number) return;
		if (used === numbers.length) {
			const grown = new Int32Array(numbers.length * 2);
			grown.set(numbers);
			numbers = grown;
		}

		numbers[used++] = number;
	};

	for (let position = 0; position < posts.length; position++) {
		const post = posts[position] as Post;
		const start = used;
		starts[position] = start;
		for (const name of post.tags) add(start, numberOf('tag', name));
		for (const name of post.categories) add(start, numberOf('category', name));
	}

	starts[posts.length] = used;
	numbers = numbers.slice(0, used);
	// Each term's posts: counted, then laid out one term after the other.
	const totals = new Int32Array(terms.length);
	for (const number of numbers) totals[number] = (totals[number] ?? 0) + 1;
	const firsts = new Int32Array(terms.length + 1);
	for (let number = 0; number < terms.length; number++)
		firsts[number + 1] = (firsts[number] ?? 0) + (totals[number] ?? 0);
	return {terms, keys, byKey, totals, starts, numbers, firsts, postings: postingsOf(firsts, starts, numbers)};
}

/** Each term's posts, in list order, from every post's terms (`firsts`: where each term's run starts). */
function postingsOf(firsts: Int32Array, starts: Int32Array, numbers: Int32Array): Int32Array {
	const filled = firsts.slice(0, -1);
	const postings = new Int32Array(numbers.length);
	for (let position = 0; position + 1 < starts.length; position++) {
		const end = starts[position + 1] ?? 0;
		for (let at = starts[position] ?? 0; at < end; at++) {
			const number = numbers[at] ?? 0;
			const slot = filled[number] ?? 0;
			postings[slot] = position;
			filled[number] = slot + 1;
		}
	}

	return postings;
}

/**
 * The index of the same posts in another order (`order`: each new position's
 * old one): the terms, their names and totals are the same, each post's
 * terms move with it. Integers copied, a few milliseconds for 100,000 posts;
 * building it again read every tag (50-100 ms).
 */
function reorderedIndex(index: TermIndex, order: number[]): TermIndex {
	const starts = new Int32Array(order.length + 1);
	const numbers = new Int32Array(index.numbers.length);
	let used = 0;
	for (const [position, old] of order.entries()) {
		starts[position] = used;
		const end = index.starts[old + 1] ?? 0;
		for (let at = index.starts[old] ?? 0; at < end; at++) numbers[used++] = index.numbers[at] ?? 0;
	}

	starts[order.length] = used;
	return {...index, starts, numbers, postings: postingsOf(index.firsts, starts, numbers)};
}

function termIndex(posts: readonly Post[]): TermIndex {
	let index = termIndexes.get(posts);
	if (!index) {
		index = buildTermIndex(posts);
		termIndexes.set(posts, index);
	}

	return index;
}

/**
 * The terms' order by name: sorting the picker's rows by name at every
 * count compared names with the collator, about 55 ms for 10,000 tags; by
 * these numbers it compares integers.
 */
function nameOrder(index: TermIndex): Int32Array {
	if (!index.nameOrder) {
		const {terms} = index;
		// Array#sort is stable: names the collator holds equal stay in first-seen order, as they did.
		const byName = Array.from(terms.keys()).sort((a, b) =>
			compareNames((terms[a] as Term).name, (terms[b] as Term).name),
		);
		const order = new Int32Array(terms.length);
		for (const [place, number] of byName.entries()) order[number] = place;
		index.nameOrder = order;
	}

	return index.nameOrder;
}

/**
 * Indexes the blog's tags and categories (and their order by name) ahead of
 * need, so the picker opens at once and counts without reading every post's tags.
 */
export function prepareTerms(posts: readonly Post[]): void {
	nameOrder(termIndex(posts));
}

/** Indexes a list's terms ahead of need, so filtering it by tags (`filterSorted`) reads no post's tags. */
export function prepareTermFilter(list: readonly Post[]): void {
	termIndex(list);
}

/** Each chosen term as the numbers of the terms that satisfy it: a tag, a category, or (--tag) either of that name. */
function satisfying(index: TermIndex, chosen: Term[]): number[][] {
	return chosen.map(term => {
		const name = term.name.toLowerCase();
		const kinds = term.kind === 'any' ? (['tag', 'category'] as const) : [term.kind];
		return kinds.flatMap(kind => {
			const number = index.byKey.get(`${kind}:${name}`);
			return number === undefined ? [] : [number];
		});
	});
}

/** Whether the post at each position has the chosen terms (`satisfying` gives `wanted`), as `matchesTerms` says. */
function termTest(index: TermIndex, wanted: number[][], mode: MatchMode): (position: number) => boolean {
	const {starts, numbers} = index;
	// Which post last had each term: a post's terms are marked, then the chosen ones looked up.
	const markedBy = new Int32Array(index.terms.length).fill(-1);
	// Plain loops: this runs for every post of the list.
	return position => {
		const end = starts[position + 1] ?? 0;
		for (let at = starts[position] ?? 0; at < end; at++) markedBy[numbers[at] ?? 0] = position;
		for (const numbersOf of wanted) {
			let has = false;
			for (const number of numbersOf) if (markedBy[number] === position) has = true;
			if (has !== (mode === 'and')) return has;
		}

		return mode === 'and';
	};
}

/**
 * The positions of the posts that have the chosen terms, in list order. Only
 * the chosen terms' posts are looked at, through the index, not every post:
 * with AND those of the chosen term fewest posts have, with OR those of any
 * chosen term. One term's posts are the index's own list, not copied.
 */
function postsWithTerms(index: TermIndex, chosen: Term[], mode: MatchMode): Int32Array {
	const {firsts, postings} = index;
	const wanted = satisfying(index, chosen);
	const postsOf = (numbersOf: number[]) =>
		numbersOf.reduce((sum, number) => sum + (firsts[number + 1] ?? 0) - (firsts[number] ?? 0), 0);
	const candidates =
		mode === 'and'
			? wanted.reduce((fewest, numbersOf) => (postsOf(numbersOf) < postsOf(fewest) ? numbersOf : fewest))
			: [...new Set(wanted.flat())];
	// Every candidate has the terms when they are those of one chosen term (AND) or of any (OR).
	const [only] = candidates;
	const everyCandidate = mode === 'or' || wanted.length === 1;
	if (only !== undefined && candidates.length === 1 && everyCandidate)
		return postings.subarray(firsts[only] ?? 0, firsts[only + 1] ?? 0);
	const passes = everyCandidate ? undefined : termTest(index, wanted, mode);
	// Marked by position, then read in order: several terms' posts come out merged, each once, with no sort.
	const marked = new Uint8Array(index.starts.length - 1);
	let count = 0;
	for (const number of candidates) {
		const end = firsts[number + 1] ?? 0;
		for (let at = firsts[number] ?? 0; at < end; at++) {
			const position = postings[at] ?? 0;
			if (marked[position] === 1 || (passes && !passes(position))) continue;
			marked[position] = 1;
			count++;
		}
	}

	const positions = new Int32Array(count);
	let next = 0;
	for (let position = 0; next < count; position++) if (marked[position] === 1) positions[next++] = position;
	return positions;
}

/**
 * Which posts of the list pass the terms, by position: through the list's
 * term index when it is made (the app makes its lists' ahead of need), else
 * post by post, as a one-off filter (the command line) would rather do than build one.
 */
function termFilter(
	posts: readonly Post[],
	terms: Term[],
	mode: MatchMode,
): ((position: number) => boolean) | undefined {
	if (terms.length === 0) return undefined;
	const index = termIndexes.get(posts);
	if (!index) return position => matchesTerms(posts[position] as Post, terms, mode);
	const passing = new Uint8Array(posts.length);
	for (const position of postsWithTerms(index, terms, mode)) passing[position] = 1;
	return position => passing[position] === 1;
}

/**
 * The posts of a list that have the terms, in the list's order: the list
 * itself when none is chosen; through the list's term index when it has one
 * (the chosen terms' posts only, put in order), else post by post.
 */
function withTerms(list: Post[], terms: Term[], mode: MatchMode): Post[] {
	if (terms.length === 0) return list;
	const index = termIndexes.get(list);
	if (!index) return list.filter(post => matchesTerms(post, terms, mode));
	return Array.from(postsWithTerms(index, terms, mode), position => list[position] as Post);
}

/** Each term's posts among those the search keeps (`ranks`), kept per search: choosing tags doesn't count again. */
const searchedTotals = new WeakMap<Uint8Array, Int32Array>();

function totalsAmong(index: TermIndex, ranks: Uint8Array | undefined): Int32Array {
	if (ranks === undefined) return index.totals;
	let totals = searchedTotals.get(ranks);
	if (!totals) {
		totals = new Int32Array(index.terms.length);
		const {starts, numbers} = index;
		for (let position = 0; position + 1 < starts.length; position++) {
			if (ranks[position] === 0) continue;
			const end = starts[position + 1] ?? 0;
			for (let at = starts[position] ?? 0; at < end; at++) {
				const number = numbers[at] ?? 0;
				totals[number] = (totals[number] ?? 0) + 1;
			}
		}

		searchedTotals.set(ranks, totals);
	}

	return totals;
}

/**
 * Every term of the blog with its counts, in the index's order (first seen
 * first): `ranks` (by position, 0 for a post the search leaves out) or
 * undefined when there is no search.
 *
 * A term's count is the posts that would be shown with it chosen too: the
 * posts that pass the search and the chosen terms (`base`), then with AND
 * those of them that have the term, with OR `base` and the searched posts
 * outside it that have the term. Only the posts of `base` are counted, found
 * through the index; the searched posts' terms are counted once per search.
 */
export function termCounts(
	posts: readonly Post[],
	chosen: Term[],
	mode: MatchMode,
	ranks: Uint8Array | undefined,
): TermEntry[] {
	const index = termIndex(posts);
	const {terms, keys, totals, starts, numbers} = index;
	const searched = totalsAmong(index, ranks);
	// Each term's posts among `base`.
	const inBase = new Int32Array(terms.length);
	let base = 0;
	const choosing = chosen.length > 0;
	for (const position of choosing ? postsWithTerms(index, chosen, mode) : []) {
		if (ranks && ranks[position] === 0) continue;
		base++;
		const end = starts[position + 1] ?? 0;
		for (let at = starts[position] ?? 0; at < end; at++) {
			const number = numbers[at] ?? 0;
			inBase[number] = (inBase[number] ?? 0) + 1;
		}
	}

	const chosenKeys = new Set(chosen.map(termKey));
	return terms.map((term, number) => {
		const key = keys[number] ?? '';
		const among = inBase[number] ?? 0;
		let count: number;
		if (chosenKeys.has(key)) count = base;
		else if (!choosing) count = searched[number] ?? 0;
		else if (mode === 'and') count = among;
		else count = base + (searched[number] ?? 0) - among;
		return {term, key, count, total: totals[number] ?? 0};
	});
}

/**
 * How the picker lists terms: tags before categories, most posts first, then
 * most posts in all, then by name (`placeA`, `placeB`: their places by name).
 */
function pickerOrder(a: TermEntry, b: TermEntry, placeA: number, placeB: number): number {
	return (
		Number(a.term.kind === 'category') - Number(b.term.kind === 'category') ||
		b.count - a.count ||
		b.total - a.total ||
		placeA - placeB
	);
}

/** The picker's order of any of the blog's entries, each found by its key. */
export function compareTermEntries(posts: readonly Post[]): (a: TermEntry, b: TermEntry) => number {
	const index = termIndex(posts);
	const order = nameOrder(index);
	// Looked up for each comparison: this sorts the few rows a picker's order lacks (selectors.ts).
	const place = (entry: TermEntry) => order[index.byKey.get(entry.key) ?? 0] ?? 0;
	return (a, b) => pickerOrder(a, b, place(a), place(b));
}

/**
 * `termCounts`' entries (in the index's order) in the picker's order, sorted
 * by their numbers: no key is looked up.
 */
export function sortTermCounts(posts: readonly Post[], counted: TermEntry[]): TermEntry[] {
	const order = nameOrder(termIndex(posts));
	const numbers = Array.from(counted.keys());
	numbers.sort((a, b) => pickerOrder(counted[a] as TermEntry, counted[b] as TermEntry, order[a] ?? 0, order[b] ?? 0));
	return numbers.map(number => counted[number] as TermEntry);
}

/** The search's ranks of the posts, by position; undefined when there are no search words. */
export function searchRanks(posts: readonly Post[], query: string, text: SearchText): Uint8Array | undefined {
	const words = queryWords(query);
	return words.length > 0 ? text.search(words).rankAll(posts) : undefined;
}

/** Every tag, then every category, of the blog, with counts; most used first. */
export function termEntries(
	posts: Post[],
	chosen: Term[],
	mode: MatchMode,
	query: string,
	text: SearchText,
): TermEntry[] {
	return sortTermCounts(posts, termCounts(posts, chosen, mode, searchRanks(posts, query, text)));
}

/**
 * How well a term's name matches what was typed: 3 it starts with it, 2 it
 * holds it, 1 it has its letters in order, 0 not at all. The name is read
 * from the entry's key (`tag:name`, lower-cased already), so no string is made.
 */
function narrowQuality(key: string, wanted: string): number {
	const start = key.indexOf(':') + 1;
	if (key.startsWith(wanted, start)) return 3;
	if (key.includes(wanted, start)) return 2;
	// Letters in order, character by character: a character of two code units
	// (outside the BMP) never equals one unit of what was typed.
	let position = 0;
	for (let at = start; at < key.length; at++) {
		const code = key.charCodeAt(at);
		const pair = code >= 0xd8_00 && code <= 0xdb_ff && at + 1 < key.length;
		const next = key.charCodeAt(at + 1);
		if (pair && next >= 0xdc_00 && next <= 0xdf_ff) {
			at++;
			continue;
		}

		if (position < wanted.length && code === wanted.charCodeAt(position)) position++;
	}

	return position === wanted.length ? 1 : 0;
}

/** Entries whose name contains the text, or has its letters in order (fuzzy); closer matches first. */
export function narrowEntries(entries: TermEntry[], text: string): TermEntry[] {
	const wanted = text.trim().toLowerCase();
	if (wanted === '') return entries;
	// Three kinds of match, each in the entries' order: put in place, not sorted.
	const byQuality: TermEntry[][] = [[], [], [], []];
	for (const entry of entries) byQuality[narrowQuality(entry.key, wanted)]?.push(entry);
	return [...(byQuality[3] ?? []), ...(byQuality[2] ?? []), ...(byQuality[1] ?? [])];
}

export function termLabel(term: Term): string {
	return term.kind === 'category' ? `category:${term.name}` : `#${term.name}`;
}

/** `termLabel(term).length`, without making the label (the picker measures every tag). */
export function termLabelLength(term: Term): number {
	return term.name.length + (term.kind === 'category' ? 'category:'.length : '#'.length);
}

/** `#k8s #go · "kubelet"`, or `#k8s | #go` when any term may match; `separator` is the `·`. */
export function describeFilters(filters: Filters, separator = '·'): string {
	const parts: string[] = [];
	if (filters.terms.length > 0) parts.push(filters.terms.map(termLabel).join(filters.mode === 'or' ? ' | ' : ' '));
	if (filters.query.trim() !== '') parts.push(`"${filters.query.trim()}"`);
	return parts.join(` ${separator} `);
}

/** How many single-letter edits turn one word into the other (Levenshtein). */
export function editDistance(a: string, b: string): number {
	let previous = Array.from({length: b.length + 1}, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(
				(previous[j] ?? 0) + 1,
				(current[j - 1] ?? 0) + 1,
				(previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}

		previous = current;
	}

	return previous[b.length] ?? 0;
}

/** The blog's tags and categories closest in spelling to `name`, for "did you mean". */
export function closestTerms(posts: Post[], name: string, limit = 3): string[] {
	const wanted = name.toLowerCase();
	const all = new Map<string, string>();
	for (const post of posts)
		for (const term of [...post.tags, ...post.categories])
			if (!all.has(term.toLowerCase())) all.set(term.toLowerCase(), term);
	return [...all.entries()]
		.map(([lower, term]) => ({
			term,
			distance: lower.includes(wanted) || wanted.includes(lower) ? 0 : editDistance(wanted, lower),
		}))
		.filter(item => item.distance <= Math.max(2, Math.floor(wanted.length / 2)))
		.sort((a, b) => a.distance - b.distance || a.term.localeCompare(b.term))
		.slice(0, limit)
		.map(item => item.term);
}

/** Whether any post has this tag or category. */
export function termExists(posts: Post[], name: string): boolean {
	return posts.some(post => hasTerm(post, {kind: 'any', name}));
}
