// blogread's own folders (the cache) are a trust boundary: they may sit in a
// place others can write (XDG_CACHE_HOME=/tmp/x), and what is read back from
// them decides what blogread shows. A folder is used only when it is a real
// directory, yours, and writable by no one else, as ssh treats ~/.ssh.
import {
	closeSync,
	constants,
	fstatSync,
	lstatSync,
	mkdirSync,
	openSync,
	readSync,
	realpathSync,
	renameSync,
	rmSync,
	type Stats,
	writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanLine} from '../text/sanitize.js';
import {allSteps, type Slices, stepsInSlices} from '../util/slices.js';
import {folderKey} from './folder-key.js';

/** Where blogread keeps what it can rebuild (each blog's index): safe to delete. */
export function cacheFolderPath(env: NodeJS.ProcessEnv): string {
	return path.join(env['XDG_CACHE_HOME'] || path.join(env['HOME'] || os.homedir(), '.cache'), 'blogread');
}

const GROUP_OR_OTHER_WRITE = 0o022;
const STICKY = 0o1000;

/** What blogread keeps of your reading (positions, read marks): not rebuilt if deleted. */
export function stateFolderPath(env: NodeJS.ProcessEnv): string {
	const home = env['HOME'] || os.homedir();
	return path.join(env['XDG_STATE_HOME'] || path.join(home, '.local', 'state'), 'blogread');
}

/**
 * Why a folder that holds blogread's own must not be trusted (what it does), or undefined:
 * anyone but you and root who owns it, and anyone who may write to it (unless
 * it is sticky, as /tmp is, where only a name's owner may move it), could swap
 * blogread's folder inside it for one of theirs or a link, whoever owns it.
 */
function distrustHolder(holder: Stats, uid: number): string | undefined {
	if (holder.uid !== uid && holder.uid !== 0) return `belongs to another user (uid ${holder.uid})`;
	if ((holder.mode & GROUP_OR_OTHER_WRITE) !== 0 && (holder.mode & STICKY) === 0) return 'can be changed by others';
	return undefined;
}

/**
 * Why a folder with these stats must not be trusted, or undefined when it
 * may: `folder` is blogread's own folder, `parent` the one it sits in.
 */
export function distrust(folder: Stats, parent: Stats, uid: number): string | undefined {
	if (folder.isSymbolicLink()) return 'it is a symbolic link';
	if (!folder.isDirectory()) return 'it is not a folder';
	if (folder.uid !== uid) return `it belongs to another user (uid ${folder.uid})`;
	if ((folder.mode & GROUP_OR_OTHER_WRITE) !== 0)
		return `others can write to it (mode ${(folder.mode & 0o777).toString(8)})`;
	const holder = distrustHolder(parent, uid);
	return holder === undefined ? undefined : `the folder it is in ${holder}`;
}

/** Why a folder above the parent (its real path, up to the root) must not be trusted, or undefined. */
function distrustAbove(parent: string, uid: number): string | undefined {
	let above = path.dirname(realpathSync.native(parent));
	for (;;) {
		const problem = distrustHolder(lstatSync(above), uid);
		if (problem !== undefined) return `${cleanLine(above)}, a folder above it, ${problem}`;
		const next = path.dirname(above);
		if (next === above) return undefined;
		above = next;
	}
}

/** Why `folder` can't be trusted now, or undefined; `identity`: the folder it must still be. */
function problemNow(folder: string, identity?: {dev: number; ino: number}): string | undefined {
	const stats = lstatSync(folder);
	const uid = process.getuid?.() ?? 0;
	const problem = distrust(stats, lstatSync(path.dirname(folder)), uid) ?? distrustAbove(path.dirname(folder), uid);
	if (problem !== undefined) return problem;
	if (identity && (stats.dev !== identity.dev || stats.ino !== identity.ino)) return 'it was replaced';
	return undefined;
}

export type PrivateFolder = {path: string; problem?: undefined} | {path: string; problem: string};

const checked = new Map<string, PrivateFolder>();
/** The folders trusted so far, as they were then: a write checks it is still that folder. */
const identities = new Map<string, {dev: number; ino: number}>();

/**
 * The folder, created for you alone (mode 700) when missing, if it can be
 * trusted; else its problem, said once on stderr, and blogread runs without it.
 */
export function privateFolder(
	folder: string,
	warn: (line: string) => void = line => process.stderr.write(`${line}\n`),
): PrivateFolder {
	const known = checked.get(folder);
	if (known) return known;
	let result: PrivateFolder;
	try {
		mkdirSync(path.dirname(folder), {recursive: true, mode: 0o700});
		try {
			mkdirSync(folder, {mode: 0o700});
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}

		const problem = problemNow(folder);
		result = problem === undefined ? {path: folder} : {path: folder, problem};
		if (problem === undefined) {
			const {dev, ino} = lstatSync(folder);
			identities.set(folder, {dev, ino});
		} else warn(`blogread: not using ${cleanLine(folder)}: ${problem}; running without it`);
	} catch (error) {
		// A read-only home or a full disk: nothing is kept, and that needs no warning.
		result = {path: folder, problem: (error as NodeJS.ErrnoException).code ?? 'unusable'};
	}

	checked.set(folder, result);
	return result;
}

/**
 * The file the cache keeps for the blog folder `root` (its real path), named by `name` with the
 * folder's key for its `*` (`index-*.json`); undefined when the cache folder can't be trusted.
 */
export function blogCacheFile(
	name: `${string}*${string}`,
	root: string,
	env: NodeJS.ProcessEnv,
	warn?: (line: string) => void,
): string | undefined {
	const folder = privateFolder(cacheFolderPath(env), warn);
	return folder.problem === undefined ? path.join(folder.path, name.replace('*', folderKey(root))) : undefined;
}

/**
 * Whether the folder of `file` is still one to write in: trusted by the same
 * rules, and the very folder trusted before (not swapped for another or a link
 * since). A folder never checked is checked now.
 */
function stillPrivate(file: string): boolean {
	const folder = path.dirname(file);
	try {
		return problemNow(folder, identities.get(folder)) === undefined;
	} catch {
		return false;
	}
}

/**
 * A file of a private folder as text: regular files only (a FIFO would block,
 * a link could point anywhere), opened without following links or waiting,
 * and undefined past `maxBytes`.
 */
export function readPrivateFile(file: string, maxBytes: number): string | undefined {
	return readPrivateBytes(file, maxBytes)?.toString('utf8');
}

/** A private file opened to be read: regular, not through a link, without waiting, and within `maxBytes`. */
function openToRead(file: string, maxBytes: number): {handle: number; size: number} | undefined {
	const handle = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	const stat = fstatSync(handle);
	if (stat.isFile() && stat.size <= maxBytes) return {handle, size: stat.size};
	closeSync(handle);
	return undefined;
}

/** Bytes read at once, at most, by `readPrivateBytesInSlices`: a fraction of a millisecond from the page cache. */
const READ_PIECE = 1024 * 1024;

/** A private file's bytes, read `piece` bytes at a time, a step between two pieces (see util/slices.ts). */
function* readInPieces(file: string, maxBytes: number, piece: number): Generator<void, Buffer | undefined> {
	let opened: {handle: number; size: number} | undefined;
	try {
		opened = openToRead(file, maxBytes);
		if (!opened) return undefined;
		const bytes = Buffer.allocUnsafe(opened.size);
		let read = 0;
		for (let got = -1; read < bytes.length && got !== 0; read += got) {
			if (read > 0) yield;
			got = readSync(opened.handle, bytes, read, Math.min(piece, bytes.length - read), read);
		}

		return read === bytes.length ? bytes : bytes.subarray(0, read);
	} catch {
		return undefined;
	} finally {
		if (opened) closeSync(opened.handle);
	}
}

const NEWLINE = 0x0a;

/** Bytes read at once by `readPrivateLines`: decoded, a piece stays under V8's large-object size (128 KB). */
const LINES_PIECE = 64 * 1024;

/**
 * A private file of lines, read through one small buffer and handed to `take` a
 * piece of whole lines at a time (a line longer than a piece comes whole). A
 * large file is never held, as bytes or as one string: a 33 MB index read whole
 * was garbage that waited for a full collection. `take` gives false to stop.
 * Gives whether the file could be read.
 */
export function readPrivateLines(file: string, maxBytes: number, take: (lines: string) => boolean): boolean {
	let opened: {handle: number; size: number} | undefined;
	try {
		opened = openToRead(file, maxBytes);
		if (!opened) return false;
		let buffer = Buffer.allocUnsafe(Math.min(LINES_PIECE, Math.max(opened.size, 1)));
		let filled = 0;
		for (let position = 0; ; ) {
			if (filled === buffer.length) {
				const grown = Buffer.allocUnsafe(buffer.length * 2);
				buffer.copy(grown, 0, 0, filled);
				buffer = grown;
			}

			const wanted = Math.min(buffer.length - filled, opened.size - position);
			const got = wanted > 0 ? readSync(opened.handle, buffer, filled, wanted, position) : 0;
			position += got;
			filled += got;
			// At the end, what is left is the last line, with no newline after it.
			const end = got === 0 ? filled : filled === 0 ? 0 : buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
			if (end > 0) {
				if (!take(buffer.toString('utf8', 0, end))) return true;
				buffer.copy(buffer, 0, end, filled);
				filled -= end;
			}

			if (got === 0) return true;
		}
	} catch {
		return false;
	} finally {
		if (opened) closeSync(opened.handle);
	}
}

/** `readPrivateFile`'s bytes, for files read a piece at a time. */
export function readPrivateBytes(file: string, maxBytes: number): Buffer | undefined {
	return allSteps(readInPieces(file, maxBytes, Number.POSITIVE_INFINITY));
}

/**
 * `readPrivateBytes` a slice at a time, a megabyte at most between two looks
 * at the clock: an index of 100,000 posts (some 40 MB) held keys 30 ms read at once.
 */
export function readPrivateBytesInSlices(file: string, maxBytes: number, slices: Slices): Promise<Buffer | undefined> {
	return stepsInSlices(readInPieces(file, maxBytes, READ_PIECE), slices);
}

/**
 * Text written at once, at most (characters, about): a large file is never held whole. Under V8's
 * large-object size (128 KB), so each run and its bytes die young: runs of a megabyte lived until
 * a full collection, and writing the search words of 100,000 posts raised the app's peak 50–100 MB.
 */
export const RUN_LENGTH = 64 * 1024;

/** Pieces of text joined into runs of about RUN_LENGTH, each written at once; a run ends early when `cut` says. */
function* batched(pieces: Iterable<string>, cut: () => boolean = () => false): Generator<string> {
	let run: string[] = [];
	let length = 0;
	for (const piece of pieces) {
		run.push(piece);
		length += piece.length;
		if (length >= RUN_LENGTH || cut()) {
			yield run.join('');
			run = [];
			length = 0;
		}
	}

	if (run.length > 0) yield run.join('');
}

/** Temporary files being written a slice at a time: removed if blogread leaves before they are in place. */
const unfinished = new Set<string>();
let removesUnfinished = false;

/** A new temporary file beside `file` (never an existing one, never through a link), readable by you alone. */
function createTemporary(file: string): {temporary: string; handle: number} {
	const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
	const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
	return {temporary, handle: openSync(temporary, flags, 0o600)};
}

/**
 * Writes `pieces` to a temporary file and renames it into place, a step after
 * each run written when `cut` says (see util/slices.ts); gives whether it wrote.
 */
function* writeInSteps(file: string, pieces: Iterable<string>, cut: () => boolean): Generator<void, boolean> {
	if (!stillPrivate(file)) return false;
	let made: {temporary: string; handle: number} | undefined;
	try {
		made = createTemporary(file);
		unfinished.add(made.temporary);
		for (const run of batched(pieces, cut)) {
			// Written as text: Node encodes it outside the heap, where bytes of a run's own were garbage (the search
			// words of 100,000 posts, 21 MB, came at the app's peak). A file takes all of a write, or it failed.
			if (writeSync(made.handle, run) !== Buffer.byteLength(run)) throw new Error('a short write');
			if (cut()) yield;
		}

		closeSync(made.handle);
		if (!stillPrivate(file)) throw new Error('the folder changed');
		renameSync(made.temporary, file);
		return true;
	} catch {
		if (made) {
			try {
				closeSync(made.handle);
			} catch {
				// Closed already, before the folder was found changed.
			}

			rmSync(made.temporary, {force: true});
		}

		return false;
	} finally {
		if (made) unfinished.delete(made.temporary);
	}
}

/**
 * Writes a file of a private folder whole or not at all: a new temporary file
 * (never an existing one, never through a link), readable by you alone, then
 * renamed into place. `data`: the text, or its pieces in order (a large file
 * is never held whole). The folder is checked again before the temporary file
 * is made and before the rename: one swapped meanwhile is not written to.
 * Failing to write is fine: the file is for next time. Gives whether it wrote.
 */
export function writePrivateFile(file: string, data: string | Iterable<string>): boolean {
	return allSteps(writeInSteps(file, typeof data === 'string' ? [data] : data, () => false));
}

/**
 * `writePrivateFile` a slice at a time, the event loop turning between slices
 * (an index of 100,000 posts took 100 ms to write). If blogread leaves before
 * it is done, the temporary file is removed and the old file stays.
 */
export function writePrivateFileInSlices(file: string, pieces: Iterable<string>, slices: Slices): Promise<boolean> {
	if (!removesUnfinished) {
		removesUnfinished = true;
		process.once('exit', () => {
			for (const temporary of unfinished) rmSync(temporary, {force: true});
		});
	}

	return stepsInSlices(
		writeInSteps(file, pieces, () => slices.due()),
		slices,
	);
}

/** How long a writer waits for another's lock before it writes anyway (each write takes a few ms). */
const LOCK_WAIT_MS = 2000;
/** A lock older than this was left by a writer that died or hung: it is taken over. */
const STALE_LOCK_MS = 10_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Whether the lock file names a process that is gone, or is older than any write takes. */
function staleLock(lock: string): boolean {
	const text = readPrivateFile(lock, 64);
	const stat = lstatSync(lock, {throwIfNoEntry: false});
	if (!stat) return false;
	if (Date.now() - stat.mtimeMs > STALE_LOCK_MS) return true;
	const pid = Number(text);
	if (!Number.isSafeInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return false;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ESRCH';
	}
}

/**
 * Runs `work` (a read, merge and write of `file`) while holding `file.lock`,
 * so that terminals writing the same file at once take turns and none loses
 * what another wrote. Synchronous: it runs on the way out of the process too.
 * A lock not had within two seconds (its holder stuck) is gone without: the work
 * runs anyway, as it would with no lock at all.
 */
export function withFileLock<Result>(file: string, work: () => Result): Result {
	const lock = `${file}.lock`;
	const deadline = Date.now() + LOCK_WAIT_MS;
	// In a folder no longer trusted no lock is made; the work's own write refuses it too.
	let held = false;
	while (!held && stillPrivate(lock)) {
		try {
			const handle = openSync(
				lock,
				constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
				0o600,
			);
			writeSync(handle, String(process.pid));
			closeSync(handle);
			held = true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) break;
			if (staleLock(lock)) rmSync(lock, {force: true});
			else Atomics.wait(sleeper, 0, 0, 2);
		}
	}

	try {
		return work();
	} finally {
		if (held) rmSync(lock, {force: true});
	}
}
