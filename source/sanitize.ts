// Everything that comes from a post (front matter, file names, body text) is
// untrusted: a control character in it could drive the terminal. These helpers
// turn such characters into visible stand-ins, the way `less` and `cat -v` do,
// so nothing is lost and nothing is executed.

// C0 controls except TAB and LF, DEL, C1 controls, and the bidi overrides that
// can reorder what a reader sees.
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function visible(char: string): string {
	const code = char.codePointAt(0) ?? 0;
	if (code < 0x20) return '^' + String.fromCharCode(code + 64);
	if (code === 0x7f) return '^?';
	return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Text that may span lines (a post body, a code block): keeps LF and TAB. */
export function showControls(text: string): string {
	return text.replace(UNSAFE, visible);
}

/** Text shown on one line (a title, a tag, a file name): also flattens LF and TAB. */
export function cleanLine(text: string): string {
	return showControls(text.replace(/[\t\n]+/g, ' ')).trim();
}

// Our own output may carry SGR colour codes and OSC 8 hyperlinks; any other
// escape sequence reaching this point did not come from us.
const ESCAPE_SEQUENCE = /\u001B(?:\[[0-9;]*m|\]8;[^\u0007\u001B]*(?:\u0007|\u001B\\))|\u001B/g;

/** Last line of defence on rendered output: keeps SGR and OSC 8, shows any other ESC. */
export function keepOwnEscapes(rendered: string): string {
	return rendered
		.replace(ESCAPE_SEQUENCE, match => (match === '\u001B' ? '^[' : match))
		.replace(/[\u0000-\u0008\u000B-\u001A\u001C-\u001F\u007F-\u009F]/g, visible);
}
