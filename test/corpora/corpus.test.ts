import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {promisify} from 'node:util';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../../source/blog/load/load.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {formatPost} from '../../source/render/printed.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {bin} from '../helpers/bin.js';
import {FIXTURES, SAMPLE_BLOG} from '../helpers/paths.js';
import {bodyOf} from '../helpers/posts.js';

// Every post of the render corpus and the sample blog, at several widths,
// in colour and without: nothing wider than the width, no raw Markdown
// markers, no control characters but our own colours and links.
const corpus = path.join(FIXTURES, 'corpus');
// Odd widths catch off-by-one wrapping; without colour and in truecolor cover both ways of measuring.
const widths = [40, 53, 97, 157];
const themes = [createTheme(0), createTheme(3)];

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

for (const folder of [corpus, SAMPLE_BLOG]) {
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
						// A marker pair the source wrote unescaped must not survive rendering. Without
						// colour, marks stand for the styles on purpose (test/render/render.test.ts): the check is in colour.
						if (theme.level === 0) continue;
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

// The built bin (languages and emoji loaded from files of their own, text measured by its
// shortcuts) must print each post exactly as the renderer from source does. A Node start per
// post adds up, so this runs at one width; the others are covered in-process above.
describe('--print of the built bin on every corpus post', {skip: !existsSync(corpus)}, async () => {
	const blog = await loadBlog(corpus, {drafts: true});
	const run = promisify(execFile);
	// Into a pipe, a picture takes 12 rows at most (half of 24: print.ts); the corpus's pictures are all missing.
	const options = {width: 80, theme: createTheme(3), hyperlinks: false, pictureRows: 12};
	// An undated post's guessed date comes from git, which has a time limit: on a loaded machine one
	// process may get the file's time instead. What is compared is everything else.
	const guessless = (text: string) => text.replace(/\d{4}-\d\d-\d\d~ \((?:last commit|file modified)\)/g, '(guess)');

	it('prints each post as the renderer from source does, in colour', async () => {
		const queue = [...blog.posts];
		const worker = async () => {
			for (let post = queue.shift(); post; post = queue.shift()) {
				const args = [bin, '--print', post.absolutePath, '--width', String(options.width)];
				const {stdout} = await run(process.execPath, args, {
					env: {...process.env, NO_COLOR: '', FORCE_COLOR: '3', LANG: 'C.UTF-8', LC_ALL: '', LC_CTYPE: ''},
					maxBuffer: 64 * 1024 * 1024,
				});
				const expected = await formatPost(post, bodyOf(post), options, 10_000);
				assert.equal(guessless(stdout), guessless(expected), post.path);
			}
		};

		await Promise.all([worker(), worker()]);
	});
});
