// An ssh channel as the terminal the app draws on: keys come in as a stream,
// frames go out through the channel (waiting when the client is slow), and
// the size is the one the client's pty says, changed by its window-change.
import {EventEmitter} from 'node:events';
import {PassThrough} from 'node:stream';
import {StringDecoder} from 'node:string_decoder';
import type {TerminalInput} from '../ui/run.js';
import type {Terminal} from '../ui/screen-writer.js';
import {type Flow, KeyQueue} from './key-intake.js';
import {keyTurns, type TurnScheduler, type TurnTaker} from './turn-scheduler.js';

/** The part of an ssh2 channel a served session writes to, and whose keys it holds back when it has too many. */
export type ChannelOut = {
	write(data: string): boolean;
	on(event: 'drain', listener: () => void): unknown;
	off(event: 'drain', listener: () => void): unknown;
	pause(): unknown;
	resume(): unknown;
};

const RESIZE_EVERY_MS = 50;
/**
 * Keys given to the app in a turn of the event loop: far more than anyone
 * types between two frames, and few enough that the app's work on them is a
 * millisecond or two however they come.
 */
const KEYS_PER_TURN = 64;
/** Keys held before the client is told to wait (ssh's window: it sends no more until the app has caught up). */
const KEYS_HELD = 16 * 1024;

export class ChannelTerminal extends EventEmitter implements Terminal, TurnTaker {
	columns: number;
	rows: number;
	/** Keys, as the app reads them from a terminal: a stream that says it is one, raw already (the client's pty is). */
	readonly input: TerminalInput;
	private readonly keysIn = new PassThrough();
	private readonly decoder = new StringDecoder('utf8');
	private readonly held = new KeyQueue(KEYS_PER_TURN, KEYS_HELD);
	private closed = false;
	/** The size the client asked for last, not taken yet; and the wait before the next is taken. */
	private wanted: {columns: number; rows: number} | undefined;
	private resizeTimer: NodeJS.Timeout | undefined;
	private readonly onDrain = () => {
		this.emit('drain');
	};

	constructor(
		private readonly channel: ChannelOut,
		size: {columns: number; rows: number},
		/** Whose keys are taken when, among every session sharing this thread. */
		private readonly turns: TurnScheduler = keyTurns,
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

	/** Bytes from the client: its keys, given to the app a batch at each of its turns (see turns.ts). */
	keys(data: Buffer | string): void {
		if (this.closed) return;
		this.flow(this.held.add(typeof data === 'string' ? data : this.decoder.write(data)));
		this.turns.want(this);
	}

	takeBatch(): void {
		if (this.closed) return;
		const {keys, flow} = this.held.take();
		if (keys !== '') this.keysIn.write(keys);
		this.flow(flow);
	}

	hasKeys(): boolean {
		return !this.closed && this.held.size > 0;
	}

	private flow(flow: Flow): void {
		if (flow === 'pause') this.channel.pause();
		else if (flow === 'resume') this.channel.resume();
	}

	write(text: string): boolean {
		return this.channel.write(text);
	}

	/** The app has drawn a frame (written, or held for a slow client). */
	drawn(): void {
		this.turns.drew(this);
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
		this.closed = true;
		this.turns.leave(this);
		clearTimeout(this.resizeTimer);
		this.channel.off('drain', this.onDrain);
		this.keysIn.end();
	}
}
