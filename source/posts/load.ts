import {promises as fs} from 'node:fs';
import path from 'node:path';
import {UserError} from '../errors.js';
import {discoverPosts, isPostFile} from './discover.js';
import {parseFrontMatter} from './front-matter.js';
import {normalisePost} from './normalise.js';
import {readPostText} from './read-file.js';
import type {Blog, Post} from './types.js';

export type LoadOptions = {drafts: boolean};

/** Newest first; undated posts last; ties by title. */
export function compareNewestFirst(a: Post, b: Post): number {
	if (a.date !== b.date) {
		if (a.date === null) return 1;
		if (b.date === null) return -1;
		return a.date < b.date ? 1 : -1;
	}

	return a.title.localeCompare(b.title);
}

export async function loadPost(absolutePath: string, relativePath: string): Promise<Post> {
	try {
		const file = await readPostText(absolutePath);
		const front = parseFrontMatter(file.text);
		return normalisePost({
			relativePath,
			absolutePath,
			data: front.data,
			body: front.body,
			warnings: [...file.warnings, ...front.warnings],
		});
	} catch (error) {
		const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
		return normalisePost({relativePath, absolutePath, data: {}, body: '', warnings: [`could not read the file (${reason})`]});
	}
}

/** Gives later posts with the same slug a longer one, so every slug names one post. */
function makeSlugsUnique(posts: Post[]): void {
	const seen = new Set<string>();
	for (const post of posts) {
		if (seen.has(post.slug)) post.slug = post.path.replace(/\.[^./]+$/, '').toLowerCase();
		seen.add(post.slug);
	}
}

async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array<R>(items.length);
	let next = 0;
	async function worker(): Promise<void> {
		while (next < items.length) {
			const index = next++;
			results[index] = await work(items[index] as T);
		}
	}

	await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
	return results;
}

/** Loads a folder of posts (recursively) or a single post file. */
export async function loadBlog(target: string, options: LoadOptions): Promise<Blog> {
	const stat = await fs.stat(target).catch(() => undefined);
	if (!stat) throw new UserError(`${target}: no such file or folder`);

	let posts: Post[];
	if (stat.isDirectory()) {
		const files = await discoverPosts(target).catch(() => {
			throw new UserError(`${target}: cannot read this folder`);
		});
		posts = await mapBounded(files, 32, file => loadPost(path.join(target, file), file));
	} else if (stat.isFile()) {
		if (!isPostFile(target)) throw new UserError(`${target}: not a Markdown file (.md, .markdown, .mdx)`);
		posts = [await loadPost(target, path.basename(target))];
	} else {
		throw new UserError(`${target}: not a regular file or folder`);
	}

	const shown = options.drafts || stat.isFile() ? posts : posts.filter(post => !post.draft);
	shown.sort(compareNewestFirst);
	makeSlugsUnique(shown);
	return {root: target, posts: shown, hiddenDrafts: posts.length - shown.length};
}
