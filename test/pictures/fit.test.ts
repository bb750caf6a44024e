import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {cellAspectOf, fitCells} from '../../source/pictures/fit.js';

// One cell column draws one pixel, one cell row two (a half block each).
type Case = [
	name: string,
	width: number,
	height: number,
	maxColumns: number,
	maxRows: number,
	columns: number,
	rows: number,
];

const cases: Case[] = [
	// 400×100 at 80 columns: a fifth of its size, 80 pixels wide and 20 high, 10 rows.
	['a wide banner fills the page width', 400, 100, 80, 20, 80, 10],
	// 100×400 in 20 rows (40 pixels): a tenth of its size, 10 pixels wide.
	['a tall picture is as tall as its rows allow, narrower than the page', 100, 400, 80, 20, 10, 20],
	['a small icon keeps its own size', 16, 16, 80, 20, 16, 8],
	['a picture exactly the size of the space fills it', 80, 40, 80, 20, 80, 20],
	['a picture one pixel too wide is scaled down to the page', 81, 40, 80, 20, 80, 20],
	// 10×3: three pixel rows need two cell rows (the last half empty).
	['an odd number of pixel rows takes the next whole row', 10, 3, 80, 20, 10, 2],
	['a one-pixel picture takes one cell', 1, 1, 80, 20, 1, 1],
	['a picture of no width takes one cell', 0, 50, 80, 20, 1, 1],
	['a picture of no height takes one cell', 50, 0, 80, 20, 1, 1],
	['a picture of negative size takes one cell', -5, -5, 80, 20, 1, 1],
	['a picture of unknown size takes one cell', Number.NaN, 10, 80, 20, 1, 1],
	['no columns to draw in: still one column', 400, 100, 0, 20, 1, 1],
	['no rows to draw in: still one row', 400, 100, 80, 0, 8, 1],
	// 300×1 at 80 columns: 80 pixels by a quarter pixel, which is still one row.
	['a one-pixel-high strip is one row', 300, 1, 80, 20, 80, 1],
	['a one-pixel-wide line is one column', 1, 300, 80, 20, 1, 20],
	['a fraction of a column or row in the limits is not counted', 400, 100, 80.9, 20.9, 80, 10],
];

describe('fitCells', () => {
	for (const [name, width, height, maxColumns, maxRows, columns, rows] of cases) {
		it(`${name} (${width}×${height} in ${maxColumns}×${maxRows} → ${columns}×${rows})`, () => {
			assert.deepEqual(fitCells(width, height, maxColumns, maxRows), {columns, rows});
		});
	}

	it('never goes past its limits, never enlarges, and keeps the shape to within a cell', () => {
		fc.assert(
			fc.property(
				fc.integer({min: 1, max: 5000}),
				fc.integer({min: 1, max: 5000}),
				fc.integer({min: 1, max: 300}),
				fc.integer({min: 1, max: 100}),
				(width, height, maxColumns, maxRows) => {
					const {columns, rows} = fitCells(width, height, maxColumns, maxRows);
					assert.ok(Number.isInteger(columns) && Number.isInteger(rows));
					assert.ok(columns >= 1 && rows >= 1);
					assert.ok(columns <= maxColumns, `columns ${columns} > ${maxColumns}`);
					assert.ok(rows <= maxRows, `rows ${rows} > ${maxRows}`);
					assert.ok(columns <= width, `enlarged: ${columns} columns for ${width} pixels`);
					assert.ok(rows <= Math.ceil(height / 2), `enlarged: ${rows} rows for ${height} pixels`);
					// The picture drawn is columns × 2·rows pixels; the scale it was drawn at, measured
					// from either side, is the same but for rounding (half a cell on each side).
					const scale = Math.min(1, maxColumns / width, (maxRows * 2) / height);
					assert.ok(Math.abs(columns - width * scale) <= 0.5 + 1e-9 || columns === 1);
					assert.ok(Math.abs(rows - (height * scale) / 2) <= 0.5 + 1e-9 || rows === 1);
					// One side reaches its limit, or the picture is drawn at its own size.
					assert.ok(scale === 1 || columns === maxColumns || rows === maxRows);
				},
			),
			{seed: 20240611, numRuns: 500},
		);
	});

	// Where the terminal says its cells' size, a row is that many columns tall.
	const shaped: Array<[name: string, aspect: number, width: number, height: number, columns: number, rows: number]> = [
		['cells as usual (2): 400×100 in 80 columns is 10 rows', 2, 400, 100, 80, 10],
		['taller cells (2.5): fewer rows for the same picture', 2.5, 400, 100, 80, 8],
		['squarer cells (1.5): more rows', 1.5, 400, 100, 80, 13],
		// 100×400 in 20 rows of 2.5: 50 of a column's width tall, an eighth of the picture.
		['a tall picture in taller cells is wider', 2.5, 100, 400, 13, 20],
	];
	for (const [name, aspect, width, height, columns, rows] of shaped) {
		it(`${name} (→ ${columns}×${rows})`, () => {
			assert.deepEqual(fitCells(width, height, 80, 20, aspect), {columns, rows});
		});
	}

	it('a cell’s shape from its pixels: height over width, when a cell could be that shape', () => {
		assert.equal(cellAspectOf({width: 10, height: 20}), 2);
		assert.equal(cellAspectOf({width: 9, height: 22}), 2.44);
		assert.equal(cellAspectOf(undefined), undefined);
		assert.equal(cellAspectOf({width: 20, height: 10}), undefined, 'wider than tall');
		assert.equal(cellAspectOf({width: 1, height: 100}), undefined, 'a hundred times taller');
	});
});
