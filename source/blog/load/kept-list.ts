// The last printed lists of a blog, kept in the cache folder with what each was made from: the
// walk (every post file's path, size, times and how it was read; the folders that could not be
// read; the files passed over), the commit checked out, and a key for everything else the text
// depends on (the flags, today). A `--list` that walks the blog and finds all of it as it was
// prints the kept text: the least a list can do, with no row parsed, sorted or formatted. Any
// difference and the blog is read as ever, from that same walk. Each key has its file, and a blog
// keeps its last few: a script that alternates flags (a plain list, then `--json`) finds both.
import {readdirSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {folderKey} from '../../storage/folder-key.js';
import {blogCacheFile, readPrivateBytes, writePrivateFile} from '../../storage/private-folder.js';
import {Slices} from '../../util/slices.js';
import type {RowStamp} from '../model/model.js';
import {headCommit} from './git-head.js';
import {FileStamps, type ReadRecord, readContext, type WalkedBlog, walkBlog} from './load.js';

/** Bump when what is kept, or how it is checked, changes. */
const FORMAT = 1;
/** A kept list larger than this is not read (100,000 posts take about 10 MB). */
const MAX_BYTES = 256 * 1024 * 1024;
const NEWLINE = 0x0a;
/** Lists kept for each blog, the last ones written: a list for each of a few sets of flags. */
export const KEPT_PER_BLOG = 4;
/** What kept text may never hold: control characters but tab and newline, C1 controls included. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

type Header = {
	format: number;
	code: string;
	root: string;
	key: string;
	/** The commit checked out when the blog was read (the dates guessed for undated posts depend on it). */
	head: string | null;
	files: number;
	/** The text's length in bytes, after the header line; the walk's digest follows it. */
	textBytes: number;
	/** The lines the list gave on stderr. */
	notes: string[];
};

/** The header line as written (this format, every field of its type), else undefined. */
function parsedHeader(line: string): Header | undefined {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return undefined;
	}

	if (typeof value !== 'object' || value === null) return undefined;
	const {format, code, root, key, head, files, textBytes, notes} = value as Record<keyof Header, unknown>;
	const texts = [code, root, key];
	const counts = [files, textBytes];
	const sound =
		format === FORMAT &&
		texts.every(text => typeof text === 'string') &&
		(head === null || typeof head === 'string') &&
		counts.every(count => Number.isSafeInteger(count) && (count as number) >= 0) &&
		Array.isArray(notes) &&
		notes.every(note => typeof note === 'string');
	return sound ? (value as Header) : undefined;
}

/** A kept list's text and its lines for stderr, found to be what a read of the blog would give now. */
export type KeptList = {text: string; notes: string[]};
/** The walk a check made, each file's stamp with it, for the read that follows not to make them again. */
export type Walked = {blog: WalkedBlog; stamps: FileStamps};

/**
 * This build of blogread, by its file's size and time: a list kept by another (a change made in
 * development, where the version stays) is not taken.
 */
function codeStamp(): string {
	const stat = statSync(fileURLToPath(import.meta.url), {throwIfNoEntry: false});
	return stat ? `${stat.size}:${stat.mtimeMs}` : '';
}

/** The file of the list kept under `key` (the header names the key: a clash of names only costs the list). */
export const keptFile = (root: string, key: string, env: NodeJS.ProcessEnv, warn?: (line: string) => void) =>
	blogCacheFile(`list-*-${folderKey(key)}.txt`, root, env, warn);

/** Removes the lists kept for the blog at `root` but the KEPT_PER_BLOG last written (`kept` is one of them). */
function forgetOlderLists(kept: string, root: string): void {
	const folder = path.dirname(kept);
	// `list-<blog>-<key>.txt`, and `list-<blog>.txt` as an older blogread named a blog's one list.
	const prefix = `list-${folderKey(root)}`;
	let names: string[];
	try {
		names = readdirSync(folder).filter(
			name => name.startsWith(prefix) && /^(?:-[0-9a-f]{16})?\.txt$/.test(name.slice(prefix.length)),
		);
	} catch {
		return;
	}

	if (names.length <= KEPT_PER_BLOG) return;
	const written = (name: string) => statSync(path.join(folder, name), {throwIfNoEntry: false})?.mtimeMs ?? 0;
	const newestFirst = names.map(name => ({name, mtimeMs: written(name)})).sort((a, b) => b.mtimeMs - a.mtimeMs);
	for (const {name} of newestFirst.slice(KEPT_PER_BLOG)) rmSync(path.join(folder, name), {force: true});
}

/** The digest's contexts are quoted (a site's excerpt separator is any text): few and repeated, each quoted once. */
class Quoted {
	private readonly seen = new Map<string, string>();

	of(text: string): string {
		let quoted = this.seen.get(text);
		if (quoted === undefined) {
			quoted = JSON.stringify(text);
			this.seen.set(text, quoted);
		}

		return quoted;
	}
}

/**
 * One file's line in the digest. A path holds no NUL, and the quoted context ends the line: no
 * two walks share a digest.
 */
const fileLine = (file: string, {size, mtimeMs, ctimeMs}: Omit<RowStamp, 'context'>, quotedContext: string) =>
	`${file}\0${size}\0${mtimeMs}\0${ctimeMs}\0${quotedContext}\n`;
/** The end of the digest: what the walk could not read, and what it passed over as not posts. */
const walkEnd = ({problems, skipped}: WalkedBlog) => `\u0001${JSON.stringify(problems)}\n${JSON.stringify(skipped)}\n`;

/**
 * The kept list of the blog at `target` (`root`: its real path) under `key`, when it is still
 * what reading the blog would give; else the walk made to find out (when one was), to read the
 * blog from. Nothing is walked when no list is kept under this key.
 */
export async function keptList(
	target: string,
	root: string,
	key: string,
	options: {env: NodeJS.ProcessEnv; sections?: readonly string[]; warn: (line: string) => void},
): Promise<KeptList | Walked | undefined> {
	// The cache folder is checked here first: what is wrong with it is said here, once.
	const file = keptFile(root, key, options.env, options.warn);
	const bytes = file === undefined ? undefined : readPrivateBytes(file, MAX_BYTES);
	const headerEnd = bytes?.indexOf(NEWLINE) ?? -1;
	if (!bytes || headerEnd === -1) return undefined;
	const header = parsedHeader(bytes.toString('utf8', 0, headerEnd));
	if (header?.code !== codeStamp() || header.root !== root || header.key !== key) return undefined;
	if (header.head !== (headCommit(root) ?? null)) return undefined;
	const blog = await walkBlog(target, options.sections ? {sections: options.sections} : {}, new Slices());
	if (blog.files.length !== header.files) return {blog, stamps: new FileStamps(0)};
	const textEnd = headerEnd + 1 + header.textBytes;
	const digest = bytes.toString('utf8', textEnd);
	const quoted = new Quoted();
	const stamps = new FileStamps(blog.files.length);
	let at = 0;
	for (const [index, found] of blog.files.entries()) {
		const stat = statSync(found.absolutePath, {throwIfNoEntry: false});
		if (stat) stamps.set(index, stat);
		if (at === -1 || !stat) {
			at = -1;
			continue;
		}

		// Every file is looked at even past a change: the read that follows takes these stats.
		const line = fileLine(found.path, stat, quoted.of(readContext(found)));
		at = digest.startsWith(line, at) ? at + line.length : -1;
	}

	const same = at !== -1 && digest.slice(at) === walkEnd(blog);
	const text = same ? bytes.toString('utf8', headerEnd + 1, textEnd) : undefined;
	if (text === undefined || CONTROLS.test(text) || header.notes.some(note => CONTROLS.test(note))) {
		return {blog, stamps};
	}

	return {text, notes: header.notes};
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Characters of text written at a time: the kept list is never turned into bytes whole. */
const TEXT_PIECE = 1024 * 1024;

/**
 * What a read of a blog was made from, gathered as it goes (the load's `record`), and kept with
 * the list it gave. Made before the read: the commit it notes is the one the read saw, or an
 * older one, never a newer. Held as numbers and the posts' own paths, the digest made only as it
 * is written: at 100,000 posts, a digest held as text, then as bytes, was 40 MB more at the peak.
 */
export class ListRecord implements ReadRecord {
	private readonly head: string | null;
	private readonly quoted = new Quoted();
	private paths: string[] = [];
	private stamps = new FileStamps(0);
	/** Each file's context, quoted: a few texts, shared. */
	private contexts: string[] = [];
	private files = 0;
	private end: string | undefined;
	private whole = true;

	constructor(
		private readonly root: string,
		private readonly key: string,
	) {
		this.head = headCommit(root) ?? null;
	}

	walked(blog: WalkedBlog): void {
		const count = blog.files.length;
		this.end = walkEnd(blog);
		this.paths = new Array<string>(count);
		this.stamps = new FileStamps(count);
		this.contexts = new Array<string>(count);
		this.files = 0;
	}

	/** `file`: the post's own path (the walk's, as the post holds it), so no other copy is kept. */
	file(file: string, stamp: RowStamp | undefined): void {
		const index = this.files++;
		// A file that could not be read is read again next time, and warns again: no list is kept.
		if (!stamp || index >= this.paths.length) {
			this.whole = false;
			return;
		}

		this.paths[index] = file;
		this.contexts[index] = this.quoted.of(stamp.context);
		this.stamps.set(index, stamp);
	}

	private *digest(): Generator<string> {
		for (const [index, file] of this.paths.entries()) {
			const stamp = this.stamps.get(index);
			// Every file has its stamp when the record is whole, the only time it is kept.
			if (stamp) yield fileLine(file, stamp, this.contexts[index] ?? '');
		}

		yield this.end ?? '';
	}

	/** Keeps `text` and its `notes` as the blog's list under this record's key, when the read was whole. */
	keep(text: string, notes: readonly string[], env: NodeJS.ProcessEnv): void {
		const file = keptFile(this.root, this.key, env, () => {});
		if (file === undefined || !this.whole || this.end === undefined || this.files !== this.paths.length) return;
		const header: Header = {
			format: FORMAT,
			code: codeStamp(),
			root: this.root,
			key: this.key,
			head: this.head,
			files: this.files,
			textBytes: Buffer.byteLength(text),
			notes: [...notes],
		};
		const pieces = function* (record: ListRecord): Generator<string> {
			yield `${JSON.stringify(header)}\n`;
			for (let at = 0; at < text.length; ) {
				// Never between the halves of a surrogate pair: each piece becomes bytes on its own.
				const end = at + TEXT_PIECE - (isHighSurrogate(text.charCodeAt(at + TEXT_PIECE - 1)) ? 1 : 0);
				yield text.slice(at, end);
				at = end;
			}
			yield* record.digest();
		};
		if (writePrivateFile(file, pieces(this))) forgetOlderLists(file, this.root);
	}
}
