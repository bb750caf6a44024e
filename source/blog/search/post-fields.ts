// The short fields a search looks at first (title, tags and categories,
// excerpt and author), in lower case, and how a search word is found in them.
// Posts whose bodies are read keep theirs in blocks of many posts, one string
// a block, so a search goes through them with one indexOf a block rather
// than a call a post: the same answers, in a fraction of the time.
import {wordAt, wordBefore} from '../../text/search-words.js';
import type {Post} from '../model/model.js';
import {PHRASE, PREFIX, rankOf, SUBSTRING, WHOLE} from './search-ranks.js';

/**
 * A post's fields in one text: the title, its tags and categories (one a
 * line, so no phrase spans two), its excerpt and author, ended by NULs.
 */
export type Fields = {text: string; tagsAt: number; excerptAt: number};

const lower = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export function fieldsText(post: Post): Fields {
	const title = lower(post.title);
	const tags = [...post.tags, ...post.categories].map(lower).join('\n');
	// Joined, not concatenated: a concatenation would keep its pieces alive for as long as the text lives.
	const text = [title, '\0', tags, '\0', lower(post.excerpt ?? ''), '\n', lower(post.author ?? '')].join('');
	return {text, tagsAt: title.length + 1, excerptAt: title.length + tags.length + 2};
}

// A post's fields never change (an edited post is a new object): their lower case is worked out once.
const fieldText = new WeakMap<Post, Fields>();

export function fieldsOf(post: Post): Fields {
	let fields = fieldText.get(post);
	if (!fields) {
		fields = fieldsText(post);
		fieldText.set(post, fields);
	}

	return fields;
}

/** A search word and the word edges it needs: only where it has a word character (`42:` ends anywhere). */
type Wanted = {text: string; needsStart: boolean; needsEnd: boolean; phrase: boolean};

function wantedOf(text: string, phrase: boolean): Wanted {
	return {text, needsStart: wordAt(text, 0), needsEnd: wordBefore(text, text.length), phrase};
}

/**
 * The rank of the match of `wanted` at `at` in `text`, in field `field`: a
 * whole word when it starts and ends at word edges, a word prefix when it
 * starts at one, else a substring; for a phrase only whole matches count (0 otherwise).
 */
function rankAt(text: string, at: number, wanted: Wanted, field: number): number {
	const starts = !wanted.needsStart || !wordBefore(text, at);
	const whole = starts && (!wanted.needsEnd || !wordAt(text, at + wanted.text.length));
	if (wanted.phrase) return whole ? rankOf(PHRASE, field) : 0;
	return rankOf(whole ? WHOLE : starts ? PREFIX : SUBSTRING, field);
}

/** The best rank of `word` in a post's fields, as typed (punctuation too), or 0; `phrase`: whole matches only. */
export function rankInFields({text, tagsAt, excerptAt}: Fields, word: string, phrase: boolean): number {
	const wanted = wantedOf(word, phrase);
	const top = phrase ? PHRASE : WHOLE;
	let found = 0;
	for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
		const field = at < tagsAt ? 0 : at < excerptAt ? 1 : 2;
		const rank = rankAt(text, at, wanted, field);
		found = Math.max(found, rank);
		// The fields come best first: after the best kind of match, nothing later in the text can do better.
		if (rank === rankOf(top, field)) break;
	}

	return found;
}

/**
 * Posts per block: a block's string is made once it is full, so posts read
 * later do not remake it; small, so the fields waiting for it die young
 * rather than pile up as old garbage.
 */
const BLOCK = 256;

type Block = {text: string; starts: Int32Array};

/** The fields of posts numbered 0, 1, 2… (their numbers in the search's word index). */
export class FieldBlocks {
	private readonly blocks: Block[] = [];
	/** The fields of the posts after the last full block. */
	private pending: string[] = [];
	private tail: Block | undefined;
	private readonly tagsAt: number[] = [];
	private readonly excerptAt: number[] = [];
	/** Where texts were found in each block's string, for the same text typed a letter further. */
	private readonly places = new Map<string, Int32Array[]>();
	/** How many posts `places` were found over: more posts, and they are found again. */
	private placesOver = 0;

	/** Adds the next post's fields. */
	add(fields: Fields): void {
		this.tagsAt.push(fields.tagsAt);
		this.excerptAt.push(fields.excerptAt);
		this.pending.push(fields.text);
		this.tail = undefined;
		if (this.pending.length === BLOCK) {
			this.blocks.push(blockOf(this.pending));
			this.pending = [];
		}
	}

	/**
	 * Sets `ranks[number]` to the best rank of `word` in each post's fields (0
	 * where it is not found). `within`: the ranks of a text `word` contains
	 * (the search as it was a key ago): a post where that was not found is
	 * passed over, and a block of posts with none is not searched.
	 */
	rank(word: string, phrase: boolean, ranks: Uint8Array, within?: Uint8Array): void {
		const wanted = wantedOf(word, phrase);
		const top = phrase ? PHRASE : WHOLE;
		if (this.pending.length > 0) this.tail ??= blockOf(this.pending);
		const blocks = this.tail ? [...this.blocks, this.tail] : this.blocks;
		if (this.placesOver !== this.tagsAt.length) {
			this.places.clear();
			this.placesOver = this.tagsAt.length;
		}

		// Typed a letter further, the word can only be where it was found a key ago.
		const shorter = word.length > 1 ? this.places.get(word.slice(0, -1)) : undefined;
		const found: Int32Array[] = [];
		for (const [index, {text, starts}] of blocks.entries()) {
			const first = index * BLOCK;
			if (within && !shorter && !anyFound(within, first, first + starts.length - 1)) {
				found.push(NOWHERE);
				continue;
			}

			const places = shorter ? placesAfter(text, word, shorter[index]) : placesOf(text, word);
			found.push(places);
			let post = 0;
			// Past the best a post can do, or in a post without the shorter text, the rest of that post is passed over.
			let passUntil = -1;
			for (let place = 0; place < places.length; place++) {
				const at = places[place] ?? 0;
				if (at < passUntil) continue;
				while ((starts[post + 1] ?? text.length) <= at) post++;
				const number = first + post;
				const next = starts[post + 1] ?? text.length;
				if (within && within[number] === 0) {
					passUntil = next;
					continue;
				}

				const offset = at - (starts[post] ?? 0);
				const field = offset < (this.tagsAt[number] ?? 0) ? 0 : offset < (this.excerptAt[number] ?? 0) ? 1 : 2;
				const rank = rankAt(text, at, wanted, field);
				if (rank > (ranks[number] ?? 0)) ranks[number] = rank;
				// The fields come best first: after the best kind of match, nothing later in this post can do better.
				if (rank === rankOf(top, field)) passUntil = next;
			}
		}

		if (this.places.size >= KEPT_PLACES) this.places.clear();
		this.places.set(word, found);
	}
}

/** How many texts' places are kept: the words of a search being typed, and its phrase. */
const KEPT_PLACES = 8;
const NOWHERE = new Int32Array(0);

/** Every place `word` is at in `text`. */
function placesOf(text: string, word: string): Int32Array {
	const places: number[] = [];
	for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) places.push(at);
	return Int32Array.from(places);
}

/** The places of `word` among `shorter`, those of the word without its last letter. */
function placesAfter(text: string, word: string, shorter: Int32Array | undefined): Int32Array {
	if (!shorter) return placesOf(text, word);
	const last = word.charCodeAt(word.length - 1);
	const end = word.length - 1;
	// A loop, not filter(): a callback a place was most of a key's time.
	const places = new Int32Array(shorter.length);
	let count = 0;
	for (let index = 0; index < shorter.length; index++) {
		const at = shorter[index] ?? 0;
		if (text.charCodeAt(at + end) === last) places[count++] = at;
	}

	return places.slice(0, count);
}

/** Whether any of `ranks[from]` up to `ranks[to]` is not 0. */
function anyFound(ranks: Uint8Array, from: number, to: number): boolean {
	for (let number = from; number < to; number++) if (ranks[number] !== 0) return true;
	return false;
}

/** Posts' fields in one string, each after a NUL (no word has one), with where each starts. */
function blockOf(texts: string[]): Block {
	const starts = new Int32Array(texts.length + 1);
	let at = 0;
	for (const [index, text] of texts.entries()) {
		starts[index] = at + 1;
		at += text.length + 1;
	}

	starts[texts.length] = at + 1;
	return {text: `\0${texts.join('\0')}`, starts};
}
