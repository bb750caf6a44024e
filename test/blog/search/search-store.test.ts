import assert from 'node:assert/strict';
import {
	chmodSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {readBody} from '../../../source/blog/load/body.js';
import {loadBlog} from '../../../source/blog/load/load.js';
import type {Post} from '../../../source/blog/model/model.js';
import {visiblePosts} from '../../../source/blog/query/filters.js';
import {noFilters} from '../../../source/blog/query/model.js';
import {SearchBodies} from '../../../source/blog/search/search.js';
import {SearchStore} from '../../../source/blog/search/search-store.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-search-store-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

let blogs = 0;
/** A blog folder of posts (name → body), with a cache folder of its own. */
function makeBlog(posts: Record<string, string>) {
	const root = path.join(scratch, `blog-${++blogs}`);
	mkdirSync(root);
	for (const [name, body] of Object.entries(posts))
		writeFileSync(path.join(root, name), `---\ntitle: ${name}\ndate: 2024-01-01\n---\n${body}\n`);
	const env = {XDG_CACHE_HOME: path.join(scratch, `cache-${blogs}`)};
	return {root: realpathSync(root), env};
}

/** Prepares search as a run of blogread does, with a store; gives the bodies read from files and the titles found. */
async function search(blog: {root: string; env: NodeJS.ProcessEnv}, query: string) {
	const {posts} = await loadBlog(blog.root, {drafts: false, env: blog.env});
	const read: string[] = [];
	const bodies = new SearchBodies({
		readText: (post: Post) => {
			read.push(post.title);
			return readBody(post).markdown;
		},
		store: SearchStore.open(blog.root, blog.env),
	});
	bodies.prepare(posts);
	const found = visiblePosts(posts, {...noFilters, query}, 'date', bodies.view(posts)).map(post => post.title);
	return {read: read.sort(), found: found.sort()};
}

const storeFile = (blog: {root: string; env: NodeJS.ProcessEnv}) => {
	const folder = path.join(blog.env.XDG_CACHE_HOME ?? '', 'blogread');
	const name = readdirSync(folder).find(file => file.startsWith('search-'));
	return path.join(folder, name ?? 'missing');
};

/** The stored word numbers with the first one past any word. */
function pastTheWords(ids: string): string {
	const numbers = new Int32Array(Uint8Array.from(Buffer.from(ids, 'base64')).buffer);
	numbers[0] = 1_000_000;
	return Buffer.from(numbers.buffer).toString('base64');
}

describe('the words of bodies, kept between runs', () => {
	it('reads every body the first time, none the second, and finds the same', async () => {
		const blog = makeBlog({'a.md': 'kubelet pods', 'b.md': 'raft consensus', 'c.md': 'fmt.Println(x)'});
		const first = await search(blog, 'kubelet');
		assert.deepEqual(first.read, ['a.md', 'b.md', 'c.md']);
		assert.deepEqual(first.found, ['a.md']);
		for (const query of ['kubelet', 'raft', 'println', 'cons', 'zzz']) {
			const again = await search(blog, query);
			assert.deepEqual(again.read, [], query);
			const fresh = await search({...blog, env: {XDG_CACHE_HOME: path.join(scratch, `fresh-${query}`)}}, query);
			assert.deepEqual(again.found, fresh.found, query);
		}
	});

	it('keeps every word of many posts, past the runs the file is written in (768 KB of word numbers each)', async () => {
		// 240 posts of 1,000 distinct words: 960 KB of word numbers, across one run's end mid-post.
		const posts = Object.fromEntries(
			Array.from({length: 240}, (_, post) => [
				`p${post}.md`,
				Array.from({length: 1000}, (_, word) => `w${(post * 7 + word) % 1500}x${word % 3}`).join(' '),
			]),
		);
		posts['last.md'] = 'zebra quagga';
		const blog = makeBlog(posts);
		const first = await search(blog, 'w1499x2');
		const again = await search(blog, 'w1499x2');
		assert.deepEqual(again.read, []);
		assert.deepEqual(again.found, first.found);
		assert.ok(first.found.length > 10);
		assert.deepEqual((await search(blog, 'quagga')).found, ['last.md']);
		const stored = JSON.parse(readFileSync(storeFile(blog), 'utf8')) as {ids: string; posts: unknown[]};
		assert.equal(stored.posts.length, 241);
		assert.ok(Buffer.from(stored.ids, 'base64').length > 768 * 1024);
	});

	it('reads a changed post again, and only that one', async () => {
		const blog = makeBlog({'a.md': 'kubelet pods', 'b.md': 'raft consensus'});
		await search(blog, 'x');
		writeFileSync(path.join(blog.root, 'b.md'), '---\ntitle: b.md\ndate: 2024-01-01\n---\nnow about paxos, longer\n');
		const after = await search(blog, 'paxos');
		assert.deepEqual(after.read, ['b.md']);
		assert.deepEqual(after.found, ['b.md']);
		assert.deepEqual((await search(blog, 'raft')).found, [], 'the old words are gone');
	});

	it('is private: mode 600 in a folder of mode 700', async () => {
		const blog = makeBlog({'a.md': 'words'});
		await search(blog, 'x');
		assert.equal(statSync(storeFile(blog)).mode & 0o777, 0o600);
		assert.equal(statSync(path.dirname(storeFile(blog))).mode & 0o777, 0o700);
	});

	// A store that is broken or was tampered with is not used (every body is read), and is written again.
	const broken: Array<[string, (text: string) => string]> = [
		['not JSON', () => '{"format": 1, "wor'],
		['another format', text => text.replace('"format":1', '"format":99')],
		['another folder', text => text.replace(/"root":"[^"]*"/, '"root":"/elsewhere"')],
		[
			'a word number past the words',
			text => text.replace(/"ids":"([^"]*)"/, (_, ids) => `"ids":"${pastTheWords(ids)}"`),
		],
		['counts that do not add up', text => text.replace(/,(\d+)\]\]/, ',$1000]]')],
		['a word that is not text', text => text.replace('"words":[', '"words":[{"x":1},')],
		['a bad hash', text => text.replace(/"[0-9a-f]{12}"/, '"not-a-hash"')],
	];
	for (const [name, tamper] of broken) {
		it(`ignores a store with ${name}, then writes it again`, async () => {
			const blog = makeBlog({'a.md': 'kubelet pods', 'b.md': 'raft consensus'});
			await search(blog, 'x');
			const file = storeFile(blog);
			const tampered = tamper(readFileSync(file, 'utf8'));
			assert.notEqual(tampered, readFileSync(file, 'utf8'), 'the tampering changed the file');
			writeFileSync(file, tampered);
			const after = await search(blog, 'kubelet');
			assert.deepEqual(after.read, ['a.md', 'b.md']);
			assert.deepEqual(after.found, ['a.md']);
			assert.deepEqual((await search(blog, 'kubelet')).read, [], 'written again');
		});
	}

	it('is not kept in a cache folder others can write to', async () => {
		const blog = makeBlog({'a.md': 'kubelet'});
		const shared = path.join(blog.env.XDG_CACHE_HOME, 'blogread');
		mkdirSync(shared, {recursive: true});
		chmodSync(shared, 0o777);
		assert.equal(SearchStore.open(blog.root, blog.env), undefined);
		assert.deepEqual((await search(blog, 'kubelet')).found, ['a.md'], 'search works without it');
		assert.deepEqual(readdirSync(shared), []);
	});
});
