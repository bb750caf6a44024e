import type {Post} from './types.js';

export type Filters = {
	/** Every one must match a tag or category of the post, ignoring case. */
	tags: string[];
	/** Matched, ignoring case, against title, excerpt, tags, author and body. */
	search: string;
};

export const noFilters: Filters = {tags: [], search: ''};

export function hasTerm(post: Post, term: string): boolean {
	const wanted = term.toLowerCase();
	return [...post.tags, ...post.categories].some(tag => tag.toLowerCase() === wanted);
}

export function matchesSearch(post: Post, query: string): boolean {
	const wanted = query.trim().toLowerCase();
	if (wanted === '') return true;
	return [post.title, post.excerpt ?? '', post.tags.join(' '), post.author ?? '', post.body].some(field => field.toLowerCase().includes(wanted));
}

export function filterPosts(posts: Post[], filters: Filters): Post[] {
	return posts.filter(post => filters.tags.every(tag => hasTerm(post, tag)) && matchesSearch(post, filters.search));
}

/** Every tag and category in the blog, spelled as first seen. */
export function allTerms(posts: Post[]): string[] {
	const terms = new Map<string, string>();
	for (const post of posts) for (const term of [...post.tags, ...post.categories]) if (!terms.has(term.toLowerCase())) terms.set(term.toLowerCase(), term);
	return [...terms.values()];
}
