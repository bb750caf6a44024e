import {statSync} from 'node:fs';
import path from 'node:path';
import {folderKey} from '../storage/folder-key.js';
import {cacheFolderPath, privateFolder, readPrivateBytes, writePrivateFile} from '../storage/private-folder.js';
import type {FoundFile} from './discover.js';
import {fromRow, type Post, type Row, type RowStamp, toRow} from './model.js';

/**
 * The file (JSON lines): a header, then one row a line. Rows are parsed one at a
 * time as their posts are asked for, so each dies young: parsed all at once,
 * 100,000 rows and the file's text were 100 MB of garbage left to the next
 * full collection, a quarter of what the app over those posts peaked at.
 */
type Header = {format: number; root: string};

/** Bump when the post model or the row changes, so old indexes are ignored. */
const FORMAT = 9;
/** An index larger than this is not read (100,000 posts take about 30 MB). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where a row is in the file's bytes. */
type Span = {start: number; end: number};

/**
 * The path a row line starts with (`["path",…`), read without parsing the
 * rest: rows are looked up by path before they are parsed and checked.
 */
function linePath(bytes: Buffer, {start, end}: Span): string | undefined {
	if (bytes[start] !== 0x5b || bytes[start + 1] !== QUOTE) return undefined;
	for (let at = start + 2; at < end; at++) {
		if (bytes[at] === BACKSLASH) at++;
		else if (bytes[at] === QUOTE) {
			try {
				const value: unknown = JSON.parse(bytes.toString('utf8', start + 1, at + 1));
				return typeof value === 'string' ? value : undefined;
			} catch {
				return undefined;
			}
		}
	}

	return undefined;
}

/** Where the index of the blog at `root` (its real path) is kept; none when the cache folder can't be trusted. */
function indexFile(root: string, env: NodeJS.ProcessEnv, warn?: (line: string) => void): string | undefined {
	const folder = privateFolder(cacheFolderPath(env), warn);
	return folder.problem === undefined ? path.join(folder.path, `index-${folderKey(root)}.json`) : undefined;
}

/** The index's bytes and where its header line ends, when it is this version's index of `root`. */
function readIndex(file: string, root: string): {bytes: Buffer; headerEnd: number} | undefined {
	const bytes = readPrivateBytes(file, MAX_INDEX_BYTES);
	const headerEnd = bytes?.indexOf(NEWLINE) ?? -1;
	if (!bytes || headerEnd === -1) return undefined;
	try {
		const header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as Partial<Header>;
		return header.format === FORMAT && header.root === root ? {bytes, headerEnd} : undefined;
	} catch {
		// A broken index: the posts are read again.
		return undefined;
	}
}

/**
 * Every post in the index of the blog at `root` (its real path; `target`: the
 * folder as named, for the posts' paths), as they were when it was written,
 * the files not looked at: what the app shows at once, before it reads the
 * blog again (stale while revalidated). Undefined when there is no index or
 * any row of it is not sound.
 */
export function indexedPosts(root: string, target: string, env: NodeJS.ProcessEnv): Post[] | undefined {
	const file = indexFile(root, env, () => {});
	const read = file === undefined ? undefined : readIndex(file, root);
	if (!read) return undefined;
	const {bytes, headerEnd} = read;
	const folder = path.resolve(target);
	const posts: Post[] = [];
	for (let start = headerEnd + 1; start < bytes.length; ) {
		const newline = bytes.indexOf(NEWLINE, start);
		const end = newline === -1 ? bytes.length : newline;
		let row: unknown;
		try {
			row = JSON.parse(bytes.toString('utf8', start, end));
		} catch {
			return undefined;
		}

		const where = Array.isArray(row) && typeof row[0] === 'string' ? path.join(folder, row[0]) : '';
		const found = fromRow(row, where, root);
		if (!found) return undefined;
		posts.push(found.post);
		start = end + 1;
	}

	return posts;
}

/**
 * The index of one blog folder: summaries of its posts keyed by path, size
 * and modification time, so a second start reads no post that has not
 * changed. It lives in the private cache folder (or nowhere, when that folder
 * can't be trusted), and every row read back is checked as strictly as a post.
 */
export class IndexCache {
	private readonly file: string | undefined;
	private bytes: Buffer | undefined;
	private readonly rows = new Map<string, Span>();
	/** The next index: rows kept as they were (where they are in `bytes`), and new ones. */
	private readonly fresh = new Map<string, Span | Row>();
	private changed = false;

	constructor(
		readonly root: string,
		env: NodeJS.ProcessEnv,
		warn?: (line: string) => void,
	) {
		this.file = indexFile(root, env, warn);
		if (this.file) this.read(this.file);
	}

	private read(file: string): void {
		const read = readIndex(file, this.root);
		if (!read) return;
		const {bytes, headerEnd} = read;
		this.bytes = bytes;
		for (let start = headerEnd + 1; start < bytes.length; ) {
			const newline = bytes.indexOf(NEWLINE, start);
			const span = {start, end: newline === -1 ? bytes.length : newline};
			const key = linePath(bytes, span);
			if (key !== undefined) this.rows.set(key, span);
			start = span.end + 1;
		}
	}

	/** The row at `span`, parsed, or undefined when it is not JSON. */
	private row({start, end}: Span): unknown {
		try {
			return JSON.parse(this.bytes?.toString('utf8', start, end) ?? '');
		} catch {
			return undefined;
		}
	}

	/**
	 * The indexed post for a file, if its row is sound and neither the file (its
	 * size and time) nor how it was read (`context`: its drafts folder, the
	 * site's excerpt separator) has changed. Only files in the index are looked at.
	 */
	get(file: FoundFile, context: string): Post | undefined {
		const span = this.rows.get(file.path);
		const found = span ? fromRow(this.row(span), file.absolutePath, this.root) : undefined;
		if (!span || !found || found.stamp.context !== context) return undefined;
		const stat = statSync(file.absolutePath, {throwIfNoEntry: false});
		const {size, mtimeMs, ctimeMs} = found.stamp;
		if (!stat || size !== stat.size || mtimeMs !== stat.mtimeMs || ctimeMs !== stat.ctimeMs) return undefined;
		this.fresh.set(file.path, span);
		return found.post;
	}

	set(post: Post, stamp: RowStamp): void {
		this.fresh.set(post.path, toRow(post, stamp));
		this.changed = true;
	}

	/** Writes the index when anything was added, changed or removed. */
	save(): void {
		if (!this.file || (!this.changed && this.fresh.size === this.rows.size)) return;
		const header: Header = {format: FORMAT, root: this.root};
		const lines = [JSON.stringify(header)];
		for (const entry of this.fresh.values())
			lines.push(
				Array.isArray(entry) ? JSON.stringify(entry) : (this.bytes?.toString('utf8', entry.start, entry.end) ?? ''),
			);
		writePrivateFile(this.file, `${lines.join('\n')}\n`);
	}
}
