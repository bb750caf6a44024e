import assert from 'node:assert/strict';
import {EventEmitter, once} from 'node:events';
import {Writable} from 'node:stream';
import {describe, it} from 'node:test';
import {runCommand, writeAll} from '../../source/serve/exec-session.js';
import type {SharedBlog} from '../../source/serve/shared-blog.js';

// A served command's output goes to the reader's channel a piece at a time,
// each once the channel took the last: a reader who stops reading holds one
// piece on the server, not the whole output.

const PIECE = 64 * 1024;

/** An ssh channel that takes pieces, and says it is full after each while `full`, until 'drain'. */
class FakeChannel extends EventEmitter {
	readonly pieces: string[] = [];
	full = false;
	/** A piece was written while the last write's 'drain' had not come: the writer did not wait. */
	overrun = false;
	private waiting = false;
	readonly stderr = {write: (_data: string) => true};

	write(data: string): boolean {
		if (this.waiting) this.overrun = true;
		this.pieces.push(data);
		this.emit('wrote');
		this.waiting = this.full;
		return !this.full;
	}

	drain(): void {
		this.waiting = false;
		this.emit('drain');
	}
}

/** The channel's next write, or a failure after a while. */
async function nextWrite(channel: FakeChannel): Promise<void> {
	await once(channel, 'wrote', {signal: AbortSignal.timeout(2000)});
}

/** What `writeAll` resolves to, or a failure after a while. */
async function settled<T>(promise: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(() => reject(new Error('writeAll did not finish')), 2000);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

const text = (length: number) => Array.from({length}, (_, index) => String.fromCharCode(97 + (index % 26))).join('');

describe('writeAll: a command’s output at the pace of its reader', () => {
	const sizes: Array<[length: number, pieces: number[]]> = [
		[0, []],
		[1, [1]],
		[PIECE, [PIECE]],
		[PIECE + 1, [PIECE, 1]],
		[3 * PIECE + 100, [PIECE, PIECE, PIECE, 100]],
	];
	for (const [length, pieces] of sizes) {
		it(`${length} characters to a channel that takes them: ${pieces.length} pieces at once`, async () => {
			const channel = new FakeChannel();
			const output = text(length);
			assert.equal(await settled(writeAll(channel, output)), true);
			assert.deepEqual(
				channel.pieces.map(piece => piece.length),
				pieces,
			);
			assert.equal(channel.pieces.join(''), output);
		});
	}

	it('writes the next piece only once the channel drains, never two outstanding', async () => {
		const channel = new FakeChannel();
		channel.full = true;
		const output = text(3 * PIECE + 5);
		const done = writeAll(channel, output);
		for (let piece = 1; piece < 4; piece++) {
			assert.equal(channel.pieces.length, piece);
			assert.equal(channel.listenerCount('drain'), 1, 'waiting for the drain');
			assert.equal(channel.listenerCount('close'), 1, 'and for a close');
			const wrote = nextWrite(channel);
			channel.drain();
			await wrote;
		}

		assert.equal(channel.pieces.length, 4);
		channel.drain();
		assert.equal(await settled(done), true);
		assert.equal(channel.pieces.join(''), output);
		assert.equal(channel.overrun, false);
		assert.equal(channel.listenerCount('drain'), 0);
		assert.equal(channel.listenerCount('close'), 0);
	});

	it('stops at a close that comes before the drain, and says so', async () => {
		const channel = new FakeChannel();
		channel.full = true;
		const done = writeAll(channel, text(2 * PIECE + 1));
		assert.equal(channel.pieces.length, 1);
		channel.emit('close');
		assert.equal(await settled(done), false);
		assert.equal(channel.pieces.length, 1, 'nothing written after the close');
		assert.equal(channel.listenerCount('drain'), 0, 'not waiting any more');
		assert.equal(channel.listenerCount('close'), 0);
		channel.drain();
		assert.equal(channel.pieces.length, 1);
	});

	it('a channel that fills only sometimes: every piece, in order, none outstanding', async () => {
		const channel = new FakeChannel();
		const output = text(6 * PIECE);
		// Full after the second and the fifth piece.
		channel.on('wrote', () => {
			channel.full = channel.pieces.length === 2 || channel.pieces.length === 5;
			if (channel.full) setImmediate(() => channel.drain());
		});
		assert.equal(await settled(writeAll(channel, output)), true);
		assert.equal(channel.pieces.length, 6);
		assert.equal(channel.pieces.join(''), output);
		assert.equal(channel.overrun, false);
	});

	// The channel encodes each piece to UTF-8 alone: a character outside the BMP (an emoji) cut in two
	// would be sent as two U+FFFD.
	it('never cuts a character in two', async () => {
		const channel = new FakeChannel();
		const output = `${'a'.repeat(PIECE - 1)}😀 and the rest`;
		assert.equal(await settled(writeAll(channel, output)), true);
		const sent = Buffer.concat(channel.pieces.map(piece => Buffer.from(piece, 'utf8')));
		assert.equal(sent.toString('utf8'), output);
	});
});

describe('a served command ends after its output', () => {
	it('runCommand resolves (and the exit status goes) only once every byte written has gone out', async () => {
		const events: string[] = [];
		// A channel that takes each write a while later, as ssh2 does when the client's window is shut.
		const channel = Object.assign(
			new Writable({
				decodeStrings: false,
				write(chunk: string, _encoding, done) {
					setTimeout(() => {
						if (chunk.length > 0) events.push('sent');
						done();
					}, 20);
				},
			}),
			{stderr: {write: () => true}},
		);
		const shared = {folder: '/nowhere'} as SharedBlog;
		const code = await runCommand({command: 'help', channel, shared, drafts: false, env: {}, pty: undefined});
		events.push('done');
		assert.equal(code, 0);
		assert.deepEqual(events, ['sent', 'done']);
	});
});
