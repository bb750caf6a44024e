// The names kept beside the index for shell completion: what they hold, that
// a damaged file is not taken, and that completion reads them, not the blog.
import assert from 'node:assert/strict';
import {readdirSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {blogNames, blogNamesInSteps, parseBlogNames} from '../../../source/blog/load/blog-names.js';
import {readBlogNames} from '../../../source/blog/load/index-cache.js';
import {loadBlog} from '../../../source/blog/load/load.js';
import {completionValues} from '../../../source/cli/completion/values.js';
import {baseEnv} from '../../helpers/bin.js';
import {makePost} from '../../helpers/posts.js';
import {temporaryFolder} from '../../helpers/temporary.js';
import {runSteps} from '../../helpers/turns.js';

describe('blogNames', () => {
	it('tags and categories most used first (each once, case aside), slugs in list order, drafts left out', () => {
		const posts = [
			makePost({title: 'One', slug: 'one', tags: ['go', 'CLI'], categories: ['code']}),
			makePost({title: 'Two', slug: 'two', tags: ['Go'], categories: []}),
			makePost({title: 'Secret', slug: 'secret', tags: ['hidden'], draft: true}),
		];
		assert.deepEqual(blogNames(posts), {tags: ['go', 'CLI', 'code'], slugs: ['one', 'two']});
		assert.deepEqual(blogNames(posts, true).slugs, ['one', 'two', 'secret']);
	});

	it('in steps: one per 1,000 posts and one before the tags are sorted, the same names', () => {
		const posts = Array.from({length: 2500}, (_, index) =>
			makePost({title: `P ${index}`, slug: `p-${index}`, tags: [`t${index % 3}`]}),
		);
		const [names, steps] = runSteps(blogNamesInSteps(posts));
		assert.equal(steps, 3);
		assert.deepEqual(names, blogNames(posts));
	});
});

describe('parseBlogNames', () => {
	const cases: Array<[text: string, taken: boolean]> = [
		['{"tags":["go"],"slugs":["a"]}', true],
		['{"tags":[],"slugs":[]}', true],
		['{"tags":["go"]}', false],
		['{"tags":[1],"slugs":[]}', false],
		['["go"]', false],
		['null', false],
		['{"tags":', false],
	];
	for (const [text, taken] of cases) {
		it(`${text} ${taken ? 'is taken' : 'is not'}`, () => {
			assert.equal(parseBlogNames(text) !== undefined, taken);
		});
	}
});

describe('kept beside the index', () => {
	it('a reading keeps them; completion offers them without reading the blog again', async () => {
		const folder = temporaryFolder('names');
		const env = {...baseEnv(), XDG_CACHE_HOME: path.join(folder, '.cache')};
		const post = (name: string) =>
			writeFileSync(
				path.join(folder, `${name}.md`),
				`---\ntitle: ${name}\ndate: 2024-01-01\ntags: [${name}-tag]\n---\n`,
			);
		post('first');
		assert.equal(readBlogNames(realpathSync(folder), env), undefined, 'none before a reading');
		await loadBlog(folder, {drafts: false, env});
		assert.deepEqual(readBlogNames(realpathSync(folder), env), {tags: ['first-tag'], slugs: ['first']});
		post('second');
		// Without its index, the blog would be read again: the kept names are what completion reads.
		const kept = path.join(env['XDG_CACHE_HOME'] ?? '', 'blogread');
		for (const file of readdirSync(kept)) if (/^index-\w+\.json$/.test(file)) rmSync(path.join(kept, file));
		assert.deepEqual(await completionValues('posts', '', [folder], env), ['first'], 'the kept names, not the blog');
		await loadBlog(folder, {drafts: false, env});
		assert.deepEqual((await completionValues('posts', '', [folder], env)).sort(), ['first', 'second']);
	});
});
