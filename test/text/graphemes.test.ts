import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {BlogreadSegmenter} from '../../source/shims/segmenter.js';
import {graphemeSegmenter} from '../../source/text/graphemes.js';

// Pieces that Unicode's grapheme rules treat specially, beside plain ASCII:
// CR LF, combining marks, ZWJ sequences, variation selectors and keycaps,
// regional indicators, Hangul jamo, a prepended mark, Indic conjuncts, skin tones, escapes.
const PIECES = [
	'a',
	'Z',
	' ',
	'#',
	'1',
	'\r',
	'\n',
	'\t',
	'\x1b',
	'[',
	'm',
	'\u0301',
	'\u200d',
	'\ufe0f',
	'\u20e3',
	'\u{1F469}',
	'\u{1F1EB}',
	'\u{1F1F7}',
	'\u0600',
	'\uD55C',
	'\u1100',
	'\u1161',
	'\u11A8',
	'\u2026',
	'\u0915',
	'\u094D',
	'\u{1F3FB}',
	'\u00e9',
	'\u4e2d',
];

const text = fc.array(fc.constantFrom(...PIECES), {maxLength: 24}).map(pieces => pieces.join(''));
const intl = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const ours = graphemeSegmenter(undefined, {granularity: 'grapheme'});
const plain = (found: {segment: string; index: number} | undefined) => found && [found.segment, found.index];

describe('graphemeSegmenter', () => {
	it('cuts any text into the graphemes Intl.Segmenter gives', () => {
		fc.assert(
			fc.property(text, value => {
				assert.deepEqual([...ours.segment(value)].map(plain), [...intl.segment(value)].map(plain));
			}),
			{numRuns: 2000},
		);
	});

	it('finds the grapheme holding each position as Intl.Segmenter does', () => {
		fc.assert(
			fc.property(text, value => {
				const segments = ours.segment(value);
				const expected = intl.segment(value);
				for (let index = -1; index <= value.length; index++)
					assert.deepEqual(plain(segments.containing(index)), plain(expected.containing(index)), `at ${index}`);
			}),
			{numRuns: 1000},
		);
	});

	const cases: Array<[string, string, string[]]> = [
		['ASCII, one grapheme a character', 'ab c', ['a', 'b', ' ', 'c']],
		['CR LF, one grapheme', 'a\r\nb', ['a', '\r\n', 'b']],
		['an accent joins the letter before it', 'cafe\u0301!', ['c', 'a', 'f', 'e\u0301', '!']],
		['a keycap joins its digit', '1\ufe0f\u20e3 x', ['1\ufe0f\u20e3', ' ', 'x']],
		['a flag is two regional indicators', 'a\u{1F1EB}\u{1F1F7}b', ['a', '\u{1F1EB}\u{1F1F7}', 'b']],
		['an ellipsis between letters', 'ab\u2026c', ['a', 'b', '\u2026', 'c']],
	];
	for (const [name, value, expected] of cases) {
		it(name, () => {
			assert.deepEqual(
				[...ours.segment(value)].map(found => found.segment),
				expected,
			);
		});
	}

	it('gives each grapheme the text it was cut from, as input', () => {
		const value = 'x\u0301y';
		for (const found of ours.segment(value)) assert.equal(found.input, value);
		assert.equal(ours.segment(value).containing(2)?.input, value);
	});

	it('leaves word granularity to Intl.Segmenter', () => {
		const words = graphemeSegmenter('en', {granularity: 'word'});
		assert.deepEqual(
			[...words.segment('two words')].map(found => found.segment),
			['two', ' ', 'words'],
		);
	});
});

describe('BlogreadSegmenter, the bundle’s Intl.Segmenter', () => {
	it('is made with new as Intl.Segmenter is, and segments as it does', () => {
		const texts = ['plain ASCII', 'e\u0301 👩‍💻 🇫🇷 日本語', 'a\r\nb', ''];
		for (const text of texts) {
			const ours = [...new BlogreadSegmenter().segment(text)].map(({segment, index}) => [segment, index]);
			const real = [...new Intl.Segmenter().segment(text)].map(({segment, index}) => [segment, index]);
			assert.deepEqual(ours, real, JSON.stringify(text));
		}

		const words = new BlogreadSegmenter('en', {granularity: 'word'});
		assert.deepEqual(
			[...words.segment('two words')].map(({segment}) => segment),
			['two', ' ', 'words'],
		);
	});
});
