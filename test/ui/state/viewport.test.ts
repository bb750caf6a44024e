import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
	clampIndex,
	clampTop,
	keepInView,
	lineRange,
	moved,
	overlayRows,
	positionLabel,
	scrollToShow,
} from '../../../source/ui/state/viewport.js';

describe('moved: one set of movement keys for every overlay', () => {
	const cases: Array<[command: Parameters<typeof moved>[0], at: number, page: number, to: number | undefined]> = [
		['down', 3, 10, 4],
		['up', 3, 10, 2],
		['pageDown', 3, 10, 13],
		['pageUp', 3, 10, -7],
		['top', 3, 10, 0],
		['bottom', 3, 10, Number.MAX_SAFE_INTEGER],
		['submit', 3, 10, undefined],
		[undefined, 3, 10, undefined],
	];
	for (const [command, at, page, to] of cases) {
		it(`${command ?? 'no command'} from ${at} → ${to}`, () => {
			assert.equal(moved(command, at, page), to);
		});
	}
});

describe('viewport maths', () => {
	const clampCases: Array<[number, number, number, number]> = [
		// top, total, height → clamped
		[0, 100, 20, 0],
		[-5, 100, 20, 0],
		[90, 100, 20, 80],
		[50, 100, 20, 50],
		[3, 10, 20, 0],
		[5, 0, 20, 0],
	];
	for (const [top, total, height, expected] of clampCases) {
		it(`clampTop(${top}, ${total}, ${height}) = ${expected}`, () => {
			assert.equal(clampTop(top, total, height), expected);
		});
	}

	const viewCases: Array<[number, number, number, number]> = [
		// selected, top, height → top
		[0, 0, 10, 0],
		[9, 0, 10, 0],
		[10, 0, 10, 1],
		[25, 0, 10, 16],
		[3, 5, 10, 3],
	];
	for (const [selected, top, height, expected] of viewCases) {
		it(`keepInView(${selected}, ${top}, ${height}) = ${expected}`, () => {
			assert.equal(keepInView(selected, top, height), expected);
		});
	}

	const showCases: Array<[number, number, number, number, number]> = [
		// selected, top, count, height → top
		[0, 0, 100, 10, 0],
		[10, 0, 100, 10, 1],
		[3, 5, 100, 10, 3],
		[99, 0, 100, 10, 90],
		[5, 40, 8, 10, 0], // a list that shrank under a window scrolled far down
		[7, 7, 8, 3, 5], // no empty rows below the last item
	];
	for (const [selected, top, count, height, expected] of showCases) {
		it(`scrollToShow(${selected}, ${top}, ${count}, ${height}) = ${expected}`, () => {
			assert.equal(scrollToShow(selected, top, count, height), expected);
		});
	}

	it('the contents overlay keeps two lines for its title and hint, and shows at least one heading', () => {
		assert.deepEqual([overlayRows(30), overlayRows(3), overlayRows(2), overlayRows(1)], [28, 1, 1, 1]);
	});

	it('clampIndex keeps a selection inside the list', () => {
		assert.deepEqual([clampIndex(-1, 5), clampIndex(7, 5), clampIndex(2, 5), clampIndex(3, 0)], [0, 4, 2, 0]);
	});

	const labelCases: Array<[number, number, number, string, string]> = [
		[0, 10, 20, 'All', '1-10/10'],
		[0, 100, 20, 'Top', '1-20/100'],
		[80, 100, 20, 'Bot', '81-100/100'],
		[20, 100, 20, '40%', '21-40/100'],
		[0, 0, 20, 'All', '0/0'],
	];
	for (const [top, total, height, label, range] of labelCases) {
		it(`at ${top} of ${total} in ${height} rows: ${label}, ${range}`, () => {
			assert.equal(positionLabel(top, total, height), label);
			assert.equal(lineRange(top, total, height), range);
		});
	}
});
