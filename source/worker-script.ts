import {existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';

/**
 * A worker thread running one of blogread's worker entries, found beside this
 * code: `dist/<name>.js` in the bundle (this code sits in `dist/` or
 * `dist/chunks/`), or `source/<name>.ts` when run from source (tests), through tsx.
 */
export function startWorker(name: string, workerData: unknown): Worker {
	const fromSource = import.meta.url.endsWith('.ts');
	const file = `${name}.${fromSource ? 'ts' : 'js'}`;
	const candidates = [new URL(`./${file}`, import.meta.url), new URL(`../${file}`, import.meta.url)];
	const url = candidates.find(candidate => existsSync(fileURLToPath(candidate))) ?? candidates[0] as URL;
	if (!fromSource) return new Worker(url, {workerData});
	const loader = `import('tsx/esm/api').then(({register}) => { register(); return import(${JSON.stringify(url.href)}); });`;
	return new Worker(loader, {eval: true, workerData});
}
