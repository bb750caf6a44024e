import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {makePost, makePosts} from '../helpers/posts.js';

const theme = createTheme(0);
const longBody = [
	'Opening paragraph with a footnote[^1].',
	...Array.from({length: 60}, (_, index) => `Paragraph line ${index + 1}.`),
	'## Closing section',
	'Last words.',
	'[^1]: The footnote text.',
].join('\n\n');

const blog: Blog = {
	root: 'my-blog',
	hiddenDrafts: 1,
	posts: [
		makePost(
			{title: 'Newest post', date: '2025-03-01', tags: ['go', 'cli'], author: 'Ann'},
			'Short body of the newest post.',
		),
		makePost({title: 'Middle post', date: '2024-02-01', tags: ['rust']}, 'Body of the middle post.'),
		makePost({title: 'Long read', date: '2023-01-01', tags: ['go'], author: 'Bo'}, longBody, 'long-read.md'),
	],
};

const open = appOpener();

function selectedTitle(frame: string): string | undefined {
	return /^› \S+ {2}(.+?) {2}/m.exec(frame)?.[1]?.trim();
}

describe('post list', () => {
	it('shows every post newest first with date, tags and a status line', async () => {
		const app = await open({blog, theme});
		const lines = app.frame().split('\n');
		assert.match(lines[0] ?? '', /^› 2025-03-01 {2}Newest post +#go #cli +Ann/);
		assert.match(lines[1] ?? '', /^ {2}2024-02-01 {2}Middle post +#rust/);
		assert.match(lines[2] ?? '', /^ {2}2023-01-01 {2}Long read/);
		assert.match(app.frame(), /my-blog · 3 of 3 posts · 1 draft hidden +All · \? help/);
	});

	it('moves the selection with j/k and the arrows, g/G and Home/End', async () => {
		const app = await open({blog, theme});
		await app.press('j');
		assert.equal(selectedTitle(app.frame()), 'Middle post');
		await app.press(keys.down);
		assert.equal(selectedTitle(app.frame()), 'Long read');
		await app.press('j');
		assert.equal(selectedTitle(app.frame()), 'Long read', 'stops at the end');
		await app.press('k', keys.up);
		assert.equal(selectedTitle(app.frame()), 'Newest post');
		await app.press('G');
		assert.equal(selectedTitle(app.frame()), 'Long read');
		await app.press(keys.home);
		assert.equal(selectedTitle(app.frame()), 'Newest post');
	});

	it('handles keys typed ahead in one chunk', async () => {
		const app = await open({blog, theme});
		await app.press('jj');
		assert.equal(selectedTitle(app.frame()), 'Long read');
	});

	it('scrolls a list taller than the screen and never draws more rows than fit', async () => {
		const many: Blog = {root: 'big', hiddenDrafts: 0, posts: makePosts(40)};
		const app = await open({blog: many, theme});
		assert.equal(app.frame().split('\n').length, 24, 'fills the 24 rows, the status line on the last');
		assert.match(app.frame(), /Post 1 /);
		assert.doesNotMatch(app.frame(), /Post 40/);
		await app.press('G');
		assert.equal(selectedTitle(app.frame()), 'Post 40');
		assert.doesNotMatch(app.frame(), /Post 1 /);
		assert.match(app.frame(), /Bot · \? help/);
		// 18 rows of posts: the selected post's details take 5 under them.
		await app.press(keys.pageUp);
		assert.equal(selectedTitle(app.frame()), 'Post 22');
		assert.equal(app.frame().split('\n').length, 24);
	});

	it('finds the selection at either end of a list longer than the rows it looks through first', async () => {
		// Newest first, a day apart: Post 1 on top, Post 1200 at the bottom.
		const dated = Array.from({length: 1200}, (_, index) =>
			makePost(
				{
					title: `Post ${index + 1}`,
					date: new Date(Date.UTC(2024, 0, 1) - index * 86_400_000).toISOString().slice(0, 10),
					tags: ['log'],
				},
				'Text.',
				`post-${index + 1}.md`,
			),
		);
		const app = await open({blog: {root: 'long', hiddenDrafts: 0, posts: dated}, theme});
		await app.press('G');
		assert.equal(selectedTitle(app.frame()), 'Post 1200');
		assert.match(app.frame(), /long · 1,200 of 1,200 posts +Bot · \? help/);
		await app.press('k', 'k');
		assert.equal(selectedTitle(app.frame()), 'Post 1198');
		await app.press(keys.pageUp);
		assert.equal(selectedTitle(app.frame()), 'Post 1180');
		await app.press('g');
		assert.equal(selectedTitle(app.frame()), 'Post 1');
		assert.match(app.frame(), /Top · \? help/);
		await app.press(keys.end, 'j');
		assert.equal(selectedTitle(app.frame()), 'Post 1200', 'stays on the last');
	});

	it('shows an empty state that says what was searched', async () => {
		const app = await open({blog: {root: 'nothing-here', hiddenDrafts: 2, posts: []}, theme});
		assert.match(app.frame(), /No posts in nothing-here/);
		assert.match(app.frame(), /Markdown files \(\.md, \.markdown, \.mdown, \.mkd, \.mkdn, \.mdx, \.Rmd\)/);
		assert.match(app.frame(), /2 drafts are hidden: run with --drafts/);
		await app.press(keys.enter, 'j');
		assert.match(app.frame(), /No posts in nothing-here/);
	});
});

describe('reader', () => {
	it('opens the selected post with Enter, showing its header', async () => {
		const app = await open({blog, theme});
		await app.press('j', keys.enter);
		const frame = app.frame();
		assert.match(frame, /^ Middle post$/m);
		assert.match(frame, /2024-02-01 · 1 min read/);
		assert.match(frame, /#rust/);
		assert.match(frame, /Body of the middle post\./);
		assert.match(frame, /Middle post +1-\d+\/\d+ All · \? help/);
	});

	it('scrolls by line, page, half page and to either end', async () => {
		const app = await open({blog, theme});
		await app.press('G', 'l');
		assert.match(app.frame(), /Opening paragraph with a footnote\[1\]\./);
		assert.match(app.frame(), / Top · \? help/);
		const firstLine = () => app.frame().split('\n')[0];
		assert.equal(firstLine(), ' Long read');
		await app.press('j');
		assert.match(firstLine() ?? '', /2023-01-01/);
		await app.press('k');
		assert.equal(firstLine(), ' Long read');
		await app.press(' ');
		assert.match(app.frame(), / 23-45\/\d+ /);
		await app.press('b');
		assert.match(app.frame(), / 1-23\/\d+ /);
		await app.press('d');
		assert.match(app.frame(), / 12-34\/\d+ /);
		await app.press('u');
		assert.match(app.frame(), / 1-23\/\d+ /);
		await app.press('G');
		assert.match(app.frame(), /Bot · \? help/);
		assert.match(app.frame(), /\[1\] The footnote text\./);
		assert.match(app.frame(), /Closing section/);
		await app.press('g');
		assert.equal(firstLine(), ' Long read');
	});

	it('goes back to the list with q, keeping the selection', async () => {
		const app = await open({blog, theme});
		await app.press('j', keys.enter, 'q');
		assert.equal(selectedTitle(app.frame()), 'Middle post');
		await app.press(keys.enter, 'h');
		assert.equal(selectedTitle(app.frame()), 'Middle post');
		await app.press(keys.enter, keys.escape);
		await app.waitFor(frame => selectedTitle(frame) === 'Middle post');
	});

	it('starts in the reader when opened on one file', async () => {
		const app = await open({blog: {...blog, posts: blog.posts.slice(1, 2)}, theme, openFirst: true});
		assert.match(app.frame(), /Body of the middle post/);
	});
});

describe('help and quitting', () => {
	it('? lists the keys of the current view from the keymap; any key closes it', async () => {
		const app = await open({blog, theme});
		await app.press('?');
		assert.match(app.frame(), /Post list keys/);
		assert.match(app.frame(), /↓ j +next post/);
		assert.match(app.frame(), /Enter l → +open the post/);
		await app.press('x');
		assert.doesNotMatch(app.frame(), /Post list keys/);
		assert.equal(selectedTitle(app.frame()), 'Newest post');
		await app.press(keys.enter, '?');
		assert.match(app.frame(), /Reader keys/);
		assert.match(app.frame(), /Space PgDn f +page down/);
	});

	for (const [name, key] of [
		['Q', 'Q'],
		['Ctrl-C', '\u0003'],
		['q on the list', 'q'],
	] as const) {
		it(`${name} quits: the app stops taking keys`, async () => {
			const app = await open({blog, theme});
			await app.press(key);
			const before = app.frame();
			await app.press('j');
			assert.equal(app.frame(), before);
			assert.equal(selectedTitle(app.frame()), 'Newest post');
		});
	}
});
