// Progress of a long first read, on the terminal's stderr: one line redrawn in
// place (`reading posts 12,345 / 100,000 [#####.....] 12%`), cleared when the
// read ends. Only on a terminal: never into a pipe or a file.
import {progressLine} from '../text/progress-line.js';
import type {Output} from './io.js';

/** How often the line is redrawn at most: often enough to move, seldom enough to cost nothing. */
const REDRAW_MS = 100;

export type Progress = {update(done: number, total: number): void; end(): void};

/**
 * Progress on `out` (a terminal), shown once `delayMs` have passed since this
 * was made (a quick read shows none), redrawn at most every REDRAW_MS and at the last post.
 */
export function terminalProgress(
	out: Output,
	{delayMs, ascii, now = () => performance.now()}: {delayMs: number; ascii: boolean; now?: () => number},
): Progress {
	const start = now();
	let drawnAt: number | undefined;
	return {
		update(done, total) {
			const at = now();
			if (at - start < delayMs) return;
			if (drawnAt !== undefined && at - drawnAt < REDRAW_MS && done < total) return;
			drawnAt = at;
			out.write(`\r${progressLine(done, total, (out.columns || 80) - 1, ascii)}\u001B[K`);
		},
		end() {
			if (drawnAt !== undefined) out.write('\r\u001B[K');
		},
	};
}
