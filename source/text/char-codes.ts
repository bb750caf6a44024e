// Character classes of JavaScript's patterns, by UTF-16 code unit, for the scanners that replace
// patterns built on them (each reads as the pattern did).

/** Whether a code unit is in `\s` (what `trim()` takes off too). */
export function isWhiteSpace(code: number): boolean {
	return (
		code === 0x20 ||
		(code >= 0x09 && code <= 0x0d) ||
		code === 0xa0 ||
		code === 0x1680 ||
		(code >= 0x2000 && code <= 0x200a) ||
		code === 0x2028 ||
		code === 0x2029 ||
		code === 0x202f ||
		code === 0x205f ||
		code === 0x3000 ||
		code === 0xfeff
	);
}

/** Whether a code unit is in `\w`: an ASCII letter, digit or underscore. */
export const isWordCode = (code: number): boolean =>
	(code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/** Whether a code unit is an ASCII letter. */
export const isAsciiLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Whether a code unit is ASCII punctuation: what a backslash escapes in Markdown. */
export const isAsciiPunctuation = (code: number): boolean =>
	(code >= 0x21 && code <= 0x2f) ||
	(code >= 0x3a && code <= 0x40) ||
	(code >= 0x5b && code <= 0x60) ||
	(code >= 0x7b && code <= 0x7e);
