// Renders in a worker thread, off the thread that answers keys: a reader's page
// of a large post, or a whole post printed for a command `blogread serve` runs.
// The worker keeps the budget itself (V8's watchdog stops the render) and gives
// the post as plain text past it, so this thread only waits and takes the result.
import {availableParallelism} from 'node:os';
import type {Post} from '../blog/model/model.js';
import type {ColorLevel, Theme, ThemeName, ThemeOptions} from '../theme/palette.js';
import type {RenderedMarkdown} from './markdown.js';
import type {PictureContext} from './picture-block.js';
import {RenderCancelled} from './plain-page.js';
import type {bodyOptions, PageOptions} from './post-header.js';
import {startWorker} from './start-worker.js';
import {overBudget} from './watchdog.js';
import {type Urgency, WorkerSlots} from './worker-slots.js';

/** Bodies up to this size render on the calling thread: with the input caps, well within a frame. */
export const SYNC_RENDER_LIMIT = 64 * 1024;
/** How long a worker may take before the post is shown as plain text instead. */
export const RENDER_BUDGET_MS = 3000;

/** A theme as a worker rebuilds it: its functions don't cross threads. */
type ThemeSpec = {level: ColorLevel; name: ThemeName; options: ThemeOptions};

/** What a worker is asked: a body's page for the reader, or a post printed whole (its body read there). */
export type RenderRequest =
	| {
			kind: 'page';
			markdown: string;
			width: number;
			theme: ThemeSpec;
			hyperlinks: boolean;
			mdx: boolean;
			skipTitleHeading?: string;
			pictures?: PictureContext;
			diagrams?: boolean;
			budgetMs: number;
	  }
	| {
			kind: 'print';
			post: Post;
			width: number;
			theme: ThemeSpec;
			hyperlinks: boolean;
			pictureRows?: number;
			budgetMs: number;
			lineEnd: '\n' | '\r\n';
	  };

/** A post printed: its text as UTF-8, or why its file could not be read. */
export type Printed = {bytes: Uint8Array} | {unreadable: string};

/** What the render worker says: that it has started (its modules loaded), then what it made. */
export type RenderReply = {started: true} | {result: RenderedMarkdown} | Printed;

/** How long a render worker may take to start (load its modules) before the post is shown as plain text. */
const STARTING_LIMIT_MS = 30_000;
/**
 * How long past its budget a worker may take to give the plain text (linear: a
 * 4 MB post takes a second or two) before it is taken for stuck and ended.
 */
const FALLBACK_LIMIT_MS = 30_000;

/** Render workers at once: one core is left to the thread that answers keys. */
const slots = new WorkerSlots(Math.max(1, availableParallelism() - 1));

const themeSpec = (theme: Theme): ThemeSpec => ({level: theme.level, name: theme.name, options: theme.options});

/**
 * Runs `request` in a worker once one may start, and gives what `take` makes of
 * its answer; rejects past the limits, if the worker fails, or when `signal`
 * aborts (RenderCancelled). The worker is ended in every case.
 */
async function runInWorker<T>(
	request: RenderRequest,
	urgency: Urgency,
	take: (reply: Exclude<RenderReply, {started: true}>) => T,
	signal?: AbortSignal,
): Promise<T> {
	const cancelled = new RenderCancelled('no longer needed');
	const release = await slots.acquire(urgency, signal).catch(() => {
		throw cancelled;
	});
	const worker = startWorker('render-worker', request);
	try {
		return await new Promise<T>((resolve, reject) => {
			// The budget is the render's: a thread that starts slowly (a busy machine) is given time to start.
			let timer = setTimeout(() => reject(overBudget(request.budgetMs)), STARTING_LIMIT_MS);
			worker.on('message', (reply: RenderReply) => {
				clearTimeout(timer);
				if ('started' in reply)
					timer = setTimeout(() => reject(overBudget(request.budgetMs)), request.budgetMs + FALLBACK_LIMIT_MS);
				else resolve(take(reply));
			});
			worker.once('error', error => {
				clearTimeout(timer);
				reject(error);
			});
			worker.once('exit', code => {
				clearTimeout(timer);
				reject(new Error(`the render worker ended (${code})`));
			});
			signal?.addEventListener(
				'abort',
				() => {
					clearTimeout(timer);
					reject(cancelled);
				},
				{once: true},
			);
		});
	} finally {
		await worker.terminate();
		release();
	}
}

/**
 * Renders a body in a worker thread: past `budgetMs`, the worker gives it as
 * plain text with a notice. Rejects (and stops the worker) when no worker can
 * give it in time, or when `signal` aborts.
 */
export async function renderInWorker(
	markdown: string,
	options: ReturnType<typeof bodyOptions>,
	budgetMs: number,
	signal?: AbortSignal,
): Promise<RenderedMarkdown> {
	const request: RenderRequest = {
		kind: 'page',
		markdown,
		width: options.width,
		theme: themeSpec(options.theme),
		hyperlinks: options.hyperlinks,
		mdx: options.mdx,
		...(options.skipTitleHeading === undefined ? {} : {skipTitleHeading: options.skipTitleHeading}),
		...(options.pictures ? {pictures: options.pictures} : {}),
		...(options.diagrams === false ? {diagrams: false} : {}),
		budgetMs,
	};
	return runInWorker(
		request,
		'page',
		reply => {
			if ('result' in reply) return reply.result;
			throw new Error('the render worker gave no page');
		},
		signal,
	);
}

/**
 * A post as `--print` writes it (lines ending in `lineEnd`), its body read and
 * rendered in a worker thread: past `budgetMs`, as plain text with a notice.
 */
export async function printInWorker(
	post: Post,
	options: PageOptions,
	budgetMs: number,
	lineEnd: '\n' | '\r\n',
	signal?: AbortSignal,
): Promise<Printed> {
	const request: RenderRequest = {
		kind: 'print',
		post,
		width: options.width,
		theme: themeSpec(options.theme),
		hyperlinks: options.hyperlinks,
		...(options.pictureRows === undefined ? {} : {pictureRows: options.pictureRows}),
		budgetMs,
		lineEnd,
	};
	return runInWorker(
		request,
		'print',
		reply => {
			if ('bytes' in reply || 'unreadable' in reply) return reply;
			throw new Error('the render worker gave no text');
		},
		signal,
	);
}
