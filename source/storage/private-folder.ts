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
	renameSync,
	rmSync,
	type Stats,
	writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanLine} from '../text/sanitize.js';

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
 * Why a folder with these stats must not be trusted, or undefined when it
 * may: `folder` is blogread's own folder, `parent` the one it sits in.
 */
export function distrust(folder: Stats, parent: Stats, uid: number): string | undefined {
	if (folder.isSymbolicLink()) return 'it is a symbolic link';
	if (!folder.isDirectory()) return 'it is not a folder';
	if (folder.uid !== uid) return `it belongs to another user (uid ${folder.uid})`;
	if ((folder.mode & GROUP_OR_OTHER_WRITE) !== 0)
		return `others can write to it (mode ${(folder.mode & 0o777).toString(8)})`;
	// In a folder others may write to without the sticky bit, ours could be swapped for theirs.
	const parentShared = (parent.mode & GROUP_OR_OTHER_WRITE) !== 0 && (parent.mode & STICKY) === 0;
	if (parentShared && parent.uid !== uid) return 'the folder it is in can be changed by others';
	return undefined;
}

export type PrivateFolder = {path: string; problem?: undefined} | {path: string; problem: string};

const checked = new Map<string, PrivateFolder>();

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

		const problem = distrust(lstatSync(folder), lstatSync(path.dirname(folder)), process.getuid?.() ?? 0);
		result = problem === undefined ? {path: folder} : {path: folder, problem};
		if (problem !== undefined) warn(`blogread: not using ${cleanLine(folder)}: ${problem}; running without it`);
	} catch (error) {
		// A read-only home or a full disk: nothing is kept, and that needs no warning.
		result = {path: folder, problem: (error as NodeJS.ErrnoException).code ?? 'unusable'};
	}

	checked.set(folder, result);
	return result;
}

/**
 * A file of a private folder as text: regular files only (a FIFO would block,
 * a link could point anywhere), opened without following links or waiting,
 * and undefined past `maxBytes`.
 */
export function readPrivateFile(file: string, maxBytes: number): string | undefined {
	return readPrivateBytes(file, maxBytes)?.toString('utf8');
}

/** `readPrivateFile`'s bytes, for files read a piece at a time. */
export function readPrivateBytes(file: string, maxBytes: number): Buffer | undefined {
	let handle: number | undefined;
	try {
		handle = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
		const stat = fstatSync(handle);
		if (!stat.isFile() || stat.size > maxBytes) return undefined;
		const bytes = Buffer.allocUnsafe(stat.size);
		let read = 0;
		while (read < bytes.length) {
			const got = readSync(handle, bytes, read, bytes.length - read, read);
			if (got === 0) break;
			read += got;
		}

		return read === bytes.length ? bytes : bytes.subarray(0, read);
	} catch {
		return undefined;
	} finally {
		if (handle !== undefined) closeSync(handle);
	}
}

/** Pieces of text joined into runs of about a megabyte, each written at once. */
function* batched(pieces: Iterable<string>): Generator<string> {
	let run: string[] = [];
	let length = 0;
	for (const piece of pieces) {
		run.push(piece);
		length += piece.length;
		if (length >= 1024 * 1024) {
			yield run.join('');
			run = [];
			length = 0;
		}
	}

	if (run.length > 0) yield run.join('');
}

/**
 * Writes a file of a private folder whole or not at all: a new temporary file
 * (never an existing one, never through a link), readable by you alone, then
 * renamed into place. `data`: the text, or its pieces in order (a large file
 * is never held whole). Failing to write is fine: the file is for next time.
 */
export function writePrivateFile(file: string, data: string | Iterable<string>): void {
	const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
	let handle: number | undefined;
	try {
		handle = openSync(
			temporary,
			constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
			0o600,
		);
		for (const piece of typeof data === 'string' ? [data] : batched(data)) {
			const bytes = Buffer.from(piece, 'utf8');
			for (let written = 0; written < bytes.length; ) written += writeSync(handle, bytes, written);
		}

		closeSync(handle);
		handle = undefined;
		renameSync(temporary, file);
	} catch {
		if (handle !== undefined) closeSync(handle);
		rmSync(temporary, {force: true});
	}
}
