import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../../source/blog/load/load.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {HEAD_FIRST_CHARS} from '../../source/render/service/limits.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {appRenders} from '../../source/ui/pages/app-renders.js';
import {SAMPLE_BLOG} from '../helpers/paths.js';
import {bodyOf} from '../helpers/posts.js';

// A blog on disk: pictures are looked for beside the post, and read as far as their size.
const blog = mkdtempSync(path.join(tmpdir(), 'blogread-picture-block-'));
const post = path.join(blog, 'posts', 'post.md');
const theme = createTheme(3);

before(async () => {
	mkdirSync(path.join(blog, 'posts'), {recursive: true});
	mkdirSync(path.join(blog, 'static', 'images'), {recursive: true});
	const red = sharp({create: {width: 40, height: 20, channels: 3, background: '#ff0000'}});
	await red
		.clone()
		.png()
		.toFile(path.join(blog, 'posts', 'wide.png'));
	await red
		.clone()
		.png()
		.toFile(path.join(blog, 'static', 'images', 'site.png'));
	await sharp({create: {width: 8, height: 30, channels: 3, background: '#00ff00'}})
		.png()
		.toFile(path.join(blog, 'posts', 'tall.png'));
	writeFileSync(path.join(path.dirname(blog), `${path.basename(blog)}-outside.png`), 'not even a picture');
	// A photo whose camera data (40 KB of it) comes before its size: read further to find it.
	await red
		.clone()
		.jpeg()
		.withExif({IFD0: {ImageDescription: 'x'.repeat(40_000)}})
		.toFile(path.join(blog, 'posts', 'camera.jpg'));
	writeFileSync(path.join(blog, 'posts', 'notes.txt'), 'words, not pixels');
	// Long enough that the renderer shows its beginning first.
	const filler = Array.from({length: 1500}, (_, index) => `Paragraph ${index} of words to make the post long.`);
	const long = ['---', 'title: Long', 'date: 2026-01-01', '---', '', '![wide](wide.png)', '', '```mermaid', 'graph LR'];
	writeFileSync(path.join(blog, 'posts', 'long.md'), `${long.join('\n')}\n  A --> B\n\`\`\`\n\n${filler.join('\n\n')}`);
});
after(() => {
	rmSync(blog, {recursive: true, force: true});
	rmSync(path.join(path.dirname(blog), `${path.basename(blog)}-outside.png`), {force: true});
});

function page(markdown: string, width = 60, maxRows = 12) {
	return renderMarkdown(markdown, {width, theme, pictures: {post, folder: blog, maxRows}});
}

const plain = (lines: string[]) => lines.map(line => stripAnsi(line));

describe('a picture alone in its paragraph', () => {
	it('takes the rows its cells need, its line under them as the caption', () => {
		const rendered = page('Before.\n\n![A red banner](wide.png)\n\nAfter.');
		assert.equal(rendered.pictures.length, 1);
		const [place] = rendered.pictures;
		assert.ok(place);
		// 40×20 pixels: 40 columns, 10 rows of two pixels each.
		assert.deepEqual(place.cells, {columns: 40, rows: 10});
		assert.equal(place.file, path.join(blog, 'posts', 'wide.png'));
		const lines = plain(rendered.lines);
		assert.equal(lines[place.line - 1], '');
		assert.deepEqual(
			lines.slice(place.line, place.line + 10).map(line => line.trim()),
			['', '', '', '', '…', '', '', '', '', ''],
		);
		assert.equal(lines[place.line + 10], '[image: A red banner] (wide.png)');
		assert.ok(
			rendered.lines.every(line => !/[\u2061-\u2064]/.test(line)),
			'no mark left on the page',
		);
	});

	it('is never wider than the page nor taller than its share of the screen', () => {
		assert.deepEqual(page('![wide](wide.png)', 20).pictures[0]?.cells, {columns: 20, rows: 5});
		assert.deepEqual(page('![tall](tall.png)', 60, 6).pictures[0]?.cells, {columns: 3, rows: 6});
	});

	it('whose size comes after 40 KB of camera data still gets its rows', () => {
		assert.deepEqual(page('![photo](camera.jpg)').pictures[0]?.cells, {columns: 40, rows: 10});
	});

	it('under a site-root address is found in the site’s static folder', () => {
		assert.equal(page('![site](/images/site.png)').pictures[0]?.file, path.join(blog, 'static', 'images', 'site.png'));
	});

	it('keeps a list item’s indent and a quote’s bar before each of its rows', () => {
		const listed = page('- item\n\n  ![wide](wide.png)\n').pictures[0];
		assert.ok(listed);
		assert.ok(
			listed.prefixes.every(prefix => stripAnsi(prefix) === '  '),
			JSON.stringify(listed.prefixes),
		);
		const quoted = page('> ![wide](wide.png)\n').pictures[0];
		assert.ok(quoted);
		assert.equal(quoted.prefixes.length, quoted.cells.rows);
		assert.ok(
			quoted.prefixes.every(prefix => stripAnsi(prefix) === '│ '),
			JSON.stringify(quoted.prefixes),
		);
	});

	it('linked, or in Hugo’s figure, is drawn too, with the link or the figure’s caption under it', () => {
		const linked = page('[![wide](wide.png)](https://example.com/full)');
		assert.equal(linked.pictures.length, 1);
		assert.match(plain(linked.lines).join('\n'), /\[image: wide\] \(wide\.png\).*example\.com\/full/);
		const figure = page('{{< figure src="wide.png" alt="A banner" caption="Seen from the hill" >}}');
		assert.equal(figure.pictures.length, 1);
		assert.match(plain(figure.lines).join('\n'), /\[image: A banner\] \(wide\.png\)\nSeen from the hill/);
	});
});

describe('an <img> in raw HTML', () => {
	const cases: Array<[name: string, html: string, after: string]> = [
		['alone in a centred paragraph', '<p align="center"><img src="wide.png" alt="A banner"></p>', ''],
		[
			'in a figure, over its caption',
			'<figure>\n<img src="wide.png" alt="A banner">\n<figcaption>From the hill</figcaption>\n</figure>',
			'From the hill',
		],
		['alone in a div, with a line break', '<div><img src="wide.png" alt="A banner"><br></div>', ''],
	];
	for (const [name, html, after] of cases) {
		it(`${name}: drawn over its line`, () => {
			const rendered = page(`Before.\n\n${html}\n\nAfter.`);
			assert.equal(rendered.pictures.length, 1, plain(rendered.lines).join('\n'));
			const [place] = rendered.pictures;
			assert.ok(place);
			assert.deepEqual(place.cells, {columns: 40, rows: 10});
			const lines = plain(rendered.lines);
			assert.equal(lines[place.line + 10], '[image: A banner] (wide.png)');
			if (after !== '') assert.equal(lines[place.line + 11], after);
		});
	}

	it('among words: its line only', () => {
		const rendered = page('<p>See <img src="wide.png" alt="A banner"> here.</p>');
		assert.deepEqual(rendered.pictures, []);
		assert.match(plain(rendered.lines).join('\n'), /See \[image: A banner\] \(wide\.png\) here\./);
	});
});

describe('an image that is not drawn keeps its line', () => {
	const cases: Array<[name: string, markdown: string, shown: string]> = [
		['in a sentence', 'See ![wide](wide.png) here.', 'See [image: wide] (wide.png) here.'],
		['in a table cell', '| a |\n|---|\n| ![wide](wide.png) |', '[image: wide] (wide.png)'],
		[
			'an address elsewhere (never fetched)',
			'![remote](https://example.com/x.png)',
			'[image: remote] (https://example.com/x.png)',
		],
		['a missing file', '![gone](gone.png)', '[image: gone] (gone.png) · not shown: not found'],
		['outside the blog', `![out](../../${path.basename(blog)}-outside.png)`, '· not shown: outside the blog'],
		[
			'a file that is no picture',
			'![text](notes.txt)',
			'[image: text] (notes.txt) · not shown: not a picture blogread can read',
		],
	];
	for (const [name, markdown, shown] of cases) {
		it(name, () => {
			const rendered = page(markdown);
			assert.deepEqual(rendered.pictures, []);
			assert.ok(plain(rendered.lines).join(' ').includes(shown), plain(rendered.lines).join('\n'));
		});
	}

	it('when pictures are not asked for (no colour, --images off, the reader’s i)', () => {
		const rendered = renderMarkdown('![wide](wide.png)', {width: 60, theme});
		assert.deepEqual(rendered.pictures, []);
		assert.deepEqual(plain(rendered.lines), ['[image: wide] (wide.png)']);
	});

	it('and every line fits the page', () => {
		const rendered = page('![a very long description of what this image shows](gone.png)', 24);
		assert.ok(rendered.lines.every(line => displayWidth(line) <= 24));
	});
});

describe('a post’s cover (front matter cover, image or heroImage)', () => {
	it('is drawn above its line in the header, before the body’s pictures', async () => {
		const {posts} = await loadBlog(SAMPLE_BLOG, {drafts: false, env: {}});
		const post = posts.find(candidate => candidate.slug === 'go-worker-pool');
		assert.ok(post);
		const rendered = renderPostPage(post, bodyOf(post), {width: 60, theme, hyperlinks: false, pictureRows: 12});
		const [cover, body] = rendered.pictures;
		assert.ok(cover && body);
		assert.equal(cover.file, path.join(SAMPLE_BLOG, 'images', 'pipeline.svg'));
		// 360×120 at 60 columns: 60 pixels wide, 20 high.
		assert.deepEqual(cover.cells, {columns: 60, rows: 10});
		const lines = plain(rendered.lines);
		assert.equal(lines[cover.line - 1], '');
		assert.equal(lines[cover.line + 10], '[cover: images/pipeline.svg]');
		assert.ok(body.line > cover.line + 10);
		assert.equal(lines[body.line + body.cells.rows], '[image: Diagram of the pipeline] (images/pipeline.svg)');
	});
});

describe('a long post rendered by a renderer process', () => {
	it('keeps its pictures’ rows, and shows diagrams as asked', async () => {
		const {posts} = await loadBlog(path.join(blog, 'posts'), {drafts: false, env: {}});
		const post = posts.find(candidate => candidate.title === 'Long');
		assert.ok(post);
		const markdown = bodyOf(post);
		assert.ok(markdown.length > HEAD_FIRST_CHARS, 'its beginning first');
		const options = {width: 60, theme, hyperlinks: false, pictureRows: 12, diagrams: false};
		const renders = appRenders();
		const rendered = await renders.page(post, options, {}).finally(() => renders.close());
		assert.equal(rendered.pictures.length, 1);
		assert.equal(rendered.pictures[0]?.file, path.join(blog, 'posts', 'wide.png'));
		assert.match(plain(rendered.lines).join('\n'), /┌─ mermaid\n│ graph LR/);
	});
});
