import path from 'node:path';
import {cacheFolderPath, stateFolderPath} from '../storage/private-folder.js';

/**
 * blogread's own folders (its index cache, its state): never watched, so a
 * blog folder that holds them (a home folder) is not woken by blogread's own writes.
 */
export function blogreadFolders(env: NodeJS.ProcessEnv): string[] {
	return [path.resolve(cacheFolderPath(env)), path.resolve(stateFolderPath(env))];
}
