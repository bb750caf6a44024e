// Everything that comes from a post (front matter, file names, body text) is
// untrusted: a control character in it could drive the terminal. These helpers
// turn such characters into visible stand-ins, the way `less` and `cat -v` do,
// so nothing is lost and nothing is executed.

/** C0 controls but TAB and LF, DEL and C1 controls: what could drive a terminal. */
const CONTROLS = '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F';
/** The bidi marks and overrides that can reorder what a reader sees. */
const BIDI_CHARACTERS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
/**
 * kitty's image placeholder, U+10EEEE (as its two UTF-16 units): a cell of it, coloured, shows a
 * picture the terminal already holds, so text could show another program's picture as its own.
 */
const KITTY_PLACEHOLDER = '\\uDBFB\\uDEEE';
/**
 * For the fast paths that look, inside a regular expression's character class, for what
 * keepOwnEscapes would change: the controls, and the placeholder's first unit.
 */
export const CONTROL_CHARACTERS = `${CONTROLS}\\uDBFB`;
/** The same for showControls: the bidi marks too. */
export const UNSAFE_CHARACTERS = `${CONTROL_CHARACTERS}${BIDI_CHARACTERS}`;
// DEL, C1 controls, and the bidi marks.
const DEL_C1_AND_BIDI = `\\u007F-\\u009F${BIDI_CHARACTERS}`;
const UNSAFE = new RegExp(`[${CONTROLS}${BIDI_CHARACTERS}]|${KITTY_PLACEHOLDER}`, 'g');
const LINE_UNSAFE = new RegExp(`[\\u0000-\\u001F${DEL_C1_AND_BIDI}]|${KITTY_PLACEHOLDER}`);
const NOT_JSON_ESCAPED = new RegExp(`[${DEL_C1_AND_BIDI}]|${KITTY_PLACEHOLDER}`, 'g');

function visible(char: string): string {
	const code = char.codePointAt(0) ?? 0;
	if (code < 0x20) return `^${String.fromCharCode(code + 64)}`;
	if (code === 0x7f) return '^?';
	return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Whether one-line text holds anything `cleanLine` would have changed: a control, a tab or a line break. */
export function hasControls(text: string): boolean {
	return LINE_UNSAFE.test(text);
}

/** Text that may span lines (a post body, a code block): keeps LF and TAB. */
export function showControls(text: string): string {
	return text.replace(UNSAFE, visible);
}

/** Text shown on one line (a title, a tag, a file name): also flattens LF and TAB. */
export function cleanLine(text: string): string {
	// One test first: nearly every title and tag has nothing to change.
	if (!LINE_UNSAFE.test(text)) return text.trim();
	return showControls(text.replace(/[\t\n]+/g, ' ')).trim();
}

/**
 * JSON text safe to `cat`: JSON.stringify escapes C0 controls itself; C1
 * controls and bidi marks, which can come from file names, are escaped too.
 */
export function escapeForJson(json: string): string {
	return json.replace(NOT_JSON_ESCAPED, found =>
		found
			.split('')
			.map(unit => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
			.join(''),
	);
}

// Our own output carries SGR colour codes and OSC 8 hyperlinks to web and
// mail addresses; any other control character reaching this point did not
// come from us.
const SGR = /\u001B\[[\d;]*m/.source;
const OWN_LINK = /\u001B\]8;;(?:(?:https?:\/\/|mailto:)[^\s\u0000-\u001F\u007F-\u009F]*)?\u0007/.source;
const OWN_SEQUENCE_OR_CONTROL = new RegExp(`(${SGR}|${OWN_LINK})|[${CONTROLS}]|${KITTY_PLACEHOLDER}`, 'g');

/** Last line of defence on rendered output: keeps SGR and OSC 8, shows any other control (and the placeholder). */
export function keepOwnEscapes(rendered: string): string {
	return rendered.replace(OWN_SEQUENCE_OR_CONTROL, (match: string, own: string | undefined) => own ?? visible(match));
}
