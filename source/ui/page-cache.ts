import stripAnsi from 'strip-ansi';
import {type Body, readBody} from '../posts/body.js';
import type {Post} from '../posts/model.js';
import {renderPostPageBounded} from '../render/bounded.js';
import {markdownHead} from '../render/head.js';
import type {RenderedMarkdown} from '../render/markdown.js';
import type {PageOptions} from '../render/post-header.js';
import {RENDER_BUDGET_MS, SYNC_RENDER_LIMIT} from '../render/render-job.js';
import type {Theme} from '../theme/palette.js';
import type {ReaderPage} from './state/model.js';

const LIMIT = 8;
type Entry = {post: Post; theme: Theme; page: ReaderPage | undefined};
const cache = new Map<string, Entry>();
/**
 * Background renders by page key, and who wants each: an app that asks for the same post at another
 * width (a resize) no longer wants the old one, which stops when no app does (several apps share this
 * cache when blogread serves them over ssh).
 */
const rendering = new Map<string, {path: string; stop: AbortController; owners: Set<object>}>();
/** Apps in other colours (served sessions) have pages of their own. */
const themeNumbers = new WeakMap<Theme, number>();
let themesSeen = 0;
function themeNumber(theme: Theme): number {
	const known = themeNumbers.get(theme);
	if (known !== undefined) return known;
	themeNumbers.set(theme, ++themesSeen);
	return themesSeen;
}

/** The owner of an app that does not say: the process's own. */
const PROCESS_APP = {};
const listeners = new Set<() => void>();

function notify(): void {
	for (const listener of listeners) listener();
}

/** Stops the render of `key` when no app wants it any more. */
function release(key: string, owner: object): void {
	const render = rendering.get(key);
	if (!render) return;
	render.owners.delete(owner);
	if (render.owners.size > 0) return;
	render.stop.abort();
	rendering.delete(key);
	cache.delete(key);
}

/** Stops the renders only `owner` wanted (its app is closing): a worker left running would keep the process up. */
export function stopBackgroundRenders(owner: object = PROCESS_APP): void {
	for (const key of [...rendering.keys()]) release(key, owner);
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

/** Whether a post has been asked for: then the renderer is not warmed up, the post warms it. */
let pageWanted = false;
/** What to warm the renderer up for, once it is loaded (see render/warm-up.ts). */
let warmFor: {theme: Theme; width: number} | undefined;

/** Warms the renderer up a piece a turn, while no post is asked for. */
function warmUp(module: Renderer, theme: Theme, width: number, step = 0): void {
	setImmediate(() => {
		if (pageWanted) return;
		if (module.warmUpStep(step, theme, width)) warmUp(module, theme, width, step + 1);
	});
}

/**
 * Loads the Markdown renderer (marked, highlight.js: most of the program).
 * The list doesn't need it, so the app's first frame doesn't wait for it: the
 * app starts reading its files as it draws that frame, so it is loaded right
 * after, and warms it up (`warm`) while the list waits for a key.
 */
export async function loadRenderer(warm?: {theme: Theme; width: number}): Promise<void> {
	if (warm && !warmFor) {
		warmFor = warm;
		if (renderer) warmUp(renderer, warm.theme, warm.width);
	}

	loading ??= import('../render/post-page.js').then(module => {
		renderer = module;
		notify();
		if (warmFor) warmUp(module, warmFor.theme, warmFor.width);
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

/** The next turn of the event loop: large posts are read and rendered in steps, keys answered between them. */
async function nextTurn(): Promise<void> {
	return new Promise(resolve => setImmediate(resolve));
}

/** A post with more words than this may be megabytes long: it is not read in the frame that opens it. */
const LARGE_POST_WORDS = 8000;

/**
 * A large post (or one that turns out so): its beginning rendered here, so the
 * first screen doesn't wait, then the whole in a worker thread; each step in a
 * turn of its own, so `q` and signals are answered. The worker is started once
 * the first screen is drawn: starting it took the main thread 5-10 ms, and its
 * work took a core the first screen was rendered on.
 */
function renderInSteps(
	key: string,
	entry: Entry,
	options: PageOptions,
	read: Renderer,
	owner: object,
	body?: Body,
): void {
	const {post} = entry;
	for (const [other, render] of [...rendering]) if (render.path === post.absolutePath) release(other, owner);
	const stop = new AbortController();
	rendering.set(key, {path: post.absolutePath, stop, owners: new Set([owner])});
	remember(key, entry);
	void (async () => {
		if (!body) await nextTurn();
		if (stop.signal.aborted) return;
		const {markdown, problem} = body ?? readBody(post);
		// A file that can no longer be read shows why, where its text would be.
		const shown = problem === null ? post : {...post, warnings: [...post.warnings, problem]};
		if (markdown.length <= SYNC_RENDER_LIMIT) {
			entry.page = withPlain(read.renderPostPage(shown, markdown, options));
			rendering.delete(key);
			notify();
			return;
		}

		await nextTurn();
		if (stop.signal.aborted) return;
		const head = markdownHead(markdown);
		if (head !== undefined) {
			entry.page = {...withPlain(read.renderPostPage(shown, head, options)), partial: true};
			notify();
			// The frame showing it is drawn in the turn React asked for as it heard, before this one.
			await nextTurn();
			if (stop.signal.aborted) return;
		}

		renderPostPageBounded(shown, markdown, options, RENDER_BUDGET_MS, stop.signal).then(
			page => {
				entry.page = withPlain(page);
				if (rendering.get(key)?.stop === stop) rendering.delete(key);
				notify();
			},
			() => {
				// Stopped because another width (or post) took over: nothing to show.
			},
		);
	})();
}

/**
 * A post rendered for the reader at one width, kept for the last few posts
 * and widths, so going back and forth never renders twice. Small posts are
 * rendered at once; large ones in steps and a worker thread (renderInSteps).
 * Until a page is ready (or the renderer is loaded) this returns undefined,
 * and listeners hear when it is.
 */
export function readerPage(
	post: Post,
	width: number,
	theme: Theme,
	hyperlinks: boolean,
	owner: object = PROCESS_APP,
): ReaderPage | undefined {
	const key = `${post.absolutePath}\u0000${width}\u0000${hyperlinks}\u0000${themeNumber(theme)}`;
	const hit = cache.get(key);
	if (hit?.post === post && hit.theme === theme) {
		remember(key, hit);
		rendering.get(key)?.owners.add(owner);
		return hit.page;
	}

	const options = {width, theme, hyperlinks};
	pageWanted = true;
	// Until the renderer is loaded (just after the first frame) nothing can be shown; listeners hear when it is.
	if (!renderer) {
		void loadRenderer();
		return undefined;
	}

	const entry: Entry = {post, theme, page: undefined};
	if (post.words > LARGE_POST_WORDS) {
		renderInSteps(key, entry, options, renderer, owner);
		return undefined;
	}

	const body = readBody(post);
	if (body.markdown.length > SYNC_RENDER_LIMIT) {
		renderInSteps(key, entry, options, renderer, owner, body);
		return undefined;
	}

	const shown = body.problem === null ? post : {...post, warnings: [...post.warnings, body.problem]};
	entry.page = withPlain(renderer.renderPostPage(shown, body.markdown, options));
	remember(key, entry);
	return entry.page;
}
