import path from 'node:path';
import type {Post} from './posts/types.js';
import {listColumns, listRow} from './render/list-row.js';
import type {Theme} from './theme.js';

/** The `--list --json` shape (DESIGN.md §1): the post model without its body and internals. */
export type PostSummary = Omit<Post, 'absolutePath' | 'body' | 'titleFromHeading'>;

export function summarise(post: Post): PostSummary {
	// Field by field: a post's body is read from its file on access, and is not wanted here.
	return {
		title: post.title, date: post.date, updated: post.updated, tags: post.tags, categories: post.categories, author: post.author, excerpt: post.excerpt, cover: post.cover,
		lang: post.lang, languages: post.languages, path: post.path, slug: post.slug, draft: post.draft, words: post.words, readingMinutes: post.readingMinutes, warnings: post.warnings,
	};
}

/**
 * JSON escapes C0 controls itself; C1 controls and bidi overrides, which can
 * come from file names, are escaped too, so the output is safe to `cat`.
 */
export function formatJson(posts: Post[]): string {
	return JSON.stringify(posts.map(summarise), null, 2).replace(/[\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

/** One line per post; cut to `width` on a terminal, whole in a pipe (width null). */
export function formatList(posts: Post[], width: number | null, theme: Theme): string {
	const columns = listColumns(posts, width);
	return posts.map(post => listRow(post, columns, theme) + '\n').join('');
}

/** The post a `--print` argument names: a path inside the blog, with or without extension, or a slug. */
export function findPost(posts: Post[], name: string): Post | undefined {
	const wanted = name.replace(/\\/g, '/').replace(/^\.\//, '');
	const absolute = path.resolve(name);
	return posts.find(post => post.absolutePath === absolute || path.resolve(post.absolutePath) === absolute)
		?? posts.find(post => post.path === wanted || post.path.replace(/\.[^./]+$/, '') === wanted)
		?? posts.find(post => post.slug === wanted.toLowerCase());
}
