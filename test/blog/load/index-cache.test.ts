import assert from 'node:assert/strict';
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {loadBlog} from '../../../source/blog/load/load.js';
import {type FieldName, rowPosition} from '../../../source/blog/model/model.js';
import {bodyOf} from '../../helpers/posts.js';

const root = mkdtempSync(path.join(tmpdir(), 'blogread-index-'));
const blog = path.join(root, 'blog');
const env = {XDG_CACHE_HOME: path.join(root, 'cache')};
after(() => {
	rmSync(root, {recursive: true, force: true});
});

const load = async () => loadBlog(blog, {drafts: false, env});
const indexFiles = () => readdirSync(path.join(root, 'cache', 'blogread')).filter(name => name.startsWith('index-'));

/** The index file as its header line and its rows, one JSON array a line. */
function readIndex(file: string): {header: string; rows: unknown[][]} {
	const [header = '', ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
	return {header, rows: lines.map(line => JSON.parse(line) as unknown[])};
}

function writeIndex(file: string, {header, rows}: {header: string; rows: unknown[][]}): void {
	writeFileSync(file, `${[header, ...rows.map(row => JSON.stringify(row))].join('\n')}\n`);
}

describe('the index cache', () => {
	it('is written on the first load and gives the same posts on the next', async () => {
		mkdirSync(blog, {recursive: true});
		writeFileSync(path.join(blog, 'a.md'), '---\ntitle: First\ndate: 2024-01-01\ntags: [x]\n---\nOne two three.\n');
		writeFileSync(path.join(blog, 'b.md'), '# Heading title\n\nFour five.\n');
		const first = await load();
		assert.equal(indexFiles().length, 1);
		const second = await load();
		const view = (posts: typeof first.posts) =>
			posts.map(post => ({
				title: post.title,
				date: post.date,
				tags: post.tags,
				words: post.words,
				titleFromHeading: post.titleFromHeading,
				body: bodyOf(post),
			}));
		assert.deepEqual(view(second.posts), view(first.posts));
		const b = second.posts.find(post => post.path === 'b.md');
		assert.equal(b && bodyOf(b), '# Heading title\n\nFour five.\n', 'bodies are read from the files');
	});

	it('is used: a post whose file has not changed is taken from it, not read again', async () => {
		await load();
		const file = path.join(root, 'cache', 'blogread', indexFiles()[0] ?? '');
		const index = readIndex(file);
		for (const row of index.rows) row[rowPosition('title')] = 'Taken from the index';
		writeIndex(file, index);
		assert.ok((await load()).posts.every(post => post.title === 'Taken from the index'));
		// Changed permissions move the file's change time: that post is read again.
		chmodSync(path.join(blog, 'a.md'), 0o600);
		const titles = (await load()).posts.map(post => post.title).sort();
		assert.deepEqual(titles, ['First', 'Taken from the index']);
		rmSync(file);
	});

	it('notices a changed file by its size or modification time', async () => {
		writeFileSync(path.join(blog, 'a.md'), '---\ntitle: First, renamed\ndate: 2024-01-01\n---\nOne.\n');
		utimesSync(path.join(blog, 'a.md'), new Date(), new Date(Date.now() + 5000));
		const posts = (await load()).posts;
		assert.ok(posts.some(post => post.title === 'First, renamed'));
	});

	it('forgets removed files and picks up new ones', async () => {
		rmSync(path.join(blog, 'b.md'));
		writeFileSync(path.join(blog, 'c.md'), '---\ntitle: Third\n---\n');
		const titles = (await load()).posts.map(post => post.title).sort();
		assert.deepEqual(titles, ['First, renamed', 'Third']);
		const index = readIndex(path.join(root, 'cache', 'blogread', indexFiles()[0] ?? ''));
		assert.deepEqual(index.rows.map(([file]) => file).sort(), ['a.md', 'c.md']);
	});

	it('is ignored when broken, and rewritten', async () => {
		writeFileSync(path.join(root, 'cache', 'blogread', indexFiles()[0] ?? ''), '{not json');
		const titles = (await load()).posts.map(post => post.title).sort();
		assert.deepEqual(titles, ['First, renamed', 'Third']);
		assert.equal(readIndex(path.join(root, 'cache', 'blogread', indexFiles()[0] ?? '')).rows.length, 2);
	});

	it('reads a post again when its row is not what this version writes (edited by hand, another version)', async () => {
		const file = path.join(root, 'cache', 'blogread', indexFiles()[0] ?? '');
		const index = readIndex(file);
		for (const row of index.rows) row[rowPosition('tags')] = 'not a list of tags';
		writeIndex(file, index);
		const posts = (await load()).posts;
		assert.deepEqual(posts.map(post => post.title).sort(), ['First, renamed', 'Third']);
		assert.ok(posts.every(post => Array.isArray(post.tags)));
		const rewritten = readIndex(file);
		assert.ok(
			rewritten.rows.every(row => Array.isArray(row[rowPosition('tags')])),
			'and the index is written again',
		);
	});

	// Whatever is read back from the index is untrusted, as a post is: a row that another process
	// crafted must neither crash blogread nor reach the terminal.
	const crafted: Array<[string, FieldName, unknown]> = [
		['a tag that is not text', 'tags', [5]],
		['a title that drives the terminal', 'title', '\u001B]2;pwned\u0007Title'],
		['a clipboard write in a warning', 'warnings', ['\u001B]52;c;SGVsbG8=\u0007']],
		['an author with a bidi override', 'author', 'evil\u202Eauthor'],
		['a date that is not one', 'date', 'yesterday'],
		['a negative word count', 'words', -1],
		['a megabyte title', 'title', 'x'.repeat(1024 * 1024)],
		['a path out of the blog', 'path', '../../etc/passwd'],
	];
	for (const [name, field, value] of crafted) {
		it(`reads the post again past a crafted row: ${name}`, async () => {
			await load();
			const file = path.join(root, 'cache', 'blogread', indexFiles()[0] ?? '');
			const index = readIndex(file);
			for (const row of index.rows) row[rowPosition(field)] = value;
			writeIndex(file, index);
			const posts = (await load()).posts;
			assert.deepEqual(posts.map(post => post.title).sort(), ['First, renamed', 'Third']);
			const text = JSON.stringify(posts);
			assert.doesNotMatch(text, /[\u0000-\u001F\u007F-\u009F\u202E]|pwned|yesterday|etc\/passwd/);
			assert.ok(posts.every(post => post.tags.every(tag => typeof tag === 'string') && post.words >= 0));
		});
	}

	describe('read a row at a time', () => {
		const own = path.join(root, 'own');
		const ownEnv = {XDG_CACHE_HOME: path.join(own, 'cache')};
		const ownBlog = path.join(own, 'blog');
		mkdirSync(ownBlog, {recursive: true});
		// A file name with a quote and a backslash: the row's path is read as JSON, escapes and all.
		const names = ['plain.md', 'say "hi" \\ bye.md'];
		for (const name of names) writeFileSync(path.join(ownBlog, name), `---\ntitle: ${name.length}\n---\nText.\n`);
		const loadOwn = async () => (await loadBlog(ownBlog, {drafts: false, env: ownEnv})).posts;
		const ownIndex = () => {
			const folder = path.join(own, 'cache', 'blogread');
			return path.join(folder, readdirSync(folder).find(name => name.startsWith('index-')) ?? '');
		};
		const mark = (value: (row: unknown[]) => string) => {
			const index = readIndex(ownIndex());
			for (const row of index.rows) row[rowPosition('title')] = value(row);
			writeIndex(ownIndex(), index);
		};

		it('finds every row by its path, whatever the path holds', async () => {
			await loadOwn();
			mark(row => `indexed ${String(row[0])}`);
			assert.deepEqual((await loadOwn()).map(post => post.title).sort(), names.map(name => `indexed ${name}`).sort());
		});

		it('reads again only the post whose line is broken', async () => {
			mark(() => 'indexed');
			const lines = readFileSync(ownIndex(), 'utf8').split('\n');
			const broken = lines.findIndex(line => line.startsWith('["plain.md"'));
			lines[broken] = `${lines[broken]?.slice(0, 20)}`;
			writeFileSync(ownIndex(), lines.join('\n'));
			assert.deepEqual((await loadOwn()).map(post => post.title).sort(), ['8', 'indexed']);
			assert.equal(readIndex(ownIndex()).rows.length, 2, 'and the line is written again');
		});

		it("ignores an index in the last version's shape (one JSON document) and writes it again", async () => {
			writeFileSync(ownIndex(), JSON.stringify({format: 8, root: ownBlog, rows: []}));
			assert.equal((await loadOwn()).length, 2);
			assert.equal(readIndex(ownIndex()).rows.length, 2);
		});
	});

	it("keeps its rows in the list's order, drafts in their places, whatever order the files are found in", async () => {
		const ordered = path.join(root, 'ordered');
		const ownEnv = {XDG_CACHE_HOME: path.join(root, 'ordered-cache')};
		// Found as a-, b-, c-, d-, e-…; listed newest first, the draft in its place, ties by title.
		const files = {
			'a-old.md': '---\ntitle: Old\ndate: 2020-01-01\n---\n',
			'b-new.md': '---\ntitle: New\ndate: 2024-05-05\n---\n',
			'c-draft.md': '---\ntitle: Draft\ndate: 2022-02-02\ndraft: true\n---\n',
			'd-zed.md': '---\ntitle: Zed\ndate: 2023-03-03\n---\n',
			'e-ant.md': '---\ntitle: Ant\ndate: 2023-03-03\n---\n',
		};
		mkdirSync(ordered, {recursive: true});
		for (const [name, text] of Object.entries(files)) writeFileSync(path.join(ordered, name), text);
		const loadOrdered = async (drafts: boolean) => (await loadBlog(ordered, {drafts, env: ownEnv})).posts;
		const listed = ['b-new.md', 'e-ant.md', 'd-zed.md', 'c-draft.md', 'a-old.md'];
		assert.deepEqual(
			(await loadOrdered(true)).map(post => post.path),
			listed,
		);
		const file =
			readdirSync(path.join(root, 'ordered-cache', 'blogread')).find(name => name.startsWith('index-')) ?? '';
		const rows = () => readIndex(path.join(root, 'ordered-cache', 'blogread', file)).rows.map(row => row[0]);
		assert.deepEqual(rows(), listed);
		// A new post is read, and the index written again in the new order.
		writeFileSync(path.join(ordered, '0-newest.md'), '---\ntitle: Newest\ndate: 2025-01-01\n---\n');
		assert.deepEqual(
			(await loadOrdered(false)).map(post => post.path),
			['0-newest.md', 'b-new.md', 'e-ant.md', 'd-zed.md', 'a-old.md'],
		);
		assert.deepEqual(rows(), ['0-newest.md', ...listed]);
		assert.deepEqual(
			(await loadOrdered(true)).map(post => post.path),
			['0-newest.md', ...listed],
			'and posts taken from it come in its order',
		);
	});

	it('is not needed: a cache folder that cannot be written is fine', async () => {
		writeFileSync(path.join(root, 'not-a-folder'), '');
		const posts = (await loadBlog(blog, {drafts: false, env: {XDG_CACHE_HOME: path.join(root, 'not-a-folder')}})).posts;
		assert.equal(posts.length, 2);
	});
});
