// The commit a folder's git repository has checked out, read from its files
// (no git run): what the last-commit dates of its files depend on, so dates
// read once are good until it changes. Anything unusual (a worktree's or a
// submodule's `.git` file, a link, a ref that is neither file nor packed)
// gives undefined, and git is asked as before.
import {lstatSync, type Stats} from 'node:fs';
import path from 'node:path';
import {readPrivateFile} from '../../storage/private-folder.js';

/** A commit id as git writes it: SHA-1 or SHA-256, in hex. */
const COMMIT = /^[\da-f]{40}(?:[\da-f]{24})?$/;
/** The largest HEAD, ref or packed-refs file read (a repository's packed refs are rarely more). */
const MAX_BYTES = 4 * 1024 * 1024;

/** The commit checked out in the repository `folder` is in, if it can be read plainly. */
export function headCommit(folder: string): string | undefined {
	for (let at = path.resolve(folder); ; ) {
		const dotGit = path.join(at, '.git');
		let found: Stats | undefined;
		try {
			found = lstatSync(dotGit, {throwIfNoEntry: false});
		} catch {
			// A folder that can't be looked into (EACCES): its commit can't be read plainly.
			return undefined;
		}

		if (found) return found.isDirectory() ? commitOf(dotGit) : undefined;
		const parent = path.dirname(at);
		if (parent === at) return undefined;
		at = parent;
	}
}

/** Read as any file the blog holds is: regular files only, not through a link, never waiting (a FIFO). */
function read(file: string): string | undefined {
	try {
		return readPrivateFile(file, MAX_BYTES);
	} catch {
		return undefined;
	}
}

function commitOf(gitFolder: string): string | undefined {
	const head = read(path.join(gitFolder, 'HEAD'))?.trim();
	if (head === undefined) return undefined;
	if (COMMIT.test(head)) return head;
	const ref = /^ref: (refs\/[\w./-]+)$/.exec(head)?.[1];
	if (ref === undefined || ref.split('/').includes('..')) return undefined;
	const loose = read(path.join(gitFolder, ref))?.trim();
	if (loose !== undefined) return COMMIT.test(loose) ? loose : undefined;
	for (const line of read(path.join(gitFolder, 'packed-refs'))?.split('\n') ?? []) {
		const [commit = '', name] = line.trim().split(' ');
		if (name === ref) return COMMIT.test(commit) ? commit : undefined;
	}

	return undefined;
}
