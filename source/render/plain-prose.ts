import type {Token, TokenizerExtension, Tokens} from 'marked';

// Most of a post is prose with nothing marked up in it, yet marked tries every
// block rule at each paragraph (a dozen patterns), and every inline rule at each
// stop of its text rule, whose pattern looks ahead for e-mail addresses and URLs
// at every character: four fifths of lexing a post of plain paragraphs. Text
// that cannot be anything but a paragraph, or inline text that cannot be
// anything but text, is recognised here by a cheap test and given the very
// token marked would make. test/render/plain-prose.test.ts compares both with marked
// itself on generated Markdown.

/** What may start something other than text in an inline run (`!` starts an image only before `[`). */
const MARKUP = /[\\<[\]`*_~&@{]| {2}\n|:\/\/|www\./i;

/** Whether an inline run lexes as a single text token, wherever it is. */
export function isPlainRun(text: string): boolean {
	return text !== '' && !MARKUP.test(text);
}

/**
 * A marked inline tokenizer, to be tried before every other: a whole run (a
 * paragraph's text, a heading's, a list item's…) that is plain becomes one
 * text token, as marked's own rules would make it.
 */
export const plainRun: TokenizerExtension = {
	name: 'plainRun',
	level: 'inline',
	tokenizer(source, tokens): Tokens.Text | undefined {
		// Only at the start of a run: later in it, the text before would have set how
		// emphasis reads (marked's previous character), and text tokens are merged.
		if (tokens.length > 0 || this.lexer.state.inRawBlock || !isPlainRun(source)) return undefined;
		return {type: 'text', raw: source, text: source, escaped: false};
	},
};

/** A line that only continues a paragraph: it starts with a letter, which begins no block and interrupts none. */
const PROSE_LINE_START = /\p{L}/uy;
/**
 * A blank line (spaces and tabs at most), which ends a paragraph; the last line
 * of the text only when empty (marked keeps a last line of spaces in the paragraph).
 */
const BLANK_LINE = /[ \t]*\n|$/y;

/**
 * Where a paragraph of prose lines at the start of `source` ends: every line
 * starts with a letter, and a blank line or the end follows. Undefined when
 * `source` does not start so, or something else follows (a list, a setext
 * underline, a table's delimiter row), which marked's own rules then read.
 */
export function proseParagraphEnd(source: string): number | undefined {
	let start = 0;
	for (;;) {
		PROSE_LINE_START.lastIndex = start;
		if (!PROSE_LINE_START.test(source)) break;
		const end = source.indexOf('\n', start);
		if (end === -1) return source.length;
		start = end + 1;
	}

	if (start === 0) return undefined;
	BLANK_LINE.lastIndex = start;
	return BLANK_LINE.test(source) ? start - 1 : undefined;
}

/**
 * A marked block tokenizer, to be tried before every other: a paragraph of
 * prose lines becomes the paragraph token marked's rules would make, its text
 * queued for inline lexing as theirs is.
 */
export const proseParagraph: TokenizerExtension = {
	name: 'proseParagraph',
	level: 'block',
	tokenizer(source, tokens): Tokens.Paragraph | undefined {
		// A paragraph right after another (one ended early) may be merged with it by marked: left to marked.
		const last: Token | undefined = tokens.at(-1);
		if (!this.lexer.state.top || last?.type === 'paragraph' || last?.type === 'text') return undefined;
		const end = proseParagraphEnd(source);
		if (end === undefined) return undefined;
		// marked ends a paragraph early where a block extension may start (a template tag after a
		// line separator, which a pattern's `^` takes for a line start): left to marked then.
		const rest = source.slice(1);
		for (const start of this.lexer.options.extensions?.startBlock ?? []) {
			const at = start.call(this, rest);
			if (typeof at === 'number' && at >= 0 && at + 1 < end) return undefined;
		}

		const text = source.slice(0, end);
		// Queued as marked queues a paragraph's text: marked may yet merge the next paragraph into this
		// one (a block quote's lazy line), and then relexes the queued text.
		return {type: 'paragraph', raw: text, text, tokens: this.lexer.inline(text)};
	},
};
