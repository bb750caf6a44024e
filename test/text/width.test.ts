import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {eastAsianWidth} from 'get-east-asian-width';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import {
	breakStyled,
	displayWidth,
	fitWidth,
	graphemeChunks,
	LONE_EMOJI_TEXT,
	NARROW_TEXT,
	SIMPLE_TEXT,
	truncate,
	wrapStyled,
} from '../../source/text/width.js';

describe('displayWidth', () => {
	const cases: Array<[string, number]> = [
		['', 0],
		['plain words', 11],
		['\u001B[1mbold\u001B[22m', 4],
		['• item · 12 min … ─┌│↪', 22],
		['café naïve', 10],
		['e\u0301', 1],
		['日本語', 6],
		['Привет, мир', 11],
		['한국어 ｱ', 8],
		['กำลัง', 3],
		['🎉 done', 7],
		['soft\u00ADhyphen', 10],
		['◽', 2],
		['\u001B]8;;https://example.com\u0007link\u001B]8;;\u0007', 4],
	];
	for (const [text, width] of cases) {
		it(`${JSON.stringify(text)} takes ${width} columns`, () => {
			assert.equal(displayWidth(text), width);
		});
	}

	// The shortcut counts one column per character: every character it takes must be one column to string-width too.
	it('agrees with string-width on every character the shortcut takes', () => {
		const disagree: string[] = [];
		for (let code = 0; code <= 0xffff; code++) {
			const char = String.fromCodePoint(code);
			if (NARROW_TEXT.test(char) && stringWidth(char) !== 1) disagree.push(code.toString(16));
		}

		assert.deepEqual(disagree, []);
	});

	// The other shortcut sums East Asian Widths: every code point it takes (planes 0 to 3; the
	// rest are unassigned or private) must have that width and be a grapheme of its own.
	it('agrees with string-width on every code point the simple-text shortcut takes, none joining a neighbour', () => {
		const segmenter = new Intl.Segmenter();
		const graphemes = (text: string) => [...segmenter.segment(text)].length;
		const disagree: string[] = [];
		for (let code = 0; code <= 0x3_ffff; code++) {
			if (code >= 0xd800 && code <= 0xdfff) continue;
			const char = String.fromCodePoint(code);
			if (!SIMPLE_TEXT.test(char)) continue;
			if (stringWidth(char) !== eastAsianWidth(code) || graphemes(`${char}x`) !== 2 || graphemes(`x${char}`) !== 2)
				disagree.push(code.toString(16));
		}

		assert.deepEqual(disagree, []);
	});

	// The emoji shortcut measures each code point alone: every one it takes must be a grapheme of its own
	// next to anything else it takes, and the measure of a run must be the sum of its parts.
	it('agrees with string-width on every code point the lone-emoji shortcut takes, and on runs of them', () => {
		const segmenter = new Intl.Segmenter();
		const graphemes = (text: string) => [...segmenter.segment(text)].length;
		const taken: string[] = [];
		const joins: string[] = [];
		for (let code = 0; code <= 0x3_ffff; code++) {
			if (code >= 0xd800 && code <= 0xdfff) continue;
			const char = String.fromCodePoint(code);
			if (!LONE_EMOJI_TEXT.test(char) || SIMPLE_TEXT.test(char)) continue;
			taken.push(char);
			if (graphemes(`${char}x`) !== 2 || graphemes(`x${char}`) !== 2 || graphemes(`${char}😀`) !== 2)
				joins.push(code.toString(16));
		}

		assert.deepEqual(joins, []);
		assert.ok(taken.length > 1000, `${taken.length} emoji`);
		for (let start = 0; start < taken.length; start += 7) {
			const run = `a${taken.slice(start, start + 7).join('')} 日b`;
			assert.equal(displayWidth(run), stringWidth(run), JSON.stringify(run));
		}
	});

	it('agrees with string-width on mixed text', () => {
		const text = fc
			.array(
				fc.constantFrom(
					'a',
					' ',
					'•',
					'é',
					'e\u0301',
					'日',
					'本',
					'Ж',
					'ก',
					'กำ',
					'한',
					'\u1100\u1161',
					'🎉',
					'\u00AD',
					'◽',
					'\u001B[31m',
					'\u200D',
					'─',
					'\uFF9E',
					'ｱ',
				),
				{maxLength: 30},
			)
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(text, input => {
				assert.equal(displayWidth(input), stringWidth(input));
			}),
			{numRuns: 2000, seed: 20_261_129},
		);
	});

	// Long lines' widths are remembered (a frame measures the lines of the one before it again):
	// a remembered width must be the line's own, for lines alike but for one character, and
	// after more lines than are remembered.
	it('gives each long line its own width, measured again and past the widths it remembers', () => {
		const line = (index: number) =>
			`\u001B[1m${'word '.repeat(20)}\u001B[22m ${index % 2 === 0 ? '日本' : 'ab'} ${'🎉'.repeat(index % 7)}${index}`;
		const expected = (index: number) => stringWidth(line(index));
		for (let round = 0; round < 2; round++) {
			for (let index = 0; index < 6000; index += round === 0 ? 1 : 97) {
				assert.equal(displayWidth(line(index)), expected(index), `line ${index}, round ${round}`);
			}
		}
	});
});

describe('truncate', () => {
	const cases: Array<[string, number, string]> = [
		['short', 10, 'short'],
		['exactly ten', 11, 'exactly ten'],
		['a longer title', 8, 'a longe…'],
		['naïve • café', 7, 'naïve …'],
		['日本語のタイトル', 7, '日本語…'],
		['x', 0, ''],
	];
	for (const [text, width, expected] of cases) {
		it(`${JSON.stringify(text)} at ${width} columns is ${JSON.stringify(expected)}`, () => {
			assert.equal(truncate(text, width), expected);
			assert.ok(displayWidth(truncate(text, width)) <= width);
		});
	}
});

describe('truncate, simple text', () => {
	// The reference: slice-ansi's cut, stepped back until it fits, as for any other text.
	const viaSliceAnsi = (text: string, width: number) => {
		if (displayWidth(text) <= width) return text;
		let end = width - 1;
		let kept = sliceAnsi(text, 0, end);
		while (end > 0 && displayWidth(kept) > width - 1) kept = sliceAnsi(text, 0, --end);
		return `${kept}…`;
	};

	it('cuts where slice-ansi would', () => {
		const text = fc
			.array(fc.constantFrom('a', ' ', '日', '本', 'Ж', 'é', '한', '—'), {maxLength: 20})
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 15}), (input, width) => {
				assert.equal(truncate(input, width), viaSliceAnsi(input, width));
			}),
			{numRuns: 2000, seed: 20_261_129},
		);
	});
});

describe('plain ASCII wrapping', () => {
	// wrapStyled and breakStyled take a shortcut for plain ASCII: it must give wrap-ansi's rows exactly.
	const text = fc
		.array(fc.constantFrom('a', 'bc', ' ', '  ', '   ', 'q.', 'xyzxyzxyz', 'longerwordhere-x', '\n'), {maxLength: 60})
		.map(parts => parts.join(''));
	const viaWrapAnsi = (input: string, width: number, options: {trim: boolean; wordWrap: boolean}) =>
		wrapAnsi(input, width, {hard: true, ...options})
			.split('\n')
			.flatMap(line => fitWidth(line, width));

	it('word-wraps prose into the rows wrap-ansi gives', () => {
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 25}), (input, width) => {
				assert.deepEqual(wrapStyled(input, width), viaWrapAnsi(input, width, {trim: true, wordWrap: true}));
			}),
			{numRuns: 3000, seed: 20_261_129},
		);
	});

	it('breaks code into the rows wrap-ansi gives', () => {
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 25}), (input, width) => {
				assert.deepEqual(breakStyled(input, width), viaWrapAnsi(input, width, {trim: false, wordWrap: false}));
			}),
			{numRuns: 3000, seed: 20_261_129},
		);
	});

	const table: Array<[string, number, string[]]> = [
		['the quick brown fox', 9, ['the quick', 'brown fox']],
		['  leading and trailing  ', 8, ['leading', 'and', 'trailing']],
		['abcdefghij', 4, ['abcd', 'efgh', 'ij']],
		['one\n\ntwo', 10, ['one', '', 'two']],
	];
	for (const [input, width, rows] of table) {
		it(`${JSON.stringify(input)} at ${width} columns`, () => {
			assert.deepEqual(wrapStyled(input, width), rows);
		});
	}
});

describe('styled text with long runs of spaces', () => {
	// wrapStyled cuts runs of spaces wider than a line before wrap-ansi (which took time n² over a run of n): the
	// rows must be wrap-ansi's for the whole text, spaces, colours, wide characters and links among them.
	const part = fc.constantFrom(
		'a',
		'word',
		'日本',
		'xyzxyzxyzxyz',
		'\u001B[1m',
		'\u001B[22m',
		'\u001B[31mred\u001B[39m',
		'\u001B]8;;https://a/\u0007link\u001B]8;;\u0007',
		'\u001B]8;;https://a/\u0007 \u001B]8;;\u0007',
		'\u001B[33m \u001B[39m',
		'\u001B[33m',
		'\u200B',
		'e\u0301',
		'\n',
	);
	const spaces = fc.integer({min: 0, max: 40}).map(count => ' '.repeat(count));
	const text = fc.array(fc.tuple(part, spaces), {maxLength: 60}).map(pairs => pairs.flat().join(''));
	const viaWrapAnsi = (input: string, width: number) =>
		wrapAnsi(input, width, {hard: true, trim: true})
			.split('\n')
			.flatMap(line => fitWidth(line, width));

	it('word-wraps into the rows wrap-ansi gives for the whole text', () => {
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 25}), (input, width) => {
				assert.deepEqual(wrapStyled(input, width), viaWrapAnsi(input, width));
			}),
			{numRuns: 3000, seed: 20_261_205},
		);
	});

	const bold = (inner: string) => `\u001B[1m${inner}\u001B[22m`;
	const table: Array<[string, string, number, string[]]> = [
		['a run wider than the line', bold(`a${' '.repeat(30)}b`), 10, [bold('a'), bold('b')]],
		['a run that fits', bold('a   b'), 10, [bold('a   b')]],
		['a run of 20,000 between words', `日${' '.repeat(20_000)}本`, 8, ['日', '本']],
		['a run before a colour', `a${' '.repeat(50)}${bold('b')}`, 5, ['a', bold('b')]],
		[
			'styled spaces wider than the line',
			`a${' \u001B[33m \u001B[39m'.repeat(2000)} b`,
			8,
			[`a${'\u001B[33m\u001B[39m'.repeat(2000)}`, 'b'],
		],
	];
	for (const [name, input, width, rows] of table) {
		it(name, () => {
			assert.deepEqual(wrapStyled(input, width), rows);
		});
	}
});

// string-width segments a text into graphemes in time quadratic in its length (V8's segmenter): a long
// text is measured in pieces cut between graphemes, to the same width (100,000 characters of emoji
// took about 3.5 s, now 0.2 s).
describe('a long text measured in pieces', () => {
	const segmenter = new Intl.Segmenter();
	const graphemes = (text: string) => [...segmenter.segment(text)].map(({segment}) => segment);
	const texts: Array<[string, string]> = [
		['emoji with modifiers, flags and families', 'ok 👍🏽 🇫🇷 👨‍👩‍👧 x; '.repeat(300)],
		['combining accents', 'nai\u0308ve cafe\u0301 '.repeat(300)],
		['Thai and Devanagari', 'กำลัง नमस्ते '.repeat(300)],
		['flags with nothing between', '🇫🇷🇩🇪🇯🇵'.repeat(400)],
		['a run of marks longer than a piece', `e${'\u0301'.repeat(2000)}x`],
	];
	for (const [name, text] of texts) {
		it(`${name}: as wide as string-width measures it whole, in pieces that make its graphemes`, () => {
			assert.equal(displayWidth(text), stringWidth(text));
			const pieces = [...graphemeChunks(text)];
			assert.equal(pieces.join(''), text);
			if (!name.startsWith('a run of marks')) assert.deepEqual(pieces.flatMap(graphemes), graphemes(text));
		});
	}
});
