// Times search over one blog, in two processes: `time` reads every post's
// body (the floor of a first search over them) and prepares search, in turns,
// and gives the medians, then prepares it as a second run does, from the words
// kept; `keys` prepares search once and times each key typed in the app's
// search field, with the process's peak memory (that of the app over the blog
// after searches). scripts/bench.ts bundles it the way the bin is bundled and
// runs it; it prints [name, value] rows as JSON: ms, and MB for the memory.
// Usage (bundled): node --expose-gc search.js time|keys <blog folder> <runs>
import {realpathSync} from 'node:fs';
import {readBody} from '../../source/blog/load/body.js';
import {loadBlog} from '../../source/blog/load/load.js';
import {SearchBodies} from '../../source/blog/search/search.js';
import {SearchStore} from '../../source/blog/search/search-store.js';
import {keystroke} from './app-keys.js';
import {median} from './median.js';

const [mode = 'time', folder = '', runsText = '3'] = process.argv.slice(2);
const runs = Number(runsText);
const blog = await loadBlog(folder, {drafts: false});
const count = blog.posts.length.toLocaleString('en');
const collect = () => (globalThis as {gc?: () => void}).gc?.();

const rows: Array<[string, number]> = [];
if (mode === 'time') {
	// In turns: reading the bodies alone, then preparing search.
	const reading: number[] = [];
	const preparing: number[] = [];
	for (let run = 0; run < runs; run++) {
		collect();
		let start = performance.now();
		for (const post of blog.posts) readBody(post);
		reading.push(performance.now() - start);
		collect();
		start = performance.now();
		new SearchBodies().prepare(blog.posts);
		preparing.push(performance.now() - start);
	}

	// As a second search over the blog finds it: the words kept by the first (search-store.ts).
	const root = realpathSync(folder);
	new SearchBodies({store: SearchStore.open(root, process.env)}).prepare(blog.posts);
	const again: number[] = [];
	for (let run = 0; run < runs; run++) {
		collect();
		const start = performance.now();
		new SearchBodies({store: SearchStore.open(root, process.env)}).prepare(blog.posts);
		again.push(performance.now() - start);
	}

	rows.push(
		[`reading every body, nothing else (${count} posts)`, median(reading)],
		[`preparing search, first time (${count} posts)`, median(preparing)],
		[`preparing search, words kept from the last run (${count} posts)`, median(again)],
	);
} else {
	const bodies = new SearchBodies();
	bodies.prepare(blog.posts);
	rows.push(
		[`keystroke: typing a search (${count} posts)`, await keystroke(blog, ['/', ...'kubelet'], bodies)],
		[`keystroke: typing a phrase (${count} posts)`, await keystroke(blog, ['/', ...'post 42:'], bodies)],
		[`peak memory, the app over ${count} posts after searches (MB)`, process.resourceUsage().maxRSS / 1024],
	);
}

process.stdout.write(JSON.stringify(rows));
