// Wrapping plain ASCII, where a column is a character: wrap-ansi's rows,
// worked out without measuring every row again at every word and every
// character for escapes, which made wrapping most of the cost of a long post.
// test/text/width.test.ts holds them to wrap-ansi's output.
import {appendAll} from '../util/arrays.js';

/** Printable ASCII and line breaks: one column per character, no escapes to carry. */
export const PLAIN_ASCII = /^[\u0020-\u007E\n]*$/;

type WrapMode = {trim: boolean; wordWrap: boolean};

function extendLastRow(rows: string[], text: string): void {
	rows[rows.length - 1] = (rows.at(-1) ?? '') + text;
}

/** Appends a word character by character, starting new rows at `columns`. */
function breakPlainWord(rows: string[], word: string, columns: number): void {
	let visible = rows.at(-1)?.length ?? 0;
	for (let index = 0; index < word.length; index++) {
		if (visible + 1 <= columns) {
			extendLastRow(rows, word[index] ?? '');
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

/** wrap-ansi's algorithm (hard, with the given trim and word wrap), one line. */
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
				extendLastRow(rows, ' ');
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

		extendLastRow(rows, word);
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

/** Word-wraps plain ASCII (wrap-ansi with hard and trim): words longer than a line are broken. */
export function wrapPlain(text: string, columns: number): string[] {
	const rows: string[] = [];
	for (const line of text.split('\n')) {
		if (!wrapPlainWords(line, columns, rows))
			appendAll(rows, wrapPlainLine(line, columns, {trim: true, wordWrap: true}));
	}

	return rows;
}

/** Breaks plain ASCII at `columns`, keeping spaces (wrap-ansi with hard, no trim, no word wrap). */
export function breakPlain(text: string, columns: number): string[] {
	return text.split('\n').flatMap(line => wrapPlainLine(line, columns, {trim: false, wordWrap: false}));
}
