import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import type {Post} from '../../source/blog/model/model.js';
import {formatJson} from '../../source/cli/print.js';
import {listColumns, listRow} from '../../source/render/list-row.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {makePost} from '../helpers/posts.js';

const theme = createTheme(0);
const posts = [
	makePost({title: 'Kubelet deep dive', date: '2025-07-15', tags: ['k8s', 'go'], excerpt: 'How the sync loop works.'}),
	makePost({title: '日本語のタイトルがとても長い投稿です', date: '2024-01-02', tags: ['日本語']}),
	makePost({title: 'Undated and drafty', draft: true}),
];

describe('list rows', () => {
	for (const width of [40, 60, 80, 100, 160]) {
		it(`fit in ${width} columns`, () => {
			const columns = listColumns(posts, width);
			for (const post of posts)
				assert.ok(displayWidth(listRow(post, columns, theme)) <= width, `${width}: ${listRow(post, columns, theme)}`);
		});
	}

	it('size the title and tags columns alike whether the rows were drawn (measured whole) or not', () => {
		const tricky = () => [
			makePost({title: 'Café 👩‍💻 e\u0301', tags: ['日本語', '🏳️‍🌈']}),
			{...makePost({title: '漢字のタイトル', draft: true, tags: ['a', 'b', 'c']}), languages: ['en', 'fr']},
			makePost({title: 'x', tags: []}),
		];
		for (const picks of [[0], [1], [2], [0, 1, 2]]) {
			const pick = (list: Post[]) => picks.map(index => list[index] ?? makePost({}));
			const drawn = pick(tricky());
			// A row measures its post's title and tags texts whole, and keeps the widths.
			for (const post of drawn) listRow(post, listColumns(drawn, 200), theme);
			assert.deepEqual(listColumns(pick(tricky()), null), listColumns(drawn, null), `posts ${picks.join(', ')}`);
		}

		// 漢字のタイトル [en fr] [draft]: 14 + 8 + 8 columns; #日本語 #🏳️‍🌈: 7 + 1 + 3.
		assert.deepEqual(listColumns(tricky(), null), {width: null, titleWidth: 30, tagsWidth: 11});
	});

	const postAt = (index: number) => {
		const post = posts[index];
		if (!post) throw new Error(`no post ${index}`);
		return post;
	};

	it('show date, title, tags and, where room is left, the excerpt', () => {
		const row = listRow(postAt(0), listColumns(posts, 120), theme);
		assert.match(row, /^2025-07-15 {2}Kubelet deep dive +#k8s #go +How the sync loop works\.$/);
	});

	it('cut long titles with … on narrow screens', () => {
		const row = stripAnsi(listRow(postAt(1), listColumns(posts, 40), theme));
		assert.match(row, /…/);
	});

	describe('with search words marked', () => {
		// Inverse video, shown as [brackets] to compare: the escapes take no columns, the brackets would.
		const marks = {words: ['deep', 'loop', 'タイトル'], style: (match: string) => `\u001B[7m${match}\u001B[27m`};
		const bracketed = (row: string) => row.replaceAll('\u001B[7m', '[').replaceAll('\u001B[27m', ']');
		const cases: Array<{name: string; post: number; width: number; row: RegExp}> = [
			{
				name: 'in whole fields',
				post: 0,
				width: 120,
				row: /^2025-07-15 {2}Kubelet \[deep\] dive +#k8s #go +How the sync \[loop\] works\.$/,
			},
			{
				name: 'up to the ellipsis when the cut goes through a match',
				post: 0,
				width: 77,
				row: /^2025-07-15 {2}Kubelet \[deep\] dive +#k8s #go {2}How the sync \[loo\]…$/,
			},
			{
				name: 'in wide characters cut at their column',
				post: 1,
				width: 50,
				row: /^2024-01-02 {2}日本語の\[タイトル\]がとても長… +#日本語 *$/,
			},
		];
		for (const {name, post, width, row} of cases)
			it(name, () => {
				const shown = listRow(postAt(post), listColumns(posts, width), theme, marks);
				assert.match(bracketed(shown), row);
				assert.equal(stripAnsi(shown), listRow(postAt(post), listColumns(posts, width), theme));
			});
	});

	it('mark undated posts and drafts', () => {
		const row = listRow(postAt(2), listColumns(posts, 100), theme);
		assert.match(row, /^— {11}Undated and drafty \[draft\]/);
	});

	const guessed = (dateSource: 'git' | 'modified') => ({
		...makePost({title: 'A note without a date', tags: ['til']}),
		date: '2023-04-05',
		dateSource,
	});

	it('mark a guessed date with ~, in the gap, so the columns stay put', () => {
		for (const source of ['git', 'modified'] as const) {
			const row = listRow(guessed(source), listColumns(posts, 100), theme);
			assert.match(row, /^2023-04-05~ A note without a date +#til *$/);
		}
	});

	it('dim a guessed date with its own role, not the date colour', () => {
		const colour = createTheme(3);
		const row = listRow(guessed('git'), listColumns(posts, 100), colour);
		assert.ok(row.startsWith(colour.guessedDate('2023-04-05~')), JSON.stringify(row));
		assert.notEqual(colour.guessedDate('x'), colour.date('x'));
		assert.ok(listRow(postAt(0), listColumns(posts, 100), colour).startsWith(colour.date('2025-07-15')));
	});

	it('keep whole rows in a pipe (no width)', () => {
		const row = listRow(postAt(1), listColumns(posts, null), theme);
		assert.equal(row, '2024-01-02  日本語のタイトルがとても長い投稿です  #日本語');
	});
});

describe('--json output', () => {
	it('escapes C1 controls and bidi overrides, which JSON would pass through', () => {
		const json = formatJson([makePost({title: 'x'}, '', 'name-\u009B31m-\u202Eevil.md')]);
		assert.ok(!/[\u007F-\u009F\u202E]/.test(json));
		assert.equal(
			(JSON.parse(json) as Array<{path: string}>)[0]?.path,
			'name-\u009B31m-\u202Eevil.md',
			'still the real path once parsed',
		);
	});
});
