import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {
	appendFileSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {
	KEPT_PER_BLOG,
	type KeptList,
	keptFile,
	keptList,
	ListRecord,
	type Walked,
} from '../../../source/blog/load/kept-list.js';
import {loadBlog, walkBlog} from '../../../source/blog/load/load.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-kept-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

let blogs = 0;
/** A blog of three dated posts, with a cache folder of its own. */
function makeBlog(): {folder: string; env: NodeJS.ProcessEnv} {
	const folder = path.join(scratch, `blog-${++blogs}`);
	mkdirSync(path.join(folder, '2024'), {recursive: true});
	for (const [name, date] of [
		['one', '2024-01-01'],
		['two', '2024-02-01'],
		['three', '2024-03-01'],
	])
		writeFileSync(path.join(folder, '2024', `${name}.md`), `---\ntitle: ${name}\ndate: ${date}\n---\nText.\n`);
	return {folder, env: {XDG_CACHE_HOME: path.join(scratch, `cache-${blogs}`)}};
}

const KEY = 'the flags';
const warn = (line: string) => assert.fail(`unexpected warning: ${line}`);

/** Reads the blog as `--list` does with a record, and keeps `text` (the list it would print) with `notes`. */
async function readAndKeep(
	folder: string,
	env: NodeJS.ProcessEnv,
	text: string,
	notes: string[] = [],
	key = KEY,
): Promise<void> {
	const record = new ListRecord(path.resolve(folder), key);
	await loadBlog(folder, {drafts: false, env, record, warn});
	record.keep(text, notes, env);
}

const check = (folder: string, env: NodeJS.ProcessEnv, key = KEY) => keptList(folder, folder, key, {env, warn});
const isKept = (found: KeptList | Walked | undefined): found is KeptList => found !== undefined && 'text' in found;
const keptFileOf = (env: NodeJS.ProcessEnv) => {
	const folder = path.join(env['XDG_CACHE_HOME'] ?? '', 'blogread');
	return path.join(folder, readdirSync(folder).find(name => name.startsWith('list-')) ?? '');
};

describe('the kept list', () => {
	it('is given back, text and notes, while the blog is as it was', async () => {
		const {folder, env} = makeBlog();
		await readAndKeep(folder, env, 'three\ntwo\none\n', ['a note']);
		assert.deepEqual(await check(folder, env), {text: 'three\ntwo\none\n', notes: ['a note']});
	});

	it('is not looked for, and nothing is walked, under another key', async () => {
		const {folder, env} = makeBlog();
		await readAndKeep(folder, env, 'list\n');
		assert.equal(await check(folder, env, 'other flags'), undefined);
	});

	it('is kept under each of several keys, the last four written', async () => {
		const {folder, env} = makeBlog();
		const keys = ['plain', 'json', 'a format', 'a tag', 'a sort'];
		for (const [index, key] of keys.entries()) {
			await readAndKeep(folder, env, `list ${key}\n`, [], key);
			// Written a second apart: the oldest is the one forgotten.
			const file = keptFile(path.resolve(folder), key, env) ?? '';
			utimesSync(file, new Date(2024, 0, 1, 0, 0, index), new Date(2024, 0, 1, 0, 0, index));
		}

		const found = await Promise.all(keys.map(key => check(folder, env, key)));
		assert.deepEqual(
			found.slice(1),
			keys.slice(1).map(key => ({text: `list ${key}\n`, notes: []})),
		);
		assert.equal(found[0], undefined);
		const names = readdirSync(path.join(env['XDG_CACHE_HOME'] ?? '', 'blogread'));
		assert.equal(names.filter(name => name.startsWith('list-')).length, KEPT_PER_BLOG);
	});

	it('leaves the lists of other blogs in the same cache folder alone', async () => {
		const {folder, env} = makeBlog();
		const other = makeBlog();
		await readAndKeep(other.folder, env, 'the other blog\n');
		for (const key of ['a', 'b', 'c', 'd', 'e']) await readAndKeep(folder, env, `list ${key}\n`, [], key);
		assert.deepEqual(await check(other.folder, env), {text: 'the other blog\n', notes: []});
	});

	it('is nothing before a list was kept', async () => {
		const {folder, env} = makeBlog();
		assert.equal(await check(folder, env), undefined);
	});

	// Each change to the blog: the check says so, and gives the walk it made for the read that follows.
	const changes: Array<[name: string, change: (folder: string) => void]> = [
		['a post edited', folder => appendFileSync(path.join(folder, '2024', 'two.md'), 'More.\n')],
		[
			'a post touched (the same bytes, a new time)',
			folder => utimesSync(path.join(folder, '2024', 'two.md'), new Date(2020, 1, 1), new Date(2020, 1, 1)),
		],
		['a post added', folder => writeFileSync(path.join(folder, '2024', 'four.md'), '# Four\n')],
		['a post removed', folder => rmSync(path.join(folder, '2024', 'one.md'))],
		[
			'a post renamed',
			folder => execFileSync('mv', [path.join(folder, '2024', 'one.md'), path.join(folder, '2024', 'uno.md')]),
		],
		// Not a post, yet a list with no posts names the files skipped: what the walk passed over counts.
		['a file passed over added', folder => writeFileSync(path.join(folder, 'README.md'), '# Read me\n')],
	];
	for (const [name, change] of changes) {
		it(`is not given back after ${name}, and the walk made is`, async () => {
			const {folder, env} = makeBlog();
			await readAndKeep(folder, env, 'list\n');
			assert.ok(isKept(await check(folder, env)));
			change(folder);
			const found = await check(folder, env);
			assert.ok(found && 'blog' in found, 'the walk, for the read that follows');
			assert.deepEqual(
				found.blog.files.map(file => file.path),
				(await loadBlog(folder, {drafts: true, cache: false, warn})).posts.map(post => post.path).sort(),
			);
		});
	}

	it("is not given back after the site's settings change how its posts are read", async () => {
		const {folder, env} = makeBlog();
		// A Jekyll site: its posts in _posts, its excerpt separator in _config.yml.
		execFileSync('mv', [path.join(folder, '2024'), path.join(folder, '_posts')]);
		writeFileSync(path.join(folder, '_config.yml'), 'title: A site\n');
		await readAndKeep(folder, env, 'list\n');
		assert.ok(isKept(await check(folder, env)));
		writeFileSync(path.join(folder, '_config.yml'), 'title: A site\nexcerpt_separator: <!--cut-->\n');
		assert.ok(!isKept(await check(folder, env)));
	});

	it("gives the walk's stamps to the read that follows, which then reads only what changed", async () => {
		const {folder, env} = makeBlog();
		await readAndKeep(folder, env, 'list\n');
		writeFileSync(path.join(folder, '2024', 'two.md'), '---\ntitle: Two, edited\ndate: 2024-02-01\n---\n');
		const found = await check(folder, env);
		assert.ok(found && 'blog' in found);
		const stamped = found.blog.files.map((_, index) => found.stamps.get(index)?.size);
		assert.ok(
			stamped.every(size => typeof size === 'number' && size > 0),
			'every file stamped',
		);
		const blog = await loadBlog(folder, {drafts: false, env, walked: found, warn});
		assert.deepEqual(
			blog.posts.map(post => post.title),
			['three', 'Two, edited', 'one'],
		);
	});

	it('is not given back after a commit, where undated posts take their dates from git', {
		skip: spawnSync('git', ['--version']).status !== 0,
	}, async () => {
		const {folder, env} = makeBlog();
		const git = (...args: string[]) =>
			execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
				cwd: folder,
				env: {...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1'},
			});
		git('init', '-q');
		git('add', '-A');
		git('commit', '-q', '-m', 'first');
		await readAndKeep(folder, env, 'list\n');
		assert.ok(isKept(await check(folder, env)));
		git('commit', '-q', '--allow-empty', '-m', 'second');
		assert.equal(await check(folder, env), undefined, 'another commit: nothing walked');
	});

	it('is not kept when a post could not be read (it warns again next time)', async () => {
		const {folder, env} = makeBlog();
		const record = new ListRecord(folder, KEY);
		record.walked(await walkBlog(folder, {}));
		record.file('2024/one.md', undefined);
		record.keep('list\n', [], env);
		assert.deepEqual(readdirSync(path.join(env['XDG_CACHE_HOME'] ?? '', 'blogread')), []);
	});

	it('is not kept when the read told of more files than the walk found', async () => {
		const {folder, env} = makeBlog();
		const record = new ListRecord(folder, KEY);
		await loadBlog(folder, {drafts: false, env, record, warn});
		record.file('2024/extra.md', {size: 1, mtimeMs: 1, ctimeMs: 1, context: ''});
		record.keep('list\n', [], env);
		assert.ok(!readdirSync(path.join(env['XDG_CACHE_HOME'] ?? '', 'blogread')).some(name => name.startsWith('list-')));
	});

	it('keeps text of any length and script whole (pieces never split a character)', async () => {
		const {folder, env} = makeBlog();
		// A surrogate pair across every place a piece of a megabyte could end.
		const text = `${'😀'.repeat(600_000)}\n${'é'.repeat(1000)}\n`;
		await readAndKeep(folder, env, text);
		const found = await check(folder, env);
		assert.ok(isKept(found));
		assert.equal(found.text, text);
	});

	// The file is the cache's, mode 600 in a folder of yours alone; what it says is checked anyway.
	const tampered: Array<[name: string, edit: (file: string) => void]> = [
		// As many bytes as the word it replaces: only the character is wrong.
		[
			'a control character in the text',
			file => writeFileSync(file, readFileSync(file, 'utf8').replace('two', '\u001b[H')),
		],
		[
			'a C1 control in a note',
			file => writeFileSync(file, readFileSync(file, 'utf8').replace('a note', 'a\u009bnote')),
		],
		['a header that is not JSON', file => writeFileSync(file, `{${readFileSync(file, 'utf8')}`)],
		[
			'a header of another format',
			file => writeFileSync(file, readFileSync(file, 'utf8').replace('"format":1', '"format":0')),
		],
		[
			'a header of another build',
			file => writeFileSync(file, readFileSync(file, 'utf8').replace('"code":"', '"code":"x')),
		],
		['a digest cut short', file => writeFileSync(file, readFileSync(file, 'utf8').slice(0, -40))],
		['no header line', file => writeFileSync(file, 'three\ntwo\none')],
	];
	for (const [name, edit] of tampered) {
		it(`is not given back with ${name}`, async () => {
			const {folder, env} = makeBlog();
			await readAndKeep(folder, env, 'three\ntwo\none\n', ['a note']);
			edit(keptFileOf(env));
			assert.ok(!isKept(await check(folder, env)));
		});
	}
});
