import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readBody} from '../../source/blog/load/body.js';
import type {Post} from '../../source/blog/model/model.js';
import {normalisePost} from '../../source/blog/model/normalise.js';
import {SearchBodies, type SearchText} from '../../source/blog/search/search.js';

// Bodies live in files, as a blog's do: the reader and search read them from there.
const folder = mkdtempSync(path.join(tmpdir(), 'blogread-posts-'));
process.on('exit', () => {
	rmSync(folder, {recursive: true, force: true});
});
let written = 0;

/** A post as the loader would build it from front matter and body, its body written to a file of its own. */
export function makePost(
	data: Record<string, unknown>,
	body = 'Some text.',
	file = `${String(data['title'] ?? 'post')
		.toLowerCase()
		.replace(/\W+/g, '-')}.md`,
): Post {
	const absolutePath = path.join(folder, String(++written), file);
	mkdirSync(path.dirname(absolutePath), {recursive: true});
	writeFileSync(absolutePath, `---\n---\n${body}`);
	return normalisePost({relativePath: file, absolutePath, data, body, warnings: []});
}

/** `count` dated posts, newest first, titled "Post 1", "Post 2", … */
export function makePosts(count: number): Post[] {
	return Array.from({length: count}, (_, index) => {
		const day = String(28 - (index % 28)).padStart(2, '0');
		const month = String(12 - Math.floor(index / 28)).padStart(2, '0');
		return makePost(
			{title: `Post ${index + 1}`, date: `2024-${month}-${day}`, tags: ['go']},
			`Body of post ${index + 1}.`,
			`post-${index + 1}.md`,
		);
	});
}

/** A post's body as the reader reads it. */
export function bodyOf(post: Post): string {
	return readBody(post).markdown;
}

/** What searches see once every body of `posts` is read. */
export function searchOf(posts: Post[]): SearchText {
	const bodies = new SearchBodies();
	bodies.prepare(posts);
	return bodies.view(posts);
}
