import {normalisePost} from '../../source/posts/normalise.js';
import type {Post} from '../../source/posts/types.js';

/** A post built in memory, as the loader would build it from front matter and body. */
export function makePost(data: Record<string, unknown>, body = 'Some text.', file = `${String(data['title'] ?? 'post').toLowerCase().replace(/\W+/g, '-')}.md`): Post {
	return normalisePost({relativePath: file, absolutePath: `/blog/${file}`, data, body, warnings: []});
}

/** `count` dated posts, newest first, titled "Post 1", "Post 2", … */
export function makePosts(count: number): Post[] {
	return Array.from({length: count}, (_, index) => {
		const day = String(28 - (index % 28)).padStart(2, '0');
		const month = String(12 - Math.floor(index / 28)).padStart(2, '0');
		return makePost({title: `Post ${index + 1}`, date: `2024-${month}-${day}`, tags: ['go']}, `Body of post ${index + 1}.`, `post-${index + 1}.md`);
	});
}
