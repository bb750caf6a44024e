import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {loadBlog} from '../source/posts/load.js';
import {formatPost} from '../source/render/bounded.js';
import {createTheme} from '../source/theme/palette.js';
import {runBin} from './helpers/bin.js';
import {runCli} from './helpers/cli.js';
import {bodyOf} from './helpers/posts.js';

// One small repository per static site generator, each imitating its
// documented layout; expected.json says what blogread must find in it.
const sites = path.join(import.meta.dirname, 'fixtures', 'sites');
type Expected = {
	layout: string;
	posts: Array<{path: string; title: string; date: string | null; tags: string[]; languages: string[]}>;
	drafts: string[];
};
type Listed = Expected['posts'][number] & {
	draft: boolean;
	excerpt: string | null;
	updated: string | null;
	categories: string[];
	lang: string | null;
};

/** The built bin: each site is listed by it once, as users run it. */
function bin(args: string[]) {
	const result = runBin(args, {env: {NO_COLOR: '1'}});
	assert.equal(result.code, 0, result.stderr);
	return result.stdout;
}

/** The command line in this process, for the rest. */
async function run(args: string[]) {
	const result = await runCli(args, {NO_COLOR: '1'});
	assert.equal(result.code, 0, result.stderr);
	return result.stdout;
}

// Template syntax that blogread maps to something readable must not show raw.
const MAPPED = [
	/\{\{[<%]\s*figure/,
	/\{\{[<%]\s*(?:\/\s*)?highlight/,
	/\{%-?\s*(?:end)?highlight/,
	/\{%\s*(?:end)?codeblock/,
	/^import\s/m,
	/^export\s/m,
	/<[A-Z]\w*[\s/>]/,
];

for (const site of ['hugo', 'jekyll', 'hexo', 'astro', 'eleventy', 'gatsby', 'zola']) {
	describe(`a ${site} repository`, () => {
		const root = path.join(sites, site);
		const expected = JSON.parse(readFileSync(path.join(root, 'expected.json'), 'utf8')) as Expected;
		const listed = JSON.parse(bin(['--list', '--json', root])) as Listed[];

		it('lists its posts, newest first, with titles, dates, tags and languages', () => {
			assert.deepEqual(
				listed.map(post => ({
					path: post.path,
					title: post.title,
					date: post.date,
					tags: post.tags,
					languages: post.languages,
				})),
				expected.posts,
			);
		});

		it('shows drafts only with --drafts, marked as drafts', async () => {
			const all = JSON.parse(await run(['--list', '--json', '--drafts', root])) as Listed[];
			assert.deepEqual(
				all
					.filter(post => post.draft)
					.map(post => post.path)
					.sort(),
				[...expected.drafts].sort(),
			);
			assert.equal(all.length, listed.length + expected.drafts.length);
		});

		// In-process: the built bin prints as the renderer does (cli.test.ts), and a Node start per post adds up.
		it('prints every post, with no raw template syntax where a mapping exists', async () => {
			const blog = await loadBlog(root, {drafts: true});
			for (const post of blog.posts) {
				const out = await formatPost(post, bodyOf(post), {width: 80, theme: createTheme(0), hyperlinks: false}, 10_000);
				for (const pattern of MAPPED) assert.doesNotMatch(out, pattern, `${post.path}: ${pattern}`);
			}
		});
	});
}

describe('conventions', () => {
	const list = async (site: string, ...args: string[]) =>
		JSON.parse(await run(['--list', '--json', ...args, path.join(sites, site)])) as Listed[];

	it('Hugo: summary and <!--more--> give the excerpt; lastmod the update; offsets keep the day', async () => {
		const posts = await list('hugo');
		assert.ok(posts.every(post => !post.path.endsWith('_index.md') && post.path !== 'content/about.md'));
		assert.ok(
			posts.some(post => post.excerpt !== null && post.path === 'content/posts/other.md'),
			'excerpt from <!--more-->',
		);
		assert.ok(posts.some(post => post.updated !== null));
	});

	it('Hugo: --lang picks which translation is listed', async () => {
		const french = (await list('hugo', '--lang', 'fr')).find(post => post.languages.length > 1);
		assert.equal(french?.path, 'content/posts/hello.fr.md');
		assert.equal(french?.lang, 'fr');
	});

	it('Jekyll: a site-wide excerpt separator, and categories kept apart from tags', async () => {
		const posts = await list('jekyll');
		assert.ok(posts.find(post => post.path.includes('cut-here'))?.excerpt);
		assert.ok(posts.some(post => post.categories.includes('notes') && !post.tags.includes('notes')));
	});

	it('Zola: tags and categories from [taxonomies]', async () => {
		const post = (await list('zola')).find(candidate => candidate.date === '2023-09-09');
		assert.deepEqual(post?.tags, ['rust', 'web']);
		assert.deepEqual(post?.categories, ['code']);
	});

	it('MDX: imports go and components show as placeholders', async () => {
		const out = await run(['--print', 'src/content/blog/charts-in-mdx.mdx', path.join(sites, 'astro')]);
		assert.match(out, /\[Chart\]/);
		assert.match(out, /\[Callout\]/);
	});

	it('Hugo shortcodes: a figure is an image, a highlight a code block, others stay dimmed as written', async () => {
		const out = await run(['--print', 'content/posts/shortcodes.md', path.join(sites, 'hugo')]);
		assert.match(out, /\[image: A sleeping cat\] \(\/img\/cat\.png\)/);
		assert.match(out, /┌─ go/);
		assert.match(out, /\{\{< youtube abc123 >\}\}/);
	});
});
