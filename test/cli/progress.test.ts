// The first read's progress: the line it draws, when it draws it, and the
// counts loading gives it; the built bin drawing it before the app's first
// screen, and never into a pipe.
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {loadBlog} from '../../source/blog/load/load.js';
import {progressLine, terminalProgress} from '../../source/cli/progress.js';
import {baseEnv, runBin} from '../helpers/bin.js';
import {inTerminal} from '../helpers/pty.js';

describe('progressLine', () => {
	const cases: Array<[done: number, total: number, width: number, ascii: boolean, line: string]> = [
		[0, 100_000, 80, false, 'reading posts 0 / 100,000 ▕░░░░░░░░░░░░░░░░░░░░▏ 0%'],
		[12_345, 100_000, 80, false, 'reading posts 12,345 / 100,000 ▕██░░░░░░░░░░░░░░░░░░▏ 12%'],
		[100_000, 100_000, 80, true, 'reading posts 100,000 / 100,000 [####################] 100%'],
		[5, 0, 80, true, 'reading posts 5 / 0 [....................] 0%'],
		[12_345, 100_000, 40, false, 'reading posts 12,345 / 100,000'],
		[12_345, 100_000, 10, false, 'reading po'],
	];
	for (const [done, total, width, ascii, line] of cases) {
		it(`${done} / ${total} in ${width} columns${ascii ? ', ASCII' : ''}`, () => {
			assert.equal(progressLine(done, total, width, ascii), line);
			assert.ok(line.length <= width);
		});
	}
});

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
		const folder = mkdtempSync(path.join(tmpdir(), 'blogread-progress-'));
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
	for (let index = 0; index < 300; index++) {
		writeFileSync(path.join(blog, `post-${index}.md`), `---\ntitle: Post ${index}\ndate: 2024-01-01\n---\nText.\n`);
	}

	it('the app’s first read (no index) shows its progress before the first screen', async () => {
		const cache = mkdtempSync(path.join(tmpdir(), 'blogread-first-read-cache-'));
		const {output} = await inTerminal({command: `BIN ${blog}`, keys: ['Q'], env: {XDG_CACHE_HOME: cache}});
		const progress = output.indexOf('reading posts 300 / 300');
		const screen = output.indexOf('\u001B[?1049h');
		assert.ok(progress !== -1, 'the progress line');
		assert.ok(progress < screen, 'before the app’s screen');
		// The line is cleared before the app takes the screen.
		assert.ok(output.slice(progress, screen).endsWith('\r\u001B[K'));
		assert.match(output.slice(screen), /Post 1/);
	});

	it('never into a pipe', () => {
		const result = runBin(['--list', blog], {
			env: {...baseEnv(), XDG_CACHE_HOME: mkdtempSync(path.join(tmpdir(), 'c-'))},
		});
		assert.equal(result.code, 0);
		assert.equal(result.stderr, '');
	});
});
