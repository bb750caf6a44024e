import {Worker} from 'node:worker_threads';
import {bundledFile} from './bundled-file.js';

/**
 * A worker thread running one of blogread's worker entries: `dist/<name>.js`
 * in the bundle, or `source/<name>.ts` when run from source (tests), through tsx.
 */
export function startWorker(name: string, workerData: unknown): Worker {
	const fromSource = import.meta.url.endsWith('.ts');
	const url = bundledFile(`${name}.${fromSource ? 'ts' : 'js'}`);
	if (!fromSource) return new Worker(url, {workerData});
	const entry = JSON.stringify(url.href);
	const loader = `import('tsx/esm/api').then(({register}) => { register(); return import(${entry}); });`;
	return new Worker(loader, {eval: true, workerData});
}
