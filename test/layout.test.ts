import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {detailLines, previewLines} from '../source/render/post-details.js';
import {displayWidth} from '../source/text/width.js';
import {createTheme} from '../source/theme/palette.js';
import {helpRows} from '../source/ui/keys/keymap.js';
import {helpLayout} from '../source/ui/screens/help/layout.js';
import {listLayout} from '../source/ui/screens/list/layout.js';
import {makePost} from './helpers/posts.js';

const theme = createTheme(0);

describe("listLayout: the list and the selected post's details", () => {
	const cases: Array<[string, number, number, boolean, ReturnType<typeof listLayout>]> = [
		[
			'80x23: five detail lines under the list',
			80,
			23,
			true,
			{listWidth: 80, listHeight: 18, detailRows: 5, previewWidth: 0},
		],
		['40x9: three', 40, 9, true, {listWidth: 40, listHeight: 6, detailRows: 3, previewWidth: 0}],
		['100x15: four', 100, 15, true, {listWidth: 100, listHeight: 11, detailRows: 4, previewWidth: 0}],
		[
			'20x4: none, the list needs the rows',
			20,
			4,
			true,
			{listWidth: 20, listHeight: 4, detailRows: 0, previewWidth: 0},
		],
		['120x39: a pane on the right', 120, 39, true, {listWidth: 73, listHeight: 39, detailRows: 0, previewWidth: 45}],
		['200x50: a pane of 64 at most', 200, 50, true, {listWidth: 134, listHeight: 50, detailRows: 0, previewWidth: 64}],
		[
			'hidden: the whole area is the list',
			130,
			30,
			false,
			{listWidth: 130, listHeight: 30, detailRows: 0, previewWidth: 0},
		],
	];
	for (const [name, columns, height, details, expected] of cases) {
		it(name, () => {
			assert.deepEqual(listLayout(columns, height, details), expected);
		});
	}
});

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

describe('helpLayout', () => {
	it('one column when two would cut descriptions; every description whole, each line within the width', () => {
		for (const width of [20, 40, 80, 100]) {
			const {body} = helpLayout('reader', width, 20);
			assert.ok(body.every(cells => cells.length === 1));
			const lines = body.map(([cell]) => `${cell?.keys ?? ''}  ${cell?.description ?? ''}`.trimEnd());
			assert.ok(
				lines.every(line => displayWidth(line) <= width),
				lines.join('\n'),
			);
			const text = body.map(([cell]) => cell?.description.trim() ?? '').join(' ');
			for (const row of helpRows('reader')) assert.ok(text.includes(row.description), `${width}: ${row.description}`);
		}
	});

	it('two columns when one is too tall and both fit whole', () => {
		const {body, room} = helpLayout('list', 200, 12);
		assert.equal(room, 9);
		assert.ok(body.every(cells => cells.length >= 1 && cells.length <= 2));
		assert.equal(body.length, Math.ceil(helpRows('list').length / 2));
		assert.equal(helpLayout('list', 200, 40).body[0]?.length, 1, 'one column when it fits in height');
	});

	it('a footer that says how to scroll and close, from the keymap', () => {
		assert.deepEqual(helpLayout('list', 80, 20).footer, ['j k PgDn PgUp g G scroll · q Esc ? or any other key closes']);
		assert.equal(helpLayout('list', 30, 20).footer.length, 2, 'wrapped when narrow');
	});
});
