// The clipboard through the terminal: OSC 52 carries base64 text, so what is
// copied never reaches the terminal as characters it could act on. Under tmux
// the plain sequence is written (no passthrough wrapping): tmux forwards it to
// the outer terminal when its `set-clipboard` option is on.

/** The most text copied at once: terminals cap the sequence (xterm at about 100 KB of base64). */
export const MAX_COPY_BYTES = 74_000;

export type Copy = {sequence: string; bytes: number} | {tooLarge: number};

/** The OSC 52 sequence that puts `text` on the system clipboard, or how large the text is when it is too large. */
export function osc52(text: string): Copy {
	const bytes = Buffer.from(text, 'utf8');
	if (bytes.length > MAX_COPY_BYTES) return {tooLarge: bytes.length};
	return {sequence: `\u001B]52;c;${bytes.toString('base64')}\u0007`, bytes: bytes.length};
}
