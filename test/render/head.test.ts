import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {markdownHead} from '../../source/render/head.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {createTheme} from '../../source/theme/palette.js';
import {makePost} from '../helpers/posts.js';

const paragraph = (index: number) =>
	`Paragraph ${index} has a note[^n${index % 3}] and a [reference link][site] in it.`;

describe('the head of a large post', () => {
	const cases: Array<[string, string, number, string | undefined]> = [
		['a short body is not cut', 'one\n\ntwo\n', 100, undefined],
		['cut at the first blank line past the limit', 'aaaa\nbbbb\n\ncccc\n\ndddd\n', 6, 'aaaa\nbbbb\n\n\n'],
		['not inside fenced code that fits', '```\n\ncode\n\n```\n\nafter\n', 8, '```\n\ncode\n\n```\n\n\n'],
		['a longer fence is closed only by as long a one', '````\n```\n\n````\n\nafter\n', 6, '````\n```\n\n````\n\n\n'],
		['no blank line soon after the limit: cut at a line end', 'aaaa\nbbbb\ncccc\n', 3, 'aaaa\n\n\n'],
		['one very long line: cut inside it, at twice the limit', 'x'.repeat(30), 5, `${'x'.repeat(10)}\n\n`],
		['never inside a surrogate pair', `a${'😀'.repeat(10)}`, 3, 'a😀😀\n\n'],
		[
			'definitions after the cut come along',
			'text[^1] [a][b]\n\nmore\n\n[^1]: The note.\n\n[b]: https://example.com\n',
			5,
			'text[^1] [a][b]\n\n[^1]: The note.\n\n[b]: https://example.com\n',
		],
		[
			'only the definitions the head uses, their labels matched as CommonMark matches them',
			'text[^1] [a][The  Site]\n\nmore [c]\n\n[^1]: The note.\n\n[^2]: Unused.\n\n' +
				'[the site]: https://x.example\n\n[c]: /c\n',
			5,
			'text[^1] [a][The  Site]\n\n[^1]: The note.\n\n[the site]: https://x.example\n',
		],
	];
	for (const [name, body, chars, expected] of cases) {
		it(name, () => {
			assert.equal(markdownHead(body, chars), expected);
		});
	}

	it('renders the first screens exactly as the whole post does', () => {
		const body = [
			'# Start',
			'',
			...Array.from({length: 400}, (_, index) =>
				index % 50 === 7 ? '```go\nfunc main() {}\n\nfmt.Println()\n```' : paragraph(index),
			).flatMap(block => [block, '']),
			'[^n0]: First note.',
			'',
			'[^n1]: Second note.',
			'',
			'[^n2]: Third note.',
			'',
			'[site]: https://example.com/site',
			'',
		].join('\n');
		const post = makePost({title: 'Large'}, body);
		const head = markdownHead(body, 4096);
		assert.ok(head !== undefined && head.length < body.length / 2);
		const options = {width: 72, theme: createTheme(1), hyperlinks: false};
		const whole = renderPostPage(post, body, options).lines;
		const preview = renderPostPage(post, head, options).lines;
		assert.deepEqual(preview.slice(0, 60), whole.slice(0, 60));
		assert.ok(
			preview.slice(0, 60).some(line => line.includes('[1]')),
			'notes are numbered in the head too',
		);
	});

	it('numbers the head’s notes as the whole post does, though notes it does not use are left out', () => {
		const unused = Array.from({length: 200}, (_, index) => `[^u${index}]: Unused note ${index}.`);
		const body = [
			'First[^used].',
			'',
			...Array.from({length: 300}, (_, index) => paragraph(index)).flatMap(block => [block, '']),
			...unused,
			'',
			'[^used]: The used note.',
			'',
			'[^n0]: Zero.',
			'',
			'[^n1]: One.',
			'',
			'[^n2]: Two.',
			'',
			'[site]: https://example.com/site',
		].join('\n');
		const post = makePost({title: 'Many notes'}, body);
		const head = markdownHead(body, 4096);
		assert.ok(head !== undefined && !head.includes('Unused note'));
		const options = {width: 72, theme: createTheme(1), hyperlinks: false};
		const whole = renderPostPage(post, body, options).lines;
		assert.deepEqual(renderPostPage(post, head, options).lines.slice(0, 60), whole.slice(0, 60));
	});
});
