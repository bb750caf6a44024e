import {eastAsianWidth} from 'get-east-asian-width';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import wrapAnsi from 'wrap-ansi';
import {appendAll} from '../arrays.js';

/**
 * Characters that take one column each and never join a neighbour into one
 * grapheme: printable ASCII, Latin letters, general punctuation, arrows, box
 * drawing and geometric shapes (less the soft hyphen and two emoji squares).
 * For text made only of these a column is a UTF-16 unit.
 */
export const NARROW_TEXT = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u21FF\u2500-\u25FC\u25FF]*$/;

/**
 * Text whose every code point is a grapheme of its own, whose width is its
 * East Asian Width: no marks, controls, format or ignorable characters, emoji
 * or their modifiers, regional indicators, Hangul jamo, halfwidth/fullwidth
 * forms, and none of the few letters that join a neighbour (Thai and Lao AM,
 * prepended repha). Most CJK, Cyrillic, Greek and Hebrew text is such.
 */
export const SIMPLE_TEXT = /^[^\p{M}\p{C}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Default_Ignorable_Code_Point}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\uFF00-\uFFEF\u0E33\u0EB3\u0D4E\u{111C2}\u{111C3}\u{113D1}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}]*$/u;

function simpleWidth(text: string): number {
	let width = 0;
	for (const char of text) width += eastAsianWidth(char.codePointAt(0) ?? 0);
	return width;
}

/**
 * Columns a string takes on screen: ANSI codes count zero, CJK and emoji two.
 * Narrow and simple text is measured here; string-width's grapheme segmenter
 * and emoji tables, over 10 ms at their first use, only for the rest.
 */
export function displayWidth(text: string): number {
	const visible = text.includes('\u001B') || text.includes('\u009B') ? stripAnsi(text) : text;
	if (NARROW_TEXT.test(visible)) return visible.length;
	return SIMPLE_TEXT.test(visible) ? simpleWidth(visible) : stringWidth(visible);
}

/**
 * Splits a line that is still too wide. wrap-ansi measures some scripts
 * (Thai, Devanagari) differently from string-width, which the rest of the
 * program, Ink included, uses: this makes the measure that counts the last word.
 */
export function fitWidth(line: string, width: number): string[] {
	const parts: string[] = [];
	let rest = line;
	while (displayWidth(rest) > width) {
		let end = width;
		while (end > 1 && displayWidth(sliceAnsi(rest, 0, end)) > width) end--;
		parts.push(sliceAnsi(rest, 0, end));
		rest = sliceAnsi(rest, end);
	}

	parts.push(rest);
	return parts;
}

// Printable ASCII and line breaks: one column per character, no escapes to carry.
const PLAIN_ASCII = /^[\u0020-\u007E\n]*$/;

type WrapMode = {trim: boolean; wordWrap: boolean};

function append(rows: string[], text: string): void {
	rows[rows.length - 1] = (rows.at(-1) ?? '') + text;
}

/** Appends a word character by character, starting new rows at `columns`. */
function breakPlainWord(rows: string[], word: string, columns: number): void {
	let visible = rows.at(-1)?.length ?? 0;
	for (let index = 0; index < word.length; index++) {
		if (visible + 1 <= columns) {
			append(rows, word[index] ?? '');
		} else {
			rows.push(word[index] ?? '');
			visible = 0;
		}

		visible++;
		if (visible === columns && index < word.length - 1) {
			rows.push('');
			visible = 0;
		}
	}
}

/**
 * wrap-ansi's algorithm for plain ASCII, where a column is a character: the
 * same rows, without measuring every row again at every word and every
 * character for escapes, which made wrapping most of the cost of a long post.
 */
function wrapPlainLine(line: string, columns: number, mode: WrapMode): string[] {
	if (mode.trim && line.trim() === '') return [''];
	const rows = [''];
	const words = line.split(' ');
	for (let index = 0; index < words.length; index++) {
		const word = words[index] ?? '';
		if (mode.trim) rows[rows.length - 1] = (rows.at(-1) ?? '').trimStart();
		let rowLength = rows.at(-1)?.length ?? 0;
		if (index !== 0) {
			if (rowLength >= columns && (!mode.wordWrap || !mode.trim)) {
				rows.push('');
				rowLength = 0;
			}

			if (rowLength > 0 || !mode.trim) {
				append(rows, ' ');
				rowLength++;
			}
		}

		if (word.length > columns) {
			// A word longer than a line starts on a new one when that breaks it fewer times.
			const breaksHere = 1 + Math.floor((word.length - (columns - rowLength) - 1) / columns);
			const breaksBelow = Math.floor((word.length - 1) / columns);
			if (breaksBelow < breaksHere) rows.push('');
			breakPlainWord(rows, word, columns);
			continue;
		}

		if (rowLength + word.length > columns && rowLength > 0 && word.length > 0) {
			if (!mode.wordWrap && rowLength < columns) {
				breakPlainWord(rows, word, columns);
				continue;
			}

			rows.push('');
		}

		if (rowLength + word.length > columns && !mode.wordWrap) {
			breakPlainWord(rows, word, columns);
			continue;
		}

		append(rows, word);
	}

	return mode.trim ? rows.map(row => row.replace(/ +$/, '')) : rows;
}

/**
 * wrapPlainLine's word wrap when no word is longer than a line, by positions:
 * every row is a slice of the line, so no row is built word by word. Adds
 * the rows to `rows`; false, adding none, when a word needs breaking.
 */
function wrapPlainWords(line: string, columns: number, rows: string[]): boolean {
	const first = rows.length;
	let length = 0;
	let start = -1;
	let end = 0;
	let at = 0;
	for (let index = 0; at <= line.length; index++) {
		const space = line.indexOf(' ', at);
		const wordEnd = space === -1 ? line.length : space;
		const word = wordEnd - at;
		if (word > columns) {
			rows.length = first;
			return false;
		}

		if (index !== 0 && length > 0) length++;
		if (length + word > columns && length > 0 && word > 0) {
			rows.push(line.slice(start, end));
			length = 0;
			start = -1;
		}

		if (word > 0) {
			if (start === -1) start = at;
			end = wordEnd;
		}

		length += word;
		at = wordEnd + 1;
	}

	rows.push(start === -1 ? '' : line.slice(start, end));
	return true;
}

/** Word-wraps styled text to `width` columns; words longer than a line are broken. */
export function wrapStyled(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	const spaced = text.replace(/\t/g, ' ');
	if (PLAIN_ASCII.test(spaced)) {
		const rows: string[] = [];
		for (const line of spaced.split('\n')) {
			if (!wrapPlainWords(line, columns, rows)) appendAll(rows, wrapPlainLine(line, columns, {trim: true, wordWrap: true}));
		}

		return rows;
	}

	return wrapAnsi(spaced, columns, {hard: true, trim: true}).split('\n').flatMap(line => fitWidth(line, columns));
}

/** Breaks styled text at `width` columns, keeping spaces (for code). */
export function breakStyled(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	if (PLAIN_ASCII.test(text)) return text.split('\n').flatMap(line => wrapPlainLine(line, columns, {trim: false, wordWrap: false}));
	return wrapAnsi(text, columns, {hard: true, trim: false, wordWrap: false}).split('\n').flatMap(line => fitWidth(line, columns));
}

/** Cuts styled text to at most `width` columns, ending in `…`. */
export function truncate(text: string, width: number): string {
	if (width <= 0) return '';
	// Narrow text without escapes (most titles and excerpts) is cut by length.
	if (NARROW_TEXT.test(text)) return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
	if (displayWidth(text) <= width) return text;
	if (SIMPLE_TEXT.test(text)) {
		let kept = '';
		let used = 0;
		for (const char of text) {
			const columns = eastAsianWidth(char.codePointAt(0) ?? 0);
			if (used + columns > width - 1) break;
			kept += char;
			used += columns;
		}

		return kept + '…';
	}

	// slice-ansi keeps a wide character that starts at the last column, so step back until it fits.
	let end = width - 1;
	let kept = sliceAnsi(text, 0, end);
	while (end > 0 && displayWidth(kept) > width - 1) kept = sliceAnsi(text, 0, --end);
	return kept + '…';
}

export function padEnd(text: string, width: number): string {
	return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function align(text: string, width: number, alignment: 'left' | 'right' | 'center' | null): string {
	const gap = Math.max(0, width - displayWidth(text));
	if (alignment === 'right') return ' '.repeat(gap) + text;
	if (alignment === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(Math.ceil(gap / 2));
	return text + ' '.repeat(gap);
}
