import assert from 'node:assert/strict';
import {EventEmitter} from 'node:events';
import {describe, it} from 'node:test';
import {createScreenWriter, frameUpdate, RESIZE_WAIT_MS, type ScreenWriter} from '../../source/ui/screen-writer.js';

// A slow terminal (an ssh client that reads slowly, or not at all): once a
// write says the terminal is full, frames wait, only the latest is kept, and
// one update brings the screen to it when the terminal drains.

/** A terminal that takes writes, and says it is full until 'drain' while `full`. */
class SlowTerminal extends EventEmitter {
	readonly columns = 20;
	readonly rows = 3;
	readonly writes: string[] = [];
	full = false;

	write(text: string): boolean {
		this.writes.push(text);
		return !this.full;
	}

	/** The terminal took everything: it says so, and takes writes again. */
	drain(): void {
		this.full = false;
		this.emit('drain');
	}
}

/** A frame as Ink gives it: rows joined by line breaks. Written to the writer's stream and taken at once. */
async function show(screen: ScreenWriter, rows: string[]): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		screen.frames.write(rows.join('\n'), error => (error ? reject(error) : resolve()));
	});
}

const ROWS = 3;
const one = ['one', 'a', 'b'];
const two = ['two', 'a', 'b'];
const three = ['three', 'a', 'c'];
const four = ['four', 'a', 'b'];

describe('the screen writer and a slow terminal', () => {
	it('writes each frame at once while the terminal takes them', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		await show(screen, one);
		await show(screen, two);
		assert.deepEqual(terminal.writes, [frameUpdate(undefined, one, ROWS), frameUpdate(one, two, ROWS)]);
		screen.dispose();
	});

	it('holds frames while the terminal is full, then writes one update to the latest', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		terminal.full = true;
		await show(screen, one);
		assert.equal(terminal.writes.length, 1, 'the first frame is written: only then is the terminal known full');
		assert.equal(terminal.listenerCount('drain'), 1);
		await show(screen, two);
		await show(screen, three);
		await show(screen, four);
		assert.deepEqual(terminal.writes, [frameUpdate(undefined, one, ROWS)], 'nothing more until it drains');

		terminal.drain();
		assert.deepEqual(terminal.writes, [frameUpdate(undefined, one, ROWS), frameUpdate(one, four, ROWS)]);
		assert.equal(terminal.listenerCount('drain'), 0, 'drained: not waiting any more');
		await show(screen, two);
		assert.deepEqual(terminal.writes.at(-1), frameUpdate(four, two, ROWS), 'and then each frame at once again');
		screen.dispose();
	});

	it('writes nothing at the drain when the frames came back to what is shown', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		await show(screen, one);
		terminal.full = true;
		await show(screen, two);
		await show(screen, three);
		await show(screen, two);
		assert.equal(terminal.writes.length, 2);
		terminal.drain();
		assert.equal(terminal.writes.length, 2, 'the screen shows the latest frame already');
		screen.dispose();
	});

	it('waits again when the update at the drain fills the terminal too', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		terminal.full = true;
		await show(screen, one);
		await show(screen, two);
		terminal.emit('drain');
		assert.deepEqual(terminal.writes.at(-1), frameUpdate(one, two, ROWS));
		assert.equal(terminal.listenerCount('drain'), 1, 'still full: waiting for the next drain');
		await show(screen, three);
		assert.equal(terminal.writes.length, 2);
		terminal.drain();
		assert.deepEqual(terminal.writes.at(-1), frameUpdate(two, three, ROWS));
		assert.equal(terminal.writes.length, 3);
		screen.dispose();
	});

	it('writes the whole latest frame at the drain after a resize while full', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		terminal.full = true;
		await show(screen, one);
		terminal.emit('resize');
		await show(screen, two);
		screen.laidOut(terminal);
		terminal.drain();
		assert.deepEqual(terminal.writes, [frameUpdate(undefined, one, ROWS), frameUpdate(undefined, two, ROWS)]);
		screen.dispose();
	});
	it('writes nothing at a drain while paused; resume writes the whole latest frame', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		terminal.full = true;
		await show(screen, one);
		screen.pause();
		await show(screen, two);
		terminal.drain();
		assert.equal(terminal.writes.length, 1);
		screen.resume();
		assert.deepEqual(terminal.writes.at(-1), frameUpdate(undefined, two, ROWS));
		screen.dispose();
	});

	it('dispose stops waiting for the drain: nothing is written after it', async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		terminal.full = true;
		await show(screen, one);
		await show(screen, two);
		assert.equal(terminal.listenerCount('drain'), 1);
		assert.equal(terminal.listenerCount('resize'), 1);
		screen.dispose();
		assert.equal(terminal.listenerCount('drain'), 0);
		assert.equal(terminal.listenerCount('resize'), 0);
		terminal.drain();
		await show(screen, three);
		assert.equal(terminal.writes.length, 1);
	});
});

describe('the screen writer after a resize', () => {
	it("holds Ink's frame of the old layout until the app has laid out for the new size", async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		await show(screen, one);
		terminal.emit('resize');
		await show(screen, two);
		screen.laidOut({columns: 40, rows: ROWS});
		assert.equal(terminal.writes.length, 1, 'not for another size');
		await show(screen, three);
		screen.laidOut(terminal);
		assert.deepEqual(terminal.writes, [frameUpdate(undefined, one, ROWS), frameUpdate(undefined, three, ROWS)]);
		await show(screen, four);
		assert.deepEqual(terminal.writes.at(-1), frameUpdate(three, four, ROWS), 'then frames go as they come');
		screen.dispose();
	});

	it(`writes the latest frame after ${RESIZE_WAIT_MS} ms when the app says nothing`, async () => {
		const terminal = new SlowTerminal();
		const screen = createScreenWriter(terminal);
		terminal.emit('resize');
		await show(screen, one);
		assert.equal(terminal.writes.length, 0);
		const deadline = Date.now() + 10_000;
		while (terminal.writes.length === 0 && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 20));
		assert.deepEqual(terminal.writes, [frameUpdate(undefined, one, ROWS)]);
		screen.dispose();
	});
});
