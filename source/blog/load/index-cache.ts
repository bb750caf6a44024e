import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {
	blogCacheFile,
	readPrivateBytesInSlices,
	readPrivateFile,
	readPrivateLines,
	writePrivateFile,
	writePrivateFileInSlices,
} from '../../storage/private-folder.js';
import {type Slices, stepsInSlices} from '../../util/slices.js';
import {fromRow, type Post, type RowStamp, toRow} from '../model/model.js';
import {type BlogNames, blogNamesInSteps, parseBlogNames} from './blog-names.js';
import type {FoundFile} from './discover.js';
import type {FileStamp} from './read-file.js';

/**
 * The file (JSON lines): a header, then one row a line. Rows are parsed one at a
 * time as their posts are asked for, so each dies young: parsed all at once,
 * 100,000 rows and the file's text were 100 MB of garbage left to the next
 * full collection, a quarter of what the app over those posts peaked at.
 */
type Header = {format: number; root: string};

/** Bump when the post model, the row or the rows' order changes, so old indexes are ignored. */
const FORMAT = 12;
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
	return blogCacheFile('index-*.json', root, env, warn);
}

/** The file beside an index that keeps the blog's names for shell completion (blog-names.ts). */
const namesFileOf = (index: string) =>
	path.join(path.dirname(index), path.basename(index).replace(/^index-/, 'names-'));
/**
 * The file beside an index that keeps the rows of the first posts the list shows (drafts left
 * out): what the app's first screen needs, read in the same time at 100 posts as at 100,000.
 */
const headFileOf = (index: string) => path.join(path.dirname(index), path.basename(index).replace(/^index-/, 'head-'));
/** Posts the head keeps: a tall terminal's screen of them and more, so the list scrolls before the index is read. */
export const HEAD_ROWS = 300;
/** A head larger than this is not read (300 rows take about 100 KB). */
const MAX_HEAD_BYTES = 4 * 1024 * 1024;
/** A names file larger than this is not read. */
const MAX_NAMES_BYTES = 32 * 1024 * 1024;

/** The blog's names as the last reading of the blog at `root` (its real path) kept them. */
export function readBlogNames(root: string, env: NodeJS.ProcessEnv): BlogNames | undefined {
	const index = indexFile(root, env, () => {});
	const text = index === undefined ? undefined : readPrivateFile(namesFileOf(index), MAX_NAMES_BYTES);
	return text === undefined ? undefined : parseBlogNames(text);
}

/** Whether an index's (or its head's) header line is this version's, of the blog at `root`. */
function isOurHeader(line: string, root: string): boolean {
	try {
		const header = JSON.parse(line) as Partial<Header>;
		return header.format === FORMAT && header.root === root;
	} catch {
		// A broken index: the posts are read again.
		return false;
	}
}

/** The index's bytes and where its header line ends, when it is this version's, of `root`. */
function indexRead(bytes: Buffer | undefined, root: string): {bytes: Buffer; headerEnd: number} | undefined {
	const headerEnd = bytes?.indexOf(NEWLINE) ?? -1;
	if (!bytes || headerEnd === -1) return undefined;
	return isOurHeader(bytes.toString('utf8', 0, headerEnd), root) ? {bytes, headerEnd} : undefined;
}

/**
 * The first posts the list showed when the index of the blog at `root` (its
 * real path; `target`: the folder as named) was last written, drafts left out,
 * in the list's order, the files not looked at; read from the head file alone,
 * never the index. Undefined when there is none, or any row of it is not sound.
 */
export function indexedHead(root: string, target: string, env: NodeJS.ProcessEnv): Post[] | undefined {
	const file = indexFile(root, env, () => {});
	return file === undefined
		? undefined
		: readRows(headFileOf(file), target, root, MAX_HEAD_BYTES)?.map(({post}) => post);
}

/**
 * The rows of an index (or its head) after its header, parsed and checked; undefined when there is
 * none, or it is another version's or blog's, or any row is not sound. Read a piece of lines at a
 * time, each row parsed from a slice of its piece: decoding each line apart took several times as
 * long, and parsing all rows at once kept them all alive (a hundred megabytes at 100,000).
 */
function readRows(file: string, target: string, root: string, maxBytes: number): IndexedPost[] | undefined {
	const folder = path.resolve(target);
	const posts: IndexedPost[] = [];
	let header = false;
	let sound = true;
	const read = readPrivateLines(file, maxBytes, text => {
		for (let start = 0; start < text.length; ) {
			const newline = text.indexOf('\n', start);
			const end = newline === -1 ? text.length : newline;
			const line = text.slice(start, end);
			start = end + 1;
			if (!header) {
				header = true;
				sound = isOurHeader(line, root);
			} else {
				const found = parseRow(line, folder, root);
				if (found) posts.push({...found, place: posts.length});
				else sound = false;
			}

			if (!sound) return false;
		}

		return true;
	});
	return read && header && sound ? posts : undefined;
}

/** One row line as its post, checked: a path inside the blog (`folder`), with `/` between its names. */
function parseRow(line: string, folder: string, root: string): ReturnType<typeof fromRow> {
	let row: unknown;
	try {
		row = JSON.parse(line);
	} catch {
		return undefined;
	}

	const where = Array.isArray(row) && typeof row[0] === 'string' ? folder + path.sep + row[0] : '';
	return fromRow(row, where, root);
}

/** A post as an index row gave it, with the stamp of the file it was read from and the row's place in the file. */
export type IndexedPost = {post: Post; stamp: RowStamp; place: number};

/**
 * Every post in the index of the blog at `root` (its real path; `target`: the
 * folder as named, for the posts' paths), by path, as they were when it was
 * written, the files not looked at: what the app shows at once, before it
 * reads the blog again (stale while revalidated). Undefined when there is no
 * index or any row of it is not sound.
 */
export function indexedPosts(
	root: string,
	target: string,
	env: NodeJS.ProcessEnv,
): Map<string, IndexedPost> | undefined {
	const file = indexFile(root, env, () => {});
	const rows = file === undefined ? undefined : readRows(file, target, root, MAX_INDEX_BYTES);
	return rows ? new Map(rows.map(row => [row.post.path, row])) : undefined;
}

/**
 * The index of one blog folder: summaries of its posts keyed by path, size
 * and modification time, so a second start reads no post that has not
 * changed. It lives in the private cache folder (or nowhere, when that folder
 * can't be trusted), and every row read back is checked as strictly as a post.
 */
export class IndexCache {
	private bytes: Buffer | undefined;
	private readonly rows = new Map<string, Span>();
	/** The next index: rows kept as they were (in `bytes`, or posts already taken from it), and new ones. */
	private readonly fresh = new Map<string, Span | Omit<IndexedPost, 'place'>>();
	private changed = false;

	/**
	 * The index of the blog at `root` (its real path), its rows found a slice at a time.
	 * `known`: the posts this run already took from the index (indexedPosts), used
	 * instead of parsing their rows again.
	 */
	static async open(
		root: string,
		env: NodeJS.ProcessEnv,
		{warn, known, slices}: {warn?: (line: string) => void; known?: ReadonlyMap<string, IndexedPost>; slices: Slices},
	): Promise<IndexCache> {
		const cache = new IndexCache(root, indexFile(root, env, warn), known);
		// With the posts already taken from the index, reading it again would only hold a second copy of it.
		if (cache.file && !known) await cache.read(cache.file, slices);
		return cache;
	}

	private constructor(
		readonly root: string,
		private readonly file: string | undefined,
		private readonly known: ReadonlyMap<string, IndexedPost> | undefined,
	) {}

	private async read(file: string, slices: Slices): Promise<void> {
		const read = indexRead(await readPrivateBytesInSlices(file, MAX_INDEX_BYTES, slices), this.root);
		if (!read) return;
		const {bytes, headerEnd} = read;
		this.bytes = bytes;
		for (let start = headerEnd + 1; start < bytes.length; ) {
			if (slices.due()) await slices.next();
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
	 * The indexed post for a file, with its stamp, if its row is sound and neither the file (its
	 * size and time; `stat`: taken by this run already) nor how it was read (`context`: its drafts
	 * folder, the site's excerpt separator) has changed. Only files in the index are looked at.
	 */
	get(file: FoundFile, context: string, stat?: FileStamp): {post: Post; stamp: RowStamp} | undefined {
		const known = this.known?.get(file.path);
		const span = this.rows.get(file.path);
		const row = span ? fromRow(this.row(span), file.absolutePath, this.root) : undefined;
		const found = known?.post.absolutePath === file.absolutePath ? known : row;
		if (!found || found.stamp.context !== context) return undefined;
		const now = stat ?? statSync(file.absolutePath, {throwIfNoEntry: false});
		const {size, mtimeMs, ctimeMs} = found.stamp;
		if (!now || size !== now.size || mtimeMs !== now.mtimeMs || ctimeMs !== now.ctimeMs) return undefined;
		this.fresh.set(file.path, span ?? found);
		// A known post is shared (loadBlog copies those that loading changes).
		return found;
	}

	/**
	 * Where the post at `path` is in the index (rows are kept in the order the
	 * list showed them): posts put in this order are sorted already, checked in
	 * one pass. Infinity for a post the index does not have.
	 */
	place(path: string): number {
		return this.known?.get(path)?.place ?? this.rows.get(path)?.start ?? Number.POSITIVE_INFINITY;
	}

	/**
	 * A post read from its file, for the next index: kept as it is, its row made as the index is
	 * written (loadBlog changes only copies of it). A row made as each post was read was an array
	 * of every field: at 100,000 posts a first --list peaked some 10 MB higher with them.
	 */
	set(post: Post, stamp: RowStamp): void {
		this.fresh.set(post.path, {post, stamp});
		this.changed = true;
	}

	/**
	 * Writes the index when anything was added, changed or removed, the rows of
	 * `listed` (the posts as the list shows them) first and in that order, so the
	 * next start finds them sorted; a slice at a time.
	 */
	async save(listed: readonly Post[], slices: Slices): Promise<void> {
		if (!this.file) return;
		const before = this.known?.size ?? this.rows.size;
		const changed = this.changed || this.fresh.size !== before;
		// Line by line, never the whole file as one string: at 100,000 posts that string, its lines and
		// its bytes were some 90 MB on top of everything a first --list holds when it ends.
		if (changed) await writePrivateFileInSlices(this.file, this.lines(listed), slices);
		const names = namesFileOf(this.file);
		if (changed || !existsSync(names)) {
			const text = JSON.stringify(await stepsInSlices(blogNamesInSteps(listed), slices));
			await writePrivateFileInSlices(names, [text], slices);
		}

		const head = headFileOf(this.file);
		if (changed || !existsSync(head)) writePrivateFile(head, this.headLines(listed));
	}

	/** The first line of the index and of its head: which version of the index, of which blog. */
	private headerLine(): string {
		const header: Header = {format: FORMAT, root: this.root};
		return `${JSON.stringify(header)}\n`;
	}

	private *headLines(listed: readonly Post[]): Generator<string> {
		yield this.headerLine();
		let rows = 0;
		for (const post of listed) {
			if (rows === HEAD_ROWS) return;
			const entry = this.fresh.get(post.path);
			if (post.draft || entry === undefined) continue;
			yield this.line(entry);
			rows++;
		}
	}

	private *lines(listed: readonly Post[]): Generator<string> {
		yield this.headerLine();
		const written = new Set<string>();
		for (const {path: key} of listed) {
			const entry = this.fresh.get(key);
			if (entry === undefined || written.has(key)) continue;
			written.add(key);
			yield this.line(entry);
		}

		// The rows no listed post has (drafts left out of the list are in it): none, most often.
		if (written.size === this.fresh.size) return;
		for (const [key, entry] of this.fresh) if (!written.has(key)) yield this.line(entry);
	}

	private line(entry: Span | Omit<IndexedPost, 'place'>): string {
		if ('post' in entry) return `${JSON.stringify(toRow(entry.post, entry.stamp))}\n`;
		return `${this.bytes?.toString('utf8', entry.start, entry.end) ?? ''}\n`;
	}
}
