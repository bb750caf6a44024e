import {wordAt, wordBefore, wordRuns} from '../text/words.js';
import {readBody} from './body.js';
import type {Post} from './model.js';
import {PREFIX, SUBSTRING, WHOLE, WordIndex} from './word-index.js';

/**
 * Where a match was found, best first. Authors count as excerpts; categories as tags.
 * Match kinds, best first: the whole search as a phrase, every word as a whole word,
 * as the start of a word, anywhere inside one.
 */
export const MATCH_FIELDS = ['title', 'tags', 'excerpt', 'body'] as const;
export const MATCH_KINDS = ['phrase', 'whole word', 'word prefix', 'substring'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];
export type MatchKind = (typeof MATCH_KINDS)[number];

const BODY = 3;
const FIELD_COUNT = MATCH_FIELDS.length;
/** Ranks run from 1 (a substring in a body) to TOP_RANK (the phrase in a title); 0 is no match. */
export const TOP_RANK = MATCH_KINDS.length * FIELD_COUNT;

/** A rank from a kind (PREFIX…, or 4 for a phrase) and a field (0 title … 3 body). */
function rankOf(kind: number, field: number): number {
	return (kind - 1) * FIELD_COUNT + (FIELD_COUNT - field);
}

/** What a rank means: how and where the search was found. */
export function describeRank(rank: number): {kind: MatchKind; field: MatchField} | null {
	if (rank <= 0 || rank > TOP_RANK) return null;
	const kind = MATCH_KINDS[MATCH_KINDS.length - 1 - Math.floor((rank - 1) / FIELD_COUNT)] ?? 'substring';
	const field = MATCH_FIELDS[FIELD_COUNT - 1 - ((rank - 1) % FIELD_COUNT)] ?? 'body';
	return {kind, field};
}

/**
 * A post's short fields in lower case, white space as single spaces, in one
 * text searched at once: the title, its tags and categories (one a line, so
 * no phrase spans two), its excerpt and author, ended by NUL characters.
 */
type Fields = {text: string; tagsAt: number; excerptAt: number};

// A post's fields never change (an edited post is a new object): their lower case is worked out once.
const fieldText = new WeakMap<Post, Fields>();
const lower = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function fieldsOf(post: Post): Fields {
	let fields = fieldText.get(post);
	if (!fields) {
		const title = lower(post.title);
		const tags = [...post.tags, ...post.categories].map(lower).join('\n');
		const text = `${title}\0${tags}\0${lower(post.excerpt ?? '')}\n${lower(post.author ?? '')}`;
		fields = {text, tagsAt: title.length + 1, excerptAt: title.length + tags.length + 2};
		fieldText.set(post, fields);
	}

	return fields;
}

/**
 * The best rank at which `wanted` is found in a post's fields, as typed
 * (punctuation too), or 0: a whole word when it starts and ends at word edges,
 * a word prefix when it starts at one, else a substring. With `phrase`, only
 * whole matches count, as a phrase.
 */
function rankInFields({text, tagsAt, excerptAt}: Fields, wanted: string, phrase: boolean): number {
	let at = text.indexOf(wanted);
	if (at === -1) return 0;
	// An edge is needed only where the search word itself has a word character: `42:` ends anywhere.
	const needsStart = wordAt(wanted, 0);
	const needsEnd = wordBefore(wanted, wanted.length);
	let best = 0;
	while (at !== -1) {
		const field = at < tagsAt ? 0 : at < excerptAt ? 1 : 2;
		const starts = !needsStart || !wordBefore(text, at);
		const kind = starts && (!needsEnd || !wordAt(text, at + wanted.length)) ? WHOLE : starts ? PREFIX : SUBSTRING;
		if (kind === WHOLE || !phrase) {
			best = Math.max(best, rankOf(phrase ? WHOLE + 1 : kind, field));
			// Nothing later in the text can do better than a whole word in the title.
			if (kind === WHOLE && field === 0) break;
		}

		at = text.indexOf(wanted, at + 1);
	}

	return best;
}

/** Words of the body already found, by text number, for one search: how each search word is found there. */
type BodyLookup = (post: Post, word: number) => number;

/**
 * A search over posts: `rank(post)` is 0 when a word is missing everywhere,
 * else how well the post matches, higher better, by tiers: the whole search
 * as a phrase (in a title, tags, excerpt), then every word as a whole word,
 * then as a word's start, then inside a word; within each, title above tags
 * above excerpt and author above body. A post's tier is that of its worst word.
 */
export type Search = {words: string[]; rank(post: Post): number};

function makeSearch(words: string[], body: BodyLookup | undefined): Search {
	if (words.length === 0) return {words, rank: () => 1};
	const phrase = words.length > 1 ? words.join(' ') : undefined;
	return {
		words,
		rank(post) {
			const fields = fieldsOf(post);
			if (phrase !== undefined) {
				const rank = rankInFields(fields, phrase, true);
				if (rank > 0) return rank;
			}

			let worst = TOP_RANK;
			for (const [index, word] of words.entries()) {
				let best = rankInFields(fields, word, false);
				if (body && best < rankOf(WHOLE, BODY)) {
					const kind = body(post, index);
					if (kind > 0) best = Math.max(best, rankOf(kind, BODY));
				}

				if (best === 0) return 0;
				worst = Math.min(worst, best);
			}

			return worst;
		},
	};
}

/**
 * What searches can see: the posts' fields, and the bodies read so far. A new
 * view is made whenever more bodies are read, so what was worked out from an
 * older one is known to be stale.
 */
export type SearchText = {
	/** A search for these words (in lower case, as `queryWords` gives them). */
	search(words: string[]): Search;
	/** Every post's body has been read; until then, matches in bodies may be missing. */
	complete: boolean;
};

/** Search over the posts' fields only: the list, before any body is needed. */
export const fieldsOnly: SearchText = {search: words => makeSearch(words, undefined), complete: false};

/**
 * The bodies searches need, read from the posts' files a slice at a time.
 * Only their words are kept (word-index.ts), so in bodies a search word is
 * matched word by word, its punctuation left out: `fmt.println` finds posts
 * with the words `fmt` and `println`, and `readfile` finds `readFileSync`.
 */
export class SearchBodies {
	private readonly index = new WordIndex();
	private readonly numbers = new WeakMap<Post, number>();
	/** Lists of posts whose every body is read (a list of posts never changes: an edit makes a new one). */
	private readonly read = new WeakSet<readonly Post[]>();
	/** How far through each list of posts reading has gone. */
	private readonly reached = new WeakMap<readonly Post[], number>();

	constructor(private readonly readText: (post: Post) => string = post => readBody(post).markdown) {}

	/** Reads bodies until `budgetMs` is spent; true when every post's body is read. */
	prepare(posts: readonly Post[], budgetMs = Number.POSITIVE_INFINITY): boolean {
		if (this.read.has(posts)) return true;
		const end = performance.now() + budgetMs;
		// Each slice goes on where the last one stopped: walking past the posts read already would take a slice.
		for (let index = this.reached.get(posts) ?? 0; index < posts.length; index++) {
			const post = posts[index] as Post;
			if (this.numbers.has(post)) continue;
			if (performance.now() > end) {
				this.reached.set(posts, index);
				return false;
			}

			// The fields' lower case too, so the first key typed does not wait for it.
			fieldsOf(post);
			this.numbers.set(post, this.index.add(this.readText(post)));
		}

		this.read.add(posts);
		return true;
	}

	private allRead(posts: readonly Post[]): boolean {
		if (this.read.has(posts)) return true;
		if (!posts.every(post => this.numbers.has(post))) return false;
		this.read.add(posts);
		return true;
	}

	/** A view of what is read so far, for the posts given. */
	view(posts: readonly Post[]): SearchText {
		return {
			search: words => {
				// Each search word as the body's words see it; one with none (`::`) asks nothing of the body.
				const parts = words.map(word => wordRuns(word).map(part => this.index.findings(part)));
				return makeSearch(words, (post, word) => {
					const number = this.numbers.get(post);
					const kinds = parts[word] ?? [];
					if (number === undefined) return 0;
					if (kinds.length === 0) return SUBSTRING;
					let worst = WHOLE;
					for (const found of kinds) {
						worst = Math.min(worst, this.index.bestIn(number, found));
						if (worst === 0) break;
					}

					return worst;
				});
			},
			complete: this.allRead(posts),
		};
	}
}
