// Writes COUNT synthetic posts into BLOG at RATE a second (a batch every 50 ms,
// spread over ten new folders), as a generator's build or a `git pull` of a
// big blog does while blogread is open on it; prints `done` when all are written.
// Usage: node scripts/bench/burst-writer.mjs BLOG COUNT RATE
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {postText} from './generate.mjs';

const [blog = '', count = '50000', rate = '5000'] = process.argv.slice(2);
const total = Number(count);
const perBatch = Math.max(1, Math.round(Number(rate) / 20));
const folders = Array.from({length: 10}, (_, index) => path.join(blog, `burst-${index}`));
for (const folder of folders) mkdirSync(folder, {recursive: true});
let written = 0;
const timer = setInterval(() => {
	for (let index = 0; index < perBatch && written < total; index++, written++) {
		// Twenty a day from 2015: every post is dated before today, so every one is listed.
		writeFileSync(path.join(folders[written % 10] ?? blog, `post-${written}.md`), postText(written, 4096, 20));
	}

	if (written === total) {
		clearInterval(timer);
		process.stdout.write('done\n');
	}
}, 50);
