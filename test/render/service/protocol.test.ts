import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../../source/render/markdown.js';
import {packPage, unpackPage} from '../../../source/render/service/protocol.js';
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
});
