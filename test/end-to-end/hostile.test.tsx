import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../../source/blog/load/load.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {runBin} from '../helpers/bin.js';
import {runCli} from '../helpers/cli.js';
import {foreignControls, makeHostileBlog} from '../helpers/hostile.js';
import {keys, renderApp} from '../helpers/ink.js';
import {makePost} from '../helpers/posts.js';

const {root, marker} = makeHostileBlog();
const blog = path.join(root, 'blog');
after(() => {
	rmSync(root, {recursive: true, force: true});
});

const colour = {FORCE_COLOR: '3', FORCE_HYPERLINK: '1'};
/** The built bin, colour and links forced on. */
const bin = (args: string[]) => runBin(args, {env: colour});
/** The command line in this process, as the bin runs (a Node start per hostile post adds up). */
const cli = async (args: string[]) => runCli(args, colour);

describe('a hostile blog through the command line', () => {
	it('--list --json lists every real post once, skipping FIFOs and links out of the folder', () => {
		const result = bin(['--list', '--json', blog]);
		assert.equal(result.code, 0, result.stderr);
		const posts = JSON.parse(result.stdout) as Array<{
			path: string;
			title: string;
			warnings: string[];
			author: string | null;
			tags: string[];
		}>;
		const paths = posts.map(post => post.path).sort();
		assert.ok(!paths.some(file => /fifo|zero|passwd|loop/.test(file)), paths.join(', '));
		assert.equal(new Set(paths).size, paths.length, 'each post once');
		assert.ok(paths.includes('sub/inner.md'));
		const byPath = new Map(posts.map(post => [post.path, post]));
		assert.equal(byPath.get('yaml-escapes.md')?.title, '^[]2;pwned title^G');
		assert.equal(byPath.get('yaml-escapes.md')?.author, '^[[31mred');
		assert.deepEqual(byPath.get('yaml-escapes.md')?.tags, ['^[[5mblink', 'ok']);
		for (const language of ['js', 'javascript', 'JS', 'coffee'])
			assert.match(byPath.get(`eval-${language}.md`)?.warnings[0] ?? '', /refused/);
		assert.equal(byPath.get('alias-bomb.md')?.title, 'Alias bomb', 'an alias bomb is parsed without expanding it');
		assert.match(byPath.get('not-utf8.md')?.warnings.join(' ') ?? '', /not valid UTF-8/);
		assert.ok(
			posts.some(post => post.title === 'Name ^[[31m red'),
			'a control character in a file name is shown',
		);
		assert.equal(existsSync(marker), false, 'no payload ran');
	});

	it('--list prints no control sequence but its column tabs (counted below)', () => {
		const result = bin(['--list', blog]);
		assert.equal(result.code, 0);
		assert.deepEqual(foreignControls(result.stdout.replaceAll('\t', '')), []);
	});

	it('--list and --format into a pipe: no control character, and every line has its four fields', () => {
		for (const args of [['--list'], ['--format', '{path}\\t{title}\\t{author}\\t{tags}']]) {
			const result = bin([...args, '--drafts', blog]);
			assert.equal(result.code, 0, result.stderr);
			const rows = result.stdout.trimEnd().split('\n');
			assert.ok(rows.length > 10, result.stdout);
			for (const row of rows) {
				assert.doesNotMatch(row, /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/, row);
				assert.equal(row.split('\t').length, 4, row);
			}
		}
	});

	it('--print of every post: exit 0, no foreign control sequence', async () => {
		const posts = (await loadBlog(blog, {drafts: true})).posts;
		for (const post of posts) {
			const result = await cli(['--print', post.absolutePath, '--width', '60']);
			assert.equal(result.code, 0, `${post.path}: ${result.stderr}`);
			assert.deepEqual(foreignControls(result.stdout), [], post.path);
			for (const line of stripAnsi(result.stdout).split('\n'))
				assert.ok(displayWidth(line) <= 60, `${post.path}: ${line}`);
		}

		const raw = bin(['--print', path.join(blog, 'raw-controls.md'), '--width', '60']);
		assert.deepEqual([raw.code, foreignControls(raw.stdout)], [0, []], 'the built bin too');
		assert.equal(existsSync(marker), false);
	});

	it('shows the real target of a link whose text is another address, and links only web addresses', () => {
		const out = bin(['--print', path.join(blog, 'spoofed-links.md')]).stdout;
		assert.match(stripAnsi(out), /https:\/\/good\.example \(https:\/\/evil\.example\)/);
		assert.match(stripAnsi(out), /click \(javascript:alert\(1\)\)/);
		assert.ok(!out.includes('\u001B]8;;javascript') && !out.includes('\u001B]8;;file'));
	});

	it('refuses a FIFO, a device and a link out of the folder without blocking', async () => {
		for (const name of ['fifo.md', 'zero.md']) {
			const result = await cli(['--print', path.join(blog, name)]);
			assert.equal(result.code, 1, name);
		}

		assert.equal((await cli(['--print', 'passwd', blog])).code, 1, 'a link to /etc/passwd is not a post of the blog');
	});
});

describe('a hostile blog in the app', () => {
	it('never lets a control sequence from a post reach the screen', async () => {
		const loaded = await loadBlog(blog, {drafts: true});
		const app = await renderApp({blog: loaded, theme: createTheme(3), hyperlinks: true});
		try {
			assert.deepEqual(foreignControls(app.lastFrame() ?? ''), [], 'the list');
			for (let index = 0; index < loaded.posts.length; index++) {
				await app.press(keys.enter);
				await app.waitFor(frame => !frame.includes('Rendering'), 10_000);
				for (const key of ['', 'G', '/', 'e', keys.enter, 'o']) {
					if (key !== '') await app.press(key);
					assert.deepEqual(
						foreignControls(app.lastFrame() ?? ''),
						[],
						`${loaded.posts[index]?.path} after ${JSON.stringify(key)}`,
					);
				}

				await app.press(keys.escape, 'q');
				await app.waitFor(frame => frame.includes('›'));
				await app.press('j');
			}
		} finally {
			app.unmount();
		}
	});
});

describe('a blog that changes under blogread', () => {
	it('never shows a post replaced by a link out of the blog after it was listed', async () => {
		const root = mkdtempSync(path.join(tmpdir(), 'blogread-swap-'));
		try {
			mkdirSync(path.join(root, 'blog'));
			writeFileSync(path.join(root, 'secret.txt'), 'THE SECRET');
			writeFileSync(path.join(root, 'blog', 'post.md'), '---\ntitle: Swapped\n---\nHarmless.\n');
			const loaded = await loadBlog(path.join(root, 'blog'), {drafts: false, cache: false});
			rmSync(path.join(root, 'blog', 'post.md'));
			symlinkSync(path.join(root, 'secret.txt'), path.join(root, 'blog', 'post.md'));
			const app = await renderApp({blog: loaded, theme: createTheme(0)});
			await app.press(keys.enter);
			assert.match(app.frame(), /could not read the file \(a link out of the blog\)/);
			assert.doesNotMatch(app.frame(), /THE SECRET/);
			app.unmount();
			const printed = await runCli(['--print', 'post', path.join(root, 'blog')]);
			assert.doesNotMatch(printed.stdout, /THE SECRET/);
		} finally {
			rmSync(root, {recursive: true, force: true});
		}
	});
});

describe('names and text from the disk', () => {
	const ESC = '\u001B';
	it('a folder name with escapes reaches the status line and the empty screen as visible text', async () => {
		const raw = createTheme(3);
		const posts = [makePost({title: 'Post'}, 'Text.')];
		const named = {
			root: `blog${ESC}]2;X\u0007`,
			hiddenDrafts: 0,
			layout: `Astro: src/content/blog${ESC}]52;c;eA==\u0007`,
		};
		const app = await renderApp({blog: {...named, posts}, theme: raw});
		assert.deepEqual(foreignControls(app.lastFrame() ?? ''), []);
		assert.match(app.frame(), /blog\^\[\]2;X\^G \(Astro: src\/content\/blog\^\[\]52;c;eA==\^G\)/);
		app.unmount();
		const empty = await renderApp({blog: {...named, posts: []}, theme: raw});
		assert.deepEqual(foreignControls(empty.lastFrame() ?? ''), []);
		assert.match(empty.frame(), /No posts in blog\^\[\]2;X\^G/);
		empty.unmount();
	});

	it('a huge config value is not echoed whole, and a folder name is shown, not obeyed, on stderr', async () => {
		const home = mkdtempSync(path.join(tmpdir(), 'blogread-config-'));
		try {
			mkdirSync(path.join(home, 'blogread'));
			writeFileSync(path.join(home, 'blogread', 'config.json'), JSON.stringify({theme: 'x'.repeat(50 * 1024 * 1024)}));
			const result = await runCli(['--list', `/no/such/blog${ESC}]2;X\u0007`], {XDG_CONFIG_HOME: home});
			const lines = result.stderr.trimEnd().split('\n');
			assert.equal(lines.length, 2);
			assert.ok(
				lines.every(line => line.length < 1100),
				`${lines[0]?.length}`,
			);
			assert.match(lines[0] ?? '', /config .*ignored "theme": "xxx+…/);
			assert.equal(lines[1], 'blogread: /no/such/blog^[]2;X^G: no such file or folder');
		} finally {
			rmSync(home, {recursive: true, force: true});
		}
	});
});
