import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {detailLines, previewLines} from '../../source/render/post-details.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {makePost} from '../helpers/posts.js';

const theme = createTheme(0);

describe('detailLines and previewLines', () => {
	const post = makePost(
		{
			title: 'A title long enough to need two lines at thirty columns, and a third',
			date: '2024-05-06',
			author: 'Ann',
			tags: ['go', 'cli'],
			categories: ['Tools'],
			excerpt: 'An excerpt that says what the post is about, in a few words more than fit.',
		},
		'Body.',
		'notes/a\u0007bell.md',
	);

	const cases: Array<[string, number, string[]]> = [
		[
			'five rows: a rule, the title on two lines, the excerpt, the path and tags',
			5,
			[
				'─'.repeat(30),
				'A title long enough to need',
				'two lines at thirty columns, …',
				'An excerpt that says what the…',
				'notes/a^Gbell.md  #go #cli ca…',
			],
		],
		[
			'three rows: no rule',
			3,
			['A title long enough to need', 'two lines at thirty columns, …', 'notes/a^Gbell.md  #go #cli ca…'],
		],
		['one row: the path and tags alone', 1, ['notes/a^Gbell.md  #go #cli ca…']],
		['no rows: nothing', 0, []],
	];
	for (const [name, rows, expected] of cases) {
		it(name, () => {
			const lines = detailLines(post, 30, rows, theme);
			assert.deepEqual(lines, expected);
			assert.ok(lines.every(line => displayWidth(line) <= 30));
		});
	}

	it('a guessed date keeps its ~, as in the list', () => {
		const guessed = {
			...makePost({title: 'Undated'}, 'Body.', 'undated.md'),
			date: '2024-05-06',
			dateSource: 'git' as const,
		};
		assert.equal(previewLines(guessed, 40, 20, theme)[1], '2024-05-06~ · 1 min read');
	});

	it('the pane puts title, byline, terms and path before the excerpt, and stops at its height', () => {
		assert.deepEqual(previewLines(post, 40, 20, theme), [
			'A title long enough to need two lines at',
			'thirty columns, and a third',
			'2024-05-06 · Ann · 1 min read',
			'#go #cli category:Tools',
			'notes/a^Gbell.md',
			'',
			'An excerpt that says what the post is',
			'about, in a few words more than fit.',
		]);
		assert.deepEqual(previewLines(post, 40, 3, theme), [
			'A title long enough to need two lines at',
			'thirty columns, and a third',
			'2024-05-06 · Ann · 1 min read …',
		]);
	});
});
