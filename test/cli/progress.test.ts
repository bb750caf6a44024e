// The first read's progress: on stderr before a list, when it draws its line
// (text/progress-line.ts); the counts loading gives it; and the built bin's app
// coming up at once on a first read, counting in its status line.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {loadBlog} from '../../source/blog/load/load.js';
import {terminalProgress} from '../../source/cli/progress.js';
import {baseEnv, runBin} from '../helpers/bin.js';
import {inTerminal} from '../helpers/pty.js';
import {temporaryFolder} from '../helpers/temporary.js';

describe('terminalProgress', () => {
	/** A terminal's stderr that keeps what is written, and a clock the test moves. */
	function setup(delayMs: number) {
		const written: string[] = [];
		let clock = 0;
		const progress = terminalProgress(
			{write: text => written.push(text), isTTY: true, columns: 60},
			{delayMs, ascii: true, now: () => clock},
		);
		return {written, progress, at: (ms: number) => (clock = ms)};
	}

	it('draws nothing before its delay, nor clears what it never drew', () => {
		const {written, progress, at} = setup(1000);
		at(999);
		progress.update(500, 1000);
		progress.update(1000, 1000);
		progress.end();
		assert.deepEqual(written, []);
	});

	it('redraws in place at most every 100 ms, always at the last post, and clears the line at the end', () => {
		const {written, progress, at} = setup(0);
		progress.update(256, 1024);
		at(50);
		progress.update(512, 1024);
		at(100);
		progress.update(768, 1024);
		at(120);
		progress.update(1024, 1024);
		progress.end();
		assert.deepEqual(written, [
			'\rreading posts 256 / 1,024 [#####...............] 25%\u001B[K',
			'\rreading posts 768 / 1,024 [###############.....] 75%\u001B[K',
			'\rreading posts 1,024 / 1,024 [####################] 100%\u001B[K',
			'\r\u001B[K',
		]);
	});
});

describe('loading tells its progress', () => {
	it('a count that grows, every 256 posts and at the last, up to every post found', async () => {
		const folder = temporaryFolder('progress');
		for (let index = 0; index < 600; index++) {
			writeFileSync(path.join(folder, `post-${index}.md`), `---\ntitle: Post ${index}\ndate: 2024-01-01\n---\nText.\n`);
		}

		const told: Array<[number, number]> = [];
		const blog = await loadBlog(folder, {
			drafts: false,
			cache: false,
			progress: (done, total) => told.push([done, total]),
		});
		assert.equal(blog.posts.length, 600);
		assert.deepEqual(told, [
			[256, 600],
			[512, 600],
			[600, 600],
		]);
	});
});

describe('the built bin', () => {
	const blog = mkdtempSync(path.join(tmpdir(), 'blogread-first-read-'));
	const caches: string[] = [];
	const freshCache = () => {
		const cache = mkdtempSync(path.join(tmpdir(), 'blogread-first-read-cache-'));
		caches.push(cache);
		return cache;
	};

	after(() => {
		for (const folder of [blog, ...caches]) rmSync(folder, {recursive: true, force: true});
	});
	// Big enough that reading it takes longer than the moment the app waits for a first read on any machine.
	const total = 10_000;
	// As the status line writes it.
	const counted = total.toLocaleString('en');
	for (let index = 0; index < total; index++) {
		writeFileSync(path.join(blog, `post-${index}.md`), `---\ntitle: Post ${index}\ndate: 2024-01-01\n---\nText.\n`);
	}

	// The first start writes the index; the second starts from its head.
	const appCache = freshCache();

	it('the app’s first read (no index) comes up at once, counting in its status line, keys working', async () => {
		const {output} = await inTerminal({
			command: `BIN ${blog}`,
			ready: 'reading posts',
			keys: [
				{key: '?', shows: 'Post list keys'},
				{key: 'q', shows: 'reading posts'},
				{act: () => {}, shows: `${counted} of ${counted} posts`, within: 60_000},
				'Q',
			],
			env: {XDG_CACHE_HOME: appCache},
			timeout: 90_000,
		});
		const screen = output.indexOf('\u001B[?1049h');
		const counting = output.indexOf('reading posts', screen);
		const help = output.indexOf('Post list keys', screen);
		const listed = output.indexOf(`${counted} of ${counted} posts`, screen);
		assert.equal(output.slice(0, screen).includes('reading posts'), false, 'nothing on stderr before the screen');
		assert.ok(screen !== -1 && counting > screen, 'the count in the app’s status line');
		assert.ok(help > counting && help < listed, 'the help answered while the posts were read');
		assert.match(output.slice(counting), /reading posts [\d,]+ \/ ~10,000/);
	});

	it('a second start shows the first posts at once, from the index’s head, then the whole blog', async () => {
		const {output} = await inTerminal({
			command: `BIN ${blog}`,
			ready: 'Post ',
			keys: [{act: () => {}, shows: `${counted} of ${counted} posts`, within: 60_000}, 'Q'],
			env: {XDG_CACHE_HOME: appCache},
			timeout: 90_000,
		});
		const screen = output.indexOf('\u001B[?1049h');
		const listed = output.indexOf(`${counted} of ${counted} posts`, screen);
		const firstScreen = output.slice(screen, listed);
		assert.match(firstScreen, /Post \d+/, 'posts on screen before the blog is read');
		assert.match(firstScreen, /(finding|reading) posts/);
	});

	it('never into a pipe', () => {
		const result = runBin(['--list', blog], {env: {...baseEnv(), XDG_CACHE_HOME: freshCache()}});
		assert.equal(result.code, 0);
		assert.equal(result.stderr, '');
	});
});
