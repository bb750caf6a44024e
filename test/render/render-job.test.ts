import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {formatPost, renderPostPageBounded} from '../../source/render/bounded.js';
import {plainPage, plainPageInSlices} from '../../source/render/plain-page.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {SYNC_RENDER_LIMIT} from '../../source/render/render-job.js';
import {displayWidth, wrapText} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {bodyOf, makePost} from '../helpers/posts.js';

const theme = createTheme(1);
const section = (index: number) =>
	`## Part ${index}\n\nText with **bold** and a note[^n].\n\n\`\`\`go\nfunc f() {}\n\`\`\`\n`;
const largeBody = `${Array.from({length: 1000}, (_, index) => section(index)).join('\n')}\n[^n]: The note.`;
const large = makePost({title: 'Large', date: '2025-01-01'}, largeBody);

describe('rendering with a time budget', () => {
	it('renders a large post in a worker, exactly as on this thread', async () => {
		assert.ok(bodyOf(large).length > SYNC_RENDER_LIMIT);
		const options = {width: 70, theme, hyperlinks: false};
		const bounded = await renderPostPageBounded(large, largeBody, options, 20_000);
		assert.deepEqual(bounded, renderPostPage(large, largeBody, options));
	});

	it('falls back to plain text, with a notice, when the budget runs out', async () => {
		const page = await renderPostPageBounded(large, largeBody, {width: 70, theme, hyperlinks: false}, 1);
		const text = page.lines.map(line => stripAnsi(line)).join('\n');
		assert.match(text, /⚠ shown as plain text: rendering took longer than 0.001 s/);
		assert.match(text, /^## Part 0$/m, 'the Markdown is shown as written');
		assert.ok(page.lines.every(line => stripAnsi(line).length <= 70));
	});

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

	it('renders small posts on this thread', async () => {
		const small = makePost({title: 'Small'}, 'Just **this**.');
		const page = await renderPostPageBounded(
			small,
			'Just **this**.',
			{width: 40, theme: createTheme(0), hyperlinks: false},
			1,
		);
		// Without colour, marks show the bold.
		assert.ok(page.lines.includes('Just **this**.'));
	});

	it('draws in ASCII in the worker too, when the theme does', async () => {
		const options = {width: 70, theme: createTheme(1, 'dark', {ascii: true}), hyperlinks: false};
		const bounded = await renderPostPageBounded(large, largeBody, options, 20_000);
		assert.deepEqual(bounded, renderPostPage(large, largeBody, options));
		const text = bounded.lines.map(line => stripAnsi(line)).join('\n');
		assert.match(text, /^\+- go$/m);
		assert.ok(!/[^\n\u0020-\u007E]/.test(text), 'only ASCII');
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
