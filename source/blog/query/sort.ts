// The orders a list is sorted in: newest first (given dates, then guessed,
// then none), by title, by reading time.
import {allSteps, POSTS_PER_STEP, stepEnds} from '../../util/slices.js';
import {isGuessedDate, type Post} from '../model/model.js';
import type {SortKey} from './model.js';
import {compareNames} from './names.js';
import {carryTermIndex} from './term-index.js';

const dateRank = (post: Post) => (post.date === null ? 2 : isGuessedDate(post) ? 1 : 0);

/** Newest first: dates the posts give, then guessed dates (from git or the file), then undated posts. */
function compareDates(a: Post, b: Post): number {
	const ranks = dateRank(a) - dateRank(b);
	if (ranks !== 0) return ranks;
	if (a.date === b.date || a.date === null || b.date === null) return 0;
	return a.date < b.date ? 1 : -1;
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
	if (allSteps(checkSorted(posts, sort))) return posts;
	const compare = comparePosts(sort);
	// Positions sorted, not posts, so the index can follow; the sort is stable either way.
	const order = Array.from(posts.keys()).sort((a, b) => compare(posts[a] as Post, posts[b] as Post));
	const sorted = order.map(position => posts[position] as Post);
	carryTermIndex(posts, sorted, order);
	return sorted;
}

/**
 * Whether the posts are in `sort`'s order, found a step at a time (see
 * util/slices.ts) and remembered: sortPosts then gives them as they are.
 */
export function* checkSorted(posts: Post[], sort: SortKey): Generator<void, boolean> {
	if (sortedBy.get(posts) === sort) return true;
	const compare = comparePosts(sort);
	for (let index = 1; index < posts.length; index++) {
		if (compare(posts[index - 1] as Post, posts[index] as Post) > 0) return false;
		if (stepEnds(index)) yield;
	}

	markSorted(posts, sort);
	return true;
}

/**
 * The posts sorted as `comparePosts('date')` sorts them (stably), by day
 * (the same array when they are in order already), a step at a time (see
 * util/slices.ts): the days are sorted, then the posts of each day by title.
 * A blog of 100,000 posts has a few thousand days, so most comparisons are cheap ones.
 */
export function* newestFirst(posts: Post[]): Generator<void, Post[]> {
	// Posts from the index come in the order it was saved in, the list's: one pass tells.
	if (yield* checkSorted(posts, 'date')) return posts;
	const days = new Map<string, Post[]>();
	for (const [index, post] of posts.entries()) {
		// The rank first (given dates, then guessed ones, then none), then the date.
		const key = `${dateRank(post)}${post.date ?? ''}`;
		const day = days.get(key);
		if (day) day.push(post);
		else days.set(key, [post]);
		if (stepEnds(index)) yield;
	}

	const sorted: Post[] = [];
	const keys = [...days.keys()].sort((a, b) => (a[0] === b[0] ? (a < b ? 1 : a > b ? -1 : 0) : a < b ? -1 : 1));
	let stepped = 0;
	for (const key of keys) {
		for (const post of (days.get(key) ?? []).sort(byTitle)) sorted.push(post);
		if (sorted.length - stepped >= POSTS_PER_STEP) {
			stepped = sorted.length;
			yield;
		}
	}

	return markSorted(sorted, 'date');
}
