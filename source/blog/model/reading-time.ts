// Word counts and reading time, for every language: runs of letters between
// spaces for scripts that put spaces between words, one word per character for
// Chinese and Japanese, which don't (as Hugo and word processors count them).

/** A body's words, and how many of them are Han or Kana characters. */
export type WordCount = {words: number; characters: number};

/** English prose: adults read about 230 words a minute. */
const WORDS_PER_MINUTE = 230;
/**
 * Han and Kana: about 260 characters a minute for Chinese and 360 for Japanese
 * (the IReST reading-speed study), so 300 for both.
 */
const CHARACTERS_PER_MINUTE = 300;

/** Minutes to read a count of words, at least one. */
export function readingMinutes({words, characters}: WordCount): number {
	return Math.max(1, Math.round((words - characters) / WORDS_PER_MINUTE + characters / CHARACTERS_PER_MINUTE));
}

/** ASCII letters and digits: with everything beyond ASCII, they make a run of non-space characters a word. */
function isAsciiWordCode(code: number): boolean {
	return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
}

const isTail = (code: number | undefined): code is number => code !== undefined && code >= 0x80 && code <= 0xbf;

const SPACE = 1;
const CHARACTER = 2;

/**
 * The kind of the character whose first byte is at `index`, when it is a CJK
 * space or punctuation mark (SPACE: it ends a word, as a space does) or a Han
 * or Kana character (CHARACTER: a word of its own); 0 for anything else.
 * Only well-formed sequences are read; Hangul is written with spaces between
 * words, so it counts as other letters do.
 */
function cjkKind(bytes: Uint8Array, index: number, lead: number): number {
	const second = bytes[index + 1];
	const third = bytes[index + 2];
	if (!isTail(second) || !isTail(third)) return 0;
	switch (lead) {
		case 0xe3:
			// U+3000–303F CJK punctuation (the ideographic space, 、。「」) and the katakana middle
			// dot (U+30FB); U+3040–30FF kana, U+31F0–31FF kana extensions, U+3400– Han (extension A).
			if (second === 0x80 || (second === 0x83 && third === 0xbb)) return SPACE;
			if (second <= 0x83 || (second === 0x87 && third >= 0xb0) || second >= 0x90) return CHARACTER;
			return 0;
		case 0xe4:
			// U+4000–4DBF Han (extension A), then U+4DC0–4DFF hexagram symbols, then U+4E00– Han.
			return second === 0xb7 ? 0 : CHARACTER;
		case 0xe5:
		case 0xe6:
		case 0xe7:
		case 0xe8:
		case 0xe9:
			// U+5000–9FFF: Han.
			return CHARACTER;
		case 0xef:
			// U+F900–FAFF Han compatibility ideographs; U+FF01–FF65 full-width punctuation
			// (the letters and digits among them are letters); U+FF66–FF9F half-width kana.
			if (second >= 0xa4 && second <= 0xab) return CHARACTER;
			if (second === 0xbc)
				return (third >= 0x81 && third <= 0x8f) || (third >= 0x9a && third <= 0xa0) || third >= 0xbb ? SPACE : 0;
			if (second === 0xbd) {
				if (third === 0x80 || (third >= 0x9b && third <= 0xa5)) return SPACE;
				return third >= 0xa6 ? CHARACTER : 0;
			}

			if (second === 0xbe && third <= 0x9f) return CHARACTER;
			return 0;
		case 0xf0:
			// U+20000–3FFFF: Han (extensions B and later).
			return second >= 0xa0 && isTail(bytes[index + 3]) ? CHARACTER : 0;
		default:
			return 0;
	}
}

/**
 * Words in UTF-8 text, from `start`: runs of non-space characters with at
 * least one letter or digit (or any other non-ASCII character), and each Han
 * or Kana character on its own. Spaces, tabs, line breaks (and other
 * controls), the no-break space (C2 A0) and CJK punctuation end a word; every
 * byte of another non-ASCII character is above 0x7F. Counting the bytes is
 * much quicker than reading the decoded text, which matters for ten thousand posts.
 */
export function countWordsInUtf8(bytes: Uint8Array, start = 0): WordCount {
	let words = 0;
	let characters = 0;
	let inWord = false;
	let counted = false;
	const length = bytes.length;
	for (let index = start; index < length; index++) {
		const code = bytes[index] ?? 0;
		// ASCII first: most of most posts.
		if (code < 0x80) {
			if (code <= 0x20) {
				inWord = false;
			} else if (counted && inWord) {
				// The rest of a word counted already: nothing but a space or a non-ASCII character changes anything.
				let next = index + 1;
				for (let byte = bytes[next] ?? 0; byte > 0x20 && byte < 0x80; byte = bytes[next] ?? 0) next++;
				index = next - 1;
			} else if (!inWord) {
				inWord = true;
				counted = isAsciiWordCode(code);
				if (counted) words++;
			} else if (!counted && isAsciiWordCode(code)) {
				words++;
				counted = true;
			}

			continue;
		}

		// The no-break space ends a word; so do CJK punctuation, and a Han or Kana character is a word of its own.
		const kind =
			code === 0xc2 ? (bytes[index + 1] === 0xa0 ? SPACE : 0) : code >= 0xe3 ? cjkKind(bytes, index, code) : 0;
		if (kind !== 0) {
			index += code === 0xc2 ? 1 : code === 0xf0 ? 3 : 2;
			inWord = false;
			if (kind === CHARACTER) {
				words++;
				characters++;
			}

			continue;
		}

		// Any other non-ASCII byte makes its run a word.
		if (!inWord || !counted) words++;
		inWord = true;
		counted = true;
	}

	return {words, characters};
}

/** Words in a text (see countWordsInUtf8), for text whose file bytes are not at hand. */
export function countWords(body: string): WordCount {
	return countWordsInUtf8(Buffer.from(body, 'utf8'));
}
