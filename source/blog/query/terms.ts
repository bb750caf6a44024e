// Whether a post has a tag or a category, post by post: for one-off filters
// (the command line) and "did you mean".
import type {Post} from '../model/model.js';
import type {MatchMode, Term} from './model.js';
import {editDistance} from './names.js';

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
