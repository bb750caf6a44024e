import {closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import vm from 'node:vm';
import {isMainThread} from 'node:worker_threads';
import {bundledFile} from './bundle-files.js';
import {cacheFolder, writeAtomically} from './cache-folder.js';

/** Caches of earlier versions (of blogread or of Node) are removed when a new one is written: they would only pile up. */
function removeOthers(folder: string, prefix: string, kept: string): void {
	try {
		for (const name of readdirSync(folder)) if (name.startsWith(prefix) && name !== kept) rmSync(path.join(folder, name), {force: true});
	} catch {
		// Left for next time.
	}
}

/**
 * A cache file's bytes, if it is yours and no one else may write it: it holds
 * code that runs as you, and a cache folder may be shared (XDG_CACHE_HOME=/tmp).
 * Undefined when there is none (it is made at exit) or it is not to be trusted.
 */
function readPrivate(file: string): Buffer | undefined {
	let handle: number | undefined;
	try {
		// Not through a link: the name is what says which code it is.
		handle = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
		const stat = fstatSync(handle);
		const yours = process.getuid === undefined || stat.uid === process.getuid();
		return stat.isFile() && yours && (stat.mode & 0o022) === 0 ? readFileSync(handle) : undefined;
	} catch {
		return undefined;
	} finally {
		if (handle !== undefined) closeSync(handle);
	}
}

/**
 * Runs a bundled CommonJS file (`dist/<name>.cjs`: the program, the
 * renderer's libraries) and gives its exports, compiled from V8's code cache
 * when one is kept for it: compiling them and the functions a run uses takes
 * 10 to 30 ms otherwise. `key` names the file's exact content (a hash made at build
 * time): V8 checks its own version and flags, but only the length of the
 * source. A cache that is missing or rejected is written when the process
 * exits, with everything compiled by then.
 */
export function requireWithCodeCache(name: string, key: string, env: NodeJS.ProcessEnv = process.env): unknown {
	const file = fileURLToPath(bundledFile(`${name}.cjs`));
	const folder = cacheFolder(env);
	const cacheFile = path.join(folder, `code-${name}-${key}-${process.arch}-${process.versions.v8}.bin`);
	const cachedData = readPrivate(cacheFile);

	const wrapper = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
	const script = new vm.Script(wrapper, {filename: file, ...(cachedData ? {cachedData} : {})});
	// Worker threads are stopped, not exited: only the main thread writes the cache.
	if (isMainThread && (cachedData === undefined || script.cachedDataRejected === true)) {
		process.once('exit', () => {
			writeAtomically(cacheFile, script.createCachedData());
			removeOthers(folder, `code-${name}-`, path.basename(cacheFile));
		});
	}

	const module = {exports: {}};
	const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
	run(module.exports, createRequire(file), module, file, path.dirname(file));
	return module.exports;
}
