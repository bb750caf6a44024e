// Full-screen output without Ink's own terminal writing. Ink renders each frame
// whole into a stand-in stream (its documented `debug` mode: every update is a
// separate, complete output); blogread writes only the rows that changed, each at
// its own place. No newline is ever written, so every row of the terminal can be
// used, the bottom one too, and the screen never scrolls.
import {Writable} from 'node:stream';

const SYNC_START = '\u001B[?2026h';
const SYNC_END = '\u001B[?2026l';
const ERASE_LINE = '\u001B[2K';

/** The cursor to the start of `row` (0-based). */
const rowStart = (row: number) => `\u001B[${row + 1};1H`;

/**
 * What turns a screen showing `before` into one showing `after`: each row that
 * differs is erased and written at its place (all of them when `before` is not
 * known); rows past the frame are blank. Inside a synchronized update, which
 * terminals that know it show at once and others ignore.
 */
export function frameUpdate(before: readonly string[] | undefined, after: readonly string[], rows: number): string {
	let changes = '';
	for (let row = 0; row < rows; row++) {
		const line = after[row] ?? '';
		if (before !== undefined && (before[row] ?? '') === line) continue;
		changes += rowStart(row) + ERASE_LINE + line;
	}

	return changes === '' ? '' : SYNC_START + changes + SYNC_END;
}

/** The terminal's size as the app uses it: a terminal that doesn't say (0) is taken as 80x24. */
export function sizeOf(stream: {columns?: number; rows?: number}): {columns: number; rows: number} {
	return {columns: stream.columns || 80, rows: stream.rows || 24};
}

/**
 * Where frames go: a terminal that says its size, tells of resizes, and takes
 * writes as a stream does (false: wait for 'drain').
 */
export type Terminal = {
	write(text: string): boolean;
	on(event: 'resize' | 'drain', listener: () => void): unknown;
	once(event: 'drain', listener: () => void): unknown;
	off(event: 'resize' | 'drain', listener: () => void): unknown;
	columns?: number;
	rows?: number;
};

export type ScreenWriter = {
	/** The stream to give Ink (with `debug: true`): it reports the terminal's size and its resizes. */
	frames: NodeJS.WriteStream;
	/** Stops writing (the terminal is someone else's: an editor, the shell while stopped, or blogread is leaving). */
	pause(): void;
	/** Writes again, starting with the whole of the latest frame: the screen was someone else's meanwhile. */
	resume(): void;
	/** The app has drawn a frame laid out for this size (after a resize, frames wait for one). */
	laidOut(size: {columns: number; rows: number}): void;
	dispose(): void;
};

/** After a resize, how long frames wait for the app's frame of the new size before the latest is written anyway. */
export const RESIZE_WAIT_MS = 100;

/**
 * Writes the frames Ink renders into `frames` to `terminal`, changed rows only.
 * Each as it comes: putting frames off to the end of the event loop's turn
 * delayed the first one behind the app's start-up work.
 */
export function createScreenWriter(terminal: Terminal): ScreenWriter {
	let shown: string[] | undefined;
	let latest: string[] | undefined;
	let paused = false;
	// The terminal has not taken the last update yet (a slow or stalled ssh client): frames wait, and only the
	// latest is kept, so what is held for a terminal is one update and one frame however long it stalls.
	let blocked = false;
	// Resized: Ink draws at once with the app's layout for the old size, then the app lays out for the new one.
	// Frames wait for that one (or a while), so no frame of the wrong size is ever written.
	let awaiting: {columns: number; rows: number} | undefined;
	let waitTimer: NodeJS.Timeout | undefined;

	const flush = () => {
		if (paused || blocked || awaiting || !latest) return;
		const update = frameUpdate(shown, latest, sizeOf(terminal).rows);
		shown = latest;
		if (update !== '' && !terminal.write(update)) {
			blocked = true;
			terminal.once('drain', onDrain);
		}
	};

	function onDrain(): void {
		blocked = false;
		flush();
	}

	const sink = new Writable({
		decodeStrings: false,
		write(chunk: string | Buffer, _encoding, done) {
			const frame = String(chunk);
			// Ink also writes empty strings (a barrier before it exits, an erase of nothing).
			if (frame !== '') {
				latest = frame.split('\n');
				flush();
			}

			done();
		},
	});
	// Read at each use: Ink and the app ask for the size when they lay a frame out.
	Object.defineProperties(sink, {
		columns: {get: () => sizeOf(terminal).columns},
		rows: {get: () => sizeOf(terminal).rows},
	});
	const frames = sink as unknown as NodeJS.WriteStream;

	// After a resize the terminal may have moved or dropped what it showed: the next frame is written whole.
	const onResize = () => {
		shown = undefined;
		awaiting = sizeOf(terminal);
		clearTimeout(waitTimer);
		waitTimer = setTimeout(() => {
			awaiting = undefined;
			flush();
		}, RESIZE_WAIT_MS);
		frames.emit('resize');
	};

	terminal.on('resize', onResize);
	return {
		frames,
		pause() {
			paused = true;
		},
		resume() {
			paused = false;
			shown = undefined;
			flush();
		},
		laidOut({columns, rows}) {
			if (!awaiting || awaiting.columns !== columns || awaiting.rows !== rows) return;
			awaiting = undefined;
			clearTimeout(waitTimer);
			flush();
		},
		dispose() {
			paused = true;
			clearTimeout(waitTimer);
			terminal.off('resize', onResize);
			terminal.off('drain', onDrain);
		},
	};
}
