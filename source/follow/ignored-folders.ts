import os from 'node:os';
import path from 'node:path';
import {cacheFolderPath} from '../storage/private-folder.js';

/**
 * blogread's own folders (its index cache, its state): never watched, so a
 * blog folder that holds them (a home folder) is not woken by blogread's own writes.
 */
export function blogreadFolders(env: NodeJS.ProcessEnv): string[] {
	const home = env['HOME'] || os.homedir();
	const state = path.join(env['XDG_STATE_HOME'] || path.join(home, '.local', 'state'), 'blogread');
	return [path.resolve(cacheFolderPath(env)), path.resolve(state)];
}
