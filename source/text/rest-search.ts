// marked asks its tokenizers and `start` functions about the rest of the text
// at each place it stops: `src` is the source from there to the end, a string
// that shrinks as tokens are taken. A search from each place to the end of the
// text costs the whole rest each time, so a post of many places (many lines,
// many openers never closed) costs the square of its length. The first match
// from one place is the first match from every later place up to it: kept as
// its distance from the end, it answers every later question about the same
// text at once, and the text is only searched again once the place is past it.

/** Where a match of a search is in `text` at or after `from`, or -1: a one-pass scan (`context` is the caller's). */
export type Find = (text: string, from: number, context: object) => number;

/** Characters compared at each end of a rest against the text last searched. */
const SAMPLE = 24;

/** What was found in one context's text. */
type Found = {
	text: string;
	/** Distance from the end of the text of where the search began. */
	searchedFrom: number;
	/** Distance from the end of the text of the match found, or -1: none to its end. */
	found: number;
};

/**
 * The first match at or after a place in the rest of a text, remembered for
 * the rests after it. What is found is kept for each context (marked's token
 * list of one lexing, fed suffixes of one string: lexings inside it, a link's
 * text, a quote's lines, keep theirs apart). A rest is answered from memory
 * only when it comes with the same context, is no longer than the rest
 * searched, and agrees with it at both ends and where the match was: any other
 * text is searched afresh.
 */
export class RestSearch {
	private readonly memory = new WeakMap<object, Found>();

	/** `find` searches; `matchesAt` says cheaply that a remembered match is still one (its first characters). */
	constructor(
		private readonly find: Find,
		private readonly matchesAt: (text: string, at: number) => boolean,
	) {}

	/** The index in `rest` of the first match at or after `from`, or -1. */
	first(rest: string, context: object, from = 0): number {
		const distance = rest.length - from;
		const known = this.memory.get(context);
		if (known && distance <= known.searchedFrom && sameEnd(rest, known.text)) {
			if (known.found === -1) return -1;
			if (known.found <= distance) {
				const at = rest.length - known.found;
				if (this.matchesAt(rest, at)) return at;
			}
		}

		const at = this.find(rest, from, context);
		const found = at === -1 ? -1 : rest.length - at;
		if (known) {
			known.text = rest;
			known.searchedFrom = distance;
			known.found = found;
		} else {
			this.memory.set(context, {text: rest, searchedFrom: distance, found});
		}

		return at;
	}
}

/** Whether `rest` reads as the end of `text`, where it can be told cheaply: at both of its ends. */
function sameEnd(rest: string, text: string): boolean {
	const offset = text.length - rest.length;
	if (offset < 0) return false;
	const head = Math.min(SAMPLE, rest.length);
	for (let index = 0; index < head; index++) {
		if (rest.charCodeAt(index) !== text.charCodeAt(offset + index)) return false;
	}

	for (let index = Math.max(head, rest.length - SAMPLE); index < rest.length; index++) {
		if (rest.charCodeAt(index) !== text.charCodeAt(offset + index)) return false;
	}

	return true;
}
