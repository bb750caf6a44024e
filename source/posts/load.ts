import {realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import {UserError} from '../errors.js';
import {discoverPosts, isPostFile, type FoundFile} from './discover.js';
import {comparePosts} from './filter.js';
import {parseFrontMatter} from './front-matter.js';
import {IndexCache, type IndexedPost} from './index-cache.js';
import {normalisePost} from './normalise.js';
import {readPostText} from './read-file.js';
import type {Blog, Post} from './types.js';

export type LoadOptions = {
	drafts: boolean;
	/** Keep an index of post summaries in the user's cache folder (default: yes). */
	cache?: boolean;
	env?: NodeJS.ProcessEnv;
};

/** Newest first; undated posts last; ties by title. */
export const compareNewestFirst = comparePosts('date');

/** The body of a post file, read again (it is not kept in memory between uses). */
function readBody(absolutePath: string): string {
	try {
		return parseFrontMatter(readPostText(absolutePath).text).body;
	} catch {
		return '';
	}
}

/**
 * A post whose body is not kept: it is read from the file whenever it is
 * used (rendering, searching), so ten thousand posts don't all sit in memory.
 * The getter lives on the prototype, so spreading a post leaves the body out.
 */
class FilePost {
	constructor(fields: IndexedPost, readonly absolutePath: string) {
		Object.assign(this, fields);
	}

	get body(): string {
		return readBody(this.absolutePath);
	}
}

function withBodyFromFile(post: IndexedPost, absolutePath: string): Post {
	return new FilePost(post, absolutePath) as unknown as Post;
}

function summary(post: Post): IndexedPost {
	const {body: _body, absolutePath: _absolutePath, ...rest} = post;
	return rest;
}

/** Reads and normalises one post file; a file that can't be read becomes a post with a warning. */
export function loadPostFile(absolutePath: string, relativePath: string): Post {
	try {
		const file = readPostText(absolutePath);
		const front = parseFrontMatter(file.text);
		return normalisePost({relativePath, absolutePath, data: front.data, body: front.body, warnings: [...file.warnings, ...front.warnings]});
	} catch (error) {
		const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
		return normalisePost({relativePath, absolutePath, data: {}, body: '', warnings: [`could not read the file (${reason})`]});
	}
}

export async function loadPost(absolutePath: string, relativePath: string): Promise<Post> {
	return loadPostFile(absolutePath, relativePath);
}

/** Gives later posts with the same slug a longer one, so every slug names one post. */
function makeSlugsUnique(posts: Post[]): void {
	const seen = new Set<string>();
	for (const post of posts) {
		if (seen.has(post.slug)) post.slug = post.path.replace(/\.[^./]+$/, '').toLowerCase();
		seen.add(post.slug);
	}
}

function loadFolder(target: string, options: LoadOptions): Post[] {
	let files: FoundFile[];
	try {
		files = discoverPosts(target);
	} catch {
		throw new UserError(`${target}: cannot read this folder`);
	}

	const cache = options.cache === false ? undefined : new IndexCache(realpathSync(target), options.env ?? process.env);
	const posts = files.map(file => {
		const indexed = cache?.get(file);
		if (indexed) return withBodyFromFile(indexed, file.absolutePath);
		const post = loadPostFile(file.absolutePath, file.path);
		cache?.set(file, summary(post));
		return withBodyFromFile(summary(post), file.absolutePath);
	});
	cache?.save();
	return posts;
}

/** Loads a folder of posts (recursively) or a single post file. */
export async function loadBlog(target: string, options: LoadOptions): Promise<Blog> {
	let stat;
	try {
		stat = statSync(target);
	} catch {
		throw new UserError(`${target}: no such file or folder`);
	}

	let posts: Post[];
	if (stat.isDirectory()) {
		posts = loadFolder(target, options);
	} else if (stat.isFile()) {
		if (!isPostFile(target)) throw new UserError(`${target}: not a Markdown file (.md, .markdown, .mdx)`);
		posts = [loadPostFile(target, path.basename(target))];
	} else {
		throw new UserError(`${target}: not a regular file or folder`);
	}

	const shown = options.drafts || stat.isFile() ? posts : posts.filter(post => !post.draft);
	shown.sort(compareNewestFirst);
	makeSlugsUnique(shown);
	return {root: target, posts: shown, hiddenDrafts: posts.length - shown.length};
}
