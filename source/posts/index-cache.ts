import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {cacheFolder, writeAtomically} from '../cache-folder.js';
import type {FoundFile} from './discover.js';
import type {FileStamp} from './read-file.js';
import type {Post} from './types.js';

// What a post looks like in the index: the post without its body (read when
// needed) and without its absolute path (the folder may be reached another way).
export type IndexedPost = Omit<Post, 'body' | 'absolutePath'>;

// One post per row, fields by position: half the size of keyed objects, and
// parsed in a third of the time. `languages` is not kept: translations are
// grouped after loading.
type Row = [
	path: string, size: number, mtimeMs: number, context: string,
	title: string, date: string | null, updated: string | null, tags: string[], categories: string[], author: string | null,
	excerpt: string | null, cover: string | null, lang: string | null, slug: string, draft: boolean, words: number,
	readingMinutes: number, warnings: string[], titleFromHeading: boolean,
];
type IndexFile = {format: number; root: string; rows: Row[]};

/** Bump when the post model or the row changes, so old indexes are ignored. */
const FORMAT = 4;
const ROW_LENGTH: Row['length'] = 19;

function toRow(file: FoundFile, stamp: FileStamp, context: string, post: IndexedPost): Row {
	return [
		file.path, stamp.size, stamp.mtimeMs, context,
		post.title, post.date, post.updated, post.tags, post.categories, post.author,
		post.excerpt, post.cover, post.lang, post.slug, post.draft, post.words,
		post.readingMinutes, post.warnings, post.titleFromHeading,
	];
}

// What each position of a row holds (see Row): checked on reading, by index (destructuring was slower).
const ROW_CHECKS: Array<(value: unknown) => boolean> = [
	isText, isNumber, isNumber, isText,
	isText, isTextOrNull, isTextOrNull, Array.isArray, Array.isArray, isTextOrNull,
	isTextOrNull, isTextOrNull, isTextOrNull, isText, isBoolean, isNumber,
	isNumber, Array.isArray, isBoolean,
];

function isText(value: unknown): boolean {
	return typeof value === 'string';
}

function isTextOrNull(value: unknown): boolean {
	return value === null || typeof value === 'string';
}

function isNumber(value: unknown): boolean {
	return typeof value === 'number';
}

function isBoolean(value: unknown): boolean {
	return typeof value === 'boolean';
}

/** A row shaped as this version writes it: anything else in the file (edited, or from another version) is read again from the post. */
function isRow(value: unknown): value is Row {
	if (!Array.isArray(value) || value.length !== ROW_LENGTH) return false;
	for (let index = 0; index < ROW_LENGTH; index++) if (!ROW_CHECKS[index]?.(value[index])) return false;
	return true;
}

function toPost(row: Row): IndexedPost {
	const [path, , , , title, date, updated, tags, categories, author, excerpt, cover, lang, slug, draft, words, readingMinutes, warnings, titleFromHeading] = row;
	return {path, title, date, updated, tags, categories, author, excerpt, cover, lang, languages: [], slug, draft, words, readingMinutes, warnings, titleFromHeading};
}

/**
 * A file name for a folder's index: two FNV-1a hashes of its path (node:crypto
 * would cost 2 ms to load). A clash only costs a re-read: the file names its folder.
 */
function fileKey(root: string): string {
	let low = 0x811C9DC5;
	let high = 0x2F_1A_4E_63;
	for (let index = 0; index < root.length; index++) {
		const code = root.charCodeAt(index);
		low = Math.imul(low ^ code, 0x0100_0193) >>> 0;
		high = Math.imul(high ^ code, 0x0100_0193) >>> 0;
	}

	return low.toString(16).padStart(8, '0') + high.toString(16).padStart(8, '0');
}

/**
 * The index of one blog folder: summaries of its posts keyed by path, size
 * and modification time, so a second start reads no post that has not
 * changed. Safe to delete; written atomically; never trusted past a mismatch.
 */
export class IndexCache {
	private readonly file: string;
	private readonly rows: Map<string, Row>;
	private readonly fresh = new Map<string, Row>();
	private changed = false;

	constructor(readonly root: string, env: NodeJS.ProcessEnv) {
		this.file = path.join(cacheFolder(env), `index-${fileKey(root)}.json`);
		this.rows = this.read();
	}

	private read(): Map<string, Row> {
		const rows = new Map<string, Row>();
		try {
			const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as IndexFile;
			if (parsed.format !== FORMAT || parsed.root !== this.root || !Array.isArray(parsed.rows)) return rows;
			for (const row of parsed.rows as unknown[]) if (isRow(row)) rows.set(row[0], row);
		} catch {
			// No index, or a broken one: the posts are read again.
		}

		return rows;
	}

	/**
	 * The indexed post for a file, if neither the file (its size and time) nor
	 * how it was read (`context`: its drafts folder, the site's excerpt
	 * separator) has changed. Only files in the index are looked at.
	 */
	get(file: FoundFile, context: string): IndexedPost | undefined {
		const row = this.rows.get(file.path);
		if (!row || row[3] !== context) return undefined;
		const stat = statSync(file.absolutePath, {throwIfNoEntry: false});
		if (!stat || row[1] !== stat.size || row[2] !== stat.mtimeMs) return undefined;
		this.fresh.set(file.path, row);
		return toPost(row);
	}

	set(file: FoundFile, stamp: FileStamp, context: string, post: IndexedPost): void {
		this.fresh.set(file.path, toRow(file, stamp, context, post));
		this.changed = true;
	}

	/** Writes the index when anything was added, changed or removed; a read-only cache folder is fine. */
	save(): void {
		if (!this.changed && this.fresh.size === this.rows.size) return;
		const content: IndexFile = {format: FORMAT, root: this.root, rows: [...this.fresh.values()]};
		writeAtomically(this.file, JSON.stringify(content));
	}
}
