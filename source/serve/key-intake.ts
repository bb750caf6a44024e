// Keys from one reader's channel, held and given to the app a batch at a time:
// a client that sends keys faster than its frames can be drawn (a flood, or a
// paste of megabytes) is drawn a frame per batch, and its backlog waits in its
// own queue while other readers' keys are taken.
const ESC = '\u001B';
/** An escape sequence starting this close to a batch's end is left whole for the next batch. */
const SEQUENCE_ROOM = 32;

const isHighSurrogate = (code: number) => code >= 0xd8_00 && code <= 0xdb_ff;

/**
 * Where a batch of at most `max` characters of `text` from `from` ends: never
 * between the two halves of a character, nor in the first characters of an
 * escape sequence (an arrow key's `ESC [ A` stays one key), unless the batch
 * would then be empty.
 */
export function batchEnd(text: string, max: number, from = 0): number {
	const limit = from + max;
	if (text.length <= limit) return text.length;
	let end = limit;
	const sequence = text.lastIndexOf(ESC, end - 1);
	if (sequence > from && end - sequence < SEQUENCE_ROOM) end = sequence;
	if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
	if (end > from) return end;
	return limit + (isHighSurrogate(text.charCodeAt(limit - 1)) ? 1 : 0);
}

/** What a queue of held keys says to its channel: stop sending (past `high` held), send again (at `low`). */
export type Flow = 'pause' | 'resume' | undefined;

/**
 * Keys held for the app: `add` what comes, `take` a batch a turn. Past `high`
 * characters held the channel is told to pause (ssh's own flow control then
 * holds the client), and to resume once the app has taken it down to `low`.
 */
export class KeyQueue {
	private held = '';
	/** Where the keys not taken yet start in `held` (cut off now and then, not at every batch). */
	private start = 0;
	private paused = false;

	constructor(
		private readonly batch: number,
		private readonly high: number,
		private readonly low = high / 2,
	) {}

	get size(): number {
		return this.held.length - this.start;
	}

	add(text: string): Flow {
		this.held = this.held.slice(this.start) + text;
		this.start = 0;
		if (this.paused || this.size <= this.high) return undefined;
		this.paused = true;
		return 'pause';
	}

	/** The next batch (empty when nothing is held), and whether the channel may send again. */
	take(): {keys: string; flow: Flow} {
		const end = batchEnd(this.held, this.batch, this.start);
		const keys = this.held.slice(this.start, end);
		this.start = end;
		if (!this.paused || this.size > this.low) return {keys, flow: undefined};
		this.paused = false;
		return {keys, flow: 'resume'};
	}
}
