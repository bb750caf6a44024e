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

/** The posts in sort order: the same array when they are in order already (a blog is loaded newest first). */
export function sortPosts(posts: Post[], sort: SortKey): Post[] {
	if (sortedBy.get(posts) === sort) return posts;
	const compare = comparePosts(sort);
	let previous: Post | undefined;
	for (const post of posts) {
		if (previous && compare(previous, post) > 0) return sort === 'date' ? newestFirst(posts) : [...posts].sort(compare);
		previous = post;
	}

	return posts;
}

/**
 * The posts sorted as `comparePosts('date')` sorts them (stably), by day:
 * the days are sorted, then the posts of each day by title. A blog of
 * 100,000 posts has a few thousand days, so most comparisons are cheap ones.
 */
export function newestFirst(posts: Post[]): Post[] {
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
	const ranks = text.search(queryWords(filters.query)).rankAll(sorted);
	// A counting sort by rank, best first: the sort order stays within each rank.
	const counts = new Int32Array(TOP_RANK + 1);
	for (let index = 0; index < sorted.length; index++) {
		const rank = ranks[index] ?? 0;
		if (rank === 0) continue;
		const post = sorted[index] as Post;
		if (!matchesTerms(post, filters.terms, filters.mode)) ranks[index] = 0;
		else {
			counts[rank] = (counts[rank] ?? 0) + 1;
			matched?.push(post);
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
	let count = 0;
	for (let index = 0; index < posts.length; index++) {
		if (ranks !== undefined && ranks[index] === 0) continue;
		if (matchesTerms(posts[index] as Post, filters.terms, filters.mode)) count++;
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
 * Every post's term keys (by position in the list: a Map a post weighed
 * about 1 KB over 100,000 posts), every term in its first spelling, and how
 * many posts have it: whatever is chosen, the same.
 */
type TermIndex = {keysOf: string[][]; names: Map<string, Term>; totals: Map<string, number>};
const termIndexes = new WeakMap<Post[], TermIndex>();

function termIndex(posts: Post[]): TermIndex {
	let index = termIndexes.get(posts);
	if (!index) {
		const names = new Map<string, Term>();
		const totals = new Map<string, number>();
		const keysOf = posts.map(post => {
			const keys: string[] = [];
			const add = (term: Term) => {
				const key = termKey(term);
				if (keys.includes(key)) return;
				keys.push(key);
				if (!names.has(key)) names.set(key, term);
				totals.set(key, (totals.get(key) ?? 0) + 1);
			};

			for (const name of post.tags) add({kind: 'tag', name});
			for (const name of post.categories) add({kind: 'category', name});
			return keys;
		});
		index = {keysOf, names, totals};
		termIndexes.set(posts, index);
	}

	return index;
}

/** Indexes the blog's tags and categories ahead of need, so the picker opens at once. */
export function prepareTerms(posts: Post[]): void {
	termIndex(posts);
}

/** Every tag, then every category, of the blog, with counts; most used first. */
export function termEntries(
	posts: Post[],
	chosen: Term[],
	mode: MatchMode,
	query: string,
	text: SearchText,
): TermEntry[] {
	const words = queryWords(query);
	const search = text.search(words);
	const {keysOf, names, totals} = termIndex(posts);
	const ranks = words.length > 0 ? search.rankAll(posts) : undefined;
	// One pass over the posts, not one per term: `base` of them match the chosen
	// terms, and `added` counts, for each term, the posts choosing it would add
	// (AND: those among `base` that have it; OR: those outside `base` that have it).
	let base = 0;
	const added = new Map<string, number>();
	for (let index = 0; index < posts.length; index++) {
		if (ranks && ranks[index] === 0) continue;
		const inBase = chosen.length > 0 && matchesTerms(posts[index] as Post, chosen, mode);
		if (inBase) base++;
		if (mode === 'and' ? chosen.length > 0 && !inBase : inBase) continue;
		for (const key of keysOf[index] ?? []) added.set(key, (added.get(key) ?? 0) + 1);
	}

	const chosenKeys = new Set(chosen.map(termKey));
	const entries = [...names.entries()].map(([key, term]) => {
		const count = chosenKeys.has(key) ? base : (mode === 'or' ? base : 0) + (added.get(key) ?? 0);
		return {term, key, count, total: totals.get(key) ?? 0};
	});
	return entries.sort(
		(a, b) =>
			Number(a.term.kind === 'category') - Number(b.term.kind === 'category') ||
			b.count - a.count ||
			b.total - a.total ||
			compareNames(a.term.name, b.term.name),
	);
}

/** Entries whose name contains the text, or has its letters in order (fuzzy); closer matches first. */
export function narrowEntries(entries: TermEntry[], text: string): TermEntry[] {
	const wanted = text.trim().toLowerCase();
	if (wanted === '') return entries;
	const quality = (name: string): number => {
		const lower = name.toLowerCase();
		if (lower.startsWith(wanted)) return 3;
		if (lower.includes(wanted)) return 2;
		let position = 0;
		for (const char of lower) if (char === wanted[position]) position++;
		return position === wanted.length ? 1 : 0;
	};

	return entries
		.map(entry => ({entry, quality: quality(entry.term.name)}))
		.filter(item => item.quality > 0)
		.sort((a, b) => b.quality - a.quality)
		.map(item => item.entry);
}

export function termLabel(term: Term): string {
	return term.kind === 'category' ? `category:${term.name}` : `#${term.name}`;
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
