// A connection's bytes as ssh2 reads them: a slice a turn of the event loop.
// ssh2 decrypts and handles every packet it is given in one go, on the
// server's one thread, and a 64 KB read of a client flooding window changes
// is about 1,000 packets: handed over whole, it held every other reader's
// keys for tens of milliseconds a read. In slices, other connections' bytes
// are read between them, and the flooding client's socket stays paused
// (its kernel buffer, then its TCP window, filling) until its backlog is read.
import type {Socket} from 'node:net';
import {Duplex} from 'node:stream';

/** Bytes handed to ssh2 a turn: a few milliseconds of its work at most. */
export const SLICE_BYTES = 8 * 1024;

export class PacedSocket extends Duplex {
	private readonly waiting: Buffer[] = [];
	/** How much of the first waiting chunk has been handed on. */
	private offset = 0;
	private next: NodeJS.Immediate | undefined;
	/** Whether the reader (ssh2) takes more: false while it has paused this stream and its buffer is full. */
	private wanted = true;
	private socketEnded = false;
	private ended = false;

	constructor(
		private readonly socket: Socket,
		private readonly sliceBytes = SLICE_BYTES,
	) {
		super({allowHalfOpen: false, decodeStrings: false});
		socket.on('data', (chunk: Buffer) => {
			this.waiting.push(chunk);
			socket.pause();
			this.later();
		});
		socket.once('end', () => {
			this.socketEnded = true;
			this.later();
		});
		socket.on('error', error => this.destroy(error));
		// Closed without an end (reset, destroyed here): what waits is no longer wanted.
		socket.once('close', () => {
			if (!this.socketEnded) this.destroy();
		});
	}

	// What ssh2 asks of the connection besides the stream.
	get remoteAddress(): string | undefined {
		return this.socket.remoteAddress;
	}

	get remotePort(): number | undefined {
		return this.socket.remotePort;
	}

	get remoteFamily(): string | undefined {
		return this.socket.remoteFamily;
	}

	override _read(): void {
		this.wanted = true;
		this.later();
	}

	override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
		// Written through at once, as to the socket itself: keys' frames wait for nothing.
		this.socket.write(chunk);
		callback();
	}

	override _final(callback: (error?: Error | null) => void): void {
		this.socket.end();
		callback();
	}

	override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
		clearImmediate(this.next);
		this.waiting.length = 0;
		this.socket.destroy();
		callback(error);
	}

	private later(): void {
		this.next ??= setImmediate(() => {
			this.next = undefined;
			this.feed();
		});
	}

	/** Hands on one slice; the rest waits for the next turn, the socket read again once none is left. */
	private feed(): void {
		let left = this.sliceBytes;
		while (left > 0 && this.wanted && this.waiting.length > 0) {
			const first = this.waiting[0] as Buffer;
			const part = first.subarray(this.offset, this.offset + left);
			this.offset += part.length;
			left -= part.length;
			if (this.offset === first.length) {
				this.waiting.shift();
				this.offset = 0;
			}

			this.wanted = this.push(part);
		}

		if (this.waiting.length > 0) {
			if (this.wanted) this.later();
		} else if (this.socketEnded) {
			if (!this.ended) this.push(null);
			this.ended = true;
		} else this.socket.resume();
	}
}
