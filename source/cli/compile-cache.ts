import module from 'node:module';
import path from 'node:path';
import {cacheFolderPath, privateFolder} from '../storage/private-folder.js';

type Enable = (directory: string) => unknown;

/**
 * Node's own compile cache (Node 22.1 and later) for the modules loaded from
 * here on, kept in the private cache folder: compiled code must come from a
 * place no one else can shape. Node 20 has none, and then this does nothing.
 */
export function enableCompileCache(
	env: NodeJS.ProcessEnv,
	enable = (module as {enableCompileCache?: Enable}).enableCompileCache,
): void {
	if (typeof enable !== 'function' || env['NODE_DISABLE_COMPILE_CACHE']) return;
	const folder = privateFolder(cacheFolderPath(env));
	if (folder.problem !== undefined) return;
	const compiled = privateFolder(path.join(folder.path, 'compiled'));
	if (compiled.problem === undefined) enable(compiled.path);
}
