import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {contentHash} from '../../../source/blog/load/content-hash.js';
import {discoverPosts, isPostFile} from '../../../source/blog/load/discover.js';
import {detectLayout} from '../../../source/blog/load/layout.js';
import {listedSoFar, loadBlog} from '../../../source/blog/load/load.js';
import {skipReason} from '../../../source/blog/load/skip.js';
import type {SkipReason} from '../../../source/blog/model/model.js';
import {isGuessedDate} from '../../../source/blog/model/model.js';
import {countWords} from '../../../source/blog/model/reading-time.js';
import {UserError} from '../../../source/util/errors.js';
import {Slices} from '../../../source/util/slices.js';
import {runBin} from '../../helpers/bin.js';
import {FIXTURES} from '../../helpers/paths.js';
import {makePost} from '../../helpers/posts.js';
import {countTurns} from '../../helpers/turns.js';

const fixture = path.join(FIXTURES, 'blog');

describe('loadBlog on the fixture blog', async () => {
	const blog = await loadBlog(fixture, {drafts: false});
	const byPath = new Map(blog.posts.map(post => [post.path, post]));

	it('finds posts in subfolders, skipping dot folders, node_modules and other files', () => {
		assert.ok(byPath.has('nested/deeper/deep-post.md'));
		assert.ok(
			![...byPath.keys()].some(
				file => file.includes('.hidden') || file.includes('node_modules') || file.endsWith('.txt'),
			),
		);
	});

	it('hides drafts and counts them', () => {
		assert.equal(byPath.has('draft-post.md'), false);
		assert.equal(byPath.has('unpublished.md'), false);
		assert.equal(blog.hiddenDrafts, 2);
	});

	it('sorts newest first, posts with guessed dates (from git or the file) after the dated ones', () => {
		const given = blog.posts.filter(post => !isGuessedDate(post)).map(post => post.date ?? '');
		const guessed = blog.posts.filter(post => isGuessedDate(post)).map(post => post.date ?? '');
		assert.deepEqual(given, [...given].sort().reverse());
		assert.deepEqual(guessed, [...guessed].sort().reverse());
		assert.deepEqual(
			blog.posts.map(post => post.date),
			[...given, ...guessed],
		);
		assert.ok(guessed.length > 0, 'the fixture has undated posts');
		assert.equal(blog.posts[0]?.path, 'datetime-offset.md');
	});

	const expected: Array<[string, Partial<{title: string; date: string | null; tags: string[]; warnings: number}>]> = [
		[
			'full-front-matter.md',
			{
				title: 'Tuning the garbage collector: a field report',
				date: '2025-07-15',
				tags: ['Go', 'performance', 'runtime'],
			},
		],
		['toml-post.md', {title: 'Notes from a TOML post', date: '2024-02-29', tags: ['config', 'performance']}],
		['json-post.md', {title: 'A post with JSON front matter', date: '2023-12-01'}],
		['2021-03-04-named-by-jekyll.md', {date: '2021-03-04', tags: ['jekyll', 'legacy']}],
		['heading-title.md', {title: 'The title is this heading', tags: ['writing', 'Go']}],
		['datetime-offset.md', {date: '2025-07-15'}],
		['crlf-bom.md', {title: 'Windows line endings', date: '2016-04-04', tags: ['crlf'], warnings: 0}],
		['nested/deeper/deep-post.md', {date: '2018-08-08'}],
		['broken-front-matter.md', {title: 'Broken front matter', warnings: 1}],
		['javascript-front-matter.md', {title: 'Javascript front matter', warnings: 1}],
		['no_title_at-all.md', {title: 'No title at all'}],
	];
	for (const [file, want] of expected) {
		it(`reads ${file}`, () => {
			const post = byPath.get(file);
			assert.ok(post, `${file} is listed`);
			if (want.title !== undefined) assert.equal(post.title, want.title);
			if (want.date !== undefined) assert.equal(post.date, want.date);
			if (want.tags !== undefined) assert.deepEqual(post.tags, want.tags);
			if (want.warnings !== undefined) assert.equal(post.warnings.length, want.warnings);
		});
	}

	it('lists drafts with drafts: true', async () => {
		const all = await loadBlog(fixture, {drafts: true});
		assert.equal(all.posts.length, blog.posts.length + 2);
		assert.equal(all.hiddenDrafts, 0);
	});

	it('loads a single file', async () => {
		const single = await loadBlog(path.join(fixture, 'toml-post.md'), {drafts: false});
		assert.deepEqual(
			single.posts.map(post => post.path),
			['toml-post.md'],
		);
	});

	it('names a missing path in its error', async () => {
		await assert.rejects(
			loadBlog('/no/such/blog', {drafts: false}),
			(error: unknown) => error instanceof UserError && error.exitCode === 1 && error.message.includes('/no/such/blog'),
		);
	});
});

describe('loadBlog on a big blog', () => {
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-big-'));
	after(() => rmSync(root, {recursive: true, force: true}));
	const total = 2000;
	for (let index = 0; index < total; index++) {
		const day = String((index % 28) + 1).padStart(2, '0');
		writeFileSync(
			path.join(root, `post-${index}.md`),
			`---\ntitle: Post ${index}\ndate: 2020-02-${day}\ntags: [t${index % 7}]\n---\n\n${'Some words. '.repeat(40)}\n`,
		);
	}

	it('lets the event loop turn while it reads (keys are answered meanwhile), reading every post', async () => {
		let read = 0;
		const seenBetween: number[] = [];
		let loading = true;
		const watch = () => {
			seenBetween.push(read);
			if (loading) setImmediate(watch);
		};
		setImmediate(watch);
		const blog = await loadBlog(root, {
			drafts: false,
			cache: false,
			progress: done => {
				read = done;
			},
		});
		loading = false;
		assert.equal(blog.posts.length, total);
		const midway = seenBetween.filter(done => done > 0 && done < total);
		assert.ok(midway.length > 0, `no turn of the event loop while posts were read: ${seenBetween.join(' ')}`);
	});

	it('writes its index a slice at a time, the event loop turning meanwhile', async () => {
		const env = {...process.env, XDG_CACHE_HOME: path.join(root, '.cache')};
		const folder = path.join(root, '.cache', 'blogread');
		// At each turn of the event loop, whether the index was being written (its temporary file there).
		const writing: boolean[] = [];
		let loading = true;
		const look = () => {
			writing.push(existsSync(folder) && readdirSync(folder).some(name => name.endsWith('.tmp')));
			if (loading) setImmediate(look);
		};
		setImmediate(look);
		const blog = await loadBlog(root, {drafts: false, env, sliceMs: 0});
		loading = false;
		assert.equal(blog.posts.length, total);
		assert.ok(
			writing.filter(Boolean).length >= 2,
			`turns while the index was written: ${writing.filter(Boolean).length}`,
		);
		const again = await loadBlog(root, {drafts: false, env});
		assert.deepEqual(
			again.posts.map(post => post.path),
			blog.posts.map(post => post.path),
		);
		assert.deepEqual(
			readdirSync(folder).filter(name => name.endsWith('.tmp')),
			[],
		);
	});

	it('gives its progress the posts read so far, as many as it counts', async () => {
		const told: Array<[done: number, read: number, total: number]> = [];
		await loadBlog(root, {
			drafts: false,
			cache: false,
			progress: (done, all, read) => {
				told.push([done, read.length, all]);
			},
		});
		assert.ok(told.length > 1);
		for (const [done, read, all] of told) assert.deepEqual([read, all], [done, total]);
		assert.equal(told.at(-1)?.[0], total);
	});
});

describe('posts read one after another', () => {
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-sizes-'));
	after(() => rmSync(root, {recursive: true, force: true}));
	// Sizes around the buffer posts are read into (64 KB): each post's words and hash are its own, whatever came before.
	const sizes = [70_000, 10, 65_536, 3000, 200_000, 65_537, 1];
	const texts = sizes.map((size, index) => {
		const front = `---\ntitle: Size ${index}\n---\n\n`;
		const word = `w${index} `;
		return front + word.repeat(Math.max(0, Math.floor((size - front.length) / word.length)));
	});
	for (const [index, text] of texts.entries()) writeFileSync(path.join(root, `post-${index}.md`), text);

	it('gives each post the words and hash of its own file', async () => {
		const blog = await loadBlog(root, {drafts: false, cache: false});
		const byPath = new Map(blog.posts.map(post => [post.path, post]));
		for (const [index, text] of texts.entries()) {
			const post = byPath.get(`post-${index}.md`);
			const body = text.slice(text.indexOf('\n\n') + 2);
			assert.equal(post?.words, countWords(body).words, `post ${index}`);
			assert.equal(post?.hash, contentHash(text), `post ${index}`);
		}
	});
});

describe('listedSoFar: the posts a first read lists as it goes', () => {
	const today = new Date();
	const iso = (date: Date) =>
		`${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
	const tomorrow = iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1));
	const made = (title: string, date: string | null, draft = false) => ({...makePost({title}, 'Words.'), date, draft});
	const read = [
		made('Dated', '2020-01-01'),
		made('Undated', null),
		made('A draft', '2020-01-02', true),
		made('Today', iso(today)),
		made('Tomorrow', tomorrow),
	];
	const cases: Array<[name: string, drafts: boolean, titles: string[]]> = [
		['without --drafts: no drafts, nothing dated after today', false, ['Dated', 'Undated', 'Today']],
		['with --drafts: all of them', true, ['Dated', 'Undated', 'A draft', 'Today', 'Tomorrow']],
	];
	for (const [name, drafts, titles] of cases) {
		it(name, () => {
			assert.deepEqual(
				listedSoFar(read, drafts).map(post => post.title),
				titles,
			);
		});
	}
});

describe('discoverPosts on awkward trees', () => {
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-tree-'));
	after(() => {
		// rm walks by file descriptor; a path thousands of folders deep is too long to name whole.
		execFileSync('rm', ['-rf', root]);
	});

	it('visits a symlink loop once and ignores links that leave the folder', async () => {
		mkdirSync(path.join(root, 'blog', 'sub'), {recursive: true});
		writeFileSync(path.join(root, 'blog', 'a.md'), '# A');
		writeFileSync(path.join(root, 'blog', 'sub', 'b.md'), '# B');
		writeFileSync(path.join(root, 'outside.md'), '# Outside');
		symlinkSync('..', path.join(root, 'blog', 'sub', 'loop'));
		symlinkSync(path.join(root, 'outside.md'), path.join(root, 'blog', 'escape.md'));
		symlinkSync('/etc/passwd', path.join(root, 'blog', 'passwd.md'));
		symlinkSync('a.md', path.join(root, 'blog', 'alias.md'));
		execFileSync('mkfifo', [path.join(root, 'blog', 'pipe.md')]);
		assert.deepEqual(
			(await discoverPosts(path.join(root, 'blog'))).map(file => file.path),
			['a.md', 'sub/b.md'],
		);
	});

	it('walks a slice at a time, the event loop turning between slices', async () => {
		const blog = path.join(root, 'sliced');
		mkdirSync(path.join(blog, 'sub'), {recursive: true});
		for (let index = 0; index < 20; index++) writeFileSync(path.join(blog, 'sub', `p${index}.md`), '# Post');
		const turns = countTurns();
		// Slices of no time: the loop turns at every entry.
		const found = await discoverPosts(blog, blog, [], new Slices(0));
		const counted = turns.stop();
		assert.equal(found.length, 20);
		assert.ok(counted >= 20, `the event loop turned ${counted} times during the walk`);
	});

	it('lists paths in code-unit order, though the walk reaches `a/b` before `a-c`', async () => {
		const blog = path.join(root, 'order');
		mkdirSync(path.join(blog, 'a'), {recursive: true});
		for (const file of ['a/b.md', 'a-c.md', 'a.d.md', 'b.md']) writeFileSync(path.join(blog, file), '# Post');
		assert.deepEqual(
			(await discoverPosts(blog)).map(file => file.path),
			['a-c.md', 'a.d.md', 'a/b.md', 'b.md'],
		);
	});

	/**
	 * A chain of folders `a/a/…` `depth` deep below `folder`, with `deep.md` at
	 * its foot; made a few hundred at a time, as a path has a length limit.
	 */
	const nest = (folder: string, depth: number): string => {
		const step = 'a/'.repeat(250);
		mkdirSync(folder);
		const script = `cd "$1" && for i in $(seq ${depth / 250}); do mkdir -p ${step} && cd -P ${step} || exit 1; done`;
		execFileSync('sh', ['-c', `${script} && printf '# Deep' > deep.md`, 'sh', folder]);
		return `${'a/'.repeat(depth)}deep.md`;
	};

	it('lists a post 1500 folders deep', async () => {
		const blog = path.join(root, 'deep');
		const deepPost = nest(blog, 1500);
		writeFileSync(path.join(blog, 'top.md'), '# Top');
		const problems: string[] = [];
		assert.deepEqual(
			(await discoverPosts(blog, blog, problems)).map(file => file.path),
			[deepPost, 'top.md'],
		);
		assert.deepEqual(problems, []);
	});

	it('says which folder is too deep for the system to name, and lists the rest', async () => {
		const blog = path.join(root, 'too-deep');
		nest(blog, 2500);
		writeFileSync(path.join(blog, 'a', 'near.md'), '# Near');
		const problems: string[] = [];
		assert.deepEqual(
			(await discoverPosts(blog, blog, problems)).map(file => file.path),
			['a/near.md'],
		);
		assert.equal(problems.length, 1);
		assert.match(problems[0] ?? '', /^(a\/)+a: cannot read this folder \(ENAMETOOLONG\); skipped$/);
	});

	it('finds nothing in an empty folder', async () => {
		mkdirSync(path.join(root, 'empty'));
		const blog = await loadBlog(path.join(root, 'empty'), {drafts: false});
		assert.deepEqual(blog.posts, []);
	});
});

describe('what the review found', () => {
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-review-'));
	after(() => {
		rmSync(root, {recursive: true, force: true});
	});

	it('a site config that is a FIFO does not block layout detection', async () => {
		const site = path.join(root, 'fifo-site');
		mkdirSync(path.join(site, 'content', 'posts'), {recursive: true});
		writeFileSync(path.join(site, 'content', 'posts', 'a.md'), '# A\n');
		execFileSync('mkfifo', [path.join(site, 'config.toml')]);
		execFileSync('mkfifo', [path.join(site, 'hugo.toml')]);
		const blog = await loadBlog(site, {drafts: false, cache: false});
		assert.deepEqual(
			blog.posts.map(post => post.path),
			['content/posts/a.md'],
		);
	});

	it('a posts folder that is a link out of the blog is not followed', async () => {
		const outside = path.join(root, 'outside');
		mkdirSync(outside);
		writeFileSync(path.join(outside, '2024-01-01-secret.md'), '# Secret\n');
		const site = path.join(root, 'jekyll-site');
		mkdirSync(site);
		symlinkSync(outside, path.join(site, '_posts'));
		const blog = await loadBlog(site, {drafts: true, cache: false});
		assert.deepEqual(
			blog.posts.map(post => post.title),
			[],
		);
	});

	it('a post is a draft by where its file really is: a link into _drafts is the draft, listed once', async () => {
		const site = path.join(root, 'jekyll-drafts');
		mkdirSync(path.join(site, '_posts'), {recursive: true});
		mkdirSync(path.join(site, '_drafts', 'more'), {recursive: true});
		writeFileSync(path.join(site, '_config.yml'), 'title: Drafts\n');
		writeFileSync(path.join(site, '_posts', '2024-01-01-public.md'), '---\ntitle: Public\n---\nText.\n');
		writeFileSync(path.join(site, '_drafts', 'secret.md'), '---\ntitle: Secret\n---\nNot yet.\n');
		writeFileSync(path.join(site, '_drafts', 'more', 'plans.md'), '---\ntitle: Plans\n---\nLater.\n');
		symlinkSync('../_drafts/secret.md', path.join(site, '_posts', '2024-02-02-leak.md'));
		symlinkSync('../_drafts/more', path.join(site, '_posts', 'linked'));
		const published = await loadBlog(site, {drafts: false, cache: false});
		assert.deepEqual(
			published.posts.map(post => post.title),
			['Public'],
		);
		assert.equal(published.hiddenDrafts, 2);
		const all = await loadBlog(site, {drafts: true, cache: false});
		assert.deepEqual(all.posts.map(post => post.path).sort(), [
			'_drafts/more/plans.md',
			'_drafts/secret.md',
			'_posts/2024-01-01-public.md',
		]);
		// The printed post and the list, as a reader of the site would ask for them.
		const list = runBin(['--list'], {cwd: site});
		assert.equal(list.code, 0, list.stderr);
		assert.doesNotMatch(list.stdout, /Secret|leak|Plans/);
		const print = runBin(['--print', 'leak'], {cwd: site});
		assert.equal(print.code, 1);
		assert.doesNotMatch(print.stdout, /Not yet/);
	});

	it('a slug names the same post with or without drafts', async () => {
		const site = path.join(root, 'slugs');
		mkdirSync(path.join(site, 'a'), {recursive: true});
		mkdirSync(path.join(site, 'b'));
		writeFileSync(path.join(site, 'a', 'intro.md'), '---\ntitle: Draft intro\ndate: 2025-01-01\ndraft: true\n---\n');
		writeFileSync(path.join(site, 'b', 'intro.md'), '---\ntitle: Published intro\ndate: 2024-01-01\n---\n');
		const published = (await loadBlog(site, {drafts: false, cache: false})).posts;
		const all = (await loadBlog(site, {drafts: true, cache: false})).posts;
		assert.equal(
			published.find(post => post.title === 'Published intro')?.slug,
			all.find(post => post.title === 'Published intro')?.slug,
		);
	});

	it('a dotted name that is not a language is not a translation', async () => {
		const site = path.join(root, 'dots');
		mkdirSync(site);
		writeFileSync(path.join(site, 'tips.md'), '# Tips\n');
		writeFileSync(path.join(site, 'tips.go.md'), '# Go tips\n');
		writeFileSync(path.join(site, 'node.js.md'), '# Node\n');
		const posts = (await loadBlog(site, {drafts: false, cache: false})).posts;
		assert.deepEqual(posts.map(post => [post.title, post.languages, post.lang]).sort(), [
			['Go tips', [], null],
			['Node', [], null],
			['Tips', [], null],
		]);
	});
});

describe('which files are posts', () => {
	const hugo = ['content'];
	const eleventy = ['', 'src', 'content'];
	const hexo = ['source'];
	const plain: string[] = [];
	// [path from the folder given, where the site keeps its pages, why it is skipped (null: it is a post)]
	const cases: Array<[string, string[], SkipReason | null]> = [
		// A dedicated posts folder never holds site pages, whatever a post is called.
		['source/_posts/tags.md', hexo, null],
		['source/_posts/categories.md', hexo, null],
		['source/_drafts/about.md', hexo, null],
		['content/posts/about.md', hugo, null],
		['src/posts/privacy.md', eleventy, null],
		['_posts/2024-01-01-search.md', [''], null],
		// The content root of a recognised site does, in any case and language, and as a bundle.
		['content/about.md', hugo, 'site page'],
		['content/About.fr.md', hugo, 'site page'],
		['content/about/index.md', hugo, 'site page'],
		['content/tags/_index.md', hugo, 'section page'],
		['content/search.markdown', hugo, 'site page'],
		['content/404.md', hugo, 'site page'],
		['src/privacy.md', eleventy, 'site page'],
		['uses.md', eleventy, 'site page'],
		['now.md', eleventy, 'site page'],
		['content/2023/tags.md', hugo, null],
		['content/about-my-bike.md', hugo, null],
		// A plain folder has no site pages: its `about.md` is a note.
		['about.md', plain, null],
		['tags.md', plain, null],
		// Section pages go wherever they are.
		['content/posts/_index.md', hugo, 'section page'],
		['notes/_index.fr.md', plain, 'section page'],
		// A repository's own files, at the top of the folder given only.
		['README.md', plain, 'repository file'],
		['readme.markdown', plain, 'repository file'],
		['README.Rmd', plain, 'repository file'],
		['README.zh-CN.md', plain, 'repository file'],
		['LICENSE.md', eleventy, 'repository file'],
		['CHANGELOG.md', plain, 'repository file'],
		['contributing.md', plain, 'repository file'],
		['CODE_OF_CONDUCT.md', plain, 'repository file'],
		['trips/lisbon/README.md', plain, null],
		['content/posts/my-bundle/README.md', hugo, null],
		['readme-first.md', plain, null],
	];
	for (const [file, pageFolders, reason] of cases) {
		it(`${file} with pages in [${pageFolders.join(', ')}]: ${reason ?? 'a post'}`, () => {
			assert.equal(skipReason(file, pageFolders), reason);
		});
	}

	const extensions: Array<[string, boolean]> = [
		['post.md', true],
		['post.markdown', true],
		['post.MD', true],
		['post.mdown', true],
		['post.mkd', true],
		['post.mdx', true],
		['analysis.Rmd', true],
		['analysis.rmd', true],
		['notes.txt', false],
		['page.html', false],
		['index.njk', false],
	];
	for (const [file, post] of extensions) {
		it(`${file} is ${post ? '' : 'not '}read as Markdown`, () => {
			assert.equal(isPostFile(file), post);
		});
	}
});

describe('recognising a site', () => {
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-layout-'));
	after(() => {
		// rm walks by file descriptor; a path thousands of folders deep is too long to name whole.
		execFileSync('rm', ['-rf', root]);
	});

	/** A repository with these files (a name ending in `/` is a folder). */
	const site = (name: string, files: Record<string, string>) => {
		const folder = path.join(root, name);
		for (const [file, text] of Object.entries(files)) {
			mkdirSync(path.join(folder, file.endsWith('/') ? file : path.dirname(file)), {recursive: true});
			if (!file.endsWith('/')) writeFileSync(path.join(folder, file), text);
		}

		return folder;
	};
	const eleventyPackage = JSON.stringify({devDependencies: {'@11ty/eleventy': '^3.0.0'}});
	const cases: Array<[string, Record<string, string>, {name: string | null; folders: string[]}]> = [
		[
			'eleventy-dev-dependency',
			{'package.json': eleventyPackage, 'src/posts/': ''},
			{name: 'Eleventy', folders: ['src/posts']},
		],
		[
			'eleventy-dependency',
			{'package.json': JSON.stringify({dependencies: {'@11ty/eleventy': '3'}}), 'src/content/blog/': ''},
			{name: 'Eleventy', folders: ['src/content/blog']},
		],
		['eleventy-blog-folder', {'eleventy.config.js': '', 'blog/': ''}, {name: 'Eleventy', folders: ['blog']}],
		['eleventy-no-posts-folder', {'package.json': eleventyPackage}, {name: 'Eleventy', folders: ['']}],
		[
			'eleventy-named-only-in-scripts',
			{'package.json': JSON.stringify({scripts: {build: 'npx @11ty/eleventy'}}), 'posts/': ''},
			{name: null, folders: ['']},
		],
		['package-json-not-json', {'package.json': '{"devDependencies": ', 'posts/': ''}, {name: null, folders: ['']}],
		[
			'astro',
			{'package.json': JSON.stringify({dependencies: {astro: '5'}}), 'src/content/blog/': ''},
			{name: 'Astro', folders: ['src/content/blog']},
		],
		[
			'astro-config',
			{'astro.config.mjs': '', 'src/content/posts/': ''},
			{name: 'Astro', folders: ['src/content/posts']},
		],
		['src-content-alone', {'src/content/blog/': ''}, {name: null, folders: ['']}],
	];
	for (const [name, files, want] of cases) {
		it(`${name}: ${want.name ?? 'a plain folder'}, posts from [${want.folders.join(', ')}]`, () => {
			const layout = detectLayout(site(name, files));
			assert.deepEqual({name: layout.name, folders: layout.folders}, want);
		});
	}

	it("reads Jekyll's excerpt separator from _config.yml, in quotes or not, in time after a long run of spaces", () => {
		const separators: Array<[string, string | null]> = [
			['excerpt_separator: "<!--cut-->"\n', '<!--cut-->'],
			["title: A\nexcerpt_separator: '<!-- more -->'  \n", '<!-- more -->'],
			['excerpt_separator: <!--more-->', '<!--more-->'],
			['excerpt_separator:\n', null],
			['title: A\n', null],
			// A pattern ending in `\s*$` after a lazy value had taken minutes over this.
			[`excerpt_separator: a${' '.repeat(200_000)}b\n`, `a${' '.repeat(200_000)}b`],
		];
		for (const [index, [config, separator]] of separators.entries()) {
			const layout = detectLayout(site(`jekyll-separator-${index}`, {'_config.yml': config, '_posts/': ''}));
			assert.equal(layout.excerptSeparator, separator, JSON.stringify(config.slice(0, 60)));
		}
	});

	it('names an unreadable folder from the folder given, not from the posts folder', async () => {
		const blog = site('deep-hugo', {'hugo.toml': '', 'content/posts/a.md': '# A\n'});
		// A folder nested past what the system can name is one that cannot be read, even by root.
		const step = 'a/'.repeat(250);
		const script = `cd "$1" && for i in $(seq 10); do mkdir -p ${step} && cd -P ${step} || exit 1; done`;
		execFileSync('sh', ['-c', script, 'sh', path.join(blog, 'content', 'posts')]);
		const loaded = await loadBlog(blog, {drafts: false, cache: false});
		assert.deepEqual(
			loaded.posts.map(post => post.path),
			['content/posts/a.md'],
		);
		assert.equal(loaded.problems?.length, 1);
		assert.match(loaded.problems?.[0] ?? '', /^content\/posts\/(a\/)+a: cannot read this folder/);
	});
});
