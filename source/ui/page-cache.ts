import stripAnsi from 'strip-ansi';
import type {Post} from '../posts/types.js';
import type {RenderedMarkdown} from '../render/markdown.js';
import {renderPostPage, renderPostPageBounded} from '../render/post-page.js';
import {RENDER_BUDGET_MS, SYNC_RENDER_LIMIT} from '../render/render-job.js';
import type {Theme} from '../theme.js';
import type {ReaderPage} from './state.js';

const LIMIT = 8;
type Entry = {post: Post; theme: Theme; page: ReaderPage | undefined};
const cache = new Map<string, Entry>();
const listeners = new Set<() => void>();

/** Calls `listener` whenever a post rendered in the background becomes ready. */
export function onPageReady(listener: () => void): () => void {
	listeners.add(listener);
	return () => {
		listeners.delete(listener);
	};
}

function withPlain(page: RenderedMarkdown): ReaderPage {
	return {...page, plain: page.lines.map(line => stripAnsi(line))};
}

function remember(key: string, entry: Entry): void {
	cache.delete(key);
	cache.set(key, entry);
	if (cache.size > LIMIT) cache.delete(cache.keys().next().value ?? '');
}

/**
 * A post rendered for the reader at one width, kept for the last few posts
 * and widths, so going back and forth never renders twice. Small posts are
 * rendered at once; large ones in a worker thread, and until they are ready
 * this returns undefined (listeners hear when they are).
 */
export function readerPage(post: Post, width: number, theme: Theme, hyperlinks: boolean): ReaderPage | undefined {
	const key = `${post.absolutePath}\u0000${width}\u0000${hyperlinks}`;
	const hit = cache.get(key);
	if (hit?.post === post && hit.theme === theme) {
		remember(key, hit);
		return hit.page;
	}

	const options = {width, theme, hyperlinks};
	if (post.body.length <= SYNC_RENDER_LIMIT) {
		const page = withPlain(renderPostPage(post, options));
		remember(key, {post, theme, page});
		return page;
	}

	const entry: Entry = {post, theme, page: undefined};
	remember(key, entry);
	void renderPostPageBounded(post, options, RENDER_BUDGET_MS).then(page => {
		entry.page = withPlain(page);
		for (const listener of listeners) listener();
	});
	return undefined;
}
