import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {plainPage, plainPageInSlices} from '../../source/render/plain-page.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {formatPost} from '../../source/render/printed.js';
import {displayWidth, wrapText} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {makePost} from '../helpers/posts.js';

const theme = createTheme(1);
const section = (index: number) =>
	`## Part ${index}\n\nText with **bold** and a note[^n].\n\n\`\`\`go\nfunc f() {}\n\`\`\`\n`;
const largeBody = `${Array.from({length: 1000}, (_, index) => section(index)).join('\n')}\n[^n]: The note.`;
const large = makePost({title: 'Large', date: '2025-01-01'}, largeBody);

describe('printing a post within a time budget', () => {
	it('prints a large post as the reader shows it, or as plain text with a notice past the budget', async () => {
		const options = {width: 70, theme, hyperlinks: false};
		const printed = await formatPost(large, largeBody, options, 20_000);
		assert.equal(
			printed,
			`${renderPostPage(large, largeBody, options)
				.lines.map(line => line.trimEnd())
				.join('\n')}\n`,
		);
		const plain = stripAnsi(await formatPost(large, largeBody, options, 1));
		assert.match(plain, /⚠ shown as plain text: rendering took longer than 0.001 s/);
		assert.match(plain, /^## Part 999$/m);
		assert.ok(plain.endsWith('[^n]: The note.\n'));
	});
});

describe('the plain-text fallback', () => {
	const emojiDense = Array.from({length: 60}, () => Array(300).fill('a😀b').join(' ')).join('\n\n');

	it('wraps emoji-dense text to the width, every row measured as the terminal measures it', () => {
		const page = plainPage(emojiDense, 70, 'test');
		assert.ok(page.lines.length > 60 * 20);
		for (const line of page.lines) assert.ok(displayWidth(line) <= 70, line);
		assert.equal(
			page.lines
				.filter(line => line !== '')
				.join(' ')
				.split(' ').length,
			60 * 300,
		);
	});

	it('gives the same lines a slice at a time, so the app stays free meanwhile', async () => {
		assert.deepEqual(await plainPageInSlices(emojiDense, 70, 'test'), plainPage(emojiDense, 70, 'test'));
	});

	it('breaks a word longer than a line between graphemes', () => {
		const rows = wrapText(`${'👩‍👩‍👧'.repeat(30)} end`, 11);
		assert.ok(rows.every(row => displayWidth(row) <= 11));
		assert.equal(rows.join('').replace(/ /g, ''), `${'👩‍👩‍👧'.repeat(30)}end`);
	});

	it('prints an emoji-dense post past its budget as plain text that fits', async () => {
		const post = makePost({title: 'Emoji'}, emojiDense);
		const printed = stripAnsi(await formatPost(post, emojiDense, {width: 60, theme, hyperlinks: false}, 1));
		assert.match(printed, /shown as plain text: rendering took longer than 0.001 s/);
		assert.ok(printed.split('\n').every(line => displayWidth(line) <= 60));
	});
});
