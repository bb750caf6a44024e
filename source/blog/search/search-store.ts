// The words of each post's body, kept between runs in the private cache
// folder, so a search opened again reads only the posts that changed:
// reading ten thousand bodies takes longer than a search may wait. A post's
// words are taken back only for the same content (its hash); what comes back
// is checked, and at worst a search would miss or find a post wrongly: the
// words are never shown and nothing in them runs.
import {blogCacheFile, RUN_LENGTH, readPrivateFile, writePrivateFile} from '../../storage/private-folder.js';
import {isContentHash} from '../load/content-hash.js';
import type {Post} from '../model/model.js';
import type {WordIndex} from './word-index.js';

/** Bump when what is kept changes (how words are cut, the file's shape), so old files are ignored. */
const FORMAT = 1;
/** A store larger than this is not read (100,000 posts of 4 KB take about 40 MB). */
const MAX_STORE_BYTES = 256 * 1024 * 1024;
const MAX_WORD_LENGTH = 1024;

/** The file: every word once, then each post's path, content hash and how many word numbers it has, in order. */
type StoreFile = {format: number; root: string; words: string[]; posts: Array<[string, string, number]>; ids: string};

type Stored = {words: string[]; posts: Map<string, {hash: string; start: number; count: number}>; ids: Int32Array};

/** Why a store file read back is not used, or its contents. */
function parseStore(text: string, root: string): Stored | undefined {
	let file: Partial<StoreFile>;
	try {
		file = JSON.parse(text) as Partial<StoreFile>;
	} catch {
		return undefined;
	}

	const {words, posts, ids} = file;
	if (file.format !== FORMAT || file.root !== root || !Array.isArray(words) || !Array.isArray(posts)) return undefined;
	if (typeof ids !== 'string' || !words.every(word => typeof word === 'string' && word.length <= MAX_WORD_LENGTH))
		return undefined;
	const bytes = Buffer.from(ids, 'base64');
	if (bytes.length % 4 !== 0) return undefined;
	// Copied, as a small Buffer may start anywhere in a shared pool (an Int32Array needs a multiple of 4).
	const numbers = new Int32Array(Uint8Array.from(bytes).buffer);
	const byPath = new Map<string, {hash: string; start: number; count: number}>();
	let start = 0;
	for (const entry of posts as unknown[]) {
		if (!Array.isArray(entry) || entry.length !== 3) return undefined;
		const [postPath, hash, count] = entry as unknown[];
		if (typeof postPath !== 'string' || !isContentHash(hash) || !Number.isSafeInteger(count)) return undefined;
		if ((count as number) < 0 || start + (count as number) > numbers.length) return undefined;
		byPath.set(postPath, {hash: hash as string, start, count: count as number});
		start += count as number;
	}

	if (start !== numbers.length || numbers.some(id => id < 0 || id >= words.length)) return undefined;
	return {words, posts: byPath, ids: numbers};
}

export class SearchStore {
	private stored: Stored | undefined;
	private loaded = false;
	/** Stored word numbers → the live index's, worked out as they are met (-1: not yet). */
	private live: Int32Array | undefined;

	private constructor(
		private readonly file: string,
		private readonly root: string,
	) {}

	/** The store of a blog folder (its real path), or undefined when the cache folder can't be trusted. */
	static open(root: string, env: NodeJS.ProcessEnv): SearchStore | undefined {
		const file = blogCacheFile('search-*.json', root, env);
		return file === undefined ? undefined : new SearchStore(file, root);
	}

	/** The post's words as numbers of `index`, if they were kept for the same content. Read on first use. */
	wordsFor(post: Post, index: WordIndex): Int32Array | undefined {
		if (!this.loaded) {
			this.loaded = true;
			const text = readPrivateFile(this.file, MAX_STORE_BYTES);
			this.stored = text === undefined ? undefined : parseStore(text, this.root);
		}

		const entry = this.stored?.posts.get(post.path);
		if (!this.stored || !entry || post.hash === null || entry.hash !== post.hash) return undefined;
		const {words, ids} = this.stored;
		this.live ??= new Int32Array(words.length).fill(-1);
		const found = new Int32Array(entry.count);
		for (let at = 0; at < entry.count; at++) {
			const stored = ids[entry.start + at] ?? 0;
			let id = this.live[stored] ?? -1;
			if (id === -1) {
				id = index.idOf(words[stored] ?? '');
				this.live[stored] = id;
			}

			found[at] = id;
		}

		return found;
	}

	/** Keeps the words of these posts (by their number in `index`), in place of what was kept. */
	save(index: WordIndex, posts: ReadonlyArray<{post: Post; number: number}>): void {
		const kept = posts.filter(({post}) => post.hash !== null);
		writePrivateFile(this.file, storeText(this.root, index, kept));
	}
}

/**
 * The store file's JSON (StoreFile), piece by piece: over 100,000 posts the
 * text whole, its word numbers and their base64 were some 50 MB at once.
 */
function* storeText(root: string, index: WordIndex, kept: ReadonlyArray<{post: Post; number: number}>) {
	yield `{"format":${FORMAT},"root":${JSON.stringify(root)},"words":[`;
	let separator = '';
	for (const word of index.vocabulary) {
		yield `${separator}${JSON.stringify(word)}`;
		separator = ',';
	}

	yield '],"posts":[';
	separator = '';
	for (const {post, number} of kept) {
		yield `${separator}${JSON.stringify([post.path, post.hash ?? '', index.wordsOf(number).length])}`;
		separator = ',';
	}

	yield '],"ids":"';
	// Runs of a whole number of 3 bytes encode to base64 that joins into the encoding of them all.
	// Each run's base64 is RUN_LENGTH characters: no larger than the writer's runs, so it dies as young as they do.
	const run = Buffer.allocUnsafe((RUN_LENGTH / 4) * 3);
	let filled = 0;
	for (const {number} of kept) {
		const words = index.wordsOf(number);
		const bytes = Buffer.from(words.buffer, words.byteOffset, words.byteLength);
		for (let at = 0; at < bytes.length; ) {
			const copied = bytes.copy(run, filled, at);
			at += copied;
			filled += copied;
			if (filled === run.length) {
				yield run.toString('base64');
				filled = 0;
			}
		}
	}

	yield `${run.toString('base64', 0, filled)}"}`;
}
