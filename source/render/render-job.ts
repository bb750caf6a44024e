import {showControls} from '../text/sanitize.js';
import {wrapText} from '../text/width.js';
import type {ColorLevel, Theme, ThemeName, ThemeOptions} from '../theme/palette.js';
import {appendAll} from '../util/arrays.js';
import type {RenderedMarkdown} from './markdown.js';
import {startWorker} from './start-worker.js';

/** Bodies up to this size render on the calling thread: with the input caps, well within a frame. */
export const SYNC_RENDER_LIMIT = 64 * 1024;
/** How long a worker may take before the post is shown as plain text instead. */
export const RENDER_BUDGET_MS = 3000;

/** What a worker needs to render a body: everything but the theme's functions, which it rebuilds. */
export type RenderRequest = {
	markdown: string;
	width: number;
	theme: {level: ColorLevel; name: ThemeName; options: ThemeOptions};
	hyperlinks: boolean;
	mdx: boolean;
	skipTitleHeading?: string;
};

/** What the render worker says: that it has started (its budget starts then), then what it rendered. */
export type RenderReply = {started: true} | {result: RenderedMarkdown};

/** How long a render worker may take to start (load its modules) before the post is shown as plain text. */
const STARTING_LIMIT_MS = 30_000;

/** Thrown when a render is no longer wanted (the reader moved on, or the width changed). */
export class RenderCancelled extends Error {}

/** The error for a render stopped at its budget. */
export function overBudget(budgetMs: number): Error {
	return new Error(`rendering took longer than ${budgetMs / 1000} s`);
}

/** Renders a body in a worker thread; rejects (and stops the worker) past `budgetMs` or when `signal` aborts. */
export async function renderInWorker(
	markdown: string,
	options: {width: number; theme: Theme; hyperlinks: boolean; mdx: boolean; skipTitleHeading?: string},
	budgetMs: number,
	signal?: AbortSignal,
): Promise<RenderedMarkdown> {
	const request: RenderRequest = {
		markdown,
		width: options.width,
		theme: {level: options.theme.level, name: options.theme.name, options: options.theme.options},
		hyperlinks: options.hyperlinks,
		mdx: options.mdx,
		...(options.skipTitleHeading === undefined ? {} : {skipTitleHeading: options.skipTitleHeading}),
	};
	const worker = startWorker('render-worker', request);
	try {
		return await new Promise<RenderedMarkdown>((resolve, reject) => {
			// The budget is the render's: a thread that starts slowly (a busy machine) is given time to start.
			let timer = setTimeout(() => {
				reject(overBudget(budgetMs));
			}, STARTING_LIMIT_MS);
			worker.on('message', (reply: RenderReply) => {
				clearTimeout(timer);
				if ('result' in reply) resolve(reply.result);
				else
					timer = setTimeout(() => {
						reject(overBudget(budgetMs));
					}, budgetMs);
			});
			worker.once('error', error => {
				clearTimeout(timer);
				reject(error);
			});
			signal?.addEventListener(
				'abort',
				() => {
					clearTimeout(timer);
					reject(new RenderCancelled('no longer needed'));
				},
				{once: true},
			);
		});
	} finally {
		await worker.terminate();
	}
}

/** One line of a post shown as plain text: controls made visible, tabs as spaces, wrapped in linear time. */
function plainLines(line: string, width: number): string[] {
	return line.trim() === '' ? [''] : wrapText(showControls(line.replace(/\t/g, '    ')), width);
}

/**
 * Plain lines, and where each body line went: one entry per run of body lines
 * drawn one page line each (a wrapped line ends its run), so the map stays small.
 */
function plainBuilder() {
	const lines: string[] = [];
	const sourceLines: RenderedMarkdown['sourceLines'] = [];
	let source = 0;
	let run: RenderedMarkdown['sourceLines'][number] | undefined;
	return {
		add(line: string, width: number) {
			const drawn = plainLines(line, width);
			if (!run) {
				run = {line: lines.length, source, count: 0};
				sourceLines.push(run);
			}

			run.count++;
			if (drawn.length > 1) run = undefined;
			source++;
			appendAll(lines, drawn);
		},
		result(reason: string): RenderedMarkdown {
			return {
				lines,
				headings: [],
				blockStarts: [0],
				footnoteRefs: [],
				noteLines: [],
				links: [],
				codeBlocks: [],
				sourceLines,
				notice: `shown as plain text: ${reason}`,
			};
		},
	};
}

/** The body as plain wrapped text, with the reason it is not rendered. */
export function plainPage(markdown: string, width: number, reason: string): RenderedMarkdown {
	const page = plainBuilder();
	for (const line of markdown.split('\n')) page.add(line, width);
	return page.result(reason);
}

/** Work done per turn of the event loop, so keys and signals are answered meanwhile. */
const SLICE_MS = 8;

/**
 * The same, a slice at a time: a 4 MB post takes the better part of a second,
 * and the app's thread must stay free for `q` and signals throughout.
 */
export async function plainPageInSlices(
	markdown: string,
	width: number,
	reason: string,
	signal?: AbortSignal,
): Promise<RenderedMarkdown> {
	const source = markdown.split('\n');
	const page = plainBuilder();
	let next = 0;
	while (next < source.length) {
		const end = performance.now() + SLICE_MS;
		while (next < source.length && performance.now() < end) page.add(source[next++] ?? '', width);
		await new Promise(resolve => setImmediate(resolve));
		if (signal?.aborted) throw new RenderCancelled('no longer needed');
	}

	return page.result(reason);
}
