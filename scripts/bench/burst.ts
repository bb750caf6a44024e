// Keys while a burst of files lands in the blog: the app is open on a copy of
// the sample blog, a writer adds COUNT posts at RATE a second, and a key (j, k
// in turn) is pressed every 40 ms from the first frame until the app has read
// them all, each timed from writing it to the first frame that answers it.
// Prints a JSON summary. Usage, after `npm run build`:
//   node --import tsx scripts/bench/burst.ts BIN [COUNT] [RATE]
import {spawn} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {median} from './median.js';
import {PtyApp} from './pty-app.js';
import {percentile, sleep} from './serve-clients.js';

const [bin = '', count = '50000', rate = '5000'] = process.argv.slice(2);
const root = path.join(import.meta.dirname, '..', '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'blogread-burst-'));
const blog = path.join(work, 'blog');
cpSync(path.join(root, 'posts'), blog, {recursive: true});
const env = {
	...process.env,
	XDG_CACHE_HOME: path.join(work, 'cache'),
	XDG_STATE_HOME: path.join(work, 'state'),
	XDG_CONFIG_HOME: path.join(work, 'config'),
};
const PACE_MS = 40;
/** After the last file, how long keys go on: the app reads the blog again once the burst settles. */
const AFTER_MS = 5000;

const app = new PtyApp([blog], {bin, env});
try {
	await app.waitFor('? help');
	const writer = spawn(process.execPath, [path.join(import.meta.dirname, 'burst-writer.mjs'), blog, count, rate]);
	const started = performance.now();
	let writtenAt: number | undefined;
	writer.stdout.on('data', () => {
		writtenAt = performance.now();
	});
	const latencies: number[] = [];
	for (let index = 0; writtenAt === undefined || performance.now() < writtenAt + AFTER_MS; index++) {
		const drawn = app.output.length;
		const sent = performance.now();
		app.write(index % 2 === 0 ? 'j' : 'k');
		latencies.push((await app.until(() => app.output.length > drawn, 'a frame after a key', 30_000)) - sent);
		await sleep(PACE_MS);
	}

	writer.kill();
	process.stdout.write(
		`${JSON.stringify({
			keys: latencies.length,
			median: median(latencies),
			p95: percentile(latencies, 0.95),
			slowest: Math.max(...latencies),
			over50: latencies.filter(ms => ms > 50).length,
			writeSeconds: ((writtenAt ?? performance.now()) - started) / 1000,
		})}\n`,
	);
} finally {
	await app.quit();
	rmSync(work, {recursive: true, force: true});
}
