// Template tags read in one pass: each scanner looks at a character once (or a
// bounded number of times) however the tags are written, so a post of tags
// never closed, of long runs of spaces or of many openers on a line costs what
// its length does. Each reads what the regular expressions it replaces read
// (kept in the comments): a tag closed as before reads as before; one never
// closed is text.
import {isWhiteSpace, isWordCode} from '../text/char-codes.js';
import {RestSearch} from '../text/rest-search.js';

/** JavaScript's `\s`, by code unit. */
export const isSpace = isWhiteSpace;
/** JavaScript's `\w`, by code unit. */
export const isWord = isWordCode;

const isBlank = (code: number) => code === 32 || code === 9;

/** Past `\s*` from `at`. */
export function skipSpaces(text: string, at: number): number {
	let index = at;
	while (index < text.length && isSpace(text.charCodeAt(index))) index++;
	return index;
}

/** Past `[ \t]*` from `at`. */
function skipBlanks(text: string, at: number): number {
	let index = at;
	while (index < text.length && isBlank(text.charCodeAt(index))) index++;
	return index;
}

/** Whether the newline at `at` starts a blank line: `\n[ \t]*\n`. */
export function isBlankLineAt(text: string, at: number): boolean {
	if (text.charCodeAt(at) !== 10) return false;
	return text.charCodeAt(skipBlanks(text, at + 1)) === 10;
}

/** The first newline at or after `from` that starts a blank line, or -1. */
export function findBlankLine(text: string, from: number): number {
	for (let at = text.indexOf('\n', from); at !== -1; at = text.indexOf('\n', at + 1)) {
		if (isBlankLineAt(text, at)) return at;
	}

	return -1;
}

/** `{{<` or `{{%` at `at`. */
export function isHugoOpen(text: string, at: number): boolean {
	const third = text.charCodeAt(at + 2);
	return text.startsWith('{{', at) && (third === 60 || third === 37);
}

/** `[>%]}}` at `at`. */
function isHugoCloseAt(text: string, at: number): boolean {
	const first = text.charCodeAt(at);
	return (first === 62 || first === 37) && text.startsWith('}}', at + 1);
}

/** The first `[>%]}}` at or after `from`, or -1. */
export function findHugoClose(text: string, from: number): number {
	for (let at = text.indexOf('}}', from + 1); at !== -1; at = text.indexOf('}}', at + 1)) {
		if (isHugoCloseAt(text, at - 1)) return at - 1;
	}

	return -1;
}

/** The word (`\w+`) at `at` after `\s*`, with where it ends, when it is followed by `\b`. */
function wordAfterSpaces(text: string, at: number): {word: string; end: number} {
	const start = skipSpaces(text, at);
	let end = start;
	while (end < text.length && isWord(text.charCodeAt(end))) end++;
	return {word: text.slice(start, end), end};
}

// ---------------------------------------------------------------------------
// Code-block tags (one block each): an opener at the block's start, a closer
// on a line of its own somewhere after it.

/** The closing tags, each a search of the rest remembered between blocks (text/rest-search.ts). */
export type Closers = Record<
	'hugoHighlight' | 'hugoMermaid' | 'hexoMermaid' | 'liquid' | 'code' | 'codeblock' | 'comment',
	RestSearch
>;

/**
 * A Hugo closing tag at `at`: `\{\{[<%]\s*\/\s*NAME\s*[>%]\}\}`, followed by
 * `[ \t]*(?:\n|$)`; the index past that, or -1.
 */
function hugoCloserEnd(text: string, at: number, name: string): number {
	if (!isHugoOpen(text, at)) return -1;
	let index = skipSpaces(text, at + 3);
	if (text.charCodeAt(index) !== 47) return -1;
	index = skipSpaces(text, index + 1);
	if (!text.startsWith(name, index)) return -1;
	index = skipSpaces(text, index + name.length);
	if (!isHugoCloseAt(text, index)) return -1;
	return lineEnd(text, index + 3);
}

/**
 * A Liquid or Hexo closing tag at `at`: `\{%-?\s*NAME\s*-?%\}` (no dashes when `dashes` is false),
 * then `[ \t]*(?:\n|$)`.
 */
function liquidCloserEnd(text: string, at: number, name: string, dashes: boolean): number {
	if (!text.startsWith('{%', at)) return -1;
	let index = at + 2;
	if (dashes && text.charCodeAt(index) === 45) index++;
	index = skipSpaces(text, index);
	if (!text.startsWith(name, index)) return -1;
	index = skipSpaces(text, index + name.length);
	if (dashes && text.charCodeAt(index) === 45) index++;
	if (!text.startsWith('%}', index)) return -1;
	return lineEnd(text, index + 2);
}

/** Past `[ \t]*(?:\n|$)` from `at`, or -1. */
function lineEnd(text: string, at: number): number {
	const index = skipBlanks(text, at);
	if (index === text.length) return index;
	return text.charCodeAt(index) === 10 ? index + 1 : -1;
}

/** A search for the first closer (by its `{`) whose text `closerEnd` reads. */
function closerSearch(opening: string, closerEnd: (text: string, at: number) => number): RestSearch {
	return new RestSearch(
		(text, from) => {
			for (let at = text.indexOf(opening, from); at !== -1; at = text.indexOf(opening, at + 1)) {
				if (closerEnd(text, at) !== -1) return at;
			}

			return -1;
		},
		(text, at) => text.startsWith(opening, at),
	);
}

/** A fresh set of closer searches (what they remember is about one text at a time, its places in order). */
function closerSearches(): Closers {
	return {
		hugoHighlight: closerSearch('{{', (text, at) => hugoCloserEnd(text, at, 'highlight')),
		hugoMermaid: closerSearch('{{', (text, at) => hugoCloserEnd(text, at, 'mermaid')),
		comment: closerSearch('{{', (text, at) => hugoCloserEnd(text, at, 'comment')),
		hexoMermaid: closerSearch('{%', (text, at) => liquidCloserEnd(text, at, 'endmermaid', true)),
		liquid: closerSearch('{%', (text, at) => liquidCloserEnd(text, at, 'endhighlight', true)),
		code: closerSearch('{%', (text, at) => liquidCloserEnd(text, at, 'endcode', false)),
		codeblock: closerSearch('{%', (text, at) => liquidCloserEnd(text, at, 'endcodeblock', false)),
	};
}

/** A code-block tag read: the whole of it, what its opener says, and the code. */
export type TagBlock = {raw: string; parameters: string; name: string; text: string};

/**
 * The code between an opener ending at `start` and the first closer after it
 * that `closerEnd` reads: the lazy `([\s\S]*?)\n?[ \t]*CLOSER[ \t]*(?:\n|$)`.
 */
function closedBlock(
	source: string,
	context: object,
	start: number,
	search: RestSearch,
	closerEnd: (text: string, at: number) => number,
): {text: string; end: number} | undefined {
	const closer = search.first(source, context, start);
	if (closer === -1) return undefined;
	// The code ends before the closer's indentation and the newline before it (not before the code's start).
	let end = closer;
	while (end > start && isBlank(source.charCodeAt(end - 1))) end--;
	if (end > start && source.charCodeAt(end - 1) === 10) end--;
	return {text: source.slice(start, end), end: closerEnd(source, closer)};
}

/** Hugo's `INSIDE` (render/templates.ts): at most 2000 characters, no blank line. */
const INSIDE_MAX = 2000;

/** Searches of one text from a place: the first blank line's newline, the first `[>%]}}`; each -1 when none. */
export type Finds = {blank: (from: number) => number; hugoClose: (from: number) => number};

/**
 * What a reader of block tags searches for, remembered: each set is asked
 * about places in order (a set asked about a place and then about an earlier
 * one would search again), so the tokenizer and each `start` have their own.
 */
export type TagSearches = {closers: Closers; blank: RestSearch; hugoClose: RestSearch};

export function tagSearches(): TagSearches {
	return {
		closers: closerSearches(),
		blank: new RestSearch(findBlankLine, (text, at) => text.charCodeAt(at) === 10),
		hugoClose: new RestSearch(findHugoClose, (text, at) => text.startsWith('}}', at + 1)),
	};
}

/** The searches of `source` (a rest of the text lexed in `context`). */
export function findsOf(searches: {blank: RestSearch; hugoClose: RestSearch}, source: string, context: object): Finds {
	return {
		blank: from => searches.blank.first(source, context, from),
		hugoClose: from => searches.hugoClose.first(source, context, from),
	};
}

/** Whether `text[from, to)` is an `INSIDE`: `(?:[^\n]|\n(?![ \t]*\n)){0,2000}`. */
export function isInside(from: number, to: number, finds: Finds): boolean {
	if (to - from > INSIDE_MAX) return false;
	const firstBlank = finds.blank(from);
	return firstBlank === -1 || firstBlank >= to;
}

/**
 * A code-block tag at the start of `source`, as these read it:
 *
 * - Hugo: `^\{\{[<%]\s*highlight(?=[\s>%])(INSIDE)\s*[>%]\}\}[ \t]*(?:\n|(?=\S))` + code + `{{< /highlight >}}`
 * - `^\{\{[<%]\s*mermaid\b[^\n]*?[>%]\}\}[ \t]*\n?` + code + `{{< /mermaid >}}`
 * - `^\{%-?\s*mermaid\b[^\n]*?-?%\}[ \t]*\n?` + code + `{% endmermaid %}`
 * - `^\{%-?\s*highlight\s+([\w+#.-]+)[^\n]*?-?%\}[ \t]*\n?` + code + `{% endhighlight %}`
 * - `^\{%\s*(codeblock|code)\b([^\n]*?)%\}[ \t]*\n` + code + `{% endcodeblock %}` / `{% endcode %}`
 *
 * `parameters` is the Hugo highlight's parameters, the Liquid highlight's
 * language or the Hexo block's options; `finds` search `source` (remembering what they found).
 */
export function readTagBlock(source: string, context: object, closers: Closers, finds: Finds): TagBlock | undefined {
	if (isHugoOpen(source, 0)) {
		const {word, end: nameEnd} = wordAfterSpaces(source, 3);
		if (word === 'highlight' || word.startsWith('highlight')) {
			// `highlight(?=[\s>%])`: the name ends at a space or the tag's end.
			const afterName = skipSpaces(source, 3) + 'highlight'.length;
			const next = source.charCodeAt(afterName);
			if (!(isSpace(next) || next === 62 || next === 37)) return undefined;
			const opened = hugoOpenerEnd(source, afterName, finds);
			if (!opened) return undefined;
			const code = closedBlock(source, context, opened.end, closers.hugoHighlight, (text, at) =>
				hugoCloserEnd(text, at, 'highlight'),
			);
			return (
				code && {raw: source.slice(0, code.end), parameters: opened.parameters, name: 'highlight', text: code.text}
			);
		}

		if (word !== 'mermaid') return undefined;
		const close = findHugoCloseOnLine(source, nameEnd);
		if (close === -1) return undefined;
		const code = closedBlock(source, context, afterOpener(source, close + 3), closers.hugoMermaid, (text, at) =>
			hugoCloserEnd(text, at, 'mermaid'),
		);
		return code && {raw: source.slice(0, code.end), parameters: '', name: 'mermaid', text: code.text};
	}

	if (!source.startsWith('{%')) return undefined;
	const dashed = source.charCodeAt(2) === 45;
	const {word, end: nameEnd} = wordAfterSpaces(source, dashed ? 3 : 2);
	if (word === 'mermaid' || word === 'highlight') {
		let parameters = '';
		let from = nameEnd;
		if (word === 'highlight') {
			// `highlight\s+([\w+#.-]+)`
			const languageStart = skipSpaces(source, nameEnd);
			if (languageStart === nameEnd) return undefined;
			let languageEnd = languageStart;
			while (languageEnd < source.length && isLanguageCharacter(source.charCodeAt(languageEnd))) languageEnd++;
			if (languageEnd === languageStart) return undefined;
			parameters = source.slice(languageStart, languageEnd);
			from = languageEnd;
		}

		const close = findOnLine(source, '%}', from);
		if (close === -1) return undefined;
		const search = word === 'mermaid' ? closers.hexoMermaid : closers.liquid;
		const closerName = word === 'mermaid' ? 'endmermaid' : 'endhighlight';
		const code = closedBlock(source, context, afterOpener(source, close + 2), search, (text, at) =>
			liquidCloserEnd(text, at, closerName, true),
		);
		return code && {raw: source.slice(0, code.end), parameters, name: word, text: code.text};
	}

	// Hexo's tags take no dashes.
	if (dashed || (word !== 'codeblock' && word !== 'code')) return undefined;
	// `([^\n]*?)%\}[ \t]*\n`: the first `%}` on the line that only spaces follow.
	const line = source.slice(0, lineLimit(source, nameEnd));
	for (let close = line.indexOf('%}', nameEnd); close !== -1; close = line.indexOf('%}', close + 1)) {
		const after = skipBlanks(source, close + 2);
		if (source.charCodeAt(after) !== 10) continue;
		const closerName = `end${word}`;
		const code = closedBlock(source, context, after + 1, closers[word], (text, at) =>
			liquidCloserEnd(text, at, closerName, false),
		);
		return (
			code && {raw: source.slice(0, code.end), parameters: source.slice(nameEnd, close), name: word, text: code.text}
		);
	}

	return undefined;
}

/**
 * Hugo's comment shortcode at the start of `source`, `^\{\{[<%]\s*comment\s*[>%]\}\}[\s\S]*?` to its closer:
 * its text, or undefined.
 */
export function readComment(source: string, context: object, closers: Closers): string | undefined {
	if (!isHugoOpen(source, 0)) return undefined;
	const name = skipSpaces(source, 3);
	if (!source.startsWith('comment', name)) return undefined;
	const close = skipSpaces(source, name + 'comment'.length);
	if (!isHugoCloseAt(source, close)) return undefined;
	const closer = closers.comment.first(source, context, close + 3);
	return closer === -1 ? undefined : source.slice(0, hugoCloserEnd(source, closer, 'comment'));
}

/** `[\w+#.-]`. */
function isLanguageCharacter(code: number): boolean {
	return isWord(code) || code === 43 || code === 35 || code === 46 || code === 45;
}

/** Past `[ \t]*\n?` from `at`: where the code of a tag that may have it on the opener's line starts. */
function afterOpener(text: string, at: number): number {
	const index = skipBlanks(text, at);
	return text.charCodeAt(index) === 10 ? index + 1 : index;
}

/** The end of the line `from` is on (its newline, or the text's end). */
function lineLimit(text: string, from: number): number {
	const newline = text.indexOf('\n', from);
	return newline === -1 ? text.length : newline;
}

/** The first `needle` at or after `from` on the same line, or -1: the line is searched, never the rest. */
function findOnLine(text: string, needle: string, from: number): number {
	const limit = lineLimit(text, from);
	const at = text.slice(from, limit).indexOf(needle);
	return at === -1 ? -1 : from + at;
}

/** The first `[>%]}}` at or after `from` on the same line, or -1. */
function findHugoCloseOnLine(text: string, from: number): number {
	const limit = lineLimit(text, from);
	const at = findHugoClose(text.slice(from, limit), 0);
	return at === -1 ? -1 : from + at;
}

/**
 * The end of a Hugo highlight's opener after its name: `(INSIDE)\s*[>%]\}\}[ \t]*(?:\n|(?=\S))`,
 * trying each `[>%]}}` in turn while INSIDE can reach it; the code starts where it ends.
 */
function hugoOpenerEnd(text: string, from: number, finds: Finds): {parameters: string; end: number} | undefined {
	for (let close = finds.hugoClose(from); close !== -1; close = finds.hugoClose(close + 1)) {
		let inside = close;
		while (inside > from && isSpace(text.charCodeAt(inside - 1))) inside--;
		if (!isInside(from, inside, finds)) return undefined;
		const after = skipBlanks(text, close + 3);
		if (text.charCodeAt(after) === 10) return {parameters: text.slice(from, inside), end: after + 1};
		if (after < text.length && !isSpace(text.charCodeAt(after)))
			return {parameters: text.slice(from, inside), end: after};
	}

	return undefined;
}

// ---------------------------------------------------------------------------
// Where a block tag may start, for marked's `start`: the first line before the
// next blank line that opens one (the `^…` of `startBeforeBlankLine`).

/**
 * Whether a block opener (as `opens` reads it from after its `\s*`) is at
 * `at`, its spaces crossing no blank line (the search stops at one).
 */
export type OpenerAt = (text: string, at: number) => boolean;

/** `^(?:\{\{[<%]\s*(?:highlight|mermaid)\b|\{%-?\s*(?:highlight|codeblock|code|mermaid)\b)` */
export const codeOpenerAt: OpenerAt = (text, at) => {
	if (isHugoOpen(text, at)) {
		const word = wordBeforeBlank(text, at + 3);
		return word === 'highlight' || word === 'mermaid';
	}

	if (!text.startsWith('{%', at)) return false;
	const word = wordBeforeBlank(text, text.charCodeAt(at + 2) === 45 ? at + 3 : at + 2);
	return word === 'highlight' || word === 'codeblock' || word === 'code' || word === 'mermaid';
};

/** `^\{\{[<%]\s*comment\s*[>%]\}\}` */
export const commentOpenerAt: OpenerAt = (text, at) => {
	if (!isHugoOpen(text, at) || wordBeforeBlank(text, at + 3) !== 'comment') return false;
	const end = skipSpaces(text, skipSpaces(text, at + 3) + 'comment'.length);
	return isHugoCloseAt(text, end) && !crossesBlankLine(text, at, end);
};

/** The word after `\s*` from `at`, or '' when the spaces cross a blank line. */
function wordBeforeBlank(text: string, at: number): string {
	const {word, end} = wordAfterSpaces(text, at);
	return crossesBlankLine(text, at, end) ? '' : word;
}

/** Whether a blank line starts in `text[from, to)` (a run of spaces: only it is looked at). */
function crossesBlankLine(text: string, from: number, to: number): boolean {
	for (let at = from; at < to; at++) {
		if (isBlankLineAt(text, at)) return true;
	}

	return false;
}

/** Whether a block tag that reads (opens at `at` and is closed) is at `at` in `text`, lexed in `context`. */
export type Readable = (text: string, at: number, context: object, searches: TagSearches) => boolean;

/** A Hugo comment that opens at `at` and is closed. */
export const readableComment: Readable = (text, at, context, searches) =>
	commentOpenerAt(text, at) && readComment(text.slice(at), context, searches.closers) !== undefined;

/** A code-block tag that opens at `at` and is closed. */
export const readableCode: Readable = (text, at, context, searches) => {
	if (!codeOpenerAt(text, at)) return false;
	const rest = text.slice(at);
	return readTagBlock(rest, context, searches.closers, findsOf(searches, rest, context)) !== undefined;
};

/**
 * A `start` for a block tag: where the first line that opens one is, before
 * the next blank line (the paragraph ends there anyway, and marked tries the
 * block itself). Its first character counts as a line's start, as `^` in a
 * multi-line pattern reads it; after that, the first such line or blank line
 * is searched once and remembered (text/rest-search.ts). Only a tag that is
 * closed counts: one never closed is the paragraph's text, and cutting the
 * paragraph before it would only make marked try every block there again.
 */
export function blockStart(readable: Readable): (source: string, context: object) => number | undefined {
	const atStart = tagSearches();
	const afterStart = tagSearches();
	const events = new RestSearch(
		(text, from, context) => {
			for (
				let newline = text.indexOf('\n', Math.max(0, from - 1));
				newline !== -1;
				newline = text.indexOf('\n', newline + 1)
			) {
				if (newline >= from && isBlankLineAt(text, newline)) return newline;
				if (readable(text, newline + 1, context, afterStart)) return newline + 1;
			}

			return -1;
		},
		(text, at) => text.charCodeAt(at) === 10 || (text.charCodeAt(at - 1) === 10 && text.charCodeAt(at) === 123),
	);
	return (source, context) => {
		if (readable(source, 0, context, atStart)) return 0;
		const at = events.first(source, context);
		return at === -1 || source.charCodeAt(at) === 10 ? undefined : at;
	};
}

// ---------------------------------------------------------------------------
// Inline tags.

/** The searches an inline tag needs besides `Finds`: the first `%}`, `}}` and newline from a place. */
export type InlineFinds = Finds & {
	percentClose: (from: number) => number;
	braceClose: (from: number) => number;
	newline: (from: number) => number;
};

/**
 * A template tag at the start of `source`, as
 * `^(?:\{\{[<%]INSIDE[>%]\}\}|\{%INSIDE%\}|\{\{[^\n]*?\}\})` reads it: its text, or undefined.
 */
export function readTemplateTag(source: string, finds: InlineFinds): string | undefined {
	if (isHugoOpen(source, 0)) {
		const close = finds.hugoClose(3);
		if (close !== -1 && isInside(3, close, finds)) return source.slice(0, close + 3);
	} else if (source.startsWith('{%')) {
		const close = finds.percentClose(2);
		return close !== -1 && isInside(2, close, finds) ? source.slice(0, close + 2) : undefined;
	}

	if (!source.startsWith('{{')) return undefined;
	const close = finds.braceClose(2);
	if (close === -1) return undefined;
	const newline = finds.newline(2);
	return newline === -1 || newline > close ? source.slice(0, close + 2) : undefined;
}

/**
 * A Hugo figure at the start of `source`, as `^\{\{[<%]\s*figure\s+(INSIDE)\s*\/?\s*[>%]\}\}`
 * reads it: the whole tag and its parameters (INSIDE), or undefined.
 */
export function readFigure(source: string, finds: Finds): {raw: string; parameters: string} | undefined {
	if (!isHugoOpen(source, 0)) return undefined;
	const name = skipSpaces(source, 3);
	if (!source.startsWith('figure', name)) return undefined;
	const from = skipSpaces(source, name + 'figure'.length);
	if (from === name + 'figure'.length) return undefined;
	const close = finds.hugoClose(from);
	if (close === -1) return undefined;
	// The parameters end before the spaces, the `/` of a self-closing tag and the spaces before it.
	let end = close;
	while (end > from && isSpace(source.charCodeAt(end - 1))) end--;
	if (end > from && source.charCodeAt(end - 1) === 47) {
		end--;
		while (end > from && isSpace(source.charCodeAt(end - 1))) end--;
	}

	return isInside(from, end, finds)
		? {raw: source.slice(0, close + 3), parameters: source.slice(from, end)}
		: undefined;
}

/** Where the first `{{` or `{%` is at or after `from`, or -1. */
export function findTagOpen(text: string, from: number): number {
	for (let at = text.indexOf('{', from); at !== -1; at = text.indexOf('{', at + 1)) {
		const next = text.charCodeAt(at + 1);
		if (next === 123 || next === 37) return at;
	}

	return -1;
}

/** Where the first `\{\{[<%]\s*figure\b` is at or after `from`, or -1. */
export function findFigureOpen(text: string, from: number): number {
	for (let at = text.indexOf('{{', from); at !== -1; at = text.indexOf('{{', at + 1)) {
		if (!isHugoOpen(text, at)) continue;
		const name = skipSpaces(text, at + 3);
		if (text.startsWith('figure', name) && !isWord(text.charCodeAt(name + 'figure'.length))) return at;
	}

	return -1;
}

/** A template tag written over several lines, on one: `replace(/[ \t]*\n[ \t]*\/g, ' ')`, in one pass. */
export function onOneLine(text: string): string {
	if (!text.includes('\n')) return text;
	const pieces = text.split('\n');
	const last = pieces.length - 1;
	return pieces
		.map((piece, index) => {
			let start = 0;
			let end = piece.length;
			if (index > 0) start = skipBlanks(piece, 0);
			if (index < last) while (end > start && isBlank(piece.charCodeAt(end - 1))) end--;
			return piece.slice(start, end);
		})
		.join(' ');
}
