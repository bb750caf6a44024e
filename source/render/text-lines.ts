import type {Token, TokenizerExtension, Tokens} from 'marked';
import {mayBeSetextHeading} from './rule-prechecks.js';

// Inside a list item (and a note), marked reads lines that begin no block one at
// a time, each a text token joined to the one before: `raw.endsWith` on the
// joined text copies it whole each time, so an item of 32,000 lines took 30 s.
// Lines that can only be text are taken here at once, as the one token marked
// ends with. test/render/plain-prose.test.ts compares the tokens with marked's own.

/** A line that begins no block and interrupts none: it starts with a letter (see plain-prose.ts). */
const LETTER_LINE_START = /\p{L}/uy;

/**
 * The index past the last of the letter lines that start `source` (0: none), and whether a blank line or the end
 * follows them.
 */
function letterLines(source: string): {end: number; closed: boolean} {
	let start = 0;
	for (;;) {
		LETTER_LINE_START.lastIndex = start;
		if (!LETTER_LINE_START.test(source)) break;
		const end = source.indexOf('\n', start);
		if (end === -1) return {end: source.length, closed: true};
		start = end + 1;
	}

	if (start === 0) return {end: 0, closed: false};
	let at = start;
	while (source.charCodeAt(at) === 32 || source.charCodeAt(at) === 9) at++;
	return {end: start - 1, closed: at === source.length || source.charCodeAt(at) === 10};
}

/**
 * A marked block tokenizer, to be tried before marked's rules: outside a paragraph's
 * context (a list item's lines), letter lines become the text token marked would
 * make of them line by line. The last line is left to marked when another line
 * follows (it may head a table), and all of them when a setext underline may.
 */
export const textLines: TokenizerExtension = {
	name: 'textLines',
	level: 'block',
	tokenizer(source, tokens): Tokens.Text | undefined {
		const last: Token | undefined = tokens.at(-1);
		if (this.lexer.state.top || last?.type === 'text' || last?.type === 'paragraph') return undefined;
		LETTER_LINE_START.lastIndex = 0;
		if (!LETTER_LINE_START.test(source) || mayBeSetextHeading(source)) return undefined;
		const {end, closed} = letterLines(source);
		const taken = closed ? end : source.lastIndexOf('\n', end - 1);
		if (taken <= 0) return undefined;
		const text = source.slice(0, taken);
		return {type: 'text', raw: text, text, tokens: this.lexer.inline(text)};
	},
};
