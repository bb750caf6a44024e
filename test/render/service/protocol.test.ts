import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../../source/render/markdown.js';
import {
	addPiece,
	noLinesYet,
	PIECE_CHARS,
	packPage,
	pageMessages,
	unpackPage,
} from '../../../source/render/service/protocol.js';
import {createTheme} from '../../../source/theme/palette.js';

const theme = createTheme(3);

describe('a page as it crosses to the app', () => {
	const markdowns: Array<[string, string]> = [
		['an empty body', ''],
		['one paragraph', 'Just this.'],
		[
			'headings, notes, links, code and blank lines',
			'# One\n\nText[^1] with [a link](https://example.com).\n\n```go\nfunc f() {}\n```\n\n\n## Two\n\n[^1]: The note.',
		],
	];
	for (const [name, markdown] of markdowns) {
		it(`${name}: the same page after the trip`, () => {
			const page = renderMarkdown(markdown, {width: 50, theme});
			const plain = page.lines.map(line => stripAnsi(line));
			assert.deepEqual(unpackPage(structuredClone(packPage(page, plain))), {...page, plain});
		});
	}

	it('keeps the count of lines when a line holds a line feed (a renderer’s fault): it becomes a space', () => {
		const page = renderMarkdown('a', {width: 20, theme});
		const broken = {...page, lines: ['one\ntwo', 'three']};
		const back = unpackPage(packPage(broken, ['one\ntwo', 'three']));
		assert.deepEqual(back.lines, ['one two', 'three']);
		assert.deepEqual(back.plain, ['one two', 'three']);
	});

	describe('a long page comes in pieces ahead of it, each of about PIECE_CHARS', () => {
		// Notes, links and headings all through: their line numbers are the whole page's.
		const long = Array.from(
			{length: 3000},
			(_, at) => `## Part ${at}\n\nText${at % 7 === 0 ? `[^${at}]` : ''} [link ${at}](https://example.com/${at}).`,
		).join('\n\n');
		const notes = Array.from({length: 3000}, (_, at) => (at % 7 === 0 ? `[^${at}]: Note ${at}.` : '')).join('\n');
		const cases: Array<[string, string, number]> = [
			['a short page: no piece', 'Just this.', 0],
			['a long page', `${long}\n\n${notes}`, 2],
			['one paragraph of twice a piece', 'x '.repeat(PIECE_CHARS), 1],
		];
		for (const [name, markdown, fewestPieces] of cases) {
			it(`${name}: the same page after the trip`, () => {
				const page = renderMarkdown(markdown, {width: 60, theme});
				const plain = page.lines.map(line => stripAnsi(line));
				const {pieces, last} = structuredClone(pageMessages(page, plain));
				assert.ok(pieces.length >= fewestPieces, `${pieces.length} pieces`);
				// A piece ends at the first line that takes it past PIECE_CHARS.
				for (const piece of pieces) assert.ok(piece.text.length < PIECE_CHARS + 200, `${piece.text.length} characters`);
				const soFar = noLinesYet();
				for (const piece of pieces) addPiece(soFar, piece);
				assert.deepEqual(unpackPage(last, soFar), {...page, plain});
			});
		}
	});
});
