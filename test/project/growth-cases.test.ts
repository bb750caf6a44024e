import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {growthCases, prepareCase} from '../../scripts/bench/growth-cases.js';

// The growth check (scripts/bench/growth.ts) times each case at n and 4n: its table must make sense before any
// figure of it does. No times here: a case that renders is all these ask.
describe('the growth check’s cases', () => {
	it('has a name of its own for each', () => {
		const names = growthCases.map(growthCase => growthCase.name);
		assert.deepEqual(
			names.filter((name, index) => names.indexOf(name) !== index),
			[],
		);
	});

	it('gives each a longer text at 4n than at n, and one that fits its cap', () => {
		for (const growthCase of growthCases) {
			const small = growthCase.text(growthCase.n).length;
			const large = growthCase.text(4 * growthCase.n).length;
			assert.ok(small < large, `${growthCase.name}: ${small} characters at n, ${large} at 4n`);
			assert.ok(large <= (growthCase.maxChars ?? Number.POSITIVE_INFINITY), `${growthCase.name}: ${large} at 4n`);
		}
	});

	it('covers every kind: post bodies, post files and site configs', () => {
		assert.deepEqual([...new Set(growthCases.map(growthCase => growthCase.kind))].sort(), [
			'markdown',
			'post file',
			'site',
		]);
	});

	it('renders or reads each at a small n without throwing', () => {
		for (const growthCase of growthCases) {
			const {run, done} = prepareCase(growthCase, growthCase.text(2));
			try {
				assert.doesNotThrow(run, growthCase.name);
			} finally {
				done();
			}
		}
	});
});
