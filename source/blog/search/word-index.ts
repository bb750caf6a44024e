// The words of many texts (the posts' bodies), kept as numbers: each text is
// the list of distinct words it has, each word is kept once. A search then
// looks through the words, not through the texts: a hundred thousand posts of
// 4 KB would not fit in memory as text, and scanning them would take too long.
import {isWordCodePoint, wordWidthAt} from '../../text/search-words.js';

/** How a search word was found in a text's word: inside it, at its start, or as the whole word. Best last. */
export const SUBSTRING = 1;
export const PREFIX = 2;
export const WHOLE = 3;

/** How a search word is found in another word, or 0 when it is not in it. */
export function foundIn(word: string, wanted: string): number {
	if (word === wanted) return WHOLE;
	if (word.startsWith(wanted)) return PREFIX;
	return word.includes(wanted) ? SUBSTRING : 0;
}

/** ASCII characters in lower case where they are word characters, 0 where they are not. */
const ASCII_LOWER = new Uint8Array(128);
for (let code = 0; code < 128; code++)
	ASCII_LOWER[code] = isWordCodePoint(code) ? String.fromCharCode(code).toLowerCase().charCodeAt(0) : 0;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16_777_619;

function grown(array: Int32Array<ArrayBuffer>, needed: number, fill = 0): Int32Array<ArrayBuffer> {
	if (needed <= array.length) return array;
	const next = new Int32Array(Math.max(needed, array.length * 2));
	next.set(array);
	if (fill !== 0) next.fill(fill, array.length);
	return next;
}

/** Words per chunk of the texts' lists: 256 KB. */
const CHUNK = 65_536;

/**
 * How a search word is found in the words of the index: `kinds` by word
 * number, `hits` the numbers of the words it is found in; for the first `size`
 * words, extended as the index grows.
 */
export type Findings = {kinds: Uint8Array; hits: Int32Array; size: number};

/** Each word's texts, in order, for the first `covered` texts (see `postings`). */
type Postings = {starts: Int32Array; texts: Int32Array; covered: number};

/** Characters of a text read between looks at the clock (`addMore`): well under a millisecond. */
const PIECE = 8192;

/** Search words whose findings are kept: those of the last few queries. */
const KEPT_FINDINGS = 64;

export class WordIndex {
	/** The words, in lower case, by number. */
	private readonly words: string[] = [];
	private readonly hashes: number[] = [];
	/** Open addressing, from a word's hash to its number + 1 (0: free); for words in ASCII. */
	private slots = new Int32Array(1024);
	/** Words with other characters, whose lower case is worked out by `toLowerCase`. */
	private readonly others = new Map<string, number>();
	/** The last text each word was seen in, so a text lists each of its words once. */
	private lastText = new Int32Array(1024).fill(-1);
	/** The words of the text being added. */
	private scratch = new Int32Array(1024);
	/**
	 * Every text's words, one text after another in chunks that are never
	 * copied (a growing array would hold its old and new copies at once):
	 * text `t` has `lengths[t]` words from `offsets[t]` in chunk `chunkOf[t]`.
	 */
	private readonly chunks: Int32Array[] = [];
	private used = CHUNK;
	private chunkOf = new Int32Array(64);
	private offsets = new Int32Array(64);
	private lengths = new Int32Array(64);
	private texts = 0;
	private readonly found = new Map<string, Findings>();
	private made: Postings | undefined;
	/** The text being added a piece at a time: how far it is read, and how many distinct words so far. */
	private adding: {text: string; at: number; count: number} | undefined;

	/** Adds a text; gives its number. */
	add(text: string): number {
		this.begin(text);
		// With no deadline it always finishes.
		return this.addMore(Number.POSITIVE_INFINITY) ?? this.texts - 1;
	}

	/** Starts adding a text a piece at a time: `addMore` goes on with it. */
	begin(text: string): void {
		if (this.adding) throw new Error('WordIndex: a text is being added already');
		this.adding = {text, at: 0, count: 0};
	}

	/**
	 * Goes on adding the text begun until `end` (a `performance.now()` time),
	 * so a long text (a post of megabytes) never holds the thread: gives the
	 * text's number once all of it is in.
	 */
	addMore(end: number): number | undefined {
		const adding = this.adding;
		if (!adding) throw new Error('WordIndex: no text is being added');
		// Numbered once it is all in: until then searches see the texts before it only.
		const number = this.texts;
		const {text} = adding;
		const {length} = text;
		let index = adding.at;
		let count = adding.count;
		while (index < length) {
			const pieceEnd = Math.min(length, index + PIECE);
			while (index < pieceEnd) {
				const start = index;
				let hash = FNV_OFFSET;
				let ascii = true;
				while (index < length) {
					const code = text.charCodeAt(index);
					if (code < 128) {
						const lower = ASCII_LOWER[code] ?? 0;
						if (lower === 0) break;
						hash = Math.imul(hash ^ lower, FNV_PRIME);
						index++;
					} else {
						const width = wordWidthAt(text, index);
						if (width === 0) break;
						ascii = false;
						index += width;
					}
				}

				if (index === start) {
					index++;
					continue;
				}

				const id = ascii ? this.asciiWord(text, start, index, hash) : this.otherWord(text.slice(start, index));
				if (this.lastText[id] !== number) {
					this.lastText[id] = number;
					this.scratch = grown(this.scratch, count + 1);
					this.scratch[count++] = id;
				}
			}

			if (index < length && performance.now() > end) {
				adding.at = index;
				adding.count = count;
				return undefined;
			}
		}

		this.adding = undefined;
		this.keep(number, count);
		this.texts++;
		return number;
	}

	/** Adds a text by the numbers of its words (each once, as `wordsOf` gives them); gives its number. */
	addWords(ids: ArrayLike<number>): number {
		if (this.adding) throw new Error('WordIndex: a text is being added');
		const number = this.texts++;
		this.scratch = grown(this.scratch, ids.length);
		for (let at = 0; at < ids.length; at++) this.scratch[at] = ids[at] ?? 0;
		this.keep(number, ids.length);
		return number;
	}

	/** The number of a word (in lower case), added to the words if new. */
	idOf(word: string): number {
		return this.otherWord(word);
	}

	/** The words, by number. */
	get vocabulary(): readonly string[] {
		return this.words;
	}

	/** The numbers of text `number`'s words, each once. */
	wordsOf(number: number): Int32Array {
		const start = this.offsets[number] ?? 0;
		return (this.chunks[this.chunkOf[number] ?? 0] ?? new Int32Array(0)).subarray(
			start,
			start + (this.lengths[number] ?? 0),
		);
	}

	/** How many texts have been added. */
	get size(): number {
		return this.texts;
	}

	/**
	 * How `wanted` (one word, in lower case) is found in each word of the
	 * index: for `bestInEach`. Worked out once per search word, and for words
	 * added since as they come. A word typed a letter at a time is looked for
	 * only among the words that held it a letter shorter (a word holding `fig`
	 * holds `fi` and `ig`), so a blog of a million distinct words is looked
	 * through once for the first letter, not at every key.
	 */
	findings(wanted: string): Findings {
		const found = this.found.get(wanted);
		if (found?.size === this.words.length) return found;
		const within = found ?? this.foundWithin(wanted);
		const {words} = this;
		const kinds = new Uint8Array(words.length);
		const from = within?.size ?? 0;
		const hits = new Int32Array((within?.hits.length ?? 0) + words.length - from);
		let count = 0;
		// Two loops, not one function for both: this runs at every key typed.
		const candidates = within?.hits ?? new Int32Array(0);
		for (let at = 0; at < candidates.length; at++) {
			const id = candidates[at] ?? 0;
			const kind = foundIn(words[id] ?? '', wanted);
			if (kind === 0) continue;
			kinds[id] = kind;
			hits[count++] = id;
		}

		for (let id = from; id < words.length; id++) {
			const kind = foundIn(words[id] ?? '', wanted);
			if (kind === 0) continue;
			kinds[id] = kind;
			hits[count++] = id;
		}
		if (!found && this.found.size >= KEPT_FINDINGS) this.found.clear();
		const findings = {kinds, hits: hits.slice(0, count), size: words.length};
		this.found.set(wanted, findings);
		return findings;
	}

	/** The findings of `wanted` a letter shorter at either end, if kept. */
	private foundWithin(wanted: string): Findings | undefined {
		if (wanted.length < 2) return undefined;
		return this.found.get(wanted.slice(0, -1)) ?? this.found.get(wanted.slice(1));
	}

	/**
	 * The best of WHOLE, PREFIX, SUBSTRING among each text's words, by
	 * `findings`, into `best` by text number (0 where none has it). Through
	 * the texts each found word is in (`postings`), so a rare word costs little;
	 * texts added since those were made are looked through word by word.
	 */
	bestInEach({kinds, hits}: Findings, best: Uint8Array): void {
		best.fill(0);
		if (hits.length === 0) return;
		const {starts, texts, covered} = this.postings();
		for (const id of hits) {
			if (id + 1 >= starts.length) continue;
			const kind = kinds[id] ?? 0;
			const end = starts[id + 1] ?? 0;
			for (let at = starts[id] ?? 0; at < end; at++) {
				const number = texts[at] ?? 0;
				if (kind > (best[number] ?? 0)) best[number] = kind;
			}
		}

		for (let number = covered; number < this.texts; number++) {
			const chunk = this.chunks[this.chunkOf[number] ?? 0];
			if (!chunk) continue;
			const start = this.offsets[number] ?? 0;
			const end = start + (this.lengths[number] ?? 0);
			let found = 0;
			for (let at = start; at < end && found < WHOLE; at++) {
				const kind = kinds[chunk[at] ?? 0] ?? 0;
				if (kind > found) found = kind;
			}

			best[number] = found;
		}
	}

	/** Makes what searches use ahead of them (when every text is in), so the first key does not wait for it. */
	ready(): void {
		this.postings();
	}

	/**
	 * For each word, the texts it is in: `texts[starts[id]…starts[id + 1]]`,
	 * for the first `covered` texts. Made again only when a quarter more texts
	 * have come since (a search while bodies are being read would remake it at every key).
	 */
	private postings(): Postings {
		const made = this.made;
		if (made && (this.texts - made.covered) * 4 <= made.covered) return made;
		const covered = this.texts;
		const vocabulary = this.words.length;
		const starts = new Int32Array(vocabulary + 1);
		const each = (visit: (id: number, number: number) => void) => {
			for (let number = 0; number < covered; number++) {
				const chunk = this.chunks[this.chunkOf[number] ?? 0];
				if (!chunk) continue;
				const start = this.offsets[number] ?? 0;
				const end = start + (this.lengths[number] ?? 0);
				for (let at = start; at < end; at++) visit(chunk[at] ?? 0, number);
			}
		};

		each(id => {
			starts[id + 1] = (starts[id + 1] ?? 0) + 1;
		});
		for (let id = 0; id < vocabulary; id++) starts[id + 1] = (starts[id + 1] ?? 0) + (starts[id] ?? 0);
		const texts = new Int32Array(starts[vocabulary] ?? 0);
		const next = starts.slice(0, vocabulary);
		each((id, number) => {
			const at = next[id] ?? 0;
			texts[at] = number;
			next[id] = at + 1;
		});
		this.made = {starts, texts, covered};
		return this.made;
	}

	/** Keeps the words of text `number`, `count` of them in the scratch array. */
	private keep(number: number, count: number): void {
		if (this.used + count > CHUNK) {
			this.chunks.push(new Int32Array(Math.max(CHUNK, count)));
			this.used = 0;
		}

		const chunk = this.chunks.length - 1;
		this.chunks[chunk]?.set(this.scratch.subarray(0, count), this.used);
		this.chunkOf = grown(this.chunkOf, number + 1);
		this.offsets = grown(this.offsets, number + 1);
		this.lengths = grown(this.lengths, number + 1);
		this.chunkOf[number] = chunk;
		this.offsets[number] = this.used;
		this.lengths[number] = count;
		this.used += count;
	}

	/** The number of the ASCII word text[start, end), whose lower case hashes to `hash`. */
	private asciiWord(text: string, start: number, end: number, hash: number): number {
		const mask = this.slots.length - 1;
		const length = end - start;
		for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
			const taken = this.slots[slot] ?? 0;
			if (taken === 0) break;
			const id = taken - 1;
			if (this.hashes[id] === hash && sameWord(this.words[id] ?? '', text, start, length)) return id;
		}

		return this.newWord(text.slice(start, end).toLowerCase(), hash);
	}

	/** The number of a word with characters beyond ASCII (its lower case may be ASCII: the Kelvin sign is a k). */
	private otherWord(word: string): number {
		const lower = word.toLowerCase();
		let ascii = true;
		let hash = FNV_OFFSET;
		for (let index = 0; index < lower.length && ascii; index++) {
			const code = lower.charCodeAt(index);
			ascii = code < 128;
			hash = Math.imul(hash ^ code, FNV_PRIME);
		}

		if (ascii) return this.asciiWord(lower, 0, lower.length, hash);
		let id = this.others.get(lower);
		if (id === undefined) {
			id = this.words.length;
			this.words.push(lower);
			this.hashes.push(0);
			this.others.set(lower, id);
			this.lastText = grown(this.lastText, id + 1, -1);
		}

		return id;
	}

	private newWord(word: string, hash: number): number {
		const id = this.words.length;
		this.words.push(word);
		this.hashes.push(hash);
		this.lastText = grown(this.lastText, id + 1, -1);
		// Kept at most half full, so probes stay short.
		if ((id + 1) * 2 > this.slots.length) this.rehash();
		else this.place(id, hash);
		return id;
	}

	private place(id: number, hash: number): void {
		const mask = this.slots.length - 1;
		let slot = hash & mask;
		while ((this.slots[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
		this.slots[slot] = id + 1;
	}

	private rehash(): void {
		this.slots = new Int32Array(this.slots.length * 2);
		for (let id = 0; id < this.words.length; id++)
			if (!this.others.has(this.words[id] ?? '')) this.place(id, this.hashes[id] ?? 0);
	}
}

/** Whether `word` (lower case) is text[start, start + length), ignoring the case of ASCII letters. */
function sameWord(word: string, text: string, start: number, length: number): boolean {
	if (word.length !== length) return false;
	for (let index = 0; index < length; index++) {
		let code = text.charCodeAt(start + index);
		if (code >= 65 && code <= 90) code += 32;
		if (code !== word.charCodeAt(index)) return false;
	}

	return true;
}
