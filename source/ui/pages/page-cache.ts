// Posts rendered for the reader, one page per post and width, kept for the last
// few. Every page is rendered by the render service (render/service/), off the
// thread that answers keys; this only keeps what it gives, and tells the apps
// that asked.
import type {Post} from '../../blog/model/model.js';
import {RenderCancelled} from '../../render/plain-page.js';
import type {PageOptions} from '../../render/post-header.js';
import type {PageWithPlain} from '../../render/service/protocol.js';
import type {RenderService} from '../../render/service/render-service.js';
import {cleanLine} from '../../text/sanitize.js';
import type {Theme} from '../../theme/palette.js';
import {errorMessage} from '../../util/errors.js';
import type {ReaderPage} from '../state/model.js';

/** Pages kept at most... */
const LIMIT = 8;
/** ...and characters in all of them (lines and their plain text): a few huge posts are not kept together. */
const CHARACTER_LIMIT = 32 * 1024 * 1024;

type Entry = {post: Post; theme: Theme; page: ReaderPage | undefined; characters: number};

/** How a page draws pictures and diagrams (PageOptions): the reader's `i` turns both off. */
export type Drawings = Pick<PageOptions, 'pictureRows' | 'diagrams' | 'cellAspect' | 'remote'>;
type Rendering = {path: string; stop: AbortController; owners: Set<object>};

function charactersOf(page: PageWithPlain): number {
	let characters = 0;
	for (const line of page.lines) characters += line.length;
	for (const line of page.plain) characters += line.length;
	return characters;
}

/** What the reader shows where a page could not be made at all (a fault of blogread's, not the post's). */
function failedPage(theme: Theme, message: string): PageWithPlain {
	const line = `${theme.glyphs.warning} could not show this post: ${message}`;
	return {
		lines: [theme.warning(line)],
		plain: [line],
		headings: [],
		blockStarts: [0],
		footnoteRefs: [],
		noteLines: [],
		links: [],
		codeBlocks: [],
		sourceLines: [],
		notice: null,
		pictures: [],
	};
}

/**
 * One is made per process, or per server: the apps of every reader of
 * `blogread serve` share it, each app its own owner of the renders it asked for.
 */
export class PageCache {
	private readonly pages = new Map<string, Entry>();
	/**
	 * Renders by page key, and who wants each: an app that asks for the same post at another width (a
	 * resize) no longer wants the old one, which stops when no app does.
	 */
	private readonly rendering = new Map<string, Rendering>();
	/** Apps in other colours (served sessions) have pages of their own. */
	private readonly themeNumbers = new WeakMap<Theme, number>();
	private themesSeen = 0;
	/** Who hears of pages made ready, and for which app (none: every page). */
	private readonly listeners = new Map<() => void, object | undefined>();

	constructor(private readonly service: RenderService) {}

	/** Starts a renderer, so the first post opened doesn't wait for one. */
	warm(): void {
		this.service.warm();
	}

	/**
	 * Calls `listener` whenever a page that `owner` asked for becomes ready (or
	 * its beginning does); with no owner, whenever any page does. An app hears
	 * only of its own: in blogread serve every app redraws on what it hears.
	 */
	onPageReady(listener: () => void, owner?: object): () => void {
		this.listeners.set(listener, owner);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/** Stops the renders only `owner` wanted (its app is closing). */
	stopBackgroundRenders(owner: object): void {
		for (const key of [...this.rendering.keys()]) this.release(key, owner);
	}

	/** `owner`'s page of `post` at `width`: undefined until it is ready (listeners hear when it is). */
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
		this.render(key, {post, theme, page: undefined, characters: 0}, options, owner);
		return undefined;
	}

	private themeNumber(theme: Theme): number {
		const known = this.themeNumbers.get(theme);
		if (known !== undefined) return known;
		this.themeNumbers.set(theme, ++this.themesSeen);
		return this.themesSeen;
	}

	/** Tells the listeners of `owners` (and those of every page). */
	private notify(owners: ReadonlySet<object>): void {
		for (const [listener, owner] of this.listeners) if (!owner || owners.has(owner)) listener();
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
		let characters = 0;
		for (const kept of this.pages.values()) characters += kept.characters;
		// The oldest go first, never the one just asked for nor one still rendering (it would be asked for again).
		for (const [oldest, kept] of this.pages) {
			if (this.pages.size <= LIMIT && characters <= CHARACTER_LIMIT) break;
			if (oldest === key || this.rendering.has(oldest)) continue;
			this.pages.delete(oldest);
			characters -= kept.characters;
		}
	}

	/**
	 * Asks the service for the page; its beginning (a long post's) and then the whole are kept as they
	 * come. Apps that ask for it meanwhile join its owners, and hear when it is ready.
	 */
	private render(key: string, entry: Entry, options: PageOptions, owner: object): void {
		const {post} = entry;
		// The same post at another width (a resize): this owner no longer wants that one.
		for (const [other, render] of [...this.rendering])
			if (render.path === post.absolutePath) this.release(other, owner);
		const stop = new AbortController();
		const owners = new Set([owner]);
		this.rendering.set(key, {path: post.absolutePath, stop, owners});
		this.remember(key, entry);
		const keep = (page: PageWithPlain, partial: boolean) => {
			entry.page = partial ? {...page, partial} : page;
			entry.characters = charactersOf(page);
			if (this.pages.get(key) === entry) this.remember(key, entry);
			this.notify(owners);
		};

		this.service.page(post, options, owner, {signal: stop.signal, onPartial: page => keep(page, true)}).then(
			page => {
				if (this.rendering.get(key)?.stop === stop) this.rendering.delete(key);
				keep(page, false);
			},
			(error: unknown) => {
				// Cancelled: another width or post took over, or the app closed. Nothing to show.
				if (error instanceof RenderCancelled) return;
				if (this.rendering.get(key)?.stop === stop) this.rendering.delete(key);
				keep(failedPage(options.theme, cleanLine(errorMessage(error))), false);
			},
		);
	}
}
