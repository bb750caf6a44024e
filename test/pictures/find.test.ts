import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {readBlogFile} from '../../source/blog/load/read-file.js';
import {type PictureSource, pictureSource} from '../../source/pictures/find.js';

// A blog with a picture in each place a generator keeps one, and a folder beside it that is not the blog's.
const top = realpathSync(mkdtempSync(path.join(tmpdir(), 'blogread-find-')));
const blog = path.join(top, 'blog');
const outside = path.join(top, 'outside');
const in_ = (...parts: string[]) => path.join(blog, ...parts);

const POST = in_('posts', 'a.md');
const FILES = [
	'root.png', // Jekyll: the site's root is served as it is
	'static/images/s.png', // Hugo, Astro, Gatsby
	'assets/images/a.png', // Hugo
	'public/p.png', // Astro, Eleventy
	'source/images/hexo.png', // Hexo
	'static/both.png',
	'public/both.png',
	'static/img/only-top.png',
	'posts/beside.png',
	'posts/a/asset.png', // Hexo's asset folder, named after the post a.md
	'posts/a/beside.png',
	'posts/a.b/dot.png', // the asset folder of a.b.md
	'posts/sub/deep.png',
	'posts/my picture.png',
	'posts/what?.png',
	'posts/100%.png',
	'posts/bundle/cover.png', // a Hugo page bundle: posts/bundle/index.md
	'site2/static/img/x.png', // a second site in the blog's folder, with its own static folder
	'static/img/x.png',
];

before(() => {
	for (const file of [...FILES, 'posts/a.md', 'posts/a.b.md', 'posts/bundle/index.md', 'site2/content/post.md']) {
		mkdirSync(path.dirname(in_(file)), {recursive: true});
		writeFileSync(in_(file), file);
	}
	mkdirSync(outside, {recursive: true});
	writeFileSync(path.join(outside, 'secret.png'), 'not the blog’s');
	symlinkSync(path.join(outside, 'secret.png'), in_('posts', 'link-out.png'));
	symlinkSync(outside, in_('posts', 'folder-out'));
});
after(() => {
	rmSync(top, {recursive: true, force: true});
});

const from = (post: string) => ({absolutePath: post, folder: blog});

describe('pictureSource: a picture beside the post', () => {
	const cases: Array<[name: string, href: string, post: string, expected: PictureSource]> = [
		['a file beside the post', 'beside.png', POST, {file: in_('posts', 'beside.png')}],
		['a file beside the post, written with ./', './beside.png', POST, {file: in_('posts', 'beside.png')}],
		['a file in a folder under the post’s', 'sub/deep.png', POST, {file: in_('posts', 'sub', 'deep.png')}],
		['a file in the post’s asset folder (Hexo)', 'asset.png', POST, {file: in_('posts', 'a', 'asset.png')}],
		[
			'a file both beside the post and in its asset folder: the one beside',
			'beside.png',
			POST,
			{file: in_('posts', 'beside.png')},
		],
		[
			'the asset folder of a post with dots in its name',
			'dot.png',
			in_('posts', 'a.b.md'),
			{file: in_('posts', 'a.b', 'dot.png')},
		],
		[
			'a file in a page bundle (Hugo)',
			'cover.png',
			in_('posts', 'bundle', 'index.md'),
			{file: in_('posts', 'bundle', 'cover.png')},
		],
		[
			'a relative path up out of the post’s folder, still in the blog',
			'../static/images/s.png',
			POST,
			{file: in_('static', 'images', 's.png')},
		],
		['spaces around the address', '  beside.png  ', POST, {file: in_('posts', 'beside.png')}],
		['a query and fragment, dropped', 'beside.png?v=2#top', POST, {file: in_('posts', 'beside.png')}],
		['an escaped space, decoded', 'my%20picture.png', POST, {file: in_('posts', 'my picture.png')}],
		['an escaped question mark: part of the name', 'what%3F.png', POST, {file: in_('posts', 'what?.png')}],
		['a % that is no escape: kept as it is', '100%.png', POST, {file: in_('posts', '100%.png')}],
		['a file that is not there', 'missing.png', POST, {problem: 'not found'}],
		['a folder, not a file', 'sub', POST, {problem: 'not found'}],
		['the asset folder itself', 'a', POST, {problem: 'not found'}],
	];
	for (const [name, href, post, expected] of cases) {
		it(`${name}: ${JSON.stringify(href)}`, () => {
			assert.deepEqual(pictureSource(href, from(post)), expected);
		});
	}
});

describe('pictureSource: a path from the site’s root', () => {
	const site2Post = in_('site2', 'content', 'post.md');
	const cases: Array<[name: string, href: string, post: string, expected: PictureSource]> = [
		['in static/', '/images/s.png', POST, {file: in_('static', 'images', 's.png')}],
		['in assets/', '/images/a.png', POST, {file: in_('assets', 'images', 'a.png')}],
		['in public/', '/p.png', POST, {file: in_('public', 'p.png')}],
		['in source/ (Hexo)', '/images/hexo.png', POST, {file: in_('source', 'images', 'hexo.png')}],
		['in the blog’s folder itself (Jekyll)', '/root.png', POST, {file: in_('root.png')}],
		['in both static/ and public/: static/ first', '/both.png', POST, {file: in_('static', 'both.png')}],
		['from a post at the blog’s root', '/images/s.png', in_('root.md'), {file: in_('static', 'images', 's.png')}],
		[
			'a nearer site’s static folder before the blog’s',
			'/img/x.png',
			site2Post,
			{file: in_('site2', 'static', 'img', 'x.png')},
		],
		[
			'looked for up to the blog’s folder',
			'/img/only-top.png',
			site2Post,
			{file: in_('static', 'img', 'only-top.png')},
		],
		['with a query string', '/images/s.png?w=300', POST, {file: in_('static', 'images', 's.png')}],
		['a file that is nowhere', '/images/missing.png', POST, {problem: 'not found'}],
	];
	for (const [name, href, post, expected] of cases) {
		it(`${name}: ${JSON.stringify(href)}`, () => {
			assert.deepEqual(pictureSource(href, from(post)), expected);
		});
	}
});

describe('pictureSource: addresses that are not read', () => {
	const cases: Array<[name: string, href: string, expected: PictureSource]> = [
		['an https address: remote, not fetched', 'https://example.com/x.png', {remote: true}],
		['an http address', 'http://example.com/x.png', {remote: true}],
		['an address in capitals', 'HTTPS://EXAMPLE.COM/X.PNG', {remote: true}],
		['a protocol-relative address', '//cdn.example.com/x.png', {remote: true}],
		['a data: address', 'data:image/png;base64,iVBORw0KGgo=', {problem: 'not a file'}],
		['a file: address', 'file:///etc/passwd', {problem: 'not a file'}],
		['a javascript: address', 'javascript:alert(1)', {problem: 'not a file'}],
		['a mailto: address', 'mailto:someone@example.com', {problem: 'not a file'}],
		['an empty address', '', {problem: 'not a file'}],
		['only spaces', '   ', {problem: 'not a file'}],
		['only a fragment', '#top', {problem: 'not a file'}],
		['only a query', '?v=1', {problem: 'not a file'}],
		['an escaped NUL', 'beside%00.png', {problem: 'not a file'}],
		['a relative path out of the blog', '../../outside/secret.png', {problem: 'outside the blog'}],
		['far out of the blog', '../../../../../../../../etc/passwd', {problem: 'outside the blog'}],
		['out of the blog through escaped dots', '%2e%2e/%2e%2e/outside/secret.png', {problem: 'outside the blog'}],
		// A site serves nothing above its root: `/../x` is `/x`, looked for in the site's folders only.
		['a site-root path climbing out', '/../../../../../../../../etc/passwd', {problem: 'not found'}],
		['a relative path in, then out', 'sub/../../../outside/secret.png', {problem: 'outside the blog'}],
	];
	for (const [name, href, expected] of cases) {
		it(`${name}: ${JSON.stringify(href)}`, () => {
			assert.deepEqual(pictureSource(href, from(POST)), expected);
		});
	}

	const links: Array<[name: string, href: string, link: string]> = [
		['a link to a file outside the blog', 'link-out.png', in_('posts', 'link-out.png')],
		['a file in a linked folder outside the blog', 'folder-out/secret.png', in_('posts', 'folder-out', 'secret.png')],
	];
	for (const [name, href, link] of links) {
		it(`${name}: named by its place in the blog, never the file it leads to; reading it is refused`, () => {
			const found = pictureSource(href, from(POST));
			assert.deepEqual(found, {file: link});
			assert.throws(() => readBlogFile(link, blog, 1024), {code: 'EOUTSIDE'});
		});
	}
});
