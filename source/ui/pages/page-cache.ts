// Large posts are read and rendered in steps, each in a turn of its own, keys answered between them.
import {setImmediate as nextTurn} from 'node:timers/promises';
import stripAnsi from 'strip-ansi';
import {type Body, readBody} from '../../blog/load/body.js';
import type {Post} from '../../blog/model/model.js';
import {renderPostPageBounded} from '../../render/bounded.js';
import {markdownHead} from '../../render/head.js';
import type {RenderedMarkdown} from '../../render/markdown.js';
import type {PageOptions} from '../../render/post-header.js';
import {RENDER_BUDGET_MS, SYNC_RENDER_LIMIT} from '../../render/render-job.js';
import type {Theme} from '../../theme/palette.js';
import type {ReaderPage} from '../state/model.js';

import {loadRenderer, type Renderer, rendererForPage} from './renderer.js';

const LIMIT = 8;
/** A post with more words than this may be megabytes long: it is not read in the frame that opens it. */
const LARGE_POST_WORDS = 8000;

type Entry = {post: Post; theme: Theme; page: ReaderPage | undefined};

/** How a page draws pictures and diagrams (PageOptions): the reader's `i` turns both off. */
export type Drawings = Pick<PageOptions, 'pictureRows' | 'diagrams' | 'cellAspect' | 'remote'>;
type Rendering = {path: string; stop: AbortController; owners: Set<object>};

function withPlain(page: RenderedMarkdown): ReaderPage {
	return {...page, plain: page.lines.map(line => stripAnsi(line))};
}

/**
 * Posts rendered for the reader, one page per post and width, kept for the
 * last few, so going back and forth never renders twice. One is made per
 * process, or per server: the apps of every reader of `blogread serve` share
 * it, each app its own owner of the renders it asked for. Small posts are
 * rendered at once; large ones in steps and a worker thread (renderInSteps).
 */
export class PageCache {
	private readonly pages = new Map<string, Entry>();
	/**
	 * Background renders by page key, and who wants each: an app that asks for the same post at another
	 * width (a resize) no longer wants the old one, which stops when no app does.
	 */
	private readonly rendering = new Map<string, Rendering>();
	/** Apps in other colours (served sessions) have pages of their own. */
	private readonly themeNumbers = new WeakMap<Theme, number>();
	private themesSeen = 0;
	/** Who hears of pages made ready, and for which app (none: every page). */
	private readonly listeners = new Map<() => void, object | undefined>();
	/** The renderer's loading, asked for by a page wanted before it was there: listeners hear once when it is. */
	private rendererAsked: Promise<void> | undefined;

	/**
	 * Calls `listener` whenever a page that `owner` asked for becomes ready (and
	 * when the renderer is loaded); with no owner, whenever any page does. An app
	 * hears only of its own: in blogread serve every app redraws on what it
	 * hears, and a large post ready for one reader would redraw every session.
	 */
	onPageReady(listener: () => void, owner?: object): () => void {
		this.listeners.set(listener, owner);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/** Stops the renders only `owner` wanted (its app is closing): a worker left running would keep the process up. */
	stopBackgroundRenders(owner: object): void {
		for (const key of [...this.rendering.keys()]) this.release(key, owner);
	}

	/**
	 * `owner`'s page of `post` at `width`. Until it is ready (or the renderer
	 * is loaded) this returns undefined, and listeners hear when it is.
	 */
	readerPage(
		post: Post,
		width: number,
		theme: Theme,
		hyperlinks: boolean,
		owner: object,
		drawings: Drawings = {},
	): ReaderPage | undefined {
		const {pictureRows, diagrams = true, cellAspect, remote} = drawings;
		// Remote pictures are only ever added: how many are known tells one layout from the next.
		const fetched = remote ? Object.keys(remote).length : undefined;
		const parts = [
			post.absolutePath,
			width,
			hyperlinks,
			this.themeNumber(theme),
			pictureRows,
			diagrams,
			cellAspect,
			fetched,
		];
		const key = parts.join('\u0000');
		const hit = this.pages.get(key);
		if (hit?.post === post && hit.theme === theme) {
			this.remember(key, hit);
			this.rendering.get(key)?.owners.add(owner);
			return hit.page;
		}

		const options: PageOptions = {
			width,
			theme,
			hyperlinks,
			diagrams,
			...(pictureRows === undefined ? {} : {pictureRows}),
			...(cellAspect === undefined ? {} : {cellAspect}),
			...(remote ? {remote} : {}),
		};
		const renderer = rendererForPage();
		// Until the renderer is loaded (just after the first frame) nothing can be shown; listeners hear when it is.
		if (!renderer) {
			this.rendererAsked ??= loadRenderer().then(() => this.notify());
			return undefined;
		}

		const entry: Entry = {post, theme, page: undefined};
		if (post.words > LARGE_POST_WORDS) {
			this.renderInSteps(key, entry, options, renderer, owner);
			return undefined;
		}

		const body = readBody(post);
		if (body.markdown.length > SYNC_RENDER_LIMIT) {
			this.renderInSteps(key, entry, options, renderer, owner, body);
			return undefined;
		}

		const shown = body.problem === null ? post : {...post, warnings: [...post.warnings, body.problem]};
		entry.page = withPlain(renderer.renderPostPage(shown, body.markdown, options));
		this.remember(key, entry);
		return entry.page;
	}

	private themeNumber(theme: Theme): number {
		const known = this.themeNumbers.get(theme);
		if (known !== undefined) return known;
		this.themeNumbers.set(theme, ++this.themesSeen);
		return this.themesSeen;
	}

	/** Tells the listeners of `owners` (and those of every page); with none given, every listener. */
	private notify(owners?: ReadonlySet<object>): void {
		for (const [listener, owner] of this.listeners) if (!owners || !owner || owners.has(owner)) listener();
	}

	/** Stops the render of `key` when no app wants it any more. */
	private release(key: string, owner: object): void {
		const render = this.rendering.get(key);
		if (!render) return;
		render.owners.delete(owner);
		if (render.owners.size > 0) return;
		render.stop.abort();
		this.rendering.delete(key);
		this.pages.delete(key);
	}

	private remember(key: string, entry: Entry): void {
		this.pages.delete(key);
		this.pages.set(key, entry);
		if (this.pages.size > LIMIT) this.pages.delete(this.pages.keys().next().value ?? '');
	}

	/**
	 * A large post (or one that turns out so): its beginning rendered here, so the
	 * first screen doesn't wait, then the whole in a worker thread; each step in a
	 * turn of its own, so `q` and signals are answered. The worker is started once
	 * the first screen is drawn: starting it takes the main thread a while, and its
	 * work would take a core the first screen is rendered on.
	 */
	private renderInSteps(
		key: string,
		entry: Entry,
		options: PageOptions,
		read: Renderer,
		owner: object,
		body?: Body,
	): void {
		const {post} = entry;
		for (const [other, render] of [...this.rendering])
			if (render.path === post.absolutePath) this.release(other, owner);
		const stop = new AbortController();
		// Apps that ask for this page while it renders join its owners (readerPage), and hear when it is ready.
		const owners = new Set([owner]);
		this.rendering.set(key, {path: post.absolutePath, stop, owners});
		this.remember(key, entry);
		void (async () => {
			if (!body) await nextTurn();
			if (stop.signal.aborted) return;
			const {markdown, problem} = body ?? readBody(post);
			// A file that can no longer be read shows why, where its text would be.
			const shown = problem === null ? post : {...post, warnings: [...post.warnings, problem]};
			if (markdown.length <= SYNC_RENDER_LIMIT) {
				entry.page = withPlain(read.renderPostPage(shown, markdown, options));
				this.rendering.delete(key);
				this.notify(owners);
				return;
			}

			await nextTurn();
			if (stop.signal.aborted) return;
			const head = markdownHead(markdown);
			if (head !== undefined) {
				entry.page = {...withPlain(read.renderPostPage(shown, head, options)), partial: true};
				this.notify(owners);
				// The frame showing it is drawn in the turn React asked for as it heard, before this one.
				await nextTurn();
				if (stop.signal.aborted) return;
			}

			renderPostPageBounded(shown, markdown, options, RENDER_BUDGET_MS, stop.signal).then(
				page => {
					entry.page = withPlain(page);
					if (this.rendering.get(key)?.stop === stop) this.rendering.delete(key);
					this.notify(owners);
				},
				() => {
					// Stopped because another width (or post) took over: nothing to show.
				},
			);
		})();
	}
}
