// Writes that may be large (a picture sent to kitty is megabytes of base64)
// go to the terminal a slice at a time, the event loop turning between
// slices: a write to a terminal blocks until the terminal (or, over ssh, the
// link) takes it, and a key pressed meanwhile waits. Slices end only where a
// sequence ends, so a frame written between two is never inside one.

/** About what a terminal takes at once; over a slow link, a slice's wait is short. */
const SLICE_BYTES = 16 * 1024;
/** Where a sequence ends (the string terminator of APC, DCS and OSC). */
const TERMINATOR = '\u001B\\';

export type PacedWriter = {
	/** Queues `text` (whole sequences) to be written in slices. */
	write(text: string): void;
	/** Writes everything still queued, now (on leaving, before what must come after it). */
	flush(): void;
};

export function pacedWriter(
	write: (text: string) => void,
	later: (next: () => void) => void = next => setImmediate(next),
): PacedWriter {
	let queue = '';
	let scheduled = false;
	const slice = () => {
		scheduled = false;
		if (queue === '') return;
		const end = queue.indexOf(TERMINATOR, SLICE_BYTES);
		const cut = end === -1 ? queue.length : end + TERMINATOR.length;
		const piece = queue.slice(0, cut);
		queue = queue.slice(cut);
		write(piece);
		if (queue !== '') schedule();
	};

	const schedule = () => {
		if (scheduled) return;
		scheduled = true;
		later(slice);
	};

	return {
		write(text) {
			queue += text;
			schedule();
		},
		flush() {
			if (queue !== '') write(queue);
			queue = '';
		},
	};
}
