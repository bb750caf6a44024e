import stripAnsi from 'strip-ansi';
import {readBody} from '../posts/body.js';
import type {Post} from '../posts/model.js';
import {renderPostPageBounded} from '../render/bounded.js';
import {markdownHead} from '../render/head.js';
import type {RenderedMarkdown} from '../render/markdown.js';
import {RENDER_BUDGET_MS, SYNC_RENDER_LIMIT} from '../render/render-job.js';
import type {Theme} from '../theme/palette.js';
import type {ReaderPage} from './state/model.js';

const LIMIT = 8;
type Entry = {post: Post; theme: Theme; page: ReaderPage | undefined};
const cache = new Map<string, Entry>();
// The background render of each post, so a new one (another width) stops the old.
const rendering = new Map<string, {key: string; stop: AbortController}>();
const listeners = new Set<() => void>();

function notify(): void {
	for (const listener of listeners) listener();
}

/** Calls `listener` whenever a page that was being prepared becomes ready. */
export function onPageReady(listener: () => void): () => void {
	listeners.add(listener);
	return () => {
		listeners.delete(listener);
	};
}

type Renderer = typeof import('../render/post-page.js');
let renderer: Renderer | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the Markdown renderer (marked, highlight.js: most of the program).
 * The list doesn't need it, so the app's first frame doesn't wait for it;
 * the app starts this right after that frame.
 */
export async function loadRenderer(): Promise<void> {
	loading ??= import('../render/post-page.js').then(module => {
		renderer = module;
		notify();
	});
	return loading;
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
 * rendered at once; large ones in a worker thread. Until a page is ready
 * (or the renderer is loaded) this returns undefined, and listeners hear
 * when it is.
 */
export function readerPage(post: Post, width: number, theme: Theme, hyperlinks: boolean): ReaderPage | undefined {
	const key = `${post.absolutePath}\u0000${width}\u0000${hyperlinks}`;
	const hit = cache.get(key);
	if (hit?.post === post && hit.theme === theme) {
		remember(key, hit);
		return hit.page;
	}

	const options = {width, theme, hyperlinks};
	// Until the renderer is loaded (just after the first frame) nothing can be shown; listeners hear when it is.
	if (!renderer) {
		void loadRenderer();
		return undefined;
	}

	const body = readBody(post);
	// A file that can no longer be read shows why, where its text would be.
	const shown = body.problem === null ? post : {...post, warnings: [...post.warnings, body.problem]};
	const {markdown} = body;
	if (markdown.length <= SYNC_RENDER_LIMIT) {
		const page = withPlain(renderer.renderPostPage(shown, markdown, options));
		remember(key, {post, theme, page});
		return page;
	}

	const previous = rendering.get(post.absolutePath);
	if (previous) {
		previous.stop.abort();
		cache.delete(previous.key);
	}

	const stop = new AbortController();
	rendering.set(post.absolutePath, {key, stop});
	const entry: Entry = {post, theme, page: undefined};
	remember(key, entry);
	renderPostPageBounded(shown, markdown, options, RENDER_BUDGET_MS, stop.signal).then(
		page => {
			entry.page = withPlain(page);
			if (rendering.get(post.absolutePath)?.stop === stop) rendering.delete(post.absolutePath);
			notify();
		},
		() => {
			// Stopped because another width (or post) took over: nothing to show.
		},
	);
	// Meanwhile the beginning, rendered here: the first screen doesn't wait for the whole post.
	const head = markdownHead(markdown);
	entry.page =
		head === undefined ? undefined : {...withPlain(renderer.renderPostPage(shown, head, options)), partial: true};
	return entry.page;
}
