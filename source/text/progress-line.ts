// How far a long read has come, as one line: `reading posts 12,345 / 100,000
// ▕██░░░░░░░░░░░░░░░░░░▏ 12%`. Drawn on stderr before a list (cli/progress.ts)
// and in the app's status line while its first read fills the list.

import {countText} from './counts.js';

const BAR = 20;

/**
 * The line for `done` of `total` posts read, within `width` columns: the bar
 * goes first when it does not fit, then the words (`12,345 / ~100,000`).
 * `estimated`: the total is the number of files found, not of posts (`~100,000`).
 */
export function progressLine(done: number, total: number, width: number, ascii: boolean, estimated = false): string {
	const share = total > 0 ? Math.min(1, done / total) : 0;
	const filled = Math.round(share * BAR);
	const [full, empty, left, right] = ascii ? ['#', '.', '[', ']'] : ['█', '░', '▕', '▏'];
	const bar = `${left}${full.repeat(filled)}${empty.repeat(BAR - filled)}${right}`;
	const numbers = `${countText(done)} / ${estimated ? '~' : ''}${countText(total)}`;
	const counts = `reading posts ${numbers}`;
	const line = `${counts} ${bar} ${Math.floor(share * 100)}%`;
	if (line.length <= width) return line;
	return counts.length <= width ? counts : numbers.slice(0, Math.max(0, width));
}
