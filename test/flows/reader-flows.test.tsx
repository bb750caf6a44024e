import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {makePost} from '../helpers/posts.js';

const theme = createTheme(0);
const paragraphs = (from: number, count: number) =>
	Array.from({length: count}, (_, index) => `Paragraph ${from + index} about nothing much.`).join('\n\n');
const body = [
	'Intro with a note[^a] and the word needle.',
	'## First section',
	paragraphs(1, 12),
	'A needle in the first section[^b].',
	'## Second section',
	'### Deeper part',
	paragraphs(13, 12),
	'The last needle.',
	'[^a]: Note A, the first.',
	'[^b]: Note B, the second.',
].join('\n\n');

const blog: Blog = {
	root: 'blog',
	hiddenDrafts: 0,
	posts: [
		makePost({title: 'Long post', date: '2025-02-02', tags: ['go']}, body),
		makePost({title: 'Second post', date: '2025-01-01', tags: ['go']}, 'Short second body.'),
		makePost({title: 'Third post', date: '2024-01-01', tags: ['rust']}, 'Short third body.'),
	],
};

const open = appOpener({blog, theme});
async function openReader() {
	const app = await open();
	await app.press(keys.enter);
	return app;
}

const firstLine = (frame: string) => frame.split('\n')[0]?.trim();
const statusLine = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('find in the post', () => {
	it('/ then Enter goes to the first match, n and N step and wrap around', async () => {
		const app = await openReader();
		await app.press('/', 'needle');
		assert.match(statusLine(app.frame()), /^ \/needle▏ find/);
		await app.press(keys.enter);
		assert.match(statusLine(app.frame()), /hit 1\/3 "needle"/);
		await app.press('n');
		assert.match(statusLine(app.frame()), /hit 2\/3/);
		assert.match(app.frame(), /A needle in the first section\[2\]\./, 'the hit is on screen');
		await app.press('n');
		assert.match(statusLine(app.frame()), /hit 3\/3/);
		assert.match(app.frame(), /The last needle\./);
		await app.press('n');
		assert.match(statusLine(app.frame()), /search wrapped to the top/);
		await app.press('N');
		assert.match(statusLine(app.frame()), /search wrapped to the bottom/);
		await app.press('N');
		assert.match(statusLine(app.frame()), /hit 2\/3/);
	});

	it('ignores case and says when nothing is found', async () => {
		const app = await openReader();
		await app.press('/', 'NEEDLE', keys.enter);
		assert.match(statusLine(app.frame()), /hit 1\/3/);
		await app.press('/', 'haystack', keys.enter);
		assert.match(statusLine(app.frame()), /not found: "haystack"/);
	});

	it('marks matches on screen in the styled lines', async () => {
		const colourApp = await open({blog, theme: createTheme(1)});
		await colourApp.press(keys.enter, '/', 'needle', keys.enter);
		const raw = colourApp.lastFrame() ?? '';
		assert.ok(raw.includes('\u001B[7m\u001B[4mneedle'), 'the current hit: inverse and underlined');
	});

	it('Esc while typing stops finding and leaves the position alone', async () => {
		const app = await openReader();
		await app.press('/', 'nee', keys.escape);
		await app.waitFor(frame => !frame.includes('/nee'));
		assert.equal(firstLine(app.frame()), 'Long post');
	});
});

describe('headings and contents', () => {
	it('Esc and a key typed together (as Alt+key) count as both', async () => {
		const app = await openReader();
		await app.press('o');
		assert.match(app.frame(), /^Contents$/m);
		await app.press('\u001Bq');
		await app.waitFor(frame => /^› \S+ +Long post/m.test(frame));
	});

	it('] and [ jump between headings', async () => {
		const app = await openReader();
		await app.press(']');
		assert.equal(firstLine(app.frame()), 'First section');
		await app.press(']');
		assert.equal(firstLine(app.frame()), 'Second section');
		await app.press(']');
		// Without colour a level 3 heading keeps its marks.
		assert.equal(firstLine(app.frame()), '### Deeper part');
		await app.press('[', '[');
		assert.equal(firstLine(app.frame()), 'First section');
	});

	it('o lists the headings, indented by level, marking the current section; Enter goes there', async () => {
		const app = await openReader();
		await app.press(']', 'o');
		const frame = app.frame();
		assert.match(frame, /^Contents$/m);
		assert.match(frame, /^›• First section$/m);
		assert.match(frame, /^ {3}Second section$/m);
		assert.match(frame, /^ {5}Deeper part$/m);
		assert.match(frame, /^ {3}Notes$/m);
		await app.press('j', 'j', keys.enter);
		assert.equal(firstLine(app.frame()), '### Deeper part');
		await app.press("'");
		assert.equal(firstLine(app.frame()), 'First section', "' goes back to where the jump started");
	});
});

describe('footnotes', () => {
	it("F jumps to the note of the screen's first reference, ' comes back", async () => {
		const app = await openReader();
		await app.press('F');
		// The notes end the post, so the screen stops at the end with the note on it.
		assert.match(app.frame(), /^ \[1\] Note A, the first\.$/m);
		assert.doesNotMatch(app.frame(), /Intro with a note/);
		assert.match(statusLine(app.frame()), /note 1: ' goes back/);
		await app.press("'");
		assert.equal(firstLine(app.frame()), 'Long post');
		await app.press("'");
		assert.match(statusLine(app.frame()), /no earlier position/);
	});

	it('G reaches the notes', async () => {
		const app = await openReader();
		await app.press('G');
		assert.match(app.frame(), /\[2\] Note B, the second\./);
	});
});

describe('moving between posts', () => {
	it('. and , open the next and previous post of the list', async () => {
		const app = await openReader();
		await app.press('.');
		assert.equal(firstLine(app.frame()), 'Second post');
		await app.press('.');
		assert.equal(firstLine(app.frame()), 'Third post');
		await app.press('.');
		assert.match(statusLine(app.frame()), /this is the last post of the list/);
		await app.press(',', ',');
		assert.equal(firstLine(app.frame()), 'Long post');
		await app.press('q');
		assert.match(app.frame(), /^› \S+ +Long post/m);
	});

	it('remembers where each post was left', async () => {
		const app = await openReader();
		await app.press(']', ']');
		assert.equal(firstLine(app.frame()), 'Second section');
		await app.press('q', 'j', keys.enter, 'q', 'k', keys.enter);
		assert.equal(firstLine(app.frame()), 'Second section');
	});

	it('lists the reader keys in help, from the keymap, scrolling to the last', async () => {
		const app = await openReader();
		await app.press('?');
		const first = app.frame();
		await app.press('G');
		const seen = `${first}\n${app.frame()}`;
		for (const pattern of [
			/\/ +find in the post/,
			/n +next match/,
			/\] +next heading/,
			/o +table of contents/,
			/F +jump to the note/,
			/' +back to where you were/,
			/\. +next post in the list/,
			/, +previous post in the list/,
		]) {
			assert.match(seen, pattern);
		}
	});
});

describe('resizing', () => {
	it('re-wraps the post and keeps the same text on top', async () => {
		const wordy = makePost(
			{title: 'Wordy', date: '2025-01-01'},
			Array.from({length: 20}, (_, index) => `Section ${index} ${'lorem ipsum dolor '.repeat(12)}`).join('\n\n'),
		);
		const app = await open({blog: {root: 'b', hiddenDrafts: 0, posts: [wordy]}, theme});
		await app.press(keys.enter, 'd', 'd', 'd');
		const top = firstLine(app.frame()) ?? '';
		const section = /Section \d+/.exec(app.frame())?.[0];
		assert.ok(section);
		await app.resize(50, 20);
		assert.ok(
			app
				.frame()
				.split('\n')
				.every(line => line.length <= 50),
			'no line wider than the new width',
		);
		const visible = app.frame().split('\n').slice(0, 5).join('\n');
		assert.ok(visible.includes(section) || top.startsWith('lorem'), `${section} stays near the top:\n${visible}`);
		await app.resize(100, 24);
		assert.equal(firstLine(app.frame()), top, 'back at the first width, the same top line');
	});

	it('works in a 40x10 terminal: the status line stays, on the bottom row', async () => {
		const app = await open({blog, theme});
		await app.resize(40, 10);
		const lines = app.frame().split('\n');
		assert.equal(lines.length, 10);
		assert.match(lines.at(-1) ?? '', /\? help/);
		await app.press(keys.enter, 'G');
		assert.ok(
			app
				.frame()
				.split('\n')
				.every(line => line.length <= 40),
		);
		assert.match(app.frame().split('\n').at(-1) ?? '', /Bot · \? help/);
	});
});
