import {cpSync, mkdtempSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error js
import {makeEmojiPost} from './generate.mjs';
import {openHugePost, Server, Session, sleep} from './serve-clients.js';
const work = mkdtempSync(path.join(os.tmpdir(), 'leak-'));
const blog = path.join(work, 'blog');
cpSync('/work/main/posts', blog, {recursive: true});
makeEmojiPost(path.join(blog, 'emoji-dense.md'), 3.3 * 1024 * 1024);
const server = new Server(process.argv[2] ?? '/work/main/dist/cli.js', blog, path.join(work, 's'), 10);
const {port} = await server.ready;
const rss = () => Math.round(Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);
const session = new Session({columns: 200, rows: 100}, 60_000);
await session.open(port);
await openHugePost(session);
await sleep(3000);
console.log('start rss', rss(), 'MB');
for (let second = 0; second < 30; second++) {
	const end = performance.now() + 1000;
	while (performance.now() < end) { await session.press('j'.repeat(64)); }
	console.log(`after ${second + 1} s: rss ${rss()} MB`);
}
await session.quit().catch(() => {});
await server.stop();
process.exit(0);
