import assert from 'node:assert/strict';
import {PassThrough} from 'node:stream';
import {describe, it} from 'node:test';
import {askTerminal, inForeground} from '../../source/cli/graphics-query.js';
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
				// Over a slow link the answer comes in pieces, in order: each sent a while after the one
				// before (timers set side by side could fire in another order on a loaded machine).
				const pieces = [answer.slice(0, 7), answer.slice(7, 30), answer.slice(30)];
				const send = () => {
					stdin.write(pieces.shift() ?? '');
					if (pieces.length > 0) setTimeout(send, 5);
				};
				setImmediate(send);
			},
			10_000,
			() => true,
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
		const replies = await askTerminal(
			stdin,
			() => {},
			30,
			() => true,
		);
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

	it('a background job is not asked, and its terminal not touched', async () => {
		const {stdin, modes} = fakeTerminal();
		let asked = false;
		const replies = await askTerminal(
			stdin,
			() => {
				asked = true;
			},
			30,
			() => false,
		);
		assert.deepEqual([replies, asked, modes], [{}, false, []]);
	});

	it('asks only in the terminal’s foreground: a background job would be stopped for setting its mode', () => {
		const stat = (name: string, group: number, foreground: number) => () =>
			`4242 (${name}) S 1 ${group} ${group} 34816 ${foreground} 4194304 126 0 0 0`;
		assert.equal(inForeground(stat('node', 500, 500)), true);
		assert.equal(inForeground(stat('node', 500, 600)), false, 'another group has the terminal');
		assert.equal(inForeground(stat('a) b (c', 500, 600)), false, 'a name with parentheses and spaces');
		assert.equal(inForeground(stat('node', 500, -1)), true, 'no terminal: nothing to be stopped by');
		assert.equal(
			inForeground(() => 'garbage'),
			true,
		);
		assert.equal(
			inForeground(() => {
				throw new Error('no /proc');
			}),
			true,
		);
	});
});
