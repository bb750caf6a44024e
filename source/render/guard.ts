import {fenceTracker} from '../text/fences.js';

// Caps applied to a post's Markdown before it is lexed, so no post can make
// marked recurse or backtrack without bound. They only touch input no real
// post has: hundreds of nested quotes or list levels, or delimiter runs of
// dozens of the same character.

/** Quote markers (`>`) kept at the start of a line. */
export const MAX_QUOTE_DEPTH = 16;
/** Leading columns of indentation kept outside code fences (list nesting). */
export const MAX_INDENT = 48;
/** Longer runs of one delimiter character are escaped, so they read as text. */
export const MAX_DELIMITER_RUN = 32;
/** A paragraph with more emphasis delimiters than this has them all escaped. */
export const MAX_DELIMITERS_PER_PARAGRAPH = 512;
/** A line longer than this is cut (the rest is dropped, with a note). */
export const MAX_LINE_LENGTH = 20_000;

const DELIMITER_RUN = new RegExp(`([*_~\`\\[\\]<>])\\1{${MAX_DELIMITER_RUN},}`, 'g');
const DELIMITER = /[*_]/g;

function escapeAll(run: string): string {
	return run.replace(/./g, char => `\\${char}`);
}

function capQuotes(line: string): string {
	const match = /^(?:[ \t]*>){17,}/.exec(line);
	if (!match) return line;
	return '> '.repeat(MAX_QUOTE_DEPTH) + line.slice(match[0].length);
}

function capIndent(line: string): string {
	const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
	const columns = [...indent].reduce((sum, char) => sum + (char === '\t' ? 4 : 1), 0);
	return columns > MAX_INDENT ? ' '.repeat(MAX_INDENT) + line.slice(indent.length) : line;
}

export type Guarded = {markdown: string; capped: boolean};

// What any of the caps needs somewhere in the text, looked for in the whole text at
// once: 17 quote markers, 13 characters of indentation (48 columns are 12 tabs),
// a delimiter run, more delimiters than a paragraph may have.
const DEEP_QUOTE = /^(?:[ \t]*>){17}/m;
const DEEP_INDENT = /^[ \t]{13}/m;
const ANY_DELIMITER_RUN = new RegExp(DELIMITER_RUN.source);

function hasLongLine(markdown: string): boolean {
	let start = 0;
	for (let end = markdown.indexOf('\n'); end !== -1; end = markdown.indexOf('\n', start)) {
		if (end - start > MAX_LINE_LENGTH) return true;
		start = end + 1;
	}

	return markdown.length - start > MAX_LINE_LENGTH;
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
	return (
		!DEEP_QUOTE.test(markdown) &&
		!DEEP_INDENT.test(markdown) &&
		!ANY_DELIMITER_RUN.test(markdown) &&
		!manyDelimiters(markdown) &&
		!hasLongLine(markdown)
	);
}

/** The post's Markdown with pathological constructs made harmless. */
export function guardMarkdown(markdown: string): Guarded {
	return nothingToCap(markdown) ? {markdown, capped: false} : guardLines(markdown);
}

/** The same, line by line: what guardMarkdown does when a cap may apply. */
export function guardLines(markdown: string): Guarded {
	const lines = markdown.split('\n');
	let capped = false;
	const inFence = fenceTracker();
	// Lines of the paragraph being read, and how many emphasis delimiters it has so far.
	let paragraph: number[] = [];
	let delimiters = 0;
	const endParagraph = () => {
		if (delimiters > MAX_DELIMITERS_PER_PARAGRAPH) {
			for (const index of paragraph) lines[index] = (lines[index] ?? '').replace(/(?<!\\)([*_])/g, '\\$1');
			capped = true;
		}

		paragraph = [];
		delimiters = 0;
	};

	lines.forEach((original, index) => {
		let line = original.length > MAX_LINE_LENGTH ? original.slice(0, MAX_LINE_LENGTH) : original;
		if (inFence(line)) {
			endParagraph();
		} else if (line.trim() === '') {
			endParagraph();
		} else {
			line = capIndent(capQuotes(line)).replace(DELIMITER_RUN, escapeAll);
			paragraph.push(index);
			delimiters += (line.match(DELIMITER) ?? []).length;
		}

		if (line !== original) capped = true;
		lines[index] = line;
	});
	endParagraph();
	return {markdown: lines.join('\n'), capped};
}
