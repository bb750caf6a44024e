import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {discoverPosts} from '../source/posts/discover.js';
import {loadBlog} from '../source/posts/load.js';
import type {ReadReply} from '../source/posts/read-batches.js';
import {readPostFile} from '../source/posts/read-post.js';
import {type ReadOptions, readPosts} from '../source/posts/read-posts.js';
import {startWorker} from '../source/render/start-worker.js';

// Posts of every kind the reader meets: YAML, TOML, none, CRLF with a BOM, bad UTF-8, a link out of the blog.
const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'blogread-read-posts-')));
const blog = path.join(root, 'blog');
mkdirSync(path.join(blog, 'notes'), {recursive: true});
writeFileSync(path.join(root, 'outside.md'), '---\ntitle: Outside\n---\nsecret');
for (let index = 0; index < 23; index++) {
	const day = String((index % 28) + 1).padStart(2, '0');
	const kinds = [
		`---\ntitle: "Post ${index}"\ndate: 2024-01-${day}\ntags: [a, b${index}]\n---\nSome words.\n`,
		`+++\ntitle = "Toml ${index}"\n+++\nBody.\n`,
		`# Heading ${index}\n\nNo front matter.\n`,
		`\uFEFF---\r\ntitle: Crlf ${index}\r\n---\r\nBody\r\n`,
	];
	const text = kinds[index % kinds.length] ?? '';
	writeFileSync(path.join(blog, index % 2 ? 'notes' : '', `post-${index}.md`), text);
}
writeFileSync(
	path.join(blog, 'bad-utf8.md'),
	Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x41]),
);
symlinkSync(path.join(root, 'outside.md'), path.join(blog, 'link-out.md'));
after(() => rmSync(root, {recursive: true, force: true}));

const files = discoverPosts(blog).map(file => ({...file, inDraftFolder: false, excerptSeparator: null}));
const oneByOne = files.map(file =>
	readPostFile(
		file.absolutePath,
		file.path,
		{folder: blog, inDraftFolder: false, excerptSeparator: null},
		file.realPath,
	),
);

describe('reading the posts an index does not have', () => {
	const cases: Array<[string, ReadOptions]> = [
		['here alone (few files)', {}],
		['with a worker taking batches in turn', {parallelFrom: 1, batchSize: 3}],
		['with a worker, one batch for both to claim', {parallelFrom: 1, batchSize: 1000}],
		[
			'when the worker cannot start: here, every batch',
			{parallelFrom: 1, batchSize: 3, workerEntry: 'posts/no-such-worker'},
		],
	];
	for (const [name, options] of cases)
		it(`gives each post as reading it alone would, in order: ${name}`, async () => {
			const read = await readPosts(files, blog, options);
			assert.equal(read.length, files.length);
			assert.deepEqual(read, oneByOne);
		});

	it('has the worker read every batch no one else claims, and say when it is done', async () => {
		const request = {files, folder: blog, claims: new SharedArrayBuffer(4), batchSize: 5};
		const worker = startWorker('posts/read-worker', request);
		const replies: ReadReply[] = [];
		await new Promise<void>((resolve, reject) => {
			worker.on('message', (reply: ReadReply) => {
				replies.push(reply);
				if ('done' in reply) resolve();
			});
			worker.on('error', reject);
		});
		await worker.terminate();
		const batches = replies.flatMap(reply => ('done' in reply ? [] : [reply]));
		assert.deepEqual(
			batches.map(reply => reply.batch),
			[0, 1, 2, 3, 4],
		);
		assert.deepEqual(
			batches.flatMap(reply => reply.read),
			oneByOne,
		);
	});

	it('reads what a person expects of each kind of file', () => {
		const byPath = new Map(oneByOne.map(({post}) => [post.path, post]));
		assert.equal(byPath.get('post-0.md')?.title, 'Post 0');
		assert.equal(byPath.get('notes/post-1.md')?.title, 'Toml 1');
		assert.equal(byPath.get('notes/post-3.md')?.title, 'Crlf 3');
		assert.match(byPath.get('bad-utf8.md')?.warnings.join() ?? '', /not valid UTF-8/);
		// The walk leaves out a link to a file outside the blog.
		assert.equal(byPath.has('link-out.md'), false);
	});

	it('loads a blog the same with and without an index', async () => {
		const env = {...process.env, XDG_CACHE_HOME: path.join(root, 'cache')};
		const first = await loadBlog(blog, {drafts: true, env});
		const again = await loadBlog(blog, {drafts: true, env});
		assert.deepEqual(again.posts, first.posts);
		assert.equal(first.posts.length, files.length);
	});
});
