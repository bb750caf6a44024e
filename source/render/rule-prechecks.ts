import {Tokenizer, type TokenizerObject} from 'marked';
import {nextEvent, type Scan} from './lexing-runs.js';

// marked tries its block rules in turn at every block that is not a paragraph of
// prose, and a few of them are huge patterns (the HTML block's list of tag
// names, the setext heading's and the table's look-aheads): compiling each the
// first time it runs was much of every post's first render, and running
// them is most of the rest. Each rule here first checks what its pattern cannot
// match without, in a few characters; only then is marked's rule run (a
// tokenizer returning false hands over to marked's own). The tests compare the
// tokens with marked's own on generated Markdown (test/render/plain-prose.test.ts).

const HTML_START = /^ {0,3}</;
const DEFINITION_START = /^ {0,3}\[/;
/** A table's delimiter row, at the start of its second line. */
const DELIMITER_ROW_START = / {0,3}(?:\| *)?:?-/y;
/** A setext heading's underline, just after a line break, as marked's rule reads it. */
const UNDERLINE = / {0,3}(?:=+|-+)[ \t]*(?:\n|$)/y;
/**
 * After a line break: a line that ends a setext heading's text (a heading, a quote, a list item, a fence), as
 * marked's rule has them.
 */
const ENDS_TEXT = / {0,3}(?:#{1,6}(?:\s|$)|>|(?:[*+-]|\d{1,9}[.)]) |`{3,}|~{3,})/y;
/** What JavaScript's `\s` matches. */
const SPACE = /\s/;

/** The first line break at or after `from` that an underline follows. */
const nextUnderline: Scan = (text, from) => {
	for (let at = text.indexOf('\n', from); at !== -1; at = text.indexOf('\n', at + 1)) {
		UNDERLINE.lastIndex = at + 1;
		if (UNDERLINE.test(text)) return at;
	}

	return -1;
};

/** Whether what follows the line break at `at` is white space up to another (`\n\s*?\n`). */
function blankAfter(text: string, at: number): boolean {
	for (let next = at + 1; next < text.length; next++) {
		const char = text.charAt(next);
		if (char === '\n') return true;
		if (!SPACE.test(char)) return false;
	}

	return false;
}

/**
 * Where a setext heading's text surely ends, at or after `from`: a character its pattern's
 * `.` does not take (a line or paragraph separator), or a line break before a blank line,
 * a heading, a quote, a list item or a fence. (HTML and tables end it too, left to marked's rule.)
 */
const nextTextEnd: Scan = (text, from) => {
	for (let at = from; at < text.length; at++) {
		const code = text.charCodeAt(at);
		if (code === 0x2028 || code === 0x2029 || code === 13) return at;
		if (code !== 10) continue;
		ENDS_TEXT.lastIndex = at + 1;
		if (blankAfter(text, at) || ENDS_TEXT.test(text)) return at;
	}

	return -1;
};

/**
 * Whether a setext heading may start `source`: an underline comes before its text surely ends.
 * marked asks at every block: what each look found ahead is remembered for the rest of the
 * lexing run (lexing-runs.ts), so a post of many blocks and no blank line is read once.
 */
export function mayBeSetextHeading(source: string): boolean {
	const underline = nextEvent('block', nextUnderline, source, 0, nextUnderline);
	if (underline === -1) return false;
	const end = nextEvent('block', nextTextEnd, source, 0, nextTextEnd);
	// A list item `- ` may be an underline too: the line break before it ends the text, and the underline starts there.
	return end === -1 || underline <= end;
}

/** Whether a table may start `source`: its second line starts as a delimiter row does. */
export function mayBeTable(source: string): boolean {
	const lineEnd = source.indexOf('\n');
	if (lineEnd === -1) return false;
	DELIMITER_ROW_START.lastIndex = lineEnd + 1;
	return DELIMITER_ROW_START.test(source);
}

/** An address as marked's autolink rule starts one (not an e-mail address). */
const ADDRESS_START = /^(?:[hH][tT][tT][pP][sS]?:\/\/|[fF][tT][pP]:\/\/|www\.)/;
/** Punctuation marked drops from an address's end, one character a look (not `)`, which it may keep). */
const TRAILING = /[?!.,:;*_'"~]/;

/**
 * marked's rule for bare addresses, with a long run of punctuation at the address's end
 * (`http://a.......`) cut to its first character before the rule reads it. marked drops
 * such punctuation one character per look at the whole address: 16,000 dots took 0.8 s.
 * Whatever run follows, it drops the whole run and then reads the rest as without it, so
 * the link is the same; the run is then read as text.
 */
function address(this: Tokenizer, source: string): ReturnType<Tokenizer['url']> | false {
	if (!ADDRESS_START.test(source)) return false;
	const found = this.rules.inline.url.exec(source);
	if (!found || found[2] === '@') return false;
	let end = found[0].length;
	while (end > 0 && TRAILING.test(found[0].charAt(end - 1))) end--;
	if (found[0].length - end < 2) return false;
	return Tokenizer.prototype.url.call(this, source.slice(0, end + 1));
}

/** marked tokenizer overrides: `undefined` is no match, `false` runs marked's own rule. */
export const rulePrechecks: TokenizerObject = {
	lheading: source => (mayBeSetextHeading(source) ? false : undefined),
	html: source => (HTML_START.test(source) ? false : undefined),
	def: source => (DEFINITION_START.test(source) ? false : undefined),
	table: source => (mayBeTable(source) ? false : undefined),
	url: address,
};
