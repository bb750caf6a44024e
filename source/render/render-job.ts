import {showControls} from '../sanitize.js';
import {startWorker} from '../worker-script.js';
import type {Theme, ThemeName, ColorLevel, ThemeOptions} from '../theme.js';
import type {RenderedMarkdown} from './markdown.js';
import {wrapStyled} from './text-width.js';

/** Bodies up to this size render on the calling thread: with the input caps, in well under a frame's budget of blocking. */
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
	/** Send back the printed text (RenderedText), not the lines and their positions. */
	text?: boolean;
};

/** Thrown when a render is no longer wanted (the reader moved on, or the width changed). */
export class RenderCancelled extends Error {}

/** A body rendered for printing: its lines, trimmed at the end, as one text. */
export type RenderedText = {text: string; notice: string | null};

/** Lines as printed: trailing spaces dropped, one per line. */
export function printedText(lines: string[]): string {
	return lines.map(line => line.trimEnd()).join('\n');
}

type BodyOptions = {width: number; theme: Theme; hyperlinks: boolean; mdx: boolean; skipTitleHeading?: string};

function requestFor(markdown: string, options: BodyOptions): RenderRequest {
	return {
		markdown,
		width: options.width,
		theme: {level: options.theme.level, name: options.theme.name, options: options.theme.options},
		hyperlinks: options.hyperlinks,
		mdx: options.mdx,
		...(options.skipTitleHeading === undefined ? {} : {skipTitleHeading: options.skipTitleHeading}),
	};
}

/** Runs a render worker; rejects if it takes longer than `budgetMs` or `signal` aborts (the worker is stopped). */
async function runWorker<Result>(request: RenderRequest, budgetMs: number, signal?: AbortSignal): Promise<Result> {
	const worker = startWorker('render-worker', request);
	try {
		return await new Promise<Result>((resolve, reject) => {
			const timer = setTimeout(() => {
				reject(new Error(`rendering took longer than ${budgetMs / 1000} s`));
			}, budgetMs);
			worker.once('message', (result: Result) => {
				clearTimeout(timer);
				resolve(result);
			});
			worker.once('error', error => {
				clearTimeout(timer);
				reject(error);
			});
			signal?.addEventListener('abort', () => {
				clearTimeout(timer);
				reject(new RenderCancelled('no longer needed'));
			}, {once: true});
		});
	} finally {
		await worker.terminate();
	}
}

/** Renders a body in a worker thread, within a time budget (see runWorker). */
export async function renderInWorker(markdown: string, options: BodyOptions, budgetMs: number, signal?: AbortSignal): Promise<RenderedMarkdown> {
	return runWorker<RenderedMarkdown>(requestFor(markdown, options), budgetMs, signal);
}

/**
 * Renders a body in a worker thread for printing: one text crosses back
 * instead of thousands of lines and their positions, which took longer to
 * copy between threads than to print.
 */
export async function renderTextInWorker(markdown: string, options: BodyOptions, budgetMs: number): Promise<RenderedText> {
	return runWorker<RenderedText>({...requestFor(markdown, options), text: true}, budgetMs);
}

/** The body as plain wrapped text, with the reason it is not rendered. */
export function plainPage(markdown: string, width: number, reason: string): RenderedMarkdown {
	const lines = markdown.split('\n').flatMap(line => (line.trim() === '' ? [''] : wrapStyled(showControls(line.replace(/\t/g, '    ')), width)));
	return {lines, headings: [], blockStarts: [0], footnoteRefs: [], noteLines: [], notice: `shown as plain text: ${reason}`};
}
