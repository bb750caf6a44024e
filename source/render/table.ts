import type {Tokens} from 'marked';
import {align, displayWidth, wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {appendAll, maxOf} from '../util/arrays.js';

const MIN_COLUMN = 6;

type Alignment = 'left' | 'right' | 'center' | null;

/**
 * Column widths that fit `available` columns. With each column's longest word
 * (`longest`), as a browser lays out a table: every column first gets its
 * longest word (no word is broken when the words fit), and what is left goes
 * to the columns by how much more they would take, none past its natural
 * width. When the words don't all fit, the columns of short words keep them and
 * the others share what is left; without the words, likewise by natural width.
 * Undefined when even the minimum width per column does not fit.
 */
export function fitColumns(natural: number[], available: number, longest?: number[]): number[] | undefined {
	const total = natural.reduce((sum, value) => sum + value, 0);
	if (total <= available) return natural;
	if (natural.length * MIN_COLUMN > available) return undefined;
	if (!longest) return waterFilled(natural, available);
	const words = natural.map((width, index) => Math.min(width, Math.max(MIN_COLUMN, longest[index] ?? 0)));
	const least = words.reduce((sum, value) => sum + value, 0);
	// Words that can't all fit: the columns of short words keep them whole, the longest words are broken.
	return least <= available ? byNeed(words, natural, available - least) : waterFilled(words, available);
}

/** `least` widened by `extra` columns in all, each by its share of what it still wants. */
function byNeed(least: number[], natural: number[], extra: number): number[] {
	const wants = natural.map((width, index) => width - (least[index] ?? 0));
	const wanted = wants.reduce((sum, value) => sum + value, 0);
	const widths = least.map((width, index) => width + Math.floor((extra * (wants[index] ?? 0)) / wanted));
	// What rounding down left goes a column at a time to those furthest from their natural width.
	let left = extra - widths.reduce((sum, width, index) => sum + width - (least[index] ?? 0), 0);
	const hungriest = widths.map((_, index) => index).sort((a, b) => (wants[b] ?? 0) - (wants[a] ?? 0));
	for (const index of hungriest) {
		if (left <= 0) break;
		if ((widths[index] ?? 0) < (natural[index] ?? 0)) {
			widths[index] = (widths[index] ?? 0) + 1;
			left--;
		}
	}

	return widths;
}

/** Water-filling: columns narrower than a fair share take their width; the rest split what remains evenly. */
function waterFilled(natural: number[], available: number): number[] {
	const widths = natural.map(() => 0);
	let remaining = available;
	let open = natural.map((_, index) => index);
	for (;;) {
		const share = Math.floor(remaining / open.length);
		const small = open.filter(index => (natural[index] ?? 0) <= share);
		if (small.length === 0) {
			open.forEach((index, position) => {
				widths[index] = Math.max(MIN_COLUMN, share + (position < remaining - share * open.length ? 1 : 0));
			});
			return widths;
		}

		for (const index of small) {
			widths[index] = natural[index] ?? 0;
			remaining -= widths[index] ?? 0;
		}

		open = open.filter(index => !small.includes(index));
		if (open.length === 0) return widths;
	}
}

/** The widest word of a cell's text (words are what a browser never breaks while it can help it). */
function longestWord(text: string): number {
	return maxOf(
		text.split(/[\s]+/).map(word => displayWidth(word)),
		0,
	);
}

/** A GFM table as boxed lines no wider than `width`; too many columns → one record per row. */
export function renderTable(
	token: Tokens.Table,
	width: number,
	theme: Theme,
	inline: (tokens: Tokens.TableCell['tokens']) => string,
): string[] {
	const header = token.header.map(cell => theme.strong(inline(cell.tokens)));
	const rows = token.rows.map(row => row.map(cell => inline(cell.tokens)));
	const aligns: Alignment[] = token.align;
	const columns = header.length;
	const natural = header.map((cell, index) =>
		Math.max(
			1,
			displayWidth(cell),
			maxOf(
				rows.map(row => maxOf((row[index] ?? '').split('\n').map(displayWidth), 0)),
				0,
			),
		),
	);

	const longest = header.map((cell, index) =>
		Math.max(
			longestWord(cell),
			maxOf(
				rows.map(row => longestWord(row[index] ?? '')),
				0,
			),
		),
	);
	const widths = fitColumns(natural, width - (columns * 3 + 1), longest);
	if (!widths) return renderRecords(header, rows, width, theme);

	const frame = theme.codeFrame;
	const {rule: line, corners, tableBar: bar} = theme.glyphs;
	const rule = ([left = '', middle = '', right = '']: string) =>
		frame(left + widths.map(w => line.repeat(w + 2)).join(middle) + right);
	const renderRow = (cells: string[]): string[] => {
		const wrapped = widths.map((w, index) => wrapStyled(cells[index] ?? '', w));
		const height = maxOf(
			wrapped.map(lines => lines.length),
			0,
		);
		return Array.from(
			{length: height},
			(_, row) =>
				frame(bar) +
				widths.map((w, index) => ` ${align(wrapped[index]?.[row] ?? '', w, aligns[index] ?? null)} `).join(frame(bar)) +
				frame(bar),
		);
	};

	const body = rows.map(renderRow);
	const separated = body.some(lines => lines.length > 1);
	const lines = [rule(corners.top), ...renderRow(header), rule(corners.middle)];
	body.forEach((rowLines, index) => {
		if (separated && index > 0) lines.push(rule(corners.middle));
		appendAll(lines, rowLines);
	});
	lines.push(rule(corners.bottom));
	return lines;
}

function renderRecords(header: string[], rows: string[][], width: number, theme: Theme): string[] {
	const lines: string[] = [];
	rows.forEach((row, rowIndex) => {
		if (rowIndex > 0) lines.push(theme.codeFrame(theme.glyphs.recordRule.repeat(Math.min(width, 20))));
		header.forEach((name, index) => {
			appendAll(lines, wrapStyled(`${name}: ${row[index] ?? ''}`, width));
		});
	});
	return lines;
}
