import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {batchEnd, type Flow, KeyQueue} from '../../source/serve/key-intake.js';

// A served reader's keys are given to the app a batch at a time, so a flood or a
// paste of megabytes waits in its own queue: a batch must never cut a character
// in two nor an arrow key's escape sequence (the app would read stray keys), must
// lose and reorder nothing, and must tell the channel to pause and resume once each.

const ESC = '\u001B';
const UP = `${ESC}[A`;
const CTRL_RIGHT = `${ESC}[1;5C`;
const FACE = '😀';

describe('batchEnd: where a batch of keys ends', () => {
	const far = `a${ESC}${'x'.repeat(40)}`;
	const cases: Array<[name: string, text: string, max: number, from: number, expected: number]> = [
		['plain text: at most max', 'abcdefgh', 3, 0, 3],
		['all that is left fits', 'abc', 5, 0, 3],
		['exactly max left', 'abc', 3, 0, 3],
		['nothing left', '', 4, 0, 0],
		['from an offset', 'abcdefgh', 3, 4, 7],
		['from an offset, near the end', 'abcdefgh', 3, 6, 8],
		['from the end', 'abc', 3, 3, 3],
		['never between the halves of a character', `ab${FACE}cd`, 3, 0, 2],
		['the next batch starts with the whole character', `ab${FACE}cd`, 3, 2, 5],
		['a batch of one still takes a whole character', `${FACE}x`, 1, 0, 2],
		['a batch of one from an offset', `x${FACE}y`, 1, 1, 3],
		['an escape sequence near the end is left whole for the next batch', `ab${UP}cd`, 4, 0, 2],
		['a longer sequence too', `abc${CTRL_RIGHT}`, 6, 0, 3],
		['an escape at `from` does not make an empty batch', `ab${UP}cd`, 4, 2, 6],
		['an escape just before the room is not cut', far, 33, 0, 33],
		['an escape inside the room is cut', far, 32, 0, 1],
		['a character and an escape sequence both kept whole', `x${FACE}${UP}yy`, 5, 0, 3],
	];
	for (const [name, text, max, from, expected] of cases) {
		it(name, () => assert.equal(batchEnd(text, max, from), expected));
	}
});

/** Takes batches until the queue is empty, and the flows they said. */
function drain(queue: KeyQueue): {batches: string[]; flows: Flow[]} {
	const batches: string[] = [];
	const flows: Flow[] = [];
	for (let guard = 0; queue.size > 0; guard++) {
		assert.ok(guard < 100_000, 'the queue never empties');
		const {keys, flow} = queue.take();
		batches.push(keys);
		flows.push(flow);
	}

	return {batches, flows};
}

describe('KeyQueue: keys held and given a batch at a time', () => {
	it('gives batches in order, then nothing', () => {
		const queue = new KeyQueue(2, 100);
		queue.add('abcde');
		assert.deepEqual(drain(queue).batches, ['ab', 'cd', 'e']);
		assert.deepEqual(queue.take(), {keys: '', flow: undefined});
	});

	it('gives keys added between batches after those held', () => {
		const queue = new KeyQueue(2, 100);
		queue.add('ab');
		assert.equal(queue.take().keys, 'ab');
		queue.add('cde');
		assert.equal(queue.take().keys, 'cd');
		queue.add('fg');
		assert.equal(queue.size, 3);
		assert.deepEqual(drain(queue).batches, ['ef', 'g']);
	});

	/** Where `batches` end, as places in the text they make up. */
	const endsOf = (batches: string[]) => {
		const ends = new Set<number>();
		let end = 0;
		for (const batch of batches) {
			end += batch.length;
			ends.add(end);
		}

		return ends;
	};

	const isLowSurrogate = (code: number) => code >= 0xdc_00 && code <= 0xdf_ff;
	const text = `héllo ${FACE} ${UP} wörld ${CTRL_RIGHT} ${FACE}${FACE}${UP}${UP} `.repeat(40);

	it('loses and reorders nothing: its batches put together are what came', () => {
		const queue = new KeyQueue(16, 1_000_000);
		const batches: string[] = [];
		// Keys come in chunks of whole characters (as the channel's decoder gives them), taken at another pace.
		const chars = [...text];
		for (let at = 0; at < chars.length; at += 5) {
			queue.add(chars.slice(at, at + 5).join(''));
			if (at % 3 === 0) batches.push(queue.take().keys);
		}

		batches.push(...drain(queue).batches);
		assert.equal(batches.join(''), text);
		assert.ok(
			batches.every(batch => batch !== ''),
			'no empty batch while keys are held',
		);
		const ends = endsOf(batches);
		for (let at = 0; at < text.length; at++) {
			assert.ok(!(isLowSurrogate(text.charCodeAt(at)) && ends.has(at)), `a character cut at ${at}`);
		}
	});

	it('cuts no character nor escape sequence it holds whole', () => {
		const queue = new KeyQueue(16, 1_000_000);
		queue.add(text);
		const {batches} = drain(queue);
		assert.equal(batches.join(''), text);
		const ends = endsOf(batches);
		for (let at = 0; at < text.length; at++) {
			assert.ok(!(isLowSurrogate(text.charCodeAt(at)) && ends.has(at)), `a character cut at ${at}`);
			for (const sequence of [UP, CTRL_RIGHT]) {
				if (!text.startsWith(sequence, at)) continue;
				for (let inside = at + 1; inside < at + sequence.length; inside++) {
					assert.ok(!ends.has(inside), `${JSON.stringify(sequence)} at ${at} cut at ${inside}`);
				}
			}
		}
	});

	it("says 'pause' once past high, and only once", () => {
		const queue = new KeyQueue(4, 10, 6);
		assert.equal(queue.add('x'.repeat(10)), undefined, 'at high: not past it');
		assert.equal(queue.add('x'), 'pause');
		assert.equal(queue.add('xxx'), undefined, 'paused already');
		assert.equal(queue.size, 14);
	});

	it("says 'resume' once taken down to low, and only once", () => {
		const queue = new KeyQueue(4, 10, 6);
		queue.add('x'.repeat(14));
		const flows = [queue.take(), queue.take(), queue.take(), queue.take()].map(taken => taken.flow);
		// Held after each: 10, 6, 2, 0.
		assert.deepEqual(flows, [undefined, 'resume', undefined, undefined]);
	});

	it('pauses again once past high again', () => {
		const queue = new KeyQueue(4, 10, 6);
		assert.equal(queue.add('x'.repeat(11)), 'pause');
		assert.deepEqual(drain(queue).flows, [undefined, 'resume', undefined]);
		assert.equal(queue.add('y'.repeat(11)), 'pause');
	});

	it('resumes at half of high unless told', () => {
		const queue = new KeyQueue(2, 8);
		assert.equal(queue.add('x'.repeat(10)), 'pause');
		// Held after each: 8, 6, 4, 2, 0.
		assert.deepEqual(drain(queue).flows, [undefined, undefined, 'resume', undefined, undefined]);
	});

	it('never says resume when it never paused', () => {
		const queue = new KeyQueue(3, 100);
		queue.add('x'.repeat(50));
		assert.ok(drain(queue).flows.every(flow => flow === undefined));
	});
});
