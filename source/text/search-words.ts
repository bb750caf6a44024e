// What search counts as a word: runs of letters, digits, marks and `_` (so
// `snake_case` and `readFileSync` are one word each), in any script.

const WORD = /^[\p{L}\p{N}\p{M}_]$/u;

/** ASCII word characters: 1 where a code below 128 is one. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_WORD[code] = WORD.test(String.fromCharCode(code)) ? 1 : 0;

// Other characters of the Basic Multilingual Plane are classified once, on first sight: 0 unknown, 1 word, 2 not.
const bmpWord = new Uint8Array(0x10000);

/** Whether a code point is a word character. */
export function isWordCodePoint(code: number): boolean {
	if (code < 128) return ASCII_WORD[code] === 1;
	if (code > 0xffff) return WORD.test(String.fromCodePoint(code));
	let known = bmpWord[code];
	if (known === 0) {
		known = WORD.test(String.fromCharCode(code)) ? 1 : 2;
		bmpWord[code] = known;
	}

	return known === 1;
}

/** How many code units the word character at `index` takes (2 for a pair of surrogates), or 0 if it is not one. */
export function wordWidthAt(text: string, index: number): number {
	const code = text.charCodeAt(index);
	if (code < 128) return ASCII_WORD[code] ?? 0;
	const point = text.codePointAt(index) ?? code;
	if (!isWordCodePoint(point)) return 0;
	return point > 0xffff ? 2 : 1;
}

/** Whether a word character ends just before `index`. */
export function wordBefore(text: string, index: number): boolean {
	if (index <= 0) return false;
	const code = text.charCodeAt(index - 1);
	// The second half of a pair: the character is the pair.
	if (code >= 0xdc00 && code <= 0xdfff && index >= 2) return wordWidthAt(text, index - 2) === 2;
	return wordWidthAt(text, index - 1) > 0;
}

/** Whether a word character starts at `index`. */
export function wordAt(text: string, index: number): boolean {
	return index < text.length && wordWidthAt(text, index) > 0;
}

/** The words of a text, in lower case, as search indexes them: `fmt.Println(x)` is `fmt`, `println`, `x`. */
export function wordRuns(text: string): string[] {
	const runs: string[] = [];
	let index = 0;
	while (index < text.length) {
		const start = index;
		for (let width = wordWidthAt(text, index); width > 0; width = wordWidthAt(text, index)) index += width;
		if (index > start) runs.push(text.slice(start, index).toLowerCase());
		else index++;
	}

	return runs;
}
