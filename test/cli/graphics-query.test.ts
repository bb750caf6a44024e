import assert from 'node:assert/strict';
import {PassThrough} from 'node:stream';
import {describe, it} from 'node:test';
import {askTerminal} from '../../source/cli/graphics-query.js';
import {GRAPHICS_QUERY} from '../../source/pictures/graphics.js';

const ESC = '\u001B';

/** A terminal's input as askTerminal reads it: a TTY whose raw mode is recorded. */
function fakeTerminal() {
	const modes: boolean[] = [];
	const stdin = Object.assign(new PassThrough(), {
		isTTY: true,
		isRaw: false,
		setRawMode(mode: boolean) {
			modes.push(mode);
			stdin.isRaw = mode;
			return stdin;
		},
	});
	return {stdin: stdin as unknown as NodeJS.ReadStream, modes};
}

describe('asking the terminal how it draws pictures (--print)', () => {
	it('asks once, reads the answers however they are split, and stops at device attributes', async () => {
		const {stdin, modes} = fakeTerminal();
		const written: string[] = [];
		const started = performance.now();
		const replies = await askTerminal(
			stdin,
			text => {
				written.push(text);
				const answer = `${ESC}_Gi=31;OK${ESC}\\${ESC}[6;18;9t${ESC}P>|kitty(0.35.2)${ESC}\\${ESC}[?62;4;22c`;
				// Over a slow link the answer comes in pieces.
				setImmediate(() => stdin.write(answer.slice(0, 7)));
				setTimeout(() => stdin.write(answer.slice(7, 30)), 5);
				setTimeout(() => stdin.write(answer.slice(30)), 10);
			},
			10_000,
		);
		assert.deepEqual(written, [GRAPHICS_QUERY]);
		assert.deepEqual(replies, {
			kitty: true,
			cell: {width: 9, height: 18},
			version: 'kitty(0.35.2)',
			sixel: true,
			done: true,
		});
		assert.ok(performance.now() - started < 5000, 'did not wait for the deadline');
		assert.deepEqual(modes, [true, false], 'raw while asking, then as it was');
	});

	it('a terminal that answers nothing is given up on at the deadline, with nothing learned', async () => {
		const {stdin, modes} = fakeTerminal();
		const replies = await askTerminal(stdin, () => {}, 30);
		assert.deepEqual(replies, {});
		assert.deepEqual(modes, [true, false]);
	});

	it('without a terminal on stdin, asks nothing', async () => {
		const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
		let asked = false;
		assert.deepEqual(
			await askTerminal(stdin, () => {
				asked = true;
			}),
			{},
		);
		assert.equal(asked, false);
	});
});
