import type {TokenizerObject} from 'marked';

// marked tries its block rules in turn at every block that is not a paragraph of
// prose, and a few of them are huge patterns (the HTML block's list of tag
// names, the setext heading's and the table's look-aheads): compiling each the
// first time it runs was much of every post's first render, and running
// them is most of the rest. Each rule here first checks what its pattern cannot
// match without, in a few characters; only then is marked's rule run (a
// tokenizer returning false hands over to marked's own). The tests compare the
// tokens with marked's own on generated Markdown (test/render/plain-prose.test.ts).

/** How far a setext heading's underline is looked for; past it, marked's rule decides. */
const UNDERLINE_LOOKAHEAD = 4096;
/** A blank line (the text of a setext heading cannot go past one), as marked's rule reads it. */
const BLANK_LINE = /\n\s*?\n/;
const UNDERLINE = /\n {0,3}(?:=+|-+)[ \t]*(?:\n|$)/;
const HTML_START = /^ {0,3}</;
const DEFINITION_START = /^ {0,3}\[/;
/** A table's delimiter row, at the start of its second line. */
const DELIMITER_ROW_START = / {0,3}(?:\| *)?:?-/y;

/** Whether a setext heading may start `source`: an underline comes before the first blank line. */
export function mayBeSetextHeading(source: string): boolean {
	const window = source.slice(0, UNDERLINE_LOOKAHEAD);
	const blank = window.search(BLANK_LINE);
	if (blank === -1 && source.length > UNDERLINE_LOOKAHEAD) return true;
	return UNDERLINE.test(blank === -1 ? window : window.slice(0, blank + 1));
}

/** Whether a table may start `source`: its second line starts as a delimiter row does. */
export function mayBeTable(source: string): boolean {
	const lineEnd = source.indexOf('\n');
	if (lineEnd === -1) return false;
	DELIMITER_ROW_START.lastIndex = lineEnd + 1;
	return DELIMITER_ROW_START.test(source);
}

/** marked tokenizer overrides: `undefined` is no match, `false` runs marked's own rule. */
export const rulePrechecks: TokenizerObject = {
	lheading: source => (mayBeSetextHeading(source) ? false : undefined),
	html: source => (HTML_START.test(source) ? false : undefined),
	def: source => (DEFINITION_START.test(source) ? false : undefined),
	table: source => (mayBeTable(source) ? false : undefined),
};
