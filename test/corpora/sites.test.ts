import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {loadBlog} from '../../source/blog/load/load.js';
import type {SkippedFile} from '../../source/blog/model/model.js';
import {formatPost} from '../../source/render/printed.js';
import {createTheme} from '../../source/theme/palette.js';
import {runBin} from '../helpers/bin.js';
import {runCli} from '../helpers/cli.js';
import {FIXTURES} from '../helpers/paths.js';
import {bodyOf} from '../helpers/posts.js';

// One small repository per static site generator, each imitating its
// documented layout (and a few variants: Eleventy known only by its package,
// Hugo with posts at the content root, a plain notes repository);
// expected.json says what blogread must find in it, and what it must skip.
const sites = path.join(FIXTURES, 'sites');
type Expected = {
	/** The generator recognised, or null for a plain folder. */
	layout: string | null;
	posts: Array<{path: string; title: string; date: string | null; tags: string[]; languages: string[]}>;
	drafts: string[];
	skipped: SkippedFile[];
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

const SITES = [
	'hugo',
	'hugo-flat',
	'hugo-multilingual',
	'hugo-sections',
	'jekyll',
	'hexo',
	'astro',
	'eleventy',
	'eleventy-src',
	'gatsby',
	'zola',
	'zola-root',
	'notes',
];
for (const site of SITES) {
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

		it('recognises its generator, and skips only what is not a post, saying why', async () => {
			const blog = await loadBlog(root, {drafts: true, cache: false});
			assert.equal(blog.layout?.split(':')[0] ?? null, expected.layout);
			assert.deepEqual(blog.skipped, expected.skipped);
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

		// In-process: the built bin prints as the renderer does (test/end-to-end/cli.test.ts),
		// and a Node start per post adds up.
		it('prints every post, with no raw template syntax where a mapping exists', async () => {
			const blog = await loadBlog(root, {drafts: true});
			for (const post of blog.posts) {
				const out = await formatPost(post, bodyOf(post), {width: 80, theme: createTheme(0), hyperlinks: false}, 10_000);
				for (const pattern of MAPPED) assert.doesNotMatch(out, pattern, `${post.path}: ${pattern}`);
			}
		});
	});
}

describe('what is not a post, on the command line', () => {
	it('--list says nothing on stderr of the files it skips by rule', async () => {
		for (const site of ['notes', 'hugo-flat', 'hugo']) {
			const result = await runCli(['--list', path.join(sites, site)], {NO_COLOR: '1'});
			assert.equal(result.code, 0);
			assert.equal(result.stderr, '', site);
		}
	});

	it('an empty list names what was skipped, so a folder of only a README is not a mystery', async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'blogread-readme-only-'));
		try {
			writeFileSync(path.join(folder, 'README.md'), '# My project\n');
			let result = await runCli(['--list', folder], {NO_COLOR: '1'});
			assert.equal(result.stderr, `blogread: no posts in ${folder} (skipped as not a post: README.md)\n`);
			for (const name of ['LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'])
				writeFileSync(path.join(folder, name), `# ${name}\n`);
			result = await runCli(['--list', folder], {NO_COLOR: '1'});
			assert.equal(
				result.stderr,
				`blogread: no posts in ${folder} ` +
					'(4 skipped as not posts: CHANGELOG.md, CONTRIBUTING.md, LICENSE.md, and 1 more)\n',
			);
			assert.equal(result.code, 0);
		} finally {
			rmSync(folder, {recursive: true, force: true});
		}
	});
});

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

	// Each generator's rule for a tags string (docs/rendering.md): Jekyll splits at spaces, Eleventy and the
	// others take it whole; Jekyll's singular `tag` and `category` name one term each.
	it('tags written as one string, by each generator’s rule', async () => {
		const jekyll = await list('jekyll');
		assert.deepEqual(jekyll.find(post => post.path.includes('first-stone'))?.tags, ['jekyll', 'ruby']);
		const single = jekyll.find(post => post.path.includes('one-category'));
		assert.deepEqual([single?.tags, single?.categories], [['Web Development'], ['Field Notes']]);
		const eleventy = await list('eleventy');
		assert.deepEqual(eleventy.find(post => post.path.includes('second-planting'))?.tags, ['second planting']);
	});

	it('plain notes take the first folder they are in as a category, when they name none', async () => {
		const notes = await list('notes');
		assert.deepEqual(
			notes.map(post => [post.path, post.categories]),
			[
				['now.md', []],
				['trips/lisbon-2023/README.md', ['trips']],
				['git/rebase-onto.md', ['git']],
				['git/readme-first.md', ['git']],
				['shell/about.md', ['shell']],
			],
		);
		const hugo = await list('hugo');
		assert.ok(
			hugo.every(post => !post.categories.includes('content')),
			'a generator’s posts are not categorised by folder',
		);
	});

	it('Hugo: the sections its config names, each post once with its translations, or the busiest section', async () => {
		const multilingual = await loadBlog(path.join(sites, 'hugo-multilingual'), {drafts: false, cache: false});
		assert.equal(multilingual.layout, 'Hugo: content/en/blog');
		const first = multilingual.posts.find(post => post.title === 'First light');
		assert.deepEqual(
			multilingual.translations?.get(first?.path ?? '')?.map(post => [post.lang, post.title]),
			[
				['en', 'First light'],
				['ja', '初点灯'],
			],
		);
		const sections = await loadBlog(path.join(sites, 'hugo-sections'), {drafts: false, cache: false});
		assert.equal(sections.layout, 'Hugo: content/articles (the section with the most dated pages)');
	});

	it('Hugo’s param shortcode is filled from the post’s front matter, then the site’s params', async () => {
		const out = await run(['--print', 'content/posts/meetup.md', path.join(sites, 'hugo')]);
		assert.match(out, /Sign up on the event's page \(https:\/\/lantern\.example\.org\/meetups\/harbour\);/);
		assert.match(out, /The\s+lantern club hosts it\./);
	});

	it('--section chooses the posts’ sections when the guess is wrong', () => {
		const root = path.join(sites, 'hugo-sections');
		assert.equal(bin(['--list', '--section', 'docs', root]), bin(['--list', '--section', '/docs/', root]));
		assert.deepEqual(
			bin(['--list', '--section', 'docs', '--section', 'events', root])
				.trim()
				.split('\n')
				.map(line => line.split('\t')[2]),
			['Regatta', 'Fees', 'Moorings'],
		);
		assert.match(bin(['--section', 'docs', '--print', 'fees', root]), /^Fees\n/);
	});

	it('Zola: tags and categories from [taxonomies]', async () => {
		const post = (await list('zola')).find(candidate => candidate.date === '2023-09-09');
		assert.deepEqual(post?.tags, ['rust', 'web']);
		assert.deepEqual(post?.categories, ['code']);
		const byAuthor = (await list('zola')).find(candidate => candidate.title === 'Who keeps the chalk');
		assert.equal((byAuthor as Listed & {author: string | null}).author, 'Ada Chalk', 'authors from [taxonomies]');
	});

	it('MDX: imports go and components show as placeholders', async () => {
		const out = await run(['--print', 'src/content/blog/charts-in-mdx.mdx', path.join(sites, 'astro')]);
		assert.match(out, /\[Chart\]/);
		assert.match(out, /\[Callout\]/);
	});

	it('Hugo shortcodes: a figure is an image, a highlight a code block, a video a link to it', async () => {
		const out = await run(['--print', 'content/posts/shortcodes.md', path.join(sites, 'hugo')]);
		assert.match(out, /\[image: A sleeping cat\] \(\/img\/cat\.png\)/);
		assert.match(out, /┌─ go/);
		assert.match(out, /\[video: YouTube abc123\]\s+\(https:\/\/www\.youtube\.com\/watch\?v=abc123\)/);
	});
});
