import {isUtf8} from 'node:buffer';
import {
	closeSync,
	constants,
	fstatSync,
	openSync,
	readFileSync,
	readSync,
	realpathSync,
	type Stats,
	statSync,
} from 'node:fs';
import path from 'node:path';
import {isInside} from './discover.js';

/** Posts larger than this are read only up to it, with a warning. */
export const MAX_POST_BYTES = 4 * 1024 * 1024;

/**
 * What the index keys a file by: it changed if any of these did. The change
 * time moves with permissions and owner too, so a post made unreadable is read again.
 */
export type FileStamp = {size: number; mtimeMs: number; ctimeMs: number};

/**
 * `utf8`: the file's bytes, when they are valid UTF-8 and `text` is exactly
 * their decoding; the post buffer's, good until the next post is read.
 * `stamp`: the size and time of what was read.
 */
export type FileText = {text: string; warnings: string[]; utf8?: Uint8Array; stamp: FileStamp};

function decode(bytes: Buffer, warnings: string[]): Omit<FileText, 'stamp'> {
	// UTF-16 with a byte order mark (some Windows editors) is decoded, with a note.
	const utf16 =
		bytes[0] === 0xff && bytes[1] === 0xfe
			? 'utf-16le'
			: bytes[0] === 0xfe && bytes[1] === 0xff
				? 'utf-16be'
				: undefined;
	if (utf16) {
		warnings.push(`file is ${utf16.toUpperCase()}, not UTF-8; decoded anyway`);
		return {text: new TextDecoder(utf16).decode(bytes), warnings};
	}

	// Checked apart from decoding: a decoder that throws on bad bytes is several times slower.
	if (isUtf8(bytes)) {
		const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
		return {text: bytes.toString('utf8', bom ? 3 : 0), warnings, utf8: bytes};
	}

	warnings.push('file is not valid UTF-8; undecodable bytes are shown as �');
	return {text: new TextDecoder('utf-8').decode(bytes), warnings};
}

/** A file that is not where a post may be read from: out of the blog, or not a regular file. */
function refused(code: string, message: string): Error {
	return Object.assign(new Error(message), {code});
}

/**
 * Opens a file to read if it may be read as a post's: with `folder`, only inside it (links
 * resolved; `realPath`: where the walk that found it says it is, saving a resolution), and
 * only a regular file (a FIFO would block). The caller closes the handle.
 */
export function openInBlog(absolutePath: string, folder?: string, realPath?: string): {handle: number; stat: Stats} {
	let file = absolutePath;
	if (folder !== undefined) {
		// The walk that found the file knows its real path (discover.ts); asking the system costs a call per folder level.
		file = realPath ?? realpathSync.native(absolutePath);
		if (!isInside(folder, file)) throw refused('EOUTSIDE', 'a link out of the blog');
	}

	// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. O_NOFOLLOW: the
	// real path was checked, and must not become a link before it is opened.
	const handle = openSync(
		file,
		constants.O_RDONLY | constants.O_NONBLOCK | (folder === undefined ? 0 : constants.O_NOFOLLOW),
	);
	try {
		const stat = fstatSync(handle);
		if (!stat.isFile()) throw refused('ENOTFILE', 'not a regular file');
		return {handle, stat};
	} catch (error) {
		closeSync(handle);
		throw error;
	}
}

/** Posts up to this size are read into one buffer (postBuffer), all others into bytes of their own. */
const POST_BUFFER_BYTES = 64 * 1024;
/**
 * Where posts are read, one after another, as only the text decoded from them is kept. Bytes of
 * their own for each post of 4 KB or more (where Node's pool stops) cost a first --list of 10,000
 * posts some 30 ms in allocation and collection, and a search over 100,000 posts 400 MB of them.
 */
let postBuffer: Buffer | undefined;

/**
 * The first `length` bytes of an open file (fewer if it is shorter now): in the post buffer when
 * they fit and `reused` (overwritten by the next post read), else in bytes of their own.
 */
function readStart(handle: number, length: number, reused = false): Buffer {
	let bytes: Buffer;
	if (reused && length <= POST_BUFFER_BYTES) {
		postBuffer ??= Buffer.allocUnsafe(POST_BUFFER_BYTES);
		bytes = postBuffer.subarray(0, length);
	} else {
		bytes = Buffer.allocUnsafe(length);
	}

	let read = 0;
	while (read < length) {
		const got = readSync(handle, bytes, read, length - read, read);
		if (got === 0) break;
		read += got;
	}

	return bytes.subarray(0, read);
}

/**
 * Reads a post as text, bounded in size. Synchronous on purpose: for many small files it is
 * much quicker than the thread pool. Only what openInBlog allows is read: the blog may have
 * changed since it was listed, and a post replaced by a link to a file elsewhere is not shown.
 */
export function readPostText(absolutePath: string, folder?: string, realPath?: string): FileText {
	const warnings: string[] = [];
	const {handle, stat} = openInBlog(absolutePath, folder, realPath);
	const stamp = {size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs};
	let bytes: Buffer;
	try {
		bytes = readStart(handle, Math.min(stat.size, MAX_POST_BYTES), true);
	} finally {
		closeSync(handle);
	}

	if (stat.size > MAX_POST_BYTES)
		warnings.push(`file is ${Math.round(stat.size / 1024 / 1024)} MB; only the first 4 MB are shown`);
	return {...decode(bytes, warnings), stamp};
}

/**
 * A file a post refers to (a picture), read by the same rule as posts: inside `folder`, a
 * regular file. Its first `limit` bytes at most, and its size.
 */
export function readBlogFile(absolutePath: string, folder: string, limit: number): {bytes: Buffer; size: number} {
	const {handle, stat} = openInBlog(absolutePath, folder);
	try {
		return {bytes: readStart(handle, Math.min(stat.size, limit)), size: stat.size};
	} finally {
		closeSync(handle);
	}
}

/** A small config file's text; anything but a regular file (a FIFO, a link to a device) reads as empty. */
export function readSmallFile(root: string, relative: string): string {
	try {
		const file = path.join(root, relative);
		const stat = statSync(file);
		return stat.isFile() && stat.size <= 256 * 1024 ? readFileSync(file, 'utf8') : '';
	} catch {
		return '';
	}
}
