// How well a post matches a search, as one number: by the kind of match
// (the phrase, whole words, word starts, inside words) and then by the field
// (title, tags, excerpt, body). search.ts explains the order.
import {PREFIX, SUBSTRING, WHOLE} from './word-index.js';

/** Where a match was found, best first. Authors count as excerpts; categories as tags. */
export const MATCH_FIELDS = ['title', 'tags', 'excerpt', 'body'] as const;
/** How a match was found, best first: the whole search as a phrase, a whole word, a word's start, inside a word. */
export const MATCH_KINDS = ['phrase', 'whole word', 'word prefix', 'substring'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];
export type MatchKind = (typeof MATCH_KINDS)[number];

export {PREFIX, SUBSTRING, WHOLE};
/** A phrase is a kind above WHOLE. */
export const PHRASE = WHOLE + 1;
export const TITLE = 0;
export const BODY = 3;
const FIELD_COUNT = MATCH_FIELDS.length;
/** Ranks run from 1 (a substring in a body) to TOP_RANK (the phrase in a title); 0 is no match. */
export const TOP_RANK = MATCH_KINDS.length * FIELD_COUNT;

/** A rank from a kind (SUBSTRING … PHRASE) and a field (TITLE … BODY). */
export function rankOf(kind: number, field: number): number {
	return (kind - 1) * FIELD_COUNT + (FIELD_COUNT - field);
}

/** What a rank means: how and where the search was found. */
export function describeRank(rank: number): {kind: MatchKind; field: MatchField} | null {
	if (rank <= 0 || rank > TOP_RANK) return null;
	const kind = MATCH_KINDS[MATCH_KINDS.length - 1 - Math.floor((rank - 1) / FIELD_COUNT)] ?? 'substring';
	const field = MATCH_FIELDS[FIELD_COUNT - 1 - ((rank - 1) % FIELD_COUNT)] ?? 'body';
	return {kind, field};
}
