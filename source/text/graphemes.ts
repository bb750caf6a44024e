// Grapheme segments as Intl.Segmenter gives them, without its cost where the
// text is ASCII. Iterating Intl.Segmenter takes about a microsecond a
// character, and Ink cuts every row of every frame into graphemes: much of a
// keystroke's work over a wide list. Between two ASCII characters there is
// always a boundary (Unicode's only ASCII exception is CR LF), so only runs
// that touch other characters need the segmenter. The bundle hands this to
// the dependencies that segment (scripts/bundle.mjs), made on first use.

/**
 * The runtime's own segmenter. Taken apart from `Intl`, not named as
 * `Intl.Segmenter`: the bundle defines that name to be the stand-in built on
 * this module (source/shims/segmenter.ts).
 */
const {Segmenter: NativeSegmenter} = Intl;

/** A grapheme as Intl.Segmenter describes it. */
export type Grapheme = {segment: string; index: number; input: string};

/** What `segment` gives: the graphemes in order, and the one holding a position. */
export type Graphemes = Iterable<Grapheme> & {containing(index?: number): Grapheme | undefined};

const CR = 13;
const LF = 10;

/** Whether Unicode's rules always put a boundary between text[at - 1] and text[at] (0 < at < length). */
function boundaryAt(text: string, at: number): boolean {
	const before = text.charCodeAt(at - 1);
	const after = text.charCodeAt(at);
	return before < 0x80 && after < 0x80 && !(before === CR && after === LF);
}

function* graphemesOf(text: string, real: () => Intl.Segmenter): Generator<Grapheme> {
	const {length} = text;
	let at = 0;
	while (at < length) {
		// An ASCII character with a sure boundary after it (boundaryAt checks it is ASCII) is a grapheme alone.
		const last = at + 1 === length;
		if ((last && text.charCodeAt(at) < 0x80) || (!last && boundaryAt(text, at + 1))) {
			yield {segment: text.charAt(at), index: at, input: text};
			at++;
			continue;
		}

		// A run up to the next sure boundary, segmented by Unicode's rules.
		let end = at + 1;
		while (end < length && !boundaryAt(text, end)) end++;
		for (const {segment, index} of real().segment(text.slice(at, end))) yield {segment, index: at + index, input: text};
		at = end;
	}
}

/**
 * Stands in for `new Intl.Segmenter(locales, options)`: the same segments,
 * the ASCII between sure boundaries cut without it; other granularities
 * (words, sentences) get Intl.Segmenter itself.
 */
export function graphemeSegmenter(
	locales?: string | string[],
	options?: Intl.SegmenterOptions,
): {segment(text: string): Graphemes} {
	let segmenter: Intl.Segmenter | undefined;
	const real = () => {
		segmenter ??= new NativeSegmenter(locales, options);
		return segmenter;
	};

	if ((options?.granularity ?? 'grapheme') !== 'grapheme') return {segment: text => real().segment(text)};
	return {
		segment(text) {
			let segments: Intl.Segments | undefined;
			return {
				[Symbol.iterator]: () => graphemesOf(text, real),
				containing(index = 0) {
					if (index < 0 || index >= text.length) return undefined;
					const alone =
						text.charCodeAt(index) < 0x80 &&
						(index === 0 || boundaryAt(text, index)) &&
						(index + 1 === text.length || boundaryAt(text, index + 1));
					if (alone) return {segment: text.charAt(index), index, input: text};
					segments ??= real().segment(text);
					const found = segments.containing(index);
					return found && {segment: found.segment, index: found.index, input: text};
				},
			};
		},
	};
}
