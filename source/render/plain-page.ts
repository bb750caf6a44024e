// A post's body as plain wrapped text: what is shown when rendering it would
// take too long. Linear in the text, so it is the fallback however large the post.
import {setImmediate as nextTurn} from 'node:timers/promises';
import {showControls} from '../text/sanitize.js';
import {wrapText} from '../text/width.js';
import {appendAll} from '../util/arrays.js';
import type {RenderedMarkdown} from './markdown.js';

/** Thrown when a render is no longer wanted (the reader moved on, or the width changed). */
export class RenderCancelled extends Error {}

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
				pictures: [],
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
 * and the app's thread must stay free for `q` and signals throughout. (Only
 * when no renderer could give the page: a renderer makes the fallback itself.)
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
		await nextTurn();
		if (signal?.aborted) throw new RenderCancelled('no longer needed');
	}

	return page.result(reason);
}
