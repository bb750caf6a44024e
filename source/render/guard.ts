import {isAsciiLetter, isAsciiPunctuation} from '../text/char-codes.js';
import {fenceTracker} from '../text/fences.js';
import {appendAll} from '../util/arrays.js';

// Caps applied to a post's Markdown before it is lexed, so no post can make
// marked recurse or backtrack without bound. They only touch input no real
// post has: dozens of quotes or list items opened on one line, deep
// indentation, delimiter runs of dozens of the same character, or lines of
// tens of thousands of characters.

/**
 * Containers (quotes, list items) opened on one line beyond this read as text: marked
 * lexes each container by recursing, and `- ` × 1,500 on one line exhausted its stack.
 */
export const MAX_CONTAINERS_PER_LINE = 16;
/**
 * Leading columns of indentation kept outside code fences; a container marker starting
 * past this column reads as text. Lines continue the containers above them by indentation
 * (two columns a list level at least), so nesting across lines stays bounded too.
 */
export const MAX_INDENT = 48;
/** Longer runs of one delimiter character are escaped, so they read as text. */
export const MAX_DELIMITER_RUN = 32;
/** A paragraph with more emphasis delimiters than this has them all escaped. */
export const MAX_DELIMITERS_PER_PARAGRAPH = 512;
/** A line longer than this is split into lines this long at most (nothing is dropped). */
export const MAX_LINE_LENGTH = 20_000;
/** How far back from where a long line must be split a space before a letter is looked for. */
const SPLIT_WINDOW = 2000;

const DELIMITER_RUN = new RegExp(`([*_~\`\\[\\]<>])\\1{${MAX_DELIMITER_RUN},}`, 'g');
const DELIMITER = /[*_]/g;

function escapeAll(run: string): string {
	return run.replace(/./g, char => `\\${char}`);
}

const SPACE = 0x20;
const TAB = 0x09;
const ZERO = 0x30;
const NINE = 0x39;
const BACKSLASH = 0x5c;

function isBlank(code: number): boolean {
	return code === SPACE || code === TAB;
}

/** The length of the container marker at `at` (`>`, `-`, `*`, `+`, `1.`, `1)`), 0 if there is none. */
function markerLength(text: string, at: number, end: number): number {
	const code = text.charCodeAt(at);
	if (code === 0x3e) return 1; // `>` needs no space after it
	// A bullet or a number is an item only when a space, a tab or the end of the line follows it.
	const endsItem = (after: number) => after >= end || isBlank(text.charCodeAt(after));
	if (code === 0x2d || code === 0x2a || code === 0x2b) return endsItem(at + 1) ? 1 : 0;
	let digits = 0;
	while (digits < 10 && at + digits < end) {
		const digit = text.charCodeAt(at + digits);
		if (digit < ZERO || digit > NINE) break;
		digits++;
	}

	// CommonMark allows nine digits at most.
	if (digits === 0 || digits > 9) return 0;
	const delimiter = text.charCodeAt(at + digits);
	return (delimiter === 0x2e || delimiter === 0x29) && endsItem(at + digits + 1) ? digits + 1 : 0;
}

/**
 * Where a thematic break (`- - -`, `***`) may start on the line [start, end): it is the line's
 * tail of spaces and one of `-*_`, holding three of them at least. A marker inside that range is
 * a break, not a list item. Found once a line, walking back from its end; `[end, end]` if none.
 */
function breakRange(text: string, start: number, end: number): [number, number] {
	let at = end - 1;
	while (at >= start && isBlank(text.charCodeAt(at))) at--;
	const mark = text.charCodeAt(at);
	if (at < start || (mark !== 0x2d && mark !== 0x2a && mark !== 0x5f)) return [end, end];
	let count = 0;
	let third = -1;
	let first = end;
	for (; at >= start; at--) {
		const code = text.charCodeAt(at);
		if (code === mark) {
			if (++count === 3) third = at;
			first = at;
		} else if (!isBlank(code)) break;
	}

	return third === -1 ? [end, end] : [first, third];
}

/** What the one-pass scan of a line's container markers found. */
export type LinePrefix = {
	/** Where the line's content starts: past its leading indentation and its container markers. */
	content: number;
	/** Columns of leading indentation (a tab to the next multiple of 4). */
	indent: number;
	/** Where the first marker that must read as text is (its `.` or `)` for a number), or -1. */
	asText: number;
	/** Whether a list item opens on the line: then it starts a block of its own. */
	item: boolean;
};

/**
 * The container markers that open at the start of the line [start, end), read once left to right:
 * quotes and list items, each after at most four columns of space (more is indented code, where
 * the markers end). The 17th marker, or one starting past column 48, is where the rest must read as
 * text. A thematic break ends the markers: `- - - -` stays a rule however long.
 */
export function linePrefix(text: string, start = 0, end = text.length): LinePrefix {
	let at = start;
	let column = 0;
	let indent = -1;
	let count = 0;
	let item = false;
	let breaks: [number, number] | undefined;
	for (;;) {
		const gapStart = column;
		for (; at < end; at++) {
			const code = text.charCodeAt(at);
			if (code === SPACE) column++;
			else if (code === TAB) column += 4 - (column % 4);
			else break;
		}

		if (indent === -1) indent = column;
		else if (column - gapStart > 4) break;
		if (at >= end) break;
		const length = markerLength(text, at, end);
		if (length === 0) break;
		const code = text.charCodeAt(at);
		if (code === 0x2d || code === 0x2a) {
			breaks ??= breakRange(text, start, end);
			if (at >= breaks[0] && at <= breaks[1]) break;
		}

		if (count >= MAX_CONTAINERS_PER_LINE || column > MAX_INDENT) {
			return {content: at, indent, asText: at + length - 1, item};
		}

		count++;
		if (code !== 0x3e) item = true;
		at += length;
		column += length;
	}

	return {content: at, indent, asText: -1, item};
}

function capIndent(line: string, indent: number): string {
	if (indent <= MAX_INDENT) return line;
	let at = 0;
	while (at < line.length && isBlank(line.charCodeAt(at))) at++;
	return ' '.repeat(MAX_INDENT) + line.slice(at);
}

export type Guarded = {markdown: string; capped: boolean};

// What any of the caps needs somewhere in the text, looked for in the whole text at
// once: a delimiter run, more delimiters than a paragraph may have; and line by line,
// without taking the text apart, too many containers or too much indentation.
const ANY_DELIMITER_RUN = new RegExp(DELIMITER_RUN.source);

/** Whether some line is too long, too deeply indented or opens too many containers. */
function hasLineToCap(markdown: string): boolean {
	let start = 0;
	for (;;) {
		const newline = markdown.indexOf('\n', start);
		const end = newline === -1 ? markdown.length : newline;
		if (end - start > MAX_LINE_LENGTH) return true;
		const prefix = linePrefix(markdown, start, end);
		if (prefix.asText !== -1 || prefix.indent > MAX_INDENT) return true;
		if (newline === -1) return false;
		start = newline + 1;
	}
}

/** The last space in [floor, before) that a letter follows, -1 if none. */
function spaceBeforeLetter(line: string, before: number, floor: number): number {
	for (let at = before - 1; at >= floor; at--)
		if (line.charCodeAt(at) === SPACE && isAsciiLetter(line.charCodeAt(at + 1))) return at;
	return -1;
}

/** Where the blanks that end line[start, end) begin. */
function blanksStart(line: string, start: number, end: number): number {
	while (end > start && isBlank(line.charCodeAt(end - 1))) end--;
	return end;
}

/**
 * A long line in pieces of MAX_LINE_LENGTH at most, nothing dropped. In prose
 * a piece ends at a space a letter follows, where there is one near: a line
 * starting with a letter opens no block, so the paragraph goes on and reads
 * the same (its line break shown as the space was). Where there is none, it
 * is cut at the length, and the next piece's first character escaped when it
 * could open a block. Code is cut at the length.
 */
function lineInPieces(line: string, code: boolean): string[] {
	const pieces: string[] = [];
	let start = 0;
	let escapeNext = false;
	while (line.length - start > MAX_LINE_LENGTH) {
		let end = start + MAX_LINE_LENGTH;
		let next = end;
		const space = code ? -1 : spaceBeforeLetter(line, end, Math.max(start + 1, end - SPLIT_WINDOW));
		if (space === -1) {
			// A surrogate pair stays whole.
			if ((line.charCodeAt(end) & 0xfc_00) === 0xdc_00) end = next = end - 1;
		} else {
			end = blanksStart(line, start, space);
			next = space + 1;
		}

		pieces.push((escapeNext ? '\\' : '') + line.slice(start, end));
		escapeNext = !code && space === -1 && isAsciiPunctuation(line.charCodeAt(next));
		start = next;
	}

	pieces.push((escapeNext ? '\\' : '') + line.slice(start));
	return pieces;
}

/** The lines with each longer than MAX_LINE_LENGTH in pieces (lineInPieces), and whether one was. */
function linesInPieces(markdown: string): {lines: string[]; split: boolean} {
	const lines: string[] = [];
	const inFence = fenceTracker();
	let split = false;
	for (const line of markdown.split('\n')) {
		const code = inFence(line);
		if (line.length <= MAX_LINE_LENGTH) lines.push(line);
		else {
			split = true;
			appendAll(lines, lineInPieces(line, code));
		}
	}

	return {lines, split};
}

/** Whether the text has more emphasis delimiters than a paragraph may have (counted up to there). */
function manyDelimiters(markdown: string): boolean {
	let count = 0;
	for (const delimiter of ['*', '_']) {
		for (let at = markdown.indexOf(delimiter); at !== -1; at = markdown.indexOf(delimiter, at + 1)) {
			if (++count > MAX_DELIMITERS_PER_PARAGRAPH) return true;
		}
	}

	return false;
}

/**
 * Whether no cap can apply anywhere in the text, as in nearly every post:
 * then it need not be taken apart into lines (a tenth of rendering a large post).
 */
function nothingToCap(markdown: string): boolean {
	return !ANY_DELIMITER_RUN.test(markdown) && !manyDelimiters(markdown) && !hasLineToCap(markdown);
}

/** The post's Markdown with pathological constructs made harmless. */
export function guardMarkdown(markdown: string): Guarded {
	return nothingToCap(markdown) ? {markdown, capped: false} : guardLines(markdown);
}

/** The same, line by line: what guardMarkdown does when a cap may apply. */
export function guardLines(markdown: string): Guarded {
	const {lines, split} = linesInPieces(markdown);
	let capped = split;
	const inFence = fenceTracker();
	// Lines of the paragraph being read (with where their text starts, past the container
	// markers), and how many emphasis delimiters its text has so far.
	let paragraph: Array<{index: number; content: number}> = [];
	let delimiters = 0;
	const endParagraph = () => {
		if (delimiters > MAX_DELIMITERS_PER_PARAGRAPH) {
			// Only the text is escaped: a `*` that opens a list item stays one.
			for (const {index, content} of paragraph) {
				const line = lines[index] ?? '';
				lines[index] = line.slice(0, content) + line.slice(content).replace(/(?<!\\)([*_])/g, '\\$1');
			}
			capped = true;
		}

		paragraph = [];
		delimiters = 0;
	};

	lines.forEach((original, index) => {
		let line = original;
		if (inFence(line) || line.trim() === '') {
			endParagraph();
		} else {
			line = capIndent(line, linePrefix(line).indent);
			const prefix = linePrefix(line);
			const {content, asText} = prefix;
			let text = line.slice(content).replace(DELIMITER_RUN, escapeAll);
			// The marker past the cap reads as text; a run of `>` escaped as a whole has it escaped already.
			const at = asText - content;
			if (asText !== -1 && text.charCodeAt(at) !== BACKSLASH) text = `${text.slice(0, at)}\\${text.slice(at)}`;
			line = line.slice(0, content) + text;
			// A list item is a block of its own: emphasis never spans into it from the lines above.
			if (prefix.item) endParagraph();
			if (text.trim() === '') endParagraph();
			else {
				paragraph.push({index, content});
				delimiters += (text.match(DELIMITER) ?? []).length;
			}
		}

		if (line !== original) capped = true;
		lines[index] = line;
	});
	endParagraph();
	return {markdown: lines.join('\n'), capped};
}
