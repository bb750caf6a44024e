// An ssh channel as the terminal the app draws on: keys come in as a stream,
// frames go out through the channel (waiting when the client is slow), and
// the size is the one the client's pty says, changed by its window-change.
import {EventEmitter} from 'node:events';
import {PassThrough} from 'node:stream';
import type {TerminalInput} from '../ui/run.js';
import type {Terminal} from '../ui/screen-writer.js';

/** The part of an ssh2 channel a served session writes to. */
export type ChannelOut = {
	write(data: string): boolean;
	on(event: 'drain', listener: () => void): unknown;
	off(event: 'drain', listener: () => void): unknown;
};

const RESIZE_EVERY_MS = 50;

export class ChannelTerminal extends EventEmitter implements Terminal {
	columns: number;
	rows: number;
	/** Keys, as the app reads them from a terminal: a stream that says it is one, raw already (the client's pty is). */
	readonly input: TerminalInput;
	private readonly keysIn = new PassThrough();
	/** The size the client asked for last, not taken yet; and the wait before the next is taken. */
	private wanted: {columns: number; rows: number} | undefined;
	private resizeTimer: NodeJS.Timeout | undefined;
	private readonly onDrain = () => {
		this.emit('drain');
	};

	constructor(
		private readonly channel: ChannelOut,
		size: {columns: number; rows: number},
	) {
		super();
		this.columns = size.columns;
		this.rows = size.rows;
		this.input = Object.assign(this.keysIn as unknown as NodeJS.ReadStream, {
			isTTY: true,
			isRaw: true,
			fd: -1,
			setRawMode() {
				return this;
			},
		}) as TerminalInput;
		channel.on('drain', this.onDrain);
	}

	/** Bytes from the client: its keys. */
	keys(data: Buffer | string): void {
		this.keysIn.write(data);
	}

	write(text: string): boolean {
		return this.channel.write(text);
	}

	/**
	 * The client's window changed. Each resize redraws the whole screen, so a
	 * burst (a window dragged, or a client sending thousands) is taken at most
	 * once every RESIZE_EVERY_MS, the last size always.
	 */
	resize(columns: number, rows: number): void {
		this.wanted = {columns, rows};
		if (!this.resizeTimer) this.applySize();
	}

	private applySize(): void {
		const size = this.wanted;
		this.wanted = undefined;
		this.resizeTimer = undefined;
		if (!size || (size.columns === this.columns && size.rows === this.rows)) return;
		this.columns = size.columns;
		this.rows = size.rows;
		this.emit('resize');
		this.resizeTimer = setTimeout(() => this.applySize(), RESIZE_EVERY_MS);
	}

	close(): void {
		clearTimeout(this.resizeTimer);
		this.channel.off('drain', this.onDrain);
		this.keysIn.end();
	}
}
