// The posts a list shows: those that pass the chosen terms and the search,
// best search matches first, the sort order kept within each tier.
import type {Post} from '../model/model.js';
import type {SearchText} from '../search/search.js';
import {TOP_RANK} from '../search/search-ranks.js';
import {type Filters, queryWords, type SortKey} from './model.js';
import {sortPosts} from './sort.js';
import {termFilter, withTerms} from './term-index.js';

/**
 * How well a post matches the search words: 0 when a word is missing
 * everywhere, else higher for better matches (search.ts: ranks by tiers).
 */
export function searchRank(post: Post, words: string[], text: SearchText): number {
	return text.search(words).rank(post);
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
