import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {FoundFile} from './discover.js';
import type {Post} from './types.js';

// What a post looks like in the index: the post without its body (read when
// needed) and without its absolute path (the folder may be reached another way).
export type IndexedPost = Omit<Post, 'body' | 'absolutePath'>;
type Entry = {size: number; mtimeMs: number; context: string; post: IndexedPost};
type IndexFile = {format: number; root: string; entries: Record<string, Entry>};

/** Bump when the post model changes, so old indexes are ignored. */
const FORMAT = 3;

export function cacheFolder(env: NodeJS.ProcessEnv): string {
	return path.join(env['XDG_CACHE_HOME'] || path.join(env['HOME'] || os.homedir(), '.cache'), 'blogread');
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
	private readonly entries: Record<string, Entry>;
	private readonly fresh: Record<string, Entry> = {};
	private changed = false;

	constructor(readonly root: string, env: NodeJS.ProcessEnv) {
		const key = fileKey(root);
		this.file = path.join(cacheFolder(env), `index-${key}.json`);
		this.entries = this.read();
	}

	private read(): Record<string, Entry> {
		try {
			const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as IndexFile;
			return parsed.format === FORMAT && parsed.root === this.root && typeof parsed.entries === 'object' ? parsed.entries : {};
		} catch {
			return {};
		}
	}

	/**
	 * The indexed post for a file, if neither the file nor how it was read
	 * (`context`: its drafts folder, the site's excerpt separator) has changed.
	 */
	get(file: FoundFile, context: string): IndexedPost | undefined {
		const entry = this.entries[file.path];
		if (!entry || entry.size !== file.size || entry.mtimeMs !== file.mtimeMs || entry.context !== context) return undefined;
		this.fresh[file.path] = entry;
		return entry.post;
	}

	set(file: FoundFile, context: string, post: IndexedPost): void {
		this.fresh[file.path] = {size: file.size, mtimeMs: file.mtimeMs, context, post};
		this.changed = true;
	}

	/** Writes the index when anything was added, changed or removed; a read-only cache folder is fine. */
	save(): void {
		if (!this.changed && Object.keys(this.fresh).length === Object.keys(this.entries).length) return;
		try {
			mkdirSync(path.dirname(this.file), {recursive: true});
			const temporary = `${this.file}.${process.pid}.tmp`;
			const content: IndexFile = {format: FORMAT, root: this.root, entries: this.fresh};
			writeFileSync(temporary, JSON.stringify(content));
			renameSync(temporary, this.file);
		} catch {
			// No cache this time; the next start reads the posts again.
		}
	}
}
