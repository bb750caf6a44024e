// Terminal input → keys. A terminal sends more than keys: replies to queries
// (device attributes `ESC[?1;2c`, mode reports `ESC[?2004;1$y`, colours
// `ESC]11;rgb:…BEL`), focus events, paste markers. Read as keys they would open
// help or type junk, so every complete control sequence that is not a key is
// dropped here, before the keymap sees anything. Esc followed at once by a key
// (fast typing, a laggy link) is two keys: blogread binds no Alt keys. Replies
// split by a slow link are waited for (see REPLY_WINDOW_MS).
import type {KeyFlags} from './keymap.js';

/** One key, as the keymap reads it: typed text (one or more characters) or a named key. */
export type KeyInput = {input: string; flags: KeyFlags};

const ESC = '\u001B';
/** An unfinished string sequence (OSC, DCS…) longer than this is dropped as it comes. */
const MAX_SEQUENCE = 4096;

const CSI_KEYS: Record<string, KeyFlags> = {
	A: {upArrow: true},
	B: {downArrow: true},
	C: {rightArrow: true},
	D: {leftArrow: true},
	H: {home: true},
	F: {end: true},
};

const TILDE_KEYS: Record<string, KeyFlags> = {
	'1': {home: true},
	'7': {home: true},
	'4': {end: true},
	'8': {end: true},
	'3': {delete: true},
	'5': {pageUp: true},
	'6': {pageDown: true},
};

/** A CSI sequence's key, if it is one: arrows, Home, End, PgUp, PgDn, Delete (modifiers are not used). */
function csiKey(parameters: string, final: string): KeyFlags | undefined {
	// Private parameters (`?`, `>`, `<`, `=`) mark replies, mouse reports and the like, never keys.
	if (/^[?<>=]/.test(parameters)) return undefined;
	if (final === '~') return TILDE_KEYS[parameters.split(';')[0] ?? ''];
	// A key has at most a `1;modifier` before its final byte; a cursor report (`12;40R`) is not a key.
	if (parameters !== '' && !/^1;\d+$/.test(parameters)) return undefined;
	return CSI_KEYS[final];
}

const CONTROL_KEYS: Record<string, KeyFlags> = {
	'\r': {return: true},
	'\n': {return: true},
	'\t': {tab: true},
	'\u007F': {backspace: true},
	'\b': {backspace: true},
};

/** A control character typed as a key: Enter, Tab, Backspace, or Ctrl with a letter. */
function controlKey(char: string): KeyInput | undefined {
	const named = CONTROL_KEYS[char];
	if (named) return {input: '', flags: named};
	const code = char.charCodeAt(0);
	if (code >= 1 && code <= 26) return {input: String.fromCharCode(code + 96), flags: {ctrl: true}};
	return undefined;
}

/** The keys a text holds, the terminal's replies and other sequences that are not keys, and an unfinished rest. */
type Parsed = {keys: KeyInput[]; replies: string[]; rest: string};

/**
 * Where a string sequence (OSC, DCS, APC, PM, SOS) ends: after BEL or ST; -1
 * while unfinished. A control character no terminal puts in one (a Ctrl key
 * typed meanwhile) ends it too, as in xterm, and is read as the key it is.
 */
function stringEnd(text: string, from: number, belEnds: boolean): number {
	for (let index = from; index < text.length; index++) {
		const char = text[index] ?? '';
		if (char === '\u0007' && belEnds) return index + 1;
		if (char === '\u009C') return index + 1;
		if (char === ESC && text[index + 1] === '\\') return index + 2;
		if (char < ' ' && char !== ESC && !(char >= '\b' && char <= '\r')) return index;
	}

	return -1;
}

/**
 * Reads as many keys as `text` holds; `rest` is an unfinished sequence at its
 * end, kept for the next chunk (or given up on by `flush`).
 */
function parse(text: string): Parsed {
	const keys: KeyInput[] = [];
	const replies: string[] = [];
	let typed = '';
	const key = (next: KeyInput) => {
		if (typed !== '') keys.push({input: typed, flags: {}});
		typed = '';
		keys.push(next);
	};

	let index = 0;
	while (index < text.length) {
		const char = text[index] ?? '';
		const introducer = char === ESC ? text[index + 1] : undefined;
		// CSI: ESC [ (or the 8-bit CSI) parameters, intermediates, final byte.
		if (introducer === '[' || char === '\u009B') {
			const start = index + (char === ESC ? 2 : 1);
			const match = /^([\x30-\x3F]*)([\x20-\x2F]*)([\x40-\x7E])/.exec(text.slice(start, start + MAX_SEQUENCE));
			if (!match) {
				if (text.length - start < MAX_SEQUENCE && /^[\x20-\x3F]*$/.test(text.slice(start))) break;
				index = start;
				continue;
			}

			const [whole, parameters = '', intermediates = '', final = ''] = match;
			const flags = intermediates === '' ? csiKey(parameters, final) : undefined;
			// Bracketed paste markers go; what was pasted between them is typed text.
			if (flags) key({input: '', flags});
			else replies.push(text.slice(index, start + whole.length));
			index = start + whole.length;
			continue;
		}

		// SS3: ESC O and one byte (arrows, Home and End in application mode; F1-F4).
		if (introducer === 'O') {
			if (index + 2 >= text.length) break;
			const flags = CSI_KEYS[text[index + 2] ?? ''];
			if (flags) key({input: '', flags});
			index += 3;
			continue;
		}

		// String sequences: OSC (ends with BEL or ST), DCS, SOS, PM, APC (end with ST); 8-bit forms too.
		const stringStart =
			introducer !== undefined && ']PX^_'.includes(introducer)
				? index + 2
				: '\u009D\u0090\u0098\u009E\u009F'.includes(char)
					? index + 1
					: -1;
		if (stringStart !== -1) {
			const end = stringEnd(text, stringStart, introducer === ']' || char === '\u009D');
			if (end === -1) {
				if (text.length - index < MAX_SEQUENCE) break;
				index = text.length;
				continue;
			}

			replies.push(text.slice(index, end));
			index = end;
			continue;
		}

		if (char === ESC) {
			// A lone Esc at the end may be the start of a sequence still on its way: kept for the next chunk.
			if (index + 1 >= text.length) break;
			// Esc then anything else (a key typed right after it, another Esc): Esc, then that.
			key({input: '', flags: {escape: true}});
			index++;
			continue;
		}

		const control = char < ' ' || char === '\u007F' ? controlKey(char) : undefined;
		if (control) key(control);
		// Other C0 and C1 controls are not keys.
		else if (char >= ' ' && !(char >= '\u0080' && char <= '\u009F')) typed += char;
		index++;
	}

	if (typed !== '') keys.push({input: typed, flags: {}});
	return {keys, replies, rest: text.slice(index)};
}

/** How long a lone Esc waits for the rest of a sequence before it is the Escape key: a person notices no more. */
export const ESCAPE_WAIT_MS = 50;
/**
 * How long a terminal's reply may take to arrive whole. Over ssh a reply can
 * be split with a gap of a tenth of a second or more: its start (`ESC[`, `ESC]`,
 * `ESCP`) waits this long for the rest, and after an Esc already taken as the
 * key, a `[`, `]`, `P`, `_` or `O` arriving within it is that sequence's rest.
 */
export const REPLY_WINDOW_MS = 500;
/** What follows Esc to start a sequence: CSI, OSC, DCS, APC, SS3. */
const INTRODUCERS = '[]P_O';

export type KeyReaderOptions = {
	now?: () => number;
	/** Told each complete sequence that is not a key: a reply to a query, say (graphics.ts reads them). */
	onReply?: (sequence: string) => void;
};

/**
 * Reads keys from terminal input that arrives in chunks, holding an unfinished
 * sequence between them. Its owner calls `expire` once `due()` ms pass with no
 * more input: a lone Esc is then the Escape key, anything else held is given up.
 */
export function createKeyReader({now = () => performance.now(), onReply}: KeyReaderOptions = {}) {
	let rest = '';
	/** The Esc that starts `rest` was given as the Escape key already (its sequence came late). */
	let escapeGiven = false;
	/** When a lone Esc was given as the Escape key: its sequence's rest may still come, within the reply window. */
	let escapeAt: number | undefined;
	return {
		/** The keys of a chunk, and of what was held from the last one. */
		push(chunk: string): KeyInput[] {
			let text = rest + chunk;
			const late = rest === '' && escapeAt !== undefined && now() - escapeAt <= REPLY_WINDOW_MS;
			escapeAt = undefined;
			if (late && INTRODUCERS.includes(chunk[0] ?? '')) {
				text = ESC + chunk;
				escapeGiven = true;
			}

			const parsed = parse(text);
			for (const reply of parsed.replies) onReply?.(reply);
			// The held sequence is still the one whose Esc was given only while nothing of it was read.
			escapeGiven &&= parsed.rest === text;
			rest = parsed.rest;
			return parsed.keys;
		},
		/** How long to wait for more input before calling `expire`; undefined when nothing is held. */
		due(): number | undefined {
			if (rest === '') return undefined;
			return rest === ESC && !escapeGiven ? ESCAPE_WAIT_MS : REPLY_WINDOW_MS;
		},
		/**
		 * Nothing more came: a lone Esc was the Escape key; Esc and one more key
		 * (`[`, `]`, `P`: the start of a sequence that never came) are keys a
		 * person typed; anything longer was a sequence cut short, and is no key.
		 */
		expire(): KeyInput[] {
			const held = rest;
			const given = escapeGiven;
			rest = '';
			escapeGiven = false;
			if (held[0] !== ESC || held.length > 2) return [];
			if (held.length === 1) {
				if (given) return [];
				escapeAt = now();
				return [{input: '', flags: {escape: true}}];
			}

			const after = parse(held.slice(1)).keys;
			return given ? after : [{input: '', flags: {escape: true}}, ...after];
		},
	};
}
