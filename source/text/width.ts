import {eastAsianWidth} from 'get-east-asian-width';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import wrapAnsi from 'wrap-ansi';
import {breakPlain, PLAIN_ASCII, wrapPlain} from './wrap-plain.js';

/**
 * Characters that take one column each and never join a neighbour into one
 * grapheme: printable ASCII, Latin letters, general punctuation, arrows, box
 * drawing and geometric shapes (less the soft hyphen and two emoji squares).
 * For text made only of these a column is a UTF-16 unit.
 */
export const NARROW_TEXT =
	/^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u21FF\u2500-\u25FC\u25FF]*$/;

/**
 * Text whose every code point is a grapheme of its own, whose width is its
 * East Asian Width: no marks, controls, format or ignorable characters, emoji
 * or their modifiers, regional indicators, Hangul jamo, halfwidth/fullwidth
 * forms, and none of the few letters that join a neighbour (Thai and Lao AM,
 * prepended repha). Most CJK, Cyrillic, Greek and Hebrew text is such.
 */
const JOINING = [
	/\p{M}\p{C}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Default_Ignorable_Code_Point}/u.source,
	/\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\uFF00-\uFFEF\u0E33\u0EB3\u0D4E/u.source,
	/\u{111C2}\u{111C3}\u{113D1}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}/u.source,
].join('');
/** U+2062–U+2064, the invisible operators the renderer marks code blocks and note references with. */
const RENDER_MARK = /[\u2062-\u2064]/;
const RENDER_MARKS = /[\u2062-\u2064]/g;

export const SIMPLE_TEXT = new RegExp(`^[^${JOINING}\\p{Extended_Pictographic}]*$`, 'u');

/**
 * Simple text with emoji in it, each standing alone: no joiner, modifier,
 * variation selector or keycap next to it, so each is a grapheme of its own
 * (emoji-dense posts are measured by the word, and string-width's segmenter
 * made that quadratic in practice).
 */
export const LONE_EMOJI_TEXT = new RegExp(`^[^${JOINING}]*$`, 'u');

// A lone emoji is two columns when it shows as an emoji by default, as string-width has it
// (its emoji pattern is dear to build, so it is not asked).
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

function simpleWidth(text: string): number {
	let width = 0;
	for (const char of text) width += eastAsianWidth(char.codePointAt(0) ?? 0);
	return width;
}

function loneEmojiWidth(text: string): number {
	let width = 0;
	for (const char of text) {
		const code = char.codePointAt(0) ?? 0;
		width += code > 0xff && EMOJI_PRESENTATION.test(char) ? 2 : eastAsianWidth(code);
	}

	return width;
}

/**
 * Columns a string takes on screen: ANSI codes count zero, CJK and emoji two.
 * Narrow and simple text is measured here; string-width's grapheme segmenter
 * and emoji tables, slow at their first use, only for the rest.
 */
export function displayWidth(text: string): number {
	if (text.length < REMEMBERED_FROM) return measureWidth(text);
	const known = rememberedWidths.get(text);
	if (known !== undefined) return known;
	const width = measureWidth(text);
	if (rememberedWidths.size >= REMEMBERED_WIDTHS) rememberedWidths.delete(rememberedWidths.keys().next().value ?? '');
	rememberedWidths.set(text, width);
	return width;
}

/**
 * The widths of the last long lines measured. Each frame measures its lines
 * again (Ink for its layout and its output, the screens for their own), and a
 * frame mostly shows the lines of the one before it: looking a line up costs
 * far less than measuring one with colours or wide characters in it. The
 * oldest is forgotten first, so what is kept stays a few megabytes at most.
 */
const rememberedWidths = new Map<string, number>();
const REMEMBERED_WIDTHS = 4096;
/** Shorter lines are measured faster than they are looked up. */
const REMEMBERED_FROM = 64;

function measureWidth(text: string): number {
	const visible = text.includes('\u001B') || text.includes('\u009B') ? stripAnsi(text) : text;
	if (NARROW_TEXT.test(visible)) return visible.length;
	// The renderer's invisible marks (render/refs.ts) are zero columns wide: without them the text may be narrow.
	if (RENDER_MARK.test(visible)) return displayWidth(visible.replace(RENDER_MARKS, ''));
	if (SIMPLE_TEXT.test(visible)) return simpleWidth(visible);
	if (LONE_EMOJI_TEXT.test(visible)) return loneEmojiWidth(visible);
	if (visible.length <= GRAPHEME_CHUNK) return stringWidth(visible);
	// string-width segments its text into graphemes, in time quadratic in the text's length (V8's
	// segmenter): a long text is measured a piece at a time, the pieces cut between graphemes.
	let width = 0;
	for (const piece of graphemeChunks(visible)) width += stringWidth(piece);
	return width;
}

/** Pieces of text given to a grapheme segmenter at a time: V8's takes time quadratic in one text's length. */
const GRAPHEME_CHUNK = 256;
/** Where no sure place to cut comes (a run of marks), a piece is cut here all the same. */
const LONGEST_CHUNK = 1024;

/** Whether a grapheme surely ends before `at`: the code points on both sides join nothing (SIMPLE_TEXT). */
function graphemeEndsBefore(text: string, at: number): boolean {
	const before = text.charCodeAt(at - 1);
	// The low half of a pair: look at the whole code point before it.
	const start = before >= 0xdc00 && before <= 0xdfff ? at - 2 : at - 1;
	const after = text.codePointAt(at) ?? 0;
	return SIMPLE_TEXT.test(text.slice(start, at + (after > 0xffff ? 2 : 1)));
}

/**
 * The text in pieces of about 256 UTF-16 units, cut only where a grapheme surely ends (or, in a run of
 * over 1,024 units that join, there): each can be segmented on its own, and the graphemes are the text's.
 */
export function* graphemeChunks(text: string): Generator<string> {
	let start = 0;
	while (start < text.length) {
		let end = Math.min(text.length, start + GRAPHEME_CHUNK);
		while (end < text.length && end < start + LONGEST_CHUNK && !graphemeEndsBefore(text, end)) end++;
		// Never between the halves of a pair.
		const last = text.charCodeAt(end - 1);
		if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
		yield text.slice(start, end);
		start = end;
	}
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

/** A digit or a semicolon, in an SGR code's parameters. */
const isParameter = (code: number): boolean => (code >= 0x30 && code <= 0x39) || code === 0x3b;

/** Whether `text[from, to)` is only colour codes (SGR) and OSC hyperlink codes: no column on screen. */
function onlyEscapes(text: string, from: number, to: number): boolean {
	let at = from;
	while (at < to) {
		if (text.charCodeAt(at) !== 0x1b) return false;
		const kind = text.charCodeAt(at + 1);
		at += 2;
		if (kind === 0x5b) {
			// `ESC [` digits and semicolons, then `m`.
			while (at < to && isParameter(text.charCodeAt(at))) at++;
			if (at >= to || text.charCodeAt(at) !== 0x6d) return false;
		} else if (kind === 0x5d) {
			// `ESC ]` up to a bell, with none of the characters that end or break an OSC code before it.
			for (; at < to && text.charCodeAt(at) !== 0x07; at++) {
				const code = text.charCodeAt(at);
				if (code === 0x18 || code === 0x1a || code === 0x1b || (code >= 0x80 && code <= 0x9f)) return false;
			}

			if (at >= to) return false;
		} else return false;
		at++;
	}

	return true;
}

/**
 * `line` with the spaces dropped between blank words (empty, or only escape codes) once a stretch of them
 * since the last visible word has had `most` spaces. wrap-ansi (trimming) adds such a stretch to the row a word
 * and a space at a time and measures the whole row again at each: n spaces, or n styled spaces (a code span of
 * one space), took time n². Past columns + 1 spaces the row is wider than the line, and more change none of its
 * decisions: the next visible word starts a row of its own, and the spaces after the row's last visible word
 * are trimmed, its codes kept in order. So the rows are the same.
 */
function cutBlankStretches(line: string, most: number): string {
	let kept = '';
	let copied = 0;
	/** Spaces since the last visible word, up to and including the one before this word. */
	let spaces = 0;
	let start = 0;
	for (let first = true; ; first = false) {
		const space = line.indexOf(' ', start);
		const end = space === -1 ? line.length : space;
		const blank = start === end || onlyEscapes(line, start, end);
		if (!first) {
			spaces++;
			if (blank && spaces > most) {
				kept += line.slice(copied, start - 1);
				copied = start;
			}
		}

		if (!blank) spaces = 0;
		if (space === -1) break;
		start = space + 1;
	}

	return copied === 0 ? line : kept + line.slice(copied);
}

/** cutBlankStretches for each line of `text` (wrap-ansi wraps each on its own). */
export function cutBlankRuns(text: string, columns: number): string {
	return text
		.split('\n')
		.map(line => cutBlankStretches(line, columns + 1))
		.join('\n');
}

/** Word-wraps styled text to `width` columns; words longer than a line are broken. */
export function wrapStyled(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	const spaced = text.replace(/\t/g, ' ');
	if (PLAIN_ASCII.test(spaced)) return wrapPlain(spaced, columns);

	return wrapAnsi(cutBlankRuns(spaced, columns), columns, {hard: true, trim: true})
		.split('\n')
		.flatMap(line => fitWidth(line, columns));
}

/** Breaks styled text at `width` columns, keeping spaces (for code). */
export function breakStyled(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	if (PLAIN_ASCII.test(text)) return breakPlain(text, columns);
	return wrapAnsi(text, columns, {hard: true, trim: false, wordWrap: false})
		.split('\n')
		.flatMap(line => fitWidth(line, columns));
}

/** Cuts styled text to at most `width` columns, ending in `ellipsis` (`…`, or `...` where only ASCII shows). */
export function truncate(text: string, width: number, ellipsis = '…'): string {
	if (width <= 0) return '';
	// The ellipsis is narrow text: a column per character.
	const room = width - ellipsis.length;
	// Narrow text without escapes (most titles and excerpts) is cut by length.
	if (NARROW_TEXT.test(text)) {
		if (text.length <= width) return text;
		return room < 0 ? text.slice(0, width) : `${text.slice(0, room)}${ellipsis}`;
	}

	if (displayWidth(text) <= width) return text;
	if (room < 0) return truncate(text, width, '');
	if (SIMPLE_TEXT.test(text)) {
		let kept = '';
		let used = 0;
		for (const char of text) {
			const columns = eastAsianWidth(char.codePointAt(0) ?? 0);
			if (used + columns > room) break;
			kept += char;
			used += columns;
		}

		return `${kept}${ellipsis}`;
	}

	// slice-ansi keeps a wide character that starts at the last column, so step back until it fits.
	let end = room;
	let kept = sliceAnsi(text, 0, end);
	while (end > 0 && displayWidth(kept) > room) kept = sliceAnsi(text, 0, --end);
	return `${kept}${ellipsis}`;
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

let graphemes: Intl.Segmenter | undefined;

/**
 * Word-wraps unstyled text to `width` columns in time linear in its length:
 * each word is measured once, and only a word longer than a line is broken,
 * between graphemes. For text shown as it is, where wrap-ansi's measuring of
 * every row again would take too long (a post that could not be rendered).
 */
export function wrapText(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	const rows: string[] = [];
	let row = '';
	let used = 0;
	const endRow = () => {
		rows.push(row);
		row = '';
		used = 0;
	};

	for (const word of text.split(' ')) {
		const wide = displayWidth(word);
		if (wide > columns) {
			if (used > 0) endRow();
			graphemes ??= new Intl.Segmenter();
			for (const {segment} of graphemes.segment(word)) {
				const size = displayWidth(segment);
				if (used + size > columns && used > 0) endRow();
				row += segment;
				used += size;
			}

			continue;
		}

		if (used > 0 && used + 1 + wide > columns) endRow();
		if (used > 0 || row !== '') {
			row += ' ';
			used++;
		}

		row += word;
		used += wide;
	}

	rows.push(row);
	return rows;
}
