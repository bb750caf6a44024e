import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {appendAll, maxOf, minOf} from '../../source/util/arrays.js';

describe('array helpers for any number of items', () => {
	const many = Array.from({length: 1_000_000}, (_, index) => index % 1000);

	it('append a million items, where push(...items) overflows the stack', () => {
		assert.throws(() => [].push(...(many as never[])), RangeError);
		const target = [1];
		appendAll(target, many);
		assert.equal(target.length, 1_000_001);
		assert.equal(target.at(-1), 999);
	});

	const cases: Array<[string, number[], number | undefined, number, number]> = [
		['a million', many, undefined, 999, 0],
		['one', [7], undefined, 7, 7],
		['none, with a default', [], 0, 0, 0],
		['negatives', [-3, -1, -2], undefined, -1, -3],
	];
	for (const [name, values, empty, max, min] of cases) {
		it(`max and min of ${name}`, () => {
			assert.equal(maxOf(values, empty), max);
			assert.equal(minOf(values, empty), min);
		});
	}
});
