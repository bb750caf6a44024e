import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {promisify} from 'node:util';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../source/posts/load.js';
import {renderPostPage} from '../source/render/post-page.js';
import {displayWidth} from '../source/text/width.js';
import {createTheme} from '../source/theme.js';
import {bodyOf} from './helpers/posts.js';

// Every post of the render corpus and the sample blog, at several widths,
// in colour and without: nothing wider than the width, no raw Markdown
// markers, no control characters but our own colours and links.
const corpus = path.join(import.meta.dirname, 'fixtures', 'corpus');
const samples = path.join(import.meta.dirname, '..', 'posts');
const bin = path.join(import.meta.dirname, '..', 'dist', 'cli.js');
const widths = [40, 53, 80, 97, 120, 157, 200];
const themes = [createTheme(0), createTheme(3), createTheme(1, 'light')];

function problems(lines: string[], width: number): string[] {
	const found: string[] = [];
	for (const line of lines) {
		if (displayWidth(line) > width) found.push(`wider than ${width}: ${stripAnsi(line)}`);
		const foreign = line.replace(/\u001B\[[\d;]*m|\u001B\]8;;[^\u0007]*\u0007/g, '');
		if (/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/.test(foreign))
			found.push(`control character: ${JSON.stringify(line)}`);
	}

	return found;
}

/**
 * The rendered text a reader sees as prose: code blocks dropped, and the
 * contents of code spans removed (they keep markers on purpose).
 */
function proseOf(lines: string[], source: string): string {
	let prose = lines
		.map(line => stripAnsi(line))
		.filter(line => !/^[│┌└]/.test(line))
		.join(' ')
		.replace(/\s+/g, ' ');
	const spans = [...source.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)].map(match =>
		(match[2] ?? '').replace(/\s+/g, ' ').trim(),
	);
	for (const span of spans.sort((a, b) => b.length - a.length)) if (span !== '') prose = prose.split(span).join(' ');
	return prose;
}

for (const folder of [corpus, samples]) {
	describe(`rendering ${path.basename(folder)}/`, {skip: !existsSync(folder)}, async () => {
		const blog = await loadBlog(folder, {drafts: true});

		it('has posts', () => {
			assert.ok(blog.posts.length >= 12);
		});

		for (const post of blog.posts) {
			it(post.path, () => {
				for (const width of widths) {
					for (const theme of themes) {
						const body = bodyOf(post);
						const {lines} = renderPostPage(post, body, {width, theme, hyperlinks: true});
						assert.deepEqual(problems(lines, width), []);
						const prose = proseOf(lines, body);
						const defined = [...body.matchAll(/^\[\^([^\]\s]+)\]:/gm)].map(match => match[1]);
						for (const label of defined)
							assert.ok(!prose.includes(`[^${label}]`), `raw footnote reference [^${label}]`);
						// A marker pair the source wrote unescaped must not survive rendering.
						for (const pattern of [
							/(?<!\*)\*\*[^*\s][^*]*?\*\*(?!\*)/g,
							/(?<!_)__[^_\s][^_]*?__(?!_)/g,
							/(?<!~)~~[^~\s][^~]*?~~(?!~)/g,
						]) {
							const raw = [...prose.matchAll(pattern)].map(match => match[0]).filter(match => body.includes(match));
							assert.deepEqual(raw, [], 'raw emphasis markers');
						}
					}
				}
			});
		}
	});
}

describe('--print on every corpus post', {skip: !existsSync(corpus)}, async () => {
	const blog = await loadBlog(corpus, {drafts: true});
	const run = promisify(execFile);
	for (const width of [40, 80, 120]) {
		it(`exits 0 with output no wider than ${width} columns`, async () => {
			const queue = [...blog.posts];
			const worker = async () => {
				for (let post = queue.shift(); post; post = queue.shift()) {
					const {stdout} = await run(process.execPath, [bin, '--print', post.absolutePath, '--width', String(width)], {
						env: {...process.env, NO_COLOR: '1'},
						maxBuffer: 64 * 1024 * 1024,
					});
					assert.ok(stdout.length > 0, post.path);
					assert.deepEqual(problems(stdout.split('\n'), width), [], post.path);
				}
			};

			await Promise.all([worker(), worker(), worker()]);
		});
	}
});
