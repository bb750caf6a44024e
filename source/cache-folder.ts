import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where blogread keeps what it can rebuild (each blog's index, compiled code): safe to delete. */
export function cacheFolder(env: NodeJS.ProcessEnv): string {
	return path.join(env['XDG_CACHE_HOME'] || path.join(env['HOME'] || os.homedir(), '.cache'), 'blogread');
}

/**
 * Writes a file whole or not at all, so a reader never sees half of it, and
 * readable by you alone; a folder that can't be written is fine (nothing is kept).
 */
export function writeAtomically(file: string, data: string | Uint8Array): void {
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		const temporary = `${file}.${process.pid}.tmp`;
		writeFileSync(temporary, data, {mode: 0o600});
		renameSync(temporary, file);
	} catch {
		// Kept next time, if it can be then.
	}
}
