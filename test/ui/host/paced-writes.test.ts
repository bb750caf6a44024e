import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {kittyTransmit} from '../../../source/pictures/sequences.js';
import {pacedWriter} from '../../../source/ui/host/paced-writes.js';

/** A writer whose turns of the event loop are run by hand. */
function byHand() {
	const written: string[] = [];
	const turns: Array<() => void> = [];
	const writer = pacedWriter(
		text => written.push(text),
		next => turns.push(next),
	);
	const turn = () => turns.shift()?.();
	return {writer, written, turns, turn};
}

describe('paced writes to the terminal', () => {
	const picture = kittyTransmit(
		7,
		new Uint8Array(100_000).map((_, index) => (index * 31) % 251),
		{columns: 40, rows: 10},
	);

	it('writes a large picture a slice a turn, each slice ending where a sequence ends, all of it in order', () => {
		const {writer, written, turns, turn} = byHand();
		writer.write(picture);
		assert.equal(written.length, 0, 'nothing written in the turn that asked');
		while (turns.length > 0) turn();
		assert.ok(written.length > 5, `${written.length} slices`);
		assert.equal(written.join(''), picture);
		for (const slice of written) {
			assert.ok(slice.endsWith('\u001B\\'), 'ends a sequence');
			assert.ok(slice.length < 16 * 1024 + 4200, `${slice.length} characters`);
		}
	});

	it('keeps the order of what is queued, and flushes the rest at once on leaving', () => {
		const {writer, written, turn} = byHand();
		writer.write(picture);
		writer.write('\u001B_Ga=d,d=I,i=7,q=2\u001B\\');
		turn();
		writer.flush();
		assert.equal(written.join(''), `${picture}\u001B_Ga=d,d=I,i=7,q=2\u001B\\`);
		const count = written.length;
		turn();
		writer.flush();
		assert.equal(written.length, count, 'nothing more');
	});
});
