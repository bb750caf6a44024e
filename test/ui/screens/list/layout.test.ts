import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {listLayout} from '../../../../source/ui/screens/list/layout.js';

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
