// The clipboard through the terminal: OSC 52 carries base64 text, so what is
// copied never reaches the terminal as characters it could act on. Under tmux
// the plain sequence is written (no passthrough wrapping): tmux forwards it to
// the outer terminal when its `set-clipboard` option is on.

/** The most text copied at once: terminals cap the sequence (xterm at about 100 KB of base64). */
export const MAX_COPY_BYTES = 74_000;

/** `removed`: how many control characters were left out of the text. */
export type Copy = {sequence: string; bytes: number; removed: number} | {tooLarge: number};

/** C0 controls but tab and line feed, DEL, and C1 controls (the 8-bit CSI and OSC among them). */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * What goes on the clipboard of `text`: its control characters left out, but
 * tab and newline (CR LF becomes LF). Copied text is pasted into shells and
 * editors: an ESC in it could retitle the terminal there, and a pasted
 * `ESC[201~` ends bracketed paste early, so the rest runs as if typed.
 */
export function clipboardText(text: string): {text: string; removed: number} {
	let removed = 0;
	const clean = text.replace(/\r\n/g, '\n').replace(CONTROL, () => {
		removed++;
		return '';
	});
	return {text: clean, removed};
}

/**
 * The OSC 52 sequence that puts `text` (as `clipboardText` leaves it) on the
 * system clipboard, or how large the text is when it is too large.
 */
export function osc52(text: string): Copy {
	const clean = clipboardText(text);
	const bytes = Buffer.from(clean.text, 'utf8');
	if (bytes.length > MAX_COPY_BYTES) return {tooLarge: bytes.length};
	return {sequence: `\u001B]52;c;${bytes.toString('base64')}\u0007`, bytes: bytes.length, removed: clean.removed};
}
