// The term index of a list of posts: every tag and category by number, each
// post's and each term's postings, so choosing tags, counting them for the
// picker and ordering the picker compare numbers, not strings.
import {allSteps, stepEnds} from '../../util/slices.js';
import type {Post} from '../model/model.js';
import type {SearchText} from '../search/search.js';
import {type MatchMode, queryWords, type Term, termKey} from './model.js';
import {compareNames} from './names.js';
import {matchesTerms} from './terms.js';

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
 * a key (lower-casing every tag at every pass was most of its cost), and
 * choosing a tag looks only at its posts.
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

function* buildTermIndex(posts: readonly Post[]): Generator<void, TermIndex> {
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
		if (stepEnds(position)) yield;
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
 * terms move with it. Integers copied, where building it again would read
 * every tag.
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

/** `sorted` (`posts` put in `order`, by position) gets the term index `posts` has, put in its order. */
export function carryTermIndex(posts: readonly Post[], sorted: readonly Post[], order: number[]): void {
	const index = termIndexes.get(posts);
	if (index) termIndexes.set(sorted, reorderedIndex(index, order));
}

function* termIndexSteps(posts: readonly Post[]): Generator<void, TermIndex> {
	let index = termIndexes.get(posts);
	if (!index) {
		index = yield* buildTermIndex(posts);
		termIndexes.set(posts, index);
	}

	return index;
}

const termIndex = (posts: readonly Post[]): TermIndex => allSteps(termIndexSteps(posts));

/**
 * The terms' order by name: sorting the picker's rows by name at every
 * count compared names with the collator; by these numbers it compares integers.
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
	allSteps(termsPrepared(posts));
}

/** `prepareTerms` a step at a time (see util/slices.ts). */
export function* termsPrepared(posts: readonly Post[]): Generator<void, void> {
	nameOrder(yield* termIndexSteps(posts));
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
export function termFilter(
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
export function withTerms(list: Post[], terms: Term[], mode: MatchMode): Post[] {
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
