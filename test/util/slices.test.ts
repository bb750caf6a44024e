// Work done a slice at a time: the steps run in order to the same result,
// all at once or with the event loop turning between slices.
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {allSteps, Slices, stepsInSlices} from '../../source/util/slices.js';
import {countTurns} from '../helpers/turns.js';

/** Three steps, each noted as it runs, giving the notes. */
function* steps(notes: string[]): Generator<void, string> {
	notes.push('one');
	yield;
	notes.push('two');
	yield;
	notes.push('three');
	return notes.join(' ');
}

describe('steps', () => {
	it('all at once: in order, to their result, with no turn of the event loop', () => {
		const turns = countTurns();
		assert.equal(allSteps(steps([])), 'one two three');
		assert.equal(turns.stop(), 0);
	});

	it('in slices: the same result, the event loop turning between steps when a slice is over', async () => {
		const turns = countTurns();
		assert.equal(await stepsInSlices(steps([]), new Slices(0)), 'one two three');
		assert.ok(turns.stop() >= 2);
	});

	it('in slices that are not over: no turn between steps', async () => {
		const turns = countTurns();
		assert.equal(await stepsInSlices(steps([]), new Slices(60_000)), 'one two three');
		assert.equal(turns.stop(), 0);
	});
});
