import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog, Post} from '../../source/blog/model/model.js';
import type {MemorySnapshot} from '../../source/reading/reading-memory.js';
import {emptyReadingState, type ReadingState} from '../../source/reading/reading-state.js';
import {createTheme} from '../../source/theme/palette.js';
import type {MemoryHost} from '../../source/ui/hooks/use-memory.js';
import {appOpener, keys} from '../helpers/ink.js';
import {makePost} from '../helpers/posts.js';

const theme = createTheme(0);
const paragraphs = Array.from(
	{length: 40},
	(_, index) => `Paragraph ${index + 1} says a little, then a little more, so that it wraps at narrow widths.`,
).join('\n\n');
const withHash = (post: Post, hash: string): Post => ({...post, hash});
const posts = [
	withHash(makePost({title: 'Long post', date: '2025-03-03'}, `${paragraphs}\n\nThe very end.`), 'aaaaaaaaaaaa'),
	withHash(makePost({title: 'Short post', date: '2025-02-02'}, 'Short body.'), 'bbbbbbbbbbbb'),
	withHash(makePost({title: 'Changed post', date: '2025-01-01'}, 'Edited body.'), 'cccccccccccc'),
];
const blog: Blog = {root: 'blog', hiddenDrafts: 0, posts};

/** A memory as the bin's, kept in the test: what the app last handed it, and each write. */
function fakeMemory(initial: ReadingState = emptyReadingState) {
	let last: MemorySnapshot | undefined;
	const writes: MemorySnapshot[] = [];
	const host: MemoryHost = {
		initial,
		update: snapshot => {
			last = snapshot;
		},
		flush: () => {
			if (last) writes.push(last);
		},
	};
	return {host, writes, last: () => last};
}

const open = appOpener();
const firstLine = (frame: string) => frame.split('\n')[0]?.trim() ?? '';
const statusLine = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';
const row = (frame: string, title: string) => frame.split('\n').find(line => line.includes(title)) ?? '';

describe('read marks in the list', () => {
	it('marks unread posts with ● and a post changed since it was read with ↻', async () => {
		const memory = fakeMemory({
			positions: {},
			read: {[posts[1]?.path ?? '']: 'bbbbbbbbbbbb', [posts[2]?.path ?? '']: 'old000000000'},
		});
		const app = await open({blog, theme, memory: memory.host});
		assert.match(row(app.frame(), 'Long post'), /^› ● 2025-03-03 {2}Long post/);
		assert.match(row(app.frame(), 'Short post'), /^ {4}2025-02-02 {2}Short post/);
		assert.match(row(app.frame(), 'Changed post'), /^ {2}↻ 2025-01-01 {2}Changed post/);
	});

	it('has no mark column without a memory (--no-state), and N says why', async () => {
		const app = await open({blog, theme});
		assert.match(row(app.frame(), 'Short post'), /^ {2}2025-02-02 {2}Short post/);
		await app.press('N');
		assert.match(statusLine(app.frame()), /read marks are off \(--no-state\)/);
	});

	it('N marks the selected post read, then unread again, and each change is written', async () => {
		const memory = fakeMemory();
		const app = await open({blog, theme, memory: memory.host});
		await app.press('j', 'N');
		assert.match(row(app.frame(), 'Short post'), /^› {3}2025-02-02/);
		assert.match(statusLine(app.frame()), /marked read/);
		await app.waitFor(() => Object.keys(memory.writes.at(-1)?.read ?? {}).length > 0);
		assert.deepEqual(memory.writes.at(-1)?.read, {[posts[1]?.path ?? '']: 'bbbbbbbbbbbb'});
		await app.press('N');
		assert.match(row(app.frame(), 'Short post'), /^› ● 2025-02-02/);
		assert.match(statusLine(app.frame()), /marked unread/);
		await app.waitFor(() => Object.keys(memory.writes.at(-1)?.read ?? {x: ''}).length === 0);
	});

	it('a post is read once its end is on screen, not before', async () => {
		const memory = fakeMemory();
		const app = await open({blog, theme, memory: memory.host});
		await app.press(keys.enter, keys.pageDown, 'q');
		assert.match(row(app.frame(), 'Long post'), /^› ● /, 'a page in is not the end');
		await app.press(keys.enter, 'G', 'q');
		assert.match(row(app.frame(), 'Long post'), /^› {3}2025-03-03/);
		// A short post is read as soon as it is open: all of it is on screen.
		await app.press('j', keys.enter, 'q');
		assert.match(row(app.frame(), 'Short post'), /^› {3}2025-02-02/);
	});

	it('U shows unread and updated posts only; a post marked stays until the cursor leaves; Esc shows all', async () => {
		const memory = fakeMemory({positions: {}, read: {[posts[2]?.path ?? '']: 'old000000000'}});
		const app = await open({blog, theme, memory: memory.host});
		await app.press('U');
		assert.match(statusLine(app.frame()), /showing unread posts only/);
		await app.press('x', 'U', 'N');
		assert.ok(app.frame().includes('Long post'), 'still there while selected');
		assert.match(statusLine(app.frame()), /marked read/);
		await app.press('j');
		assert.ok(!app.frame().includes('Long post'));
		assert.ok(app.frame().includes('Changed post'), 'an updated post counts as unread');
		assert.match(statusLine(app.frame()), /unread only · 2 of 3 posts/);
		await app.press('N', 'j', 'N');
		assert.deepEqual(
			app
				.frame()
				.split('\n')
				.filter(line => /\d{4}-\d\d-\d\d/.test(line)),
			['›   2025-01-01  Changed post'],
			'only the post just marked is left, while selected',
		);
		await app.press(keys.escape);
		assert.ok(app.frame().includes('Long post') && app.frame().includes('Short post'));
		assert.match(statusLine(app.frame()), /filters cleared/);
	});

	it('says so when every post is read and only unread ones are shown', async () => {
		const read = Object.fromEntries(posts.map(post => [post.path, post.hash ?? '']));
		const app = await open({blog, theme, memory: fakeMemory({positions: {}, read}).host});
		await app.press('U');
		assert.match(app.frame(), /No unread posts here/);
		assert.match(app.frame(), /read: 3 posts/);
		assert.match(app.frame(), /U shows read posts too/);
	});
});

describe('positions between runs', () => {
	it('reopening a post, in this run or the next at another width, shows the same text on top', async () => {
		const memory = fakeMemory();
		const app = await open({blog, theme, memory: memory.host});
		await app.press(keys.enter, keys.pageDown, 'j', 'j');
		const top = firstLine(app.frame());
		assert.match(top, /^Paragraph \d+/);
		await app.press('q', keys.enter);
		assert.equal(firstLine(app.frame()), top);
		await app.press('q');
		await app.waitFor(() => memory.writes.length > 0 && Object.keys(memory.writes.at(-1)?.positions ?? {}).length > 0);
		const saved = memory.last();
		assert.ok(saved);

		const next = await open({blog, theme, memory: fakeMemory({positions: saved.positions, read: saved.read}).host});
		await next.resize(50, 20);
		await next.press(keys.enter);
		const paragraph = /^Paragraph \d+/.exec(top)?.[0] ?? '';
		assert.ok(firstLine(next.frame()).startsWith(paragraph), `${firstLine(next.frame())} starts ${paragraph}`);
	});

	it("the open post's place is handed over while it is read, for a quit or a signal", async () => {
		const memory = fakeMemory();
		const app = await open({blog, theme, memory: memory.host});
		await app.press(keys.enter, keys.pageDown);
		assert.equal(memory.last()?.open?.path, posts[0]?.path);
		assert.ok((memory.last()?.open?.position.block ?? 0) > 0);
	});
});
