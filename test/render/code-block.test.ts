import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import stripAnsi from 'strip-ansi';
import {expandTabs, renderCodeBlock} from '../../source/render/code-block.js';
import {breakCodeLine} from '../../source/text/break-code.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';

/** The lines of a rendered block that hold code (the label may take more than one line at small widths). */
function codeLines(lines: string[]): string[] {
	return lines.map(line => stripAnsi(line)).filter(line => /^(?:│[ ↪]|\|[ >])/.test(line));
}

/** The code rows of a rendered block, without the frame lines and the two-column gutter. */
function rows(lines: string[]): string[] {
	return codeLines(lines).map(line => line.slice(2));
}

/** Source lines, each with the rows it was broken into. */
function rowsPerLine(code: string, width: number, level: 0 | 1, language = 'js'): string[][] {
	const lines = renderCodeBlock(code, language, width, createTheme(level));
	const result: string[][] = [];
	for (const line of codeLines(lines)) {
		if (line.startsWith('│↪') || line.startsWith('|>')) result.at(-1)?.push(line.slice(2));
		else result.push([line.slice(2)]);
	}

	return result;
}

describe('breaking a code line at the width', () => {
	const table: Array<[string, number, string[]]> = [
		['abcd efgh', 5, ['abcd', ' efgh']],
		['x = 1;  // comment', 7, ['x = 1;', '  // co', 'mment']],
		['  indented', 4, ['  in', 'dent', 'ed']],
		['a    b', 2, ['a', '  ', '  ', 'b']],
		['日本 語abc def', 5, ['日本', ' 語ab', 'c def']],
	];
	for (const [line, width, expected] of table) {
		it(`${JSON.stringify(line)} at ${width} columns`, () => {
			assert.deepEqual(
				breakCodeLine(line, width).map(row => stripAnsi(row)),
				expected,
			);
		});
	}

	it('never ends a row in a space the printed line would lose, and the rows make the line', () => {
		const code = fc
			.array(fc.constantFrom('a', 'bc', ' ', '  ', '\t', 'x = 1;', '// note', '日', 'é', '"s"', '{', '}'), {
				maxLength: 40,
			})
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(code, fc.integer({min: 4, max: 30}), fc.constantFrom<0 | 1>(0, 1), (line, width, level) => {
				const [broken = []] = rowsPerLine(line, width, level);
				const source = expandTabs(line);
				assert.equal(broken.join(''), source);
				for (const row of broken) assert.ok(displayWidth(row) <= width - 2, JSON.stringify(broken));
				// What --print writes: every line without its trailing spaces.
				const printed = broken.map(row => row.trimEnd());
				const longestRun = Math.max(0, ...(source.match(/ +/g) ?? []).map(run => run.length));
				if (longestRun < width - 3) assert.equal(printed.join(''), source.trimEnd(), JSON.stringify(broken));
			}),
			{numRuns: 2000, seed: 20_261_216},
		);
	});

	// renderCodeBlock keeps a line that fits as it is, without asking breakCodeLine.
	it('keeps a styled line that fits whole, as it is', () => {
		const theme = createTheme(3);
		const piece = fc.constantFrom('a', 'bc', ' ', '  ', 'x = 1;', '日', 'é', '"s"', '{');
		const styled = fc
			.array(fc.tuple(piece, fc.constantFrom<'keyword' | 'string' | 'default'>('keyword', 'string', 'default')), {
				maxLength: 20,
			})
			.map(parts => parts.map(([text, scope]) => theme.highlight[scope]?.(text) ?? text).join(''));
		fc.assert(
			fc.property(styled, fc.integer({min: 1, max: 80}), (line, width) => {
				if (displayWidth(line) <= width) assert.deepEqual(breakCodeLine(line, width), [line]);
			}),
			{numRuns: 2000, seed: 20_261_201},
		);
	});

	it('keeps highlighted code whole across breaks', () => {
		const line = 'const greeting = "hello there, reader";  // say hello';
		const broken = rows(renderCodeBlock(line, 'js', 14, createTheme(1)));
		assert.equal(broken.join(''), line);
		assert.ok(
			broken.slice(0, -1).every(row => !row.endsWith(' ')),
			JSON.stringify(broken),
		);
	});
});

describe('a code block from a post', () => {
	// A post's own escape codes inside a fence are text: shown as ^[ (the renderer's last check keeps SGR
	// codes, so a post's colour codes would otherwise reach the terminal even without colour).
	const cases: Array<[name: string, code: string, shown: string]> = [
		['colour codes', 'echo \u001B[31mred\u001B[0m', 'echo ^[[31mred^[[0m'],
		['a title change', 'x \u001B]2;owned\u0007 y', 'x ^[]2;owned^G y'],
		['C1 CSI and a bidi override', 'a\u009B2J b\u202Ec', 'a<U+009B>2J b<U+202E>c'],
		['backspace and carriage return', 'safe\b\b\bevil\rX', 'safe^H^H^Hevil^MX'],
	];
	for (const [name, code, shown] of cases) {
		it(`shows ${name} as text, with colour and without`, () => {
			for (const level of [0, 3] as const) {
				const lines = renderCodeBlock(code, 'sh', 80, createTheme(level));
				const text = lines.join('\n');
				assert.ok(
					!/\u001B(?!\[[\d;]*m)|[\u0000-\u0008\u000B-\u001A\u001C-\u001F\u007F-\u009F]/.test(text),
					JSON.stringify(text),
				);
				if (level === 0) assert.ok(!text.includes('\u001B'), 'no escape at all without colour');
				assert.equal(rows(lines).join('\n').trimEnd(), shown);
			}
		});
	}
});

// A long line is read once (source/text/break-code.ts): wrap-ansi looked at the rest of a
// highlighted line again at every colour code (16 KB 0.57 s, 64 KB 4 s), and V8's grapheme
// segmenter takes time quadratic in one text's length (80 KB of CJK 10 s), so it is given pieces.
describe('a long line of code', () => {
	const theme = createTheme(1);
	const long: Array<[name: string, line: string, language: string]> = [
		['highlighted JavaScript', 'let greeting = "hello there, reader"; call(greeting, 42); '.repeat(60), 'js'],
		['CJK and kana', '漢字とかな、そして abc; '.repeat(200), 'text'],
		['emoji with modifiers and joiners', 'ok 👍🏽 🇫🇷 👨‍👩‍👧 x; '.repeat(200), 'text'],
		['letters with combining accents', 'nai\u0308ve cafe\u0301 ; '.repeat(200), 'text'],
		['one letter under 3,000 accents', `e${'\u0301'.repeat(3000)} and more`, 'text'],
	];
	const segmenter = new Intl.Segmenter();
	for (const [name, line, language] of long) {
		it(`${name}: rows that fit, whole graphemes, the line when joined`, () => {
			const width = 40;
			const broken = rowsPerLine(line, width + 2, 1, language)[0] ?? [];
			assert.equal(broken.join(''), line);
			const graphemes = (text: string) => [...segmenter.segment(text)].map(({segment}) => segment);
			assert.deepEqual(graphemes(broken.join('')), broken.flatMap(graphemes), 'no grapheme is cut in two');
			for (const row of broken) assert.ok(displayWidth(row) <= width, row);
		});
	}

	it('closes its colours at the end of each row and opens them again on the next', () => {
		const line = `x = "${'a long string '.repeat(10)}";`;
		const [first = '', second = ''] = breakCodeLine(theme.highlight.string?.(line) ?? line, 40);
		const colour = /^\u001B\[[\d;]+m/.exec(theme.highlight.string?.('s') ?? '')?.[0] ?? '';
		assert.ok(colour !== '', 'the theme colours strings');
		assert.ok(first.startsWith(colour) && first.endsWith('\u001B[39m'), JSON.stringify(first));
		assert.ok(second.startsWith(colour), JSON.stringify(second));
	});
});
