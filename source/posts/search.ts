import {readBody} from './body.js';
import type {Post} from './model.js';

/** What a search looks in, in lower case: a post's fields, and its body once read. */
export type Haystack = {title: string; tags: string; excerpt: string; author: string; body: string};

/**
 * The text searches run over, as far as it has been read: a new view is made
 * whenever more bodies are read, so what was worked out from an older one is
 * known to be stale.
 */
export type SearchText = {
	of(post: Post): Haystack;
	/** Every post's body has been read; until then, matches in bodies may be missing. */
	complete: boolean;
};

// A post's fields never change (an edited post is a new object): their lower case is worked out once.
const fieldText = new WeakMap<Post, Haystack>();

function fieldsOf(post: Post): Haystack {
	let haystack = fieldText.get(post);
	if (!haystack) {
		haystack = {
			title: post.title.toLowerCase(),
			tags: [...post.tags, ...post.categories].join(' ').toLowerCase(),
			excerpt: (post.excerpt ?? '').toLowerCase(),
			author: (post.author ?? '').toLowerCase(),
			body: '',
		};
		fieldText.set(post, haystack);
	}

	return haystack;
}

/** Search over the posts' fields only: the list, before any body is needed. */
export const fieldsOnly: SearchText = {of: fieldsOf, complete: false};

/**
 * The bodies searches need, read from the posts' files a slice at a time and
 * kept in lower case (searching ten thousand posts needs all of them).
 */
export class SearchBodies {
	private readonly haystacks = new WeakMap<Post, Haystack>();

	constructor(private readonly read: (post: Post) => string = post => readBody(post).markdown) {}

	/** Reads bodies until `budgetMs` is spent; true when every post's body is read. */
	prepare(posts: readonly Post[], budgetMs = Number.POSITIVE_INFINITY): boolean {
		const end = performance.now() + budgetMs;
		for (const post of posts) {
			if (this.haystacks.has(post)) continue;
			if (performance.now() > end) return false;
			this.haystacks.set(post, {...fieldsOf(post), body: this.read(post).toLowerCase()});
		}

		return true;
	}

	/** A view of what is read so far, for the posts given. */
	view(posts: readonly Post[]): SearchText {
		return {
			of: post => this.haystacks.get(post) ?? fieldsOf(post),
			complete: posts.every(post => this.haystacks.has(post)),
		};
	}
}
