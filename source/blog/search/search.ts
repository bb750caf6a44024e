import {wordRuns} from '../../text/search-words.js';
import {readBody} from '../load/body.js';
import type {Post} from '../model/model.js';
import {FieldBlocks, fieldsOf, fieldsText, rankInFields} from './post-fields.js';
import {BODY, rankOf, SUBSTRING, TOP_RANK} from './search-ranks.js';
import type {SearchStore} from './search-store.js';
import {WordIndex} from './word-index.js';

export {describeRank, MATCH_FIELDS, MATCH_KINDS, type MatchField, type MatchKind, TOP_RANK} from './search-ranks.js';

/**
 * A search over posts: `rank(post)` is 0 when a word is missing everywhere,
 * else how well the post matches, higher better, by tiers: the whole search
 * as a phrase (in a title, tags, excerpt), then every word as a whole word,
 * then as a word's start, then inside a word; within each, title above tags
 * above excerpt and author above body. A post's tier is that of its worst word.
 */
export type Search = {
	words: string[];
	rank(post: Post): number;
	/** `rank` of each post given, by position: for whole lists, where a call a post costs too much. */
	rankAll(posts: readonly Post[]): Uint8Array;
};

const everyPost = (words: string[]): Search => ({
	words,
	rank: () => 1,
	rankAll: posts => new Uint8Array(posts.length).fill(1),
});

/** A search from its `rank` alone. */
function postByPost(words: string[], rank: (post: Post) => number): Search {
	return {
		words,
		rank,
		rankAll(posts) {
			const ranks = new Uint8Array(posts.length);
			for (let index = 0; index < posts.length; index++) ranks[index] = rank(posts[index] as Post);
			return ranks;
		},
	};
}
const phraseOf = (words: string[]) => (words.length > 1 ? words.join(' ') : undefined);

/** A post's rank by its fields alone. */
function rankByFields(post: Post, words: string[], phrase: string | undefined): number {
	const fields = fieldsOf(post);
	if (phrase !== undefined) {
		const rank = rankInFields(fields, phrase, true);
		if (rank > 0) return rank;
	}

	let worst = TOP_RANK;
	for (const word of words) {
		const best = rankInFields(fields, word, false);
		if (best === 0) return 0;
		worst = Math.min(worst, best);
	}

	return worst;
}

/**
 * Every read post's ranks for one search, by number: the phrase's and each
 * word's in the fields, and how each word is found in the body.
 */
type Ranks = {phrase: Uint8Array | undefined; fields: Uint8Array[]; body: Uint8Array[]};

/** The rank of post `number` from its ranks, as `rankByFields` combines them, with the body's. */
function rankFrom(ranks: Ranks, number: number): number {
	const phrase = ranks.phrase?.[number] ?? 0;
	if (phrase > 0) return phrase;
	let worst = TOP_RANK;
	// Indexed, not entries(): this runs for every post at every key typed.
	for (let word = 0; word < ranks.fields.length; word++) {
		const kind = ranks.body[word]?.[number] ?? 0;
		const best = Math.max(ranks.fields[word]?.[number] ?? 0, kind > 0 ? rankOf(kind, BODY) : 0);
		if (best === 0) return 0;
		worst = Math.min(worst, best);
	}

	return worst;
}

/** rankOf(kind, BODY) for each kind a body's word index gives (0: not found). */
const BODY_RANKS = Uint8Array.from({length: TOP_RANK + 1}, (_, kind) => (kind > 0 ? rankOf(kind, BODY) : 0));

/**
 * rankFrom for every post numbered in `numbers` (those at -1, not read yet,
 * are left at 0): one loop over typed arrays, as this runs for every post at
 * every key typed; a search of one word, the most typed, on a shorter path.
 */
function rankAllFrom(ranks: Ranks, numbers: Int32Array): Uint8Array {
	const found = new Uint8Array(numbers.length);
	const [onlyFields, onlyBody] = ranks.fields.length === 1 && !ranks.phrase ? [ranks.fields[0], ranks.body[0]] : [];
	for (let index = 0; index < numbers.length; index++) {
		const number = numbers[index] ?? -1;
		if (number === -1) continue;
		if (onlyFields && onlyBody) {
			const inFields = onlyFields[number] ?? 0;
			const inBody = BODY_RANKS[onlyBody[number] ?? 0] ?? 0;
			found[index] = Math.max(inFields, inBody);
		} else {
			found[index] = rankFrom(ranks, number);
		}
	}

	return found;
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
export const fieldsOnly: SearchText = {
	search(words) {
		if (words.length === 0) return everyPost(words);
		const phrase = phraseOf(words);
		return postByPost(words, post => rankByFields(post, words, phrase));
	},
	complete: false,
};

/** Ranks kept (by search word, for fields and bodies): a few searches' worth, a byte a post each. */
const KEPT_RANKS = 24;

/**
 * The bodies searches need, read from the posts' files a slice at a time.
 * Only their words are kept (word-index.ts), so in bodies a search word is
 * matched word by word, its punctuation left out: `fmt.println` finds posts
 * with the words `fmt` and `println`, and `readfile` finds `readFileSync`.
 */
export class SearchBodies {
	private readonly index = new WordIndex();
	/** Each read post's fields, by the same number as its body's words. */
	private readonly fields = new FieldBlocks();
	private readonly numbers = new WeakMap<Post, number>();
	private readonly keptRanks = new Map<string, Uint8Array>();
	private keptSize = 0;
	private readonly listNumbers = new WeakMap<readonly Post[], {size: number; numbers: Int32Array}>();
	/** Lists of posts whose every body is read (a list of posts never changes: an edit makes a new one). */
	private readonly read = new WeakSet<readonly Post[]>();
	/** How far through each list of posts reading has gone. */
	private readonly reached = new WeakMap<readonly Post[], number>();

	private readonly readText: (post: Post) => string;
	private readonly store: SearchStore | undefined;
	/** The post whose body is going into the index a slice at a time. */
	private adding: Post | undefined;
	/** Bodies read from their files since the store was last written. */
	private readFromFiles = 0;

	/** `readText`: a post's body (its file's, by default); `store`: the words kept from earlier runs. */
	constructor(options: {readText?: (post: Post) => string; store?: SearchStore | undefined} = {}) {
		this.readText = options.readText ?? (post => readBody(post).markdown);
		this.store = options.store;
	}

	/** Reads bodies (or their kept words) until `budgetMs` is spent; true when every post's body is read. */
	prepare(posts: readonly Post[], budgetMs = Number.POSITIVE_INFINITY): boolean {
		if (this.read.has(posts)) return true;
		const end = performance.now() + budgetMs;
		let started = false;
		// Each slice goes on where the last one stopped: walking past the posts read already would take a slice.
		for (let index = this.reached.get(posts) ?? 0; index < posts.length; index++) {
			const post = posts[index] as Post;
			if (this.numbers.has(post)) continue;
			// Every slice does some work, however late it starts: one that only looked at the clock would never end.
			if ((started && performance.now() > end) || !this.addBody(post, end)) {
				this.reached.set(posts, index);
				return false;
			}

			started = true;
		}

		this.read.add(posts);
		// What the first search over them needs and would otherwise work out while a key waits.
		this.index.ready();
		this.numbersOf(posts);
		this.keep(posts);
		return true;
	}

	/**
	 * Adds a post's body (or its kept words) to the index until `end`; true
	 * once it is in. A long body is added over several slices, going on with
	 * it first whatever list the next slice is for.
	 */
	private addBody(post: Post, end: number): boolean {
		if (this.adding && !this.goOnAdding(end)) return false;
		if (this.numbers.has(post)) return true;
		const kept = this.store?.wordsFor(post, this.index);
		if (kept) {
			this.numbered(post, this.index.addWords(kept));
			return true;
		}

		this.readFromFiles++;
		this.index.begin(this.readText(post));
		this.adding = post;
		return this.goOnAdding(end);
	}

	private goOnAdding(end: number): boolean {
		const number = this.index.addMore(end);
		if (number === undefined || !this.adding) return false;
		this.numbered(this.adding, number);
		this.adding = undefined;
		return true;
	}

	/** A post's fields go by the same number as its body's words. */
	private numbered(post: Post, number: number): void {
		this.fields.add(fieldsText(post));
		this.numbers.set(post, number);
	}

	/** Writes the store when bodies were read from files: the next run takes their words from it. */
	private keep(posts: readonly Post[]): void {
		if (!this.store || this.readFromFiles === 0) return;
		this.readFromFiles = 0;
		this.store.save(
			this.index,
			posts.map(post => ({post, number: this.numbers.get(post) ?? 0})),
		);
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
				if (words.length === 0) return everyPost(words);
				const phrase = phraseOf(words);
				let computed: Ranks | undefined;
				const ranks = () => {
					computed ??= this.ranks(words, phrase);
					return computed;
				};

				return {
					words,
					rank: post => {
						const number = this.numbers.get(post);
						return number === undefined ? rankByFields(post, words, phrase) : rankFrom(ranks(), number);
					},
					rankAll: list => {
						const numbers = this.numbersOf(list);
						const found = rankAllFrom(ranks(), numbers);
						for (let index = 0; index < list.length; index++)
							if (numbers[index] === -1) found[index] = rankByFields(list[index] as Post, words, phrase);
						return found;
					},
				};
			},
			complete: this.allRead(posts),
		};
	}

	/** Each post's number, by position in the list (-1: not read yet); kept for the list while no body is added. */
	private numbersOf(posts: readonly Post[]): Int32Array {
		const kept = this.listNumbers.get(posts);
		if (kept?.size === this.index.size) return kept.numbers;
		const numbers = new Int32Array(posts.length);
		for (let index = 0; index < posts.length; index++) numbers[index] = this.numbers.get(posts[index] as Post) ?? -1;
		this.listNumbers.set(posts, {size: this.index.size, numbers});
		return numbers;
	}

	/** Every read post's ranks for a search, worked out in one pass a word (post-fields.ts, word-index.ts). */
	private ranks(words: string[], phrase: string | undefined): Ranks {
		const fields = words.map(word => {
			const within = this.keptFields(word.slice(0, -1)) ?? this.keptFields(word.slice(1));
			return this.kept(`fields\0${word}`, size => this.inFields(word, false, size, within));
		});
		return {
			phrase:
				phrase === undefined
					? undefined
					: this.kept(`phrase\0${phrase}`, size => this.inFields(phrase, true, size, fields[0])),
			fields,
			body: words.map(word => this.kept(`body\0${word}`, size => this.bodyKinds(word, size))),
		};
	}

	/** Where `text` is in the posts' fields, when worked out already for the posts there are now. */
	private keptFields(text: string): Uint8Array | undefined {
		return text === '' || this.keptSize !== this.index.size ? undefined : this.keptRanks.get(`fields\0${text}`);
	}

	/**
	 * Ranks by post number, kept for the last few search words while no body
	 * is added: typing `post 42` works out `post` once, and the list and the
	 * tag picker share them.
	 */
	private kept(key: string, work: (size: number) => Uint8Array): Uint8Array {
		const {size} = this.index;
		if (this.keptSize !== size) {
			this.keptRanks.clear();
			this.keptSize = size;
		}

		let ranks = this.keptRanks.get(key);
		if (!ranks) {
			if (this.keptRanks.size >= KEPT_RANKS) this.keptRanks.clear();
			ranks = work(size);
			this.keptRanks.set(key, ranks);
		}

		return ranks;
	}

	/** `within`: the ranks of a text that `text` holds (posts without it can't have `text`). */
	private inFields(text: string, phrase: boolean, size: number, within?: Uint8Array): Uint8Array {
		const ranks = new Uint8Array(size);
		this.fields.rank(text, phrase, ranks, within);
		return ranks;
	}

	/**
	 * How a search word is found in each read body: its worst part's best
	 * match (`fmt.p` needs `fmt` and a word starting `p`); a word with no
	 * letters or digits (`::`) asks nothing of bodies.
	 */
	private bodyKinds(word: string, size: number): Uint8Array {
		const kinds = new Uint8Array(size);
		const parts = wordRuns(word);
		if (parts.length === 0) return kinds.fill(SUBSTRING);
		const part = new Uint8Array(size);
		for (const [index, text] of parts.entries()) {
			this.index.bestInEach(this.index.findings(text), index === 0 ? kinds : part);
			if (index > 0)
				for (let number = 0; number < size; number++) kinds[number] = Math.min(kinds[number] ?? 0, part[number] ?? 0);
		}

		return kinds;
	}
}
