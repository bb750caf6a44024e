import {blankLineAt, nextBlankLine, nextEvent, type Scan} from './lexing-runs.js';

type LinePattern = {sticky: RegExp; scan: Scan};

/** Each pattern given, by its source and flags: its sticky form, and its scan (the key of what is remembered). */
const linePatterns = new Map<string, LinePattern>();

/** Whether `code` ends a line for a multi-line pattern's `^` (JavaScript's line terminators). */
function endsLine(code: number): boolean {
	return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

function linePatternOf(pattern: RegExp): LinePattern {
	const key = `${pattern.flags}/${pattern.source}`;
	let found = linePatterns.get(key);
	if (found) return found;
	const sticky = new RegExp(pattern.source, `${pattern.flags.replace(/[gy]/g, '')}y`);
	// An event: a blank line, or a line starting with a match that ends before the next blank line.
	// Scanned from 1 (at 0, `^` reads differently).
	const scan: Scan = (text, from) => {
		const blank = nextBlankLine('block', text, 1);
		const before = blank === -1 ? text : text.slice(0, blank);
		for (let at = Math.max(1, from); at < before.length; at++) {
			if (!endsLine(before.charCodeAt(at - 1))) continue;
			sticky.lastIndex = at;
			if (sticky.test(before)) return at;
		}

		return blank;
	};
	found = {sticky, scan};
	linePatterns.set(key, found);
	return found;
}

/**
 * Where a block extension's own syntax could start in `source`, for marked's
 * `start`: the index of the first match of `pattern` (a multi-line pattern
 * starting with `^`) before the next blank line. marked asks at every paragraph,
 * and the next such line or blank line may be far: what was found is remembered
 * for the rest of the lexing run (lexing-runs.ts), so text is looked at once,
 * not once per paragraph; past a blank line the paragraph has ended anyway, and
 * marked tries the block there itself.
 */
export function startBeforeBlankLine(source: string, pattern: RegExp): number | undefined {
	if (!pattern.multiline || !pattern.source.startsWith('^')) {
		const blank = /\n[ \t]*\n/.exec(source);
		return (blank ? source.slice(0, blank.index) : source).match(pattern)?.index;
	}

	if (blankLineAt(source, 0)) return undefined;
	const {sticky, scan} = linePatternOf(pattern);
	// At 0 `^` matches whatever came before (marked gives the text less its first character).
	const blank = nextBlankLine('block', source, 0);
	sticky.lastIndex = 0;
	if (sticky.test(blank === -1 ? source : source.slice(0, blank))) return 0;
	const at = nextEvent('block', scan, source, 1, scan);
	return at === -1 || at === blank ? undefined : at;
}
