// LaTeX maths in a post (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`), shown as the
// Unicode it can be: Greek letters, operators, arrows, blackboard and other
// alphabets, sub- and superscripts, fractions as `a/b`, roots as `√x`. The
// symbols come from unicodeit's table (thousands of LaTeX commands); they are
// applied here in one pass over the text, so a long formula costs its length,
// not its length times the table. What has no Unicode form stays as written.
import {blankLineAt, nextBlankLine, nextEvent, type Scan, scanBlankLine, scanFor} from './lexing-runs.js';
import {mathData} from './math-data.js';

/** Longer than this, a formula is shown as written: no post's formula is. */
export const MAX_MATH = 4000;
/** Groups nested deeper than this are shown as written. */
const MAX_DEPTH = 16;

type Tables = {
	/** `\alpha` → α, `\mathbb{R}` → ℝ. */
	commands: Map<string, string>;
	/** `\hat` → the combining circumflex. */
	marks: Map<string, string>;
	/** `^2` → ², `_i` → ᵢ. */
	scripts: Map<string, string>;
};

let tables: Tables | undefined;
function tablesOf(): Tables {
	const {combiningmarks, replacements, subsuperscripts} = mathData();
	tables ??= {
		commands: new Map(replacements.map(([tex = '', text = '']) => [tex, text])),
		marks: new Map(combiningmarks.map(([tex = '', mark = '']) => [tex, mark])),
		scripts: new Map(subsuperscripts.map(([tex = '', text = '']) => [tex, text])),
	};
	return tables;
}

/** Commands whose argument is shown as it is (`\text{if}` → `if`). */
const AS_TEXT = new Set(['\\text', '\\textrm', '\\textit', '\\textbf', '\\mathrm', '\\operatorname', '\\mbox']);
/** Spacing and sizing commands, shown as a space or nothing. */
const SPACES: Record<string, string> = {'\\,': ' ', '\\;': ' ', '\\:': ' ', '\\!': '', '\\ ': ' ', '\\quad': '  '};
const DROPPED = new Set(['\\left', '\\right', '\\big', '\\Big', '\\bigg', '\\Bigg', '\\displaystyle', '\\limits']);

type Cursor = {text: string; at: number};

/** A `{…}` group at the cursor (its inside), or the next character alone; undefined at the end. */
function argument(cursor: Cursor): string | undefined {
	const {text} = cursor;
	while (text[cursor.at] === ' ') cursor.at++;
	if (cursor.at >= text.length) return undefined;
	if (text[cursor.at] !== '{') {
		// A command as an argument (`^\infty`) is the whole command.
		const command = /^\\(?:[A-Za-z]+|.)/.exec(text.slice(cursor.at))?.[0];
		const taken = command ?? text.charAt(cursor.at);
		cursor.at += taken.length;
		return taken;
	}

	let depth = 0;
	for (let index = cursor.at; index < text.length; index++) {
		if (text[index] === '\\') index++;
		else if (text[index] === '{') depth++;
		else if (text[index] === '}' && --depth === 0) {
			const inside = text.slice(cursor.at + 1, index);
			cursor.at = index + 1;
			return inside;
		}
	}

	return undefined;
}

/** A sub- or superscript as Unicode (`^{10}` → ¹⁰), else marked as one (`^(n+1)`). */
function script(sign: '^' | '_', inside: string, depth: number): string {
	const converted = convert(inside, depth + 1);
	const {scripts} = tablesOf();
	const chars = [...converted].map(char => scripts.get(sign + char));
	if (chars.every(char => char !== undefined)) return chars.join('');
	return [...converted].length === 1 ? `${sign}${converted}` : `${sign}(${converted})`;
}

/** `a` stays `a`; `n+1` becomes `(n+1)`: what a fraction or root takes as a whole. */
function grouped(text: string): string {
	return /^[\p{L}\p{N}.′]*$/u.test(text) || text.length === 1 ? text : `(${text})`;
}

function convert(tex: string, depth: number): string {
	if (depth > MAX_DEPTH) return tex;
	const {commands, marks} = tablesOf();
	const cursor: Cursor = {text: tex, at: 0};
	let out = '';
	while (cursor.at < tex.length) {
		const char = tex.charAt(cursor.at);
		if (char === '^' || char === '_') {
			cursor.at++;
			const inside = argument(cursor);
			out += inside === undefined ? char : script(char, inside, depth);
			continue;
		}

		if (char === '{' || char === '}') {
			cursor.at++;
			continue;
		}

		if (char !== '\\') {
			out += commands.get(char) ?? char;
			cursor.at++;
			continue;
		}

		const name = /^\\(?:[A-Za-z]+|.)/.exec(tex.slice(cursor.at))?.[0] ?? '\\';
		cursor.at += name.length;
		if (SPACES[name] !== undefined) out += SPACES[name];
		else if (DROPPED.has(name)) continue;
		else if (name === '\\frac' || name === '\\dfrac' || name === '\\tfrac') {
			const top = argument(cursor);
			const bottom = argument(cursor);
			out += `${grouped(convert(top ?? '', depth + 1))}/${grouped(convert(bottom ?? '', depth + 1))}`;
		} else if (name === '\\sqrt') {
			out += `√${grouped(convert(argument(cursor) ?? '', depth + 1))}`;
		} else if (AS_TEXT.has(name)) {
			out += argument(cursor) ?? '';
		} else if (marks.has(name)) {
			// A mark over a letter (`\hat{x}`): the letter, then the combining mark.
			const inside = convert(argument(cursor) ?? '', depth + 1);
			out += inside === '' ? '' : `${inside}${marks.get(name) ?? ''}`;
		} else if (name === '\\not') {
			// A symbol struck through: `\not\in` is ∉ (composed where Unicode has one).
			out += `${convert(argument(cursor) ?? '', depth + 1)}\u0338`.normalize('NFC');
		} else {
			// `\mathbb{R}` is one symbol; else the command alone; one not known stays as written, braces too.
			const start = cursor.at;
			const inside = tex[cursor.at] === '{' ? argument(cursor) : undefined;
			const whole = inside === undefined ? undefined : commands.get(`${name}{${inside}}`);
			const symbol = commands.get(name);
			if (whole !== undefined) out += whole;
			else if (symbol !== undefined || inside === undefined) {
				cursor.at = start;
				out += symbol ?? name;
			} else out += `${name}{${convert(inside, depth + 1)}}`;
		}
	}

	return out;
}

/** A LaTeX formula as Unicode text, where it can be; one past MAX_MATH, as written. */
export function mathText(tex: string): string {
	if (tex.length > MAX_MATH) return tex;
	return convert(tex.trim(), 0).replace(/\s+/g, ' ');
}

// Display and inline maths are read by scanning, not by patterns that look for
// their closer from every opener: a post of many openers and no closer (60 KB of
// `\[` lines) would cost its length squared. What was found ahead (the next `$$`,
// `\]`, blank line) is remembered for the rest of the lexing run (lexing-runs.ts).

const NEXT_DOLLAR = scanFor('$');
const NEXT_DOLLARS = scanFor('$$');
/** Asked by `start` only (each scan is asked at places that only move on). */
const AHEAD_DOLLAR = scanFor('$');
const NEXT_PAREN_OPENER = scanFor('\\(');
const NEXT_PAREN_CLOSER = scanFor('\\)');

/** Where a display formula's closing line ends (past its line break), at `at` after a closer: -1 if more follows it. */
function closingLineEnd(source: string, at: number): number {
	let end = at;
	while (source.charCodeAt(end) === 32 || source.charCodeAt(end) === 9) end++;
	if (end === source.length) return end;
	return source.charCodeAt(end) === 10 ? end + 1 : -1;
}

/** A `\]` that ends its line (spaces and tabs aside). */
const NEXT_BRACKET_CLOSER: Scan = (text, from) => {
	for (let at = text.indexOf('\\]', from); at !== -1; at = text.indexOf('\\]', at + 1)) {
		if (closingLineEnd(text, at + 2) !== -1) return at;
	}

	return -1;
};

/** The scans display maths looks ahead with: each reader its own, so each is asked at places that only move on. */
type DisplayScans = {dollars: Scan; closer: Scan; blank: Scan};
const blankLines = (): Scan => (text, from) => scanBlankLine(text, from);
const TOKENIZER_SCANS: DisplayScans = {dollars: NEXT_DOLLARS, closer: NEXT_BRACKET_CLOSER, blank: blankLines()};
const START_SCANS: DisplayScans = {
	dollars: scanFor('$$'),
	closer: (text, from) => NEXT_BRACKET_CLOSER(text, from),
	blank: blankLines(),
};

/**
 * Display maths at `at` in `source`: `$$` (up to three spaces in) to the next `$$`, or `\[`
 * to a `\]` before a blank line, either closer ending its line. Where its formula starts and
 * ends, and where the text it takes ends; undefined if none is there.
 */
function displayMathAt(
	source: string,
	at: number,
	scans: DisplayScans,
): {inside: number; close: number; end: number} | undefined {
	let open = at;
	while (open < at + 3 && source.charCodeAt(open) === 32) open++;
	const inside = open + 2;
	let close: number;
	if (source.startsWith('$$', open)) {
		// The formula holds no `$$`: the first one closes it, or nothing does.
		close = nextEvent('block', scans.dollars, source, inside, scans.dollars);
	} else if (source.startsWith('\\[', open)) {
		close = nextEvent('block', scans.closer, source, inside + 1, scans.closer);
		const blank = close === -1 ? -1 : nextEvent('block', scans.blank, source, inside, scans.blank);
		if (blank !== -1 && blank < close) return undefined;
	} else return undefined;

	if (close <= inside) return undefined;
	const end = closingLineEnd(source, close + 2);
	return end === -1 ? undefined : {inside, close, end};
}

/**
 * The formula of display maths at the start of `source`, and the text it takes.
 * Called by marked at every block (lexing-runs.ts).
 */
export function blockMath(source: string): {raw: string; tex: string} | undefined {
	const math = displayMathAt(source, 0, TOKENIZER_SCANS);
	return math ? {raw: source.slice(0, math.end), tex: source.slice(math.inside, math.close)} : undefined;
}

/** Whether `code` ends a line for a multi-line pattern's `^` (JavaScript's line terminators). */
function endsLine(code: number): boolean {
	return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

const START_BLANK = blankLines();
/** The first line at or after `from` (past 0) where display maths is, or the blank line before it. */
const nextDisplayMath: Scan = (text, from) => {
	const blank = nextEvent('block', START_BLANK, text, from, START_BLANK);
	const end = blank === -1 ? text.length : blank;
	for (let at = Math.max(1, from); at < end; at++) {
		if (endsLine(text.charCodeAt(at - 1)) && displayMathAt(text, at, START_SCANS)) return at;
	}

	return blank;
};

/**
 * Where display maths is in `source` before its paragraph ends at a blank line, for marked's
 * `start`: where a line starts with it (or `source` does: marked gives the paragraph less its
 * first character). Only where it is, whole: marked ends the paragraph there, and one ended
 * where the rule then finds nothing is joined again to the text after, with a line break
 * between (`x$$ y` read as `x $$ y`), and each joining copied the paragraph whole.
 */
export function blockMathStart(source: string): number | undefined {
	if (blankLineAt(source, 0)) return undefined;
	if (displayMathAt(source, 0, START_SCANS)) return 0;
	const at = nextEvent('block', nextDisplayMath, source, 1, nextDisplayMath);
	return at === -1 || at === nextEvent('block', START_BLANK, source, 1, START_BLANK) ? undefined : at;
}

/** `$…$` as pandoc reads it: no space just inside the dollars, and no digit just after the closing one. */
const DOLLAR_MATH = /^\$(?![\s$])((?:[^$\\\n]|\\.|\n(?![ \t]*\n))*?[^\s\\])\$(?!\d)/;

/**
 * The formula of inline maths at the start of `source`, and the text it takes: `$$…$$`, `\(…\)`
 * (neither past a blank line), or `$…$` as pandoc reads it, so `$5 and $10` is money, not maths.
 * Called by marked at every place in a run of inline text (lexing-runs.ts).
 */
export function inlineMath(source: string): {raw: string; tex: string} | undefined {
	let close: number;
	if (source.startsWith('$$')) {
		// The formula holds no `$`: the first one is the closer's, or nothing closes it.
		close = nextEvent('inline', NEXT_DOLLAR, source, 2, NEXT_DOLLAR);
		if (close !== -1 && !source.startsWith('$$', close)) return undefined;
	} else if (source.startsWith('\\(')) {
		close = nextEvent('inline', NEXT_PAREN_CLOSER, source, 3, NEXT_PAREN_CLOSER);
	} else {
		// Ends at the next `$` not escaped, or before: one look per `$` costs no more than the text between.
		const match = DOLLAR_MATH.exec(source);
		return match ? {raw: match[0], tex: match[1] ?? ''} : undefined;
	}

	if (close <= 2) return undefined;
	const blank = nextBlankLine('inline', source, 2);
	if (blank !== -1 && blank < close) return undefined;
	return {raw: source.slice(0, close + 2), tex: source.slice(2, close)};
}

/** Where inline maths could start in `source`, for marked's `start`: its first `$` or `\(`. */
export function inlineMathStart(source: string): number | undefined {
	const dollar = nextEvent('inline', AHEAD_DOLLAR, source, 0, AHEAD_DOLLAR);
	const paren = nextEvent('inline', NEXT_PAREN_OPENER, source, 0, NEXT_PAREN_OPENER);
	if (dollar === -1) return paren === -1 ? undefined : paren;
	return paren === -1 ? dollar : Math.min(dollar, paren);
}
