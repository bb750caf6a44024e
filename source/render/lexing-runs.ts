import {Lexer, type Token, type TokensList} from 'marked';

// marked lexes a text in a loop that takes a token off its front at a time, and
// asks extensions, at many of those places, where their syntax comes next
// (`start`), or tries a rule that looks ahead for a closer that may never come.
// Each such look scans from where the loop is to what it finds, or to the end:
// done again at every place, a post of many places and nothing found costs its
// length squared (unclosed `\[` lines, 60 KB in 10 s). A loop only ever drops
// text from its front, so what was found ahead stays found: remembered here for
// the loop (a "run"), each look scans only text no earlier look scanned.
//
// A loop is marked's blockTokens or inlineTokens; RunLexer marks where each
// begins and ends. Within one, every text a tokenizer or `start` is given is
// the rest of the loop's text (a suffix: same end), or that rest less its first
// character, so a place is known by its distance from the end.

type Level = 'block' | 'inline';

/** What a scan found: the distance from the end where it started, and where its event is (-1: none up to the end). */
type Found = {from: number; at: number};

type Run = {
	level: Level;
	/** The length of the shortest text seen in this run: a longer one is not this run's. */
	length: number;
	found: Map<unknown, Found> | undefined;
};

/** The runs being lexed, innermost last (a link's text is lexed inside its paragraph's run). */
const runs: Run[] = [];

function lexed<T>(level: Level, source: string, lex: () => T): T {
	runs.push({level, length: source.length, found: undefined});
	try {
		return lex();
	} finally {
		runs.pop();
	}
}

/** marked's Lexer, with each of its loops known as a run (for `nextEvent`). */
export class RunLexer extends Lexer {
	override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
	override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
	override blockTokens(src: string, tokens: Token[] = [], lastParagraphClipped = false): Token[] {
		return lexed('block', src, () => super.blockTokens(src, tokens, lastParagraphClipped));
	}

	override inlineTokens(src: string, tokens: Token[] = []): Token[] {
		return lexed('inline', src, () => super.inlineTokens(src, tokens));
	}
}

/**
 * Finds the first event in `text` at or after index `from`, -1 if none. Whether index
 * `i` (past 0) is an event may depend on `text[i - 1]` and what follows, never on what comes before.
 */
export type Scan = (text: string, from: number) => number;

/**
 * The first event `scan` finds in `text` at or after `from`, -1 if none (index 0 may
 * read differently, a pattern's `^` matches there: a scan that does starts past it). `text` is what a
 * marked tokenizer or `start` of `level` was given: the rest of the current run's
 * text, or that less its first character. `key` names the scan (one per kind of
 * event): within a run, what it found is remembered, and text scanned once is not
 * scanned again. Outside a run (a Lexer other than RunLexer), it scans.
 */
export function nextEvent(level: Level, key: unknown, text: string, from: number, scan: Scan): number {
	const run = runs.at(-1);
	// A text longer than one given before (a `start` is given the rest less its first character, a tokenizer
	// then the rest whole) is not the rest of this run: a Lexer of another kind lexing inside it.
	if (run === undefined || run.level !== level || text.length > run.length + 1) return scan(text, from);
	run.length = Math.min(run.length, text.length);
	const here = text.length - from;
	const found = run.found?.get(key);
	if (found !== undefined && found.from >= here && found.at <= here) {
		return found.at === -1 ? -1 : text.length - found.at;
	}

	const at = scan(text, from);
	run.found ??= new Map();
	run.found.set(key, {from: here, at: at === -1 ? -1 : text.length - at});
	return at;
}

/** Whether `text` has a blank line starting at `index`: a line break, then spaces and tabs, then another. */
export function blankLineAt(text: string, index: number): boolean {
	if (text.charCodeAt(index) !== 10) return false;
	let at = index + 1;
	while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
	return text.charCodeAt(at) === 10;
}

/** The first blank line (`\n[ \t]*\n`) at or after `from`, by the index of its first line break; -1 if none. */
export const scanBlankLine: Scan = (text, from) => {
	for (let at = text.indexOf('\n', from); at !== -1; at = text.indexOf('\n', at + 1)) {
		if (blankLineAt(text, at)) return at;
	}

	return -1;
};

/** The first blank line at or after `from` in a run of `level`, remembered as nextEvent remembers. */
export function nextBlankLine(level: Level, text: string, from: number): number {
	return nextEvent(level, scanBlankLine, text, from, scanBlankLine);
}

/** A scan for the first occurrence of `needle` (make one per needle: it is the key of what is remembered). */
export function scanFor(needle: string): Scan {
	return (text, from) => text.indexOf(needle, from);
}
