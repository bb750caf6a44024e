// Whether a config file sets a key, read without parsing it: how a Hugo or Zola site is told apart from the
// other generators before its config is read in full.
import {isWhiteSpace} from '../../text/char-codes.js';

/** Where `^` matches in a pattern with the `m` flag: after each of these. */
const isLineEnd = (code: number): boolean => code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;

/** Whether only white space other than line ends lies between the line's start and `at`. */
function startsLine(text: string, at: number): boolean {
	let before = at - 1;
	while (before >= 0 && isWhiteSpace(text.charCodeAt(before)) && !isLineEnd(text.charCodeAt(before))) before--;
	return before < 0 || isLineEnd(text.charCodeAt(before));
}

/**
 * Whether a line of `text` is `name` (a word of ASCII letters and `_`), white space, `=`: what
 * `/^\s*name\s*=/m` (with `i` when `ignoreCase`) tests, in one pass. That pattern's `^\s*` crosses line ends,
 * so from each line of a run of blank lines it read the whole run again: a config.toml of 160 KB of blank
 * lines took 22 s. Here each place the name is written is looked at once: the white space before it, back to
 * its line's start, and after it, to the `=`. Neither can reach another place the name is written, so no
 * character is read twice; a file without the name is one search.
 */
export function hasSettingLine(text: string, name: string, ignoreCase = false): boolean {
	// A word of letters and `_` has nothing to escape; the `i` flag compares as the pattern did.
	const places = new RegExp(name, ignoreCase ? 'gi' : 'g');
	for (let found = places.exec(text); found !== null; found = places.exec(text)) {
		if (!startsLine(text, found.index)) continue;
		let after = found.index + name.length;
		// As the pattern's `\s*`, this may cross line ends.
		while (after < text.length && isWhiteSpace(text.charCodeAt(after))) after++;
		if (text.charCodeAt(after) === 0x3d) return true;
	}

	return false;
}
