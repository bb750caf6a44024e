import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {orderByPlace} from '../../../source/blog/load/place-order.js';

const NOT_INDEXED = Number.POSITIVE_INFINITY;

describe('orderByPlace: posts read from files put in the index’s order', () => {
	const cases: Array<[name: string, places: number[], order: number[]]> = [
		['nothing', [], []],
		['in order already', [0, 10, 20], [0, 1, 2]],
		['reversed', [20, 10, 0], [2, 1, 0]],
		['equal places keep the order given', [5, 5, 1, 5], [2, 0, 1, 3]],
		['posts not in the index go last, in the order given', [NOT_INDEXED, 7, NOT_INDEXED, 3], [3, 1, 0, 2]],
		['none in the index', [NOT_INDEXED, NOT_INDEXED, NOT_INDEXED], [0, 1, 2]],
		['byte offsets of a large index', [90_000_123, 17, 4_000_000, 0], [3, 1, 2, 0]],
		// Past 2^53 / count the keys would not be exact: compared one by one instead.
		['places too large for one number each', [2 ** 52, 2 ** 51, NOT_INDEXED, 2 ** 51], [1, 3, 0, 2]],
	];
	for (const [name, places, order] of cases) {
		it(name, () => {
			assert.deepEqual(orderByPlace(places), order);
		});
	}

	it('agrees with a comparison sort on 10,000 shuffled places', () => {
		let seed = 7;
		const random = () => {
			seed = (seed * 48_271) % 2_147_483_647;
			return seed / 2_147_483_647;
		};
		const places = Array.from({length: 10_000}, () => (random() < 0.05 ? NOT_INDEXED : Math.floor(random() * 5000)));
		const compared = Array.from(places.keys()).sort((a, b) => {
			const [left = 0, right = 0] = [places[a], places[b]];
			return left === right ? a - b : left - right;
		});
		assert.deepEqual(orderByPlace(places), compared);
	});
});
