import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {HEAD_ROWS, indexedPosts} from '../../../source/blog/load/index-cache.js';
import {loadBlog, loadBlogHead, loadIndexedBlog} from '../../../source/blog/load/load.js';
import {createTheme} from '../../../source/theme/palette.js';
import {appOpener} from '../../helpers/ink.js';

// The blog as its index last saw it: shown at once by the app, then read again and corrected.
const temporary = mkdtempSync(path.join(tmpdir(), 'blogread-indexed-'));
after(() => {
	rmSync(temporary, {recursive: true, force: true});
});

const post = (title: string, date: string, tags = '[notes]') =>
	`---\ntitle: ${title}\ndate: ${date}\ntags: ${tags}\n---\n\nBody of ${title}.\n`;

let blogs = 0;
function makeBlog() {
	const root = path.join(temporary, `blog-${++blogs}`);
	mkdirSync(path.join(root, 'notes'), {recursive: true});
	writeFileSync(path.join(root, 'alpha.md'), post('Alpha', '2024-03-01'));
	writeFileSync(path.join(root, 'notes', 'beta.md'), post('Beta', '2024-02-01', '[go, notes]'));
	writeFileSync(path.join(root, 'future.md'), post('Future', '2999-01-01'));
	writeFileSync(path.join(root, 'gamma.md'), post('Gamma', '2024-01-01'));
	const options = {drafts: false, env: {...process.env, XDG_CACHE_HOME: path.join(root, '.cache')}};
	return {root, options};
}

describe('the blog from its index alone', () => {
	it('is nothing before a first load has written the index', () => {
		const {root, options} = makeBlog();
		assert.equal(loadIndexedBlog(root, options), undefined);
	});

	it('gives the posts a load gives, future posts hidden as drafts', async () => {
		const {root, options} = makeBlog();
		const loaded = await loadBlog(root, options);
		const indexed = loadIndexedBlog(root, options)?.blog;
		assert.deepEqual(indexed?.posts, loaded.posts);
		assert.deepEqual(
			indexed?.posts.map(post => post.title),
			['Alpha', 'Beta', 'Gamma'],
		);
		assert.equal(indexed?.hiddenDrafts, 1);
	});

	it('gives every post of an index of many pieces, one row longer than a piece among them', async () => {
		const {root, options} = makeBlog();
		for (let number = 0; number < 600; number++) {
			const day = String((number % 28) + 1).padStart(2, '0');
			writeFileSync(path.join(root, `many-${number}.md`), post(`Post ${number} ${'é'.repeat(40)}`, `2020-01-${day}`));
		}

		// Rows are decoded 64 KB at a time. 30 tags of 2,000 backslashes (under the 64 KB of front matter
		// read) make a row of some 120 KB, as JSON writes each backslash as two.
		const longTags = `[${Array.from({length: 30}, (_, index) => `t${index}${'\\'.repeat(2000)}`).join(', ')}]`;
		writeFileSync(path.join(root, 'long-row.md'), post('Long row', '2021-06-01', longTags));
		const loaded = await loadBlog(root, options);
		const indexFile = readdirSync(path.join(root, '.cache', 'blogread')).find(name => name.startsWith('index-'));
		const lines = readFileSync(path.join(root, '.cache', 'blogread', indexFile ?? ''), 'utf8').split('\n');
		assert.ok(lines.length > 600 && lines.some(line => line.length > 100 * 1024));
		const indexed = loadIndexedBlog(root, options)?.blog;
		assert.equal(indexed?.posts.length, 604);
		assert.deepEqual(indexed?.posts, loaded.posts);
		assert.equal(indexed?.posts.find(({title}) => title === 'Long row')?.tags.length, 30);
	});

	it('is as the index saw it: a post edited since is shown as it was (the app reads the files after)', async () => {
		const {root, options} = makeBlog();
		await loadBlog(root, options);
		writeFileSync(path.join(root, 'alpha.md'), post('Alpha, edited', '2024-03-01'));
		assert.equal(loadIndexedBlog(root, options)?.blog.posts[0]?.title, 'Alpha');
	});

	it('lets the reading again start from its posts: the same blog as a load, unchanged posts shared', async () => {
		const {root, options} = makeBlog();
		writeFileSync(path.join(root, 'undated.md'), '# Undated\n');
		await loadBlog(root, options);
		writeFileSync(path.join(root, 'gamma.md'), post('Gamma, edited', '2024-01-01'));
		const indexed = loadIndexedBlog(root, options);
		assert.ok(indexed);
		const asIndexed = indexedPosts(realpathSync(root), root, options.env);
		const again = await loadBlog(root, {...options, known: indexed.known});
		assert.deepEqual(again.posts, (await loadBlog(root, options)).posts);
		assert.deepEqual(
			again.posts.map(({title}) => title),
			['Alpha', 'Beta', 'Gamma, edited', 'Undated'],
		);
		// Alpha and Beta did not change: one object each, shown first and read again. The undated
		// post got a guessed date in a copy of its own; the index's posts are as it gave them.
		const [alpha, beta, gamma, undated] = again.posts;
		assert.equal(alpha, indexed.blog.posts[0]);
		assert.equal(beta, indexed.blog.posts[1]);
		assert.notEqual(gamma, indexed.blog.posts[2]);
		assert.equal(indexed.known.get('undated.md')?.post.date, null);
		assert.notEqual(undated?.date, null);
		assert.deepEqual(indexed.known, asIndexed);
	});

	for (const translated of [false, true]) {
		const changes = `a future post, a shared slug${translated ? ', translations' : ''}`;
		it(`leaves the index's posts as they were while making its own: ${changes}`, async () => {
			const {root, options} = makeBlog();
			writeFileSync(path.join(root, 'notes', 'alpha.md'), post('Alpha in notes', '2024-04-01'));
			// With a slug of its own: translations need not share one.
			const french = '---\ntitle: Gamma en français\ndate: 2024-01-01\nslug: gamma-en-francais\n---\n';
			if (translated) writeFileSync(path.join(root, 'gamma.fr.md'), french);
			const loaded = await loadBlog(root, {...options, drafts: true});
			const indexed = loadIndexedBlog(root, {...options, drafts: true});
			assert.ok(indexed);
			assert.deepEqual(indexed.blog.posts, loaded.posts);
			assert.deepEqual(
				loaded.posts.filter(({path}) => /alpha|future/.test(path)).map(({slug, draft}) => [slug, draft]),
				[
					['future', true],
					['notes/alpha', false],
					['alpha', false],
				],
			);
			// The index's own posts, read again from it: those the first blog started from are unchanged.
			assert.deepEqual(indexed.known, indexedPosts(realpathSync(root), root, options.env));
			const again = await loadBlog(root, {...options, drafts: true, known: indexed.known});
			assert.deepEqual(again.posts, loaded.posts);
		});
	}

	it('is kept up to date by the reading again: rewritten only when a post changed', async () => {
		const {root, options} = makeBlog();
		await loadBlog(root, options);
		const folder = path.join(root, '.cache', 'blogread');
		const indexText = () => readFileSync(path.join(folder, readdirSync(folder)[0] ?? ''), 'utf8');
		const written = indexText();
		await loadBlog(root, {...options, known: loadIndexedBlog(root, options)?.known});
		assert.equal(indexText(), written);
		rmSync(path.join(root, 'gamma.md'));
		writeFileSync(path.join(root, 'beta-2.md'), post('Beta two', '2024-02-02'));
		await loadBlog(root, {...options, known: loadIndexedBlog(root, options)?.known});
		assert.deepEqual(
			loadIndexedBlog(root, options)?.blog.posts.map(post => post.title),
			['Alpha', 'Beta two', 'Beta'],
		);
	});

	it('is nothing when a row of the index is broken, or with no index wanted', async () => {
		const {root, options} = makeBlog();
		await loadBlog(root, options);
		assert.equal(loadIndexedBlog(root, {...options, cache: false}), undefined);
		const folder = path.join(root, '.cache', 'blogread');
		const index = readdirSync(folder).find(name => name.startsWith('index-')) ?? '';
		writeFileSync(path.join(folder, index), '{"format":9,"root":"elsewhere"}\n');
		assert.equal(loadIndexedBlog(root, options), undefined);
	});
});

describe('the app on the blog from its index', () => {
	it('shows it at once, then the files as they are: an edited title, a new post, a removed one', async () => {
		const {root, options} = makeBlog();
		await loadBlog(root, options);
		writeFileSync(path.join(root, 'alpha.md'), post('Alpha, edited', '2024-03-01'));
		writeFileSync(path.join(root, 'delta.md'), post('Delta', '2024-04-01'));
		rmSync(path.join(root, 'gamma.md'));
		const indexed = loadIndexedBlog(root, options);
		assert.ok(indexed);
		const reload = () => loadBlog(root, {...options, known: indexed.known});
		const app = await appOpener()({
			blog: indexed.blog,
			theme: createTheme(0),
			follow: {target: root, reload, revalidate: true},
		});
		await app.waitFor(frame => frame.includes('Delta') && frame.includes('Alpha, edited'), 10_000);
		assert.doesNotMatch(app.frame(), /Gamma/);
		assert.match(app.frame(), /3 of 3 posts/);
	});
});

describe('the head of the index: the first screen’s posts, read in the same time at any size', () => {
	/** A blog of `count` posts (one in five a draft), loaded once so its index and head are written. */
	async function bigBlog(count: number) {
		const root = path.join(temporary, `head-${++blogs}`);
		mkdirSync(root, {recursive: true});
		for (let index = 0; index < count; index++) {
			const day = String((index % 28) + 1).padStart(2, '0');
			const date = `20${String(10 + Math.floor(index / 300)).padStart(2, '0')}-01-${day}`;
			const draft = index % 5 === 0 ? 'draft: true\n' : '';
			writeFileSync(
				path.join(root, `post-${index}.md`),
				`---\ntitle: Post ${index}\ndate: ${date}\n${draft}---\nWords.\n`,
			);
		}

		const cache = path.join(root, '.cache');
		const options = {drafts: false, env: {...process.env, XDG_CACHE_HOME: cache}};
		const loaded = await loadBlog(root, options);
		const files = () => readdirSync(path.join(cache, 'blogread')).map(name => path.join(cache, 'blogread', name));
		const file = (prefix: string) => files().find(name => path.basename(name).startsWith(prefix)) ?? '';
		return {root, options, loaded, index: file('index-'), head: file('head-')};
	}

	it('is nothing before a first load has written the index', () => {
		const {root, options} = makeBlog();
		assert.equal(loadBlogHead(root, options), undefined);
	});

	it('gives the first posts a load lists, in its order, drafts left out', async () => {
		const {root, options, loaded} = await bigBlog(2 * HEAD_ROWS);
		const head = loadBlogHead(root, options);
		assert.equal(head?.posts.length, HEAD_ROWS);
		assert.deepEqual(
			head?.posts.map(post => post.path),
			loaded.posts.slice(0, HEAD_ROWS).map(post => post.path),
		);
		assert.ok(head?.posts.every(post => !post.draft));
	});

	it('is read without the index: there with the index broken, its size not growing with the blog', async () => {
		const small = await bigBlog(2 * HEAD_ROWS);
		const big = await bigBlog(8 * HEAD_ROWS);
		writeFileSync(big.index, 'not an index');
		assert.equal(loadIndexedBlog(big.root, big.options), undefined);
		assert.equal(loadBlogHead(big.root, big.options)?.posts.length, HEAD_ROWS);
		// A header and HEAD_ROWS rows, whatever the blog's size; the index grows with it.
		const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;
		assert.deepEqual([lines(small.head), lines(big.head)], [HEAD_ROWS + 1, HEAD_ROWS + 1]);
		const sizeOf = (file: string) => readFileSync(file).length;
		assert.ok(sizeOf(big.head) < 1.5 * sizeOf(small.head), `${sizeOf(big.head)} bytes, ${sizeOf(small.head)}`);
	});

	it('is nothing when any of its rows is not sound (a crafted head shows nothing of it)', async () => {
		const {root, options, head} = await bigBlog(20);
		const lines = readFileSync(head, 'utf8').split('\n');
		// A sound row but for its path, which leaves the blog.
		lines[2] = (lines[2] ?? '').replace(/^\["[^"]+"/, '["../../etc/passwd.md"');
		assert.match(lines[2] ?? '', /^\["\.\.\/\.\.\/etc\/passwd\.md",\d/);
		writeFileSync(head, lines.join('\n'));
		assert.equal(loadBlogHead(root, options), undefined);
	});
});
