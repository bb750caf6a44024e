// The text a post keeps for as long as blogread runs (its title, tags, dates…), made as small as
// it can be: at 100,000 posts these strings are much of the memory a list holds.
//
// V8 cuts a string of 13 characters or more out of another as a view into it, so a title read
// from front matter kept the whole front matter alive (some 200 bytes a post, 19 MB at 100,000
// posts): a kept string is a copy of its own characters. Short ones that posts share (tags,
// categories, authors, dates) are shared: one string for every post that has it. Titles, slugs and
// excerpts are not looked for among them: they would only fill the table.

/** Texts up to this long are shared between posts; longer ones rarely repeat. */
const SHARED_UP_TO = 32;
/** At most this many texts are shared, so a blog of all-different tags cannot grow the table without end. */
const MAX_SHARED = 65_536;
/** Shorter strings are copies already, never views. */
const VIEW_FROM = 13;

const shared = new Map<string, string>();

/**
 * `text` as a post keeps it when posts rarely share it (a title, a slug, an excerpt): a string of its own
 * with its characters. Joining an array writes its parts into a new flat string (a `+` would make a pair
 * pointing at both): three times quicker than through a buffer, and lone surrogates come through as they are.
 */
export function ownText(text: string): string {
	if (text.length < VIEW_FROM) return text;
	return [text.slice(0, 1), text.slice(1)].join('');
}

/** `text` as a post keeps it: shared with the posts that have the same, or its own copy. */
export function keptText(text: string): string {
	if (text.length > SHARED_UP_TO) return ownText(text);
	const known = shared.get(text);
	if (known !== undefined) return known;
	const kept = ownText(text);
	if (shared.size < MAX_SHARED) shared.set(kept, kept);
	return kept;
}
