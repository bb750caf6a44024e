// Times search over one blog: preparing it (reading every post's body and
// indexing its words) and each key typed in the app's search field once it is
// prepared, with the process's peak memory. scripts/bench.ts bundles it the
// way the bin is bundled and runs it in a child process (with --expose-gc); it
// prints [name, value] rows as JSON: ms, and MB for the memory.
// Usage (bundled): node --expose-gc search.js <blog folder> <runs>
import {readBody} from '../../source/posts/body.js';
import {loadBlog} from '../../source/posts/load.js';
import {SearchBodies} from '../../source/posts/search.js';
import {keystroke} from './app-keys.js';
import {median} from './median.js';

const [folder = '', runsText = '3'] = process.argv.slice(2);
const runs = Number(runsText);
const blog = await loadBlog(folder, {drafts: false});
const count = blog.posts.length.toLocaleString('en');
const collect = () => (globalThis as {gc?: () => void}).gc?.();

// In turns: reading the bodies alone (the floor of any search over them), then preparing search.
const reading: number[] = [];
const preparing: number[] = [];
let bodies = new SearchBodies();
for (let run = 0; run < runs; run++) {
	collect();
	let start = performance.now();
	for (const post of blog.posts) readBody(post);
	reading.push(performance.now() - start);
	collect();
	bodies = new SearchBodies();
	start = performance.now();
	bodies.prepare(blog.posts);
	preparing.push(performance.now() - start);
}

collect();
const rows: Array<[string, number]> = [
	[`reading every body, nothing else (${count} posts)`, median(reading)],
	[`preparing search (${count} posts)`, median(preparing)],
	[`keystroke: typing a search (${count} posts)`, await keystroke(blog, ['/', ...'kubelet'], bodies)],
	[`keystroke: typing a phrase (${count} posts)`, await keystroke(blog, ['/', ...'post 42:'], bodies)],
	[`peak memory, the app over ${count} posts after searches (MB)`, process.resourceUsage().maxRSS / 1024],
];
process.stdout.write(JSON.stringify(rows));
