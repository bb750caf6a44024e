// Hugo's shortcode parameters, as its documentation describes them.
import {isWhiteSpace, isWordCode} from '../text/char-codes.js';

export type Parameters = {named: Map<string, string>; positional: string[]};

const isNameCode = (code: number) => isWordCode(code) || code === 45;
/** What `.` never matches. */
const isLineEnd = (code: number) => code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
/** A bare value's characters: `[^\s"`']`. */
const isBareCode = (code: number) => !isWhiteSpace(code) && code !== 34 && code !== 96 && code !== 39;

/**
 * Hugo's shortcode parameters, named and positional: each quoted (`"…"` with
 * backslash escapes, `` `…` ``, `'…'`) or bare, each `name=value` or
 * positional, as `/(?:([\w-]+)\s*=\s*)?(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`|'([^']*)'|([^\s"`']+))/g`
 * reads them, in one pass: a `"` never closed is read to its end once, and the
 * `"` inside it are known not to close either.
 */
export function shortcodeParameters(text: string): Parameters {
	const named = new Map<string, string>();
	const positional: string[] = [];
	// A `"` in [unclosedFrom, unclosedTo) opens nothing: its scan ended without a closing quote there.
	let unclosedFrom = -1;
	let unclosedTo = -1;

	/** A value at `at`: its text and where it ends, or undefined. */
	const valueAt = (at: number): {value: string; end: number} | undefined => {
		const code = text.charCodeAt(at);
		if (code === 34) {
			if (at >= unclosedFrom && at < unclosedTo) return undefined;
			let index = at + 1;
			while (index < text.length) {
				const inside = text.charCodeAt(index);
				if (inside === 34) return {value: text.slice(at + 1, index).replace(/\\(.)/g, '$1'), end: index + 1};
				if (inside === 92) {
					if (index + 1 >= text.length || isLineEnd(text.charCodeAt(index + 1))) break;
					index += 2;
				} else {
					index++;
				}
			}

			unclosedFrom = at;
			unclosedTo = index;
			return undefined;
		}

		if (code === 96 || code === 39) {
			const close = text.indexOf(text[at] as string, at + 1);
			return close === -1 ? undefined : {value: text.slice(at + 1, close), end: close + 1};
		}

		let end = at;
		while (end < text.length && isBareCode(text.charCodeAt(end))) end++;
		return end > at ? {value: text.slice(at, end), end} : undefined;
	};

	let at = 0;
	while (at < text.length) {
		// `([\w-]+)\s*=\s*` first, then the value alone.
		let nameEnd = at;
		while (nameEnd < text.length && isNameCode(text.charCodeAt(nameEnd))) nameEnd++;
		let read: {value: string; end: number} | undefined;
		if (nameEnd > at) {
			let equals = nameEnd;
			while (equals < text.length && isWhiteSpace(text.charCodeAt(equals))) equals++;
			if (text.charCodeAt(equals) === 61) {
				let value = equals + 1;
				while (value < text.length && isWhiteSpace(text.charCodeAt(value))) value++;
				read = valueAt(value);
				if (read) named.set(text.slice(at, nameEnd).toLowerCase(), read.value);
			}
		}

		if (!read) {
			read = valueAt(at);
			if (read) positional.push(read.value);
		}

		at = read ? read.end : at + 1;
	}

	return {named, positional};
}
