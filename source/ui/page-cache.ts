import stripAnsi from 'strip-ansi';
import type {Post} from '../posts/types.js';
import {renderPostPage} from '../render/post-page.js';
import type {Theme} from '../theme.js';
import type {ReaderPage} from './state.js';

const LIMIT = 8;
const cache = new Map<string, {post: Post; theme: Theme; page: ReaderPage}>();

/**
 * A post rendered for the reader at one width, kept for the last few posts
 * and widths, so going back and forth, or a key typed before the screen
 * caught up, never renders twice.
 */
export function readerPage(post: Post, width: number, theme: Theme, hyperlinks: boolean): ReaderPage {
	const key = `${post.absolutePath}\u0000${width}\u0000${hyperlinks}`;
	const hit = cache.get(key);
	if (hit?.post === post && hit.theme === theme) {
		cache.delete(key);
		cache.set(key, hit);
		return hit.page;
	}

	const rendered = renderPostPage(post, {width, theme, hyperlinks});
	const page = {...rendered, plain: rendered.lines.map(line => stripAnsi(line))};
	cache.set(key, {post, theme, page});
	if (cache.size > LIMIT) cache.delete(cache.keys().next().value ?? '');
	return page;
}
