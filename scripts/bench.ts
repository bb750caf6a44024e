// npm run bench: builds, makes synthetic blogs in a temp folder, and prints
// medians of repeated runs with their ratio to plain `node -e ''` (the floor
// of any Node CLI) and to a script that reads the first 4 KB of every post.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {renderMarkdown} from '../source/render/markdown.js';
import {createTheme} from '../source/theme/palette.js';
import {pathologicalCases} from '../test/helpers/pathological.js';
// @ts-expect-error plain JavaScript helper shared with the fixtures
import {makeBlog, makeLargePost} from './bench/generate.mjs';
import {median} from './bench/median.js';
// @ts-expect-error plain JavaScript shared with the build
import {bundle} from './bundle.mjs';

const root = path.join(import.meta.dirname, '..');
const bin = path.join(root, 'dist', 'cli.js');
const work = mkdtempSync(path.join(os.tmpdir(), 'blogread-bench-'));
const cache = path.join(work, 'cache');
const runs = Number(process.env['BENCH_RUNS'] ?? 7);
const env = {...process.env, XDG_CACHE_HOME: cache, NO_COLOR: '1', FORCE_COLOR: undefined};

/** A command to time; `before` runs untimed ahead of each of its runs; `extraEnv` adds to the bench's environment. */
type Timed = {command: string; args: string[]; before?: () => void; extraEnv?: NodeJS.ProcessEnv};

/**
 * Median wall times of commands, in ms, run in turns (A B A B …): a slow
 * spell of the shared machine weighs on each alike, so their ratios hold.
 */
function timeInTurns(commands: Timed[]): number[] {
	const times: number[][] = commands.map(() => []);
	for (let run = 0; run < runs; run++) {
		for (const [index, {command, args, before, extraEnv}] of commands.entries()) {
			before?.();
			const start = performance.now();
			const result = spawnSync(command, args, {
				env: {...env, ...extraEnv},
				stdio: ['ignore', 'ignore', 'pipe'],
				maxBuffer: 64 * 1024 * 1024,
			});
			times[index]?.push(performance.now() - start);
			if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr?.toString()}`);
		}
	}

	return times.map(list => median(list));
}

/** Median time until the app shows `ready`, in a real pseudo-terminal; `before` runs untimed ahead of each run. */
async function firstFrame(args: string[], ready: string, before?: () => void): Promise<number> {
	const times: number[] = [];
	for (let run = 0; run < runs; run++) {
		before?.();
		times.push(
			await new Promise<number>((resolve, reject) => {
				const start = performance.now();
				const child = spawn('script', ['-qfec', `${process.execPath} ${bin} ${args.join(' ')}`, '/dev/null'], {
					env: {...env, TERM: 'xterm-256color', COLUMNS: '100', LINES: '30'},
				});
				let output = '';
				let elapsed = 0;
				child.stdout.on('data', (chunk: Buffer) => {
					output += chunk.toString();
					if (elapsed === 0 && output.includes(ready)) {
						elapsed = performance.now() - start;
						child.stdin.write('Q');
					}
				});
				child.on('exit', () => {
					if (elapsed > 0) resolve(elapsed);
					else reject(new Error(`no first frame for ${args.join(' ')}`));
				});
			}),
		);
	}

	return median(times);
}

/** Peak memory of the app in a pseudo-terminal after `keys` (`script`'s child process). */
async function appPeakRss(args: string[], keys: string[]): Promise<number> {
	const child = spawn('script', ['-qfec', `${process.execPath} ${bin} ${args.join(' ')}`, '/dev/null'], {
		env: {...env, TERM: 'xterm-256color', COLUMNS: '100', LINES: '30'},
	});
	child.stdout.resume();
	const pause = async (ms: number) =>
		new Promise(resolve => {
			setTimeout(resolve, ms);
		});
	await pause(1500);
	const app = spawnSync('pgrep', ['-P', String(child.pid)], {encoding: 'utf8'})
		.stdout.trim()
		.split('\n')[0];
	for (const key of keys) {
		child.stdin.write(key);
		await pause(key === '/' ? 1500 : 100);
	}

	const status = app ? readFileSync(`/proc/${app}/status`, 'utf8') : '';
	child.stdin.write('Q');
	await new Promise(resolve => child.on('exit', resolve));
	return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

function peakRss(args: string[]): number {
	const result = spawnSync(
		process.execPath,
		['--import', path.join(root, 'scripts', 'bench', 'rss.mjs'), bin, ...args],
		{env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024},
	);
	return Number(/maxrss-kb (\d+)/.exec(result.stderr)?.[1] ?? Number.NaN) / 1024;
}

execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {stdio: 'inherit'});
const blogs: Record<number, string> = {};
for (const count of [100, 1000, 10_000]) {
	blogs[count] = path.join(work, `blog-${count}`);
	makeBlog(blogs[count], count);
}

// Search is also timed over 100,000 posts (30 a day, so none is dated in the future and hidden as a draft).
const hugeBlog = path.join(work, 'blog-100000');
makeBlog(hugeBlog, 100_000, 30);

const large = path.join(work, 'large-1mb.md');
makeLargePost(large, 1024 * 1024);
const read4k = path.join(work, 'read4k.mjs');
writeFileSync(
	read4k,
	`import {openSync, readSync, closeSync, readdirSync} from 'node:fs';
import path from 'node:path';
const buffer = Buffer.alloc(4096);
function walk(folder) {
	for (const entry of readdirSync(folder, {withFileTypes: true})) {
		const file = path.join(folder, entry.name);
		if (entry.isDirectory()) walk(file);
		else { const handle = openSync(file, 'r'); readSync(handle, buffer, 0, 4096, 0); closeSync(handle); }
	}
}
walk(process.argv[2]);
`,
);

const clearCache = () => {
	rmSync(cache, {recursive: true, force: true});
};

// Each figure is timed in turns with what it is compared to, and its ratio is to that.
type Row = [name: string, ms: number, ratio: string, target: string];
const rows: Row[] = [];
const nodeRun: Timed = {command: process.execPath, args: ['-e', '']};
const read4kRun: Timed = {command: process.execPath, args: [read4k, blogs[10_000] ?? '']};
const blogread = (args: string[], before?: () => void): Timed => ({
	command: process.execPath,
	args: [bin, ...args],
	...(before ? {before} : {}),
});
/** Times `run` in turns with `against`, adds the row, and gives the median. */
const add = (name: string, run: Timed, target: string, against: Timed = nodeRun, unit = 'node'): number => {
	const [floor = Number.NaN, ms = Number.NaN] = timeInTurns([against, run]);
	rows.push([name, ms, `${(ms / floor).toFixed(1)}× ${unit}`, target]);
	return ms;
};

const [node = Number.NaN, baseline4k = Number.NaN] = timeInTurns([nodeRun, read4kRun]);
rows.push(
	["node -e ''", node, '1.0× node', 'the floor'],
	[
		'read the first 4 KB of 10,000 posts (plain script)',
		baseline4k,
		`${(baseline4k / node).toFixed(1)}× node`,
		'the 4 KB baseline',
	],
);
add('blogread --version', blogread(['--version']), '≤ 1.5× node');
add('blogread --help', blogread(['--help']), '≤ 1.5× node');
add('blogread --list (sample blog)', blogread(['--list', path.join(root, 'posts')]), '≤ 2× node');
for (const count of [100, 1000, 10_000]) {
	const blog = blogs[count] ?? '';
	const label = count.toLocaleString('en');
	if (count === 10_000)
		add(
			`--list, ${label} posts, no index`,
			blogread(['--list', blog], clearCache),
			'≤ 2× the 4 KB baseline',
			read4kRun,
			'the 4 KB script',
		);
	else add(`--list, ${label} posts, no index`, blogread(['--list', blog], clearCache), '');
	add(`--list, ${label} posts, warm index`, blogread(['--list', blog]), count === 10_000 ? '≤ 3× node' : '');
}

const bat = ['batcat', 'bat'].find(name => spawnSync(name, ['--version']).status === 0);
// Floors: plain scripts doing only the core of a --list over 10,000 posts (scripts/bench/least-*.mjs).
const leastScript = (name: string, ...args: string[]): Timed => ({
	command: process.execPath,
	args: [path.join(root, 'scripts', 'bench', name), ...args],
});
add(
	'the least a first --list can do with gray-matter and js-yaml (plain script)',
	leastScript('least-cold-list.mjs', blogs[10_000] ?? ''),
	'a floor for the first run',
	read4kRun,
	'the 4 KB script',
);
add(
	'the least a --list with the index can do (plain script)',
	leastScript('least-warm-list.mjs', blogs[10_000] ?? '', path.join(cache, 'blogread')),
	'a floor for runs with the index',
);

// In colour, as bat is asked to print.
const printRun: Timed = {...blogread(['--print', large]), extraEnv: {NO_COLOR: undefined, FORCE_COLOR: '3'}};
if (bat) {
	const [printed = Number.NaN, batted = Number.NaN] = timeInTurns([
		printRun,
		{command: bat, args: ['--color=always', '--paging=never', large]},
	]);
	rows.push(
		['--print of a 1 MB post, in colour', printed, `${(printed / batted).toFixed(2)}× bat`, 'faster than bat'],
		[`${bat} --color=always (1 MB post)`, batted, `${(batted / node).toFixed(1)}× node`, 'for comparison'],
	);
} else {
	add('--print of a 1 MB post, in colour', printRun, 'faster than bat (not installed here)');
}

// The app is timed in a pseudo-terminal, not in turns: its ratio is to node's median above.
const addFrame = (name: string, ms: number, target: string) => {
	rows.push([name, ms, `${(ms / node).toFixed(1)}× node`, target]);
};

addFrame('app, first frame (sample blog)', await firstFrame([path.join(root, 'posts')], '? help'), '≤ 3× node');
addFrame(
	'app, first frame, 10,000 posts (no index)',
	await firstFrame([blogs[10_000] ?? ''], '? help', clearCache),
	'≤ 12× node',
);
addFrame(
	'app, first frame, 10,000 posts (warm index)',
	await firstFrame([blogs[10_000] ?? ''], '? help'),
	'≤ 12× node',
);
addFrame('app, first screen of the 1 MB post', await firstFrame([large], 'Part one of post'), '≤ 8× node');

// Keystrokes are timed in the app bundled as the bin is (production React, the same plugins), in a child process.
const keysBundle = path.join(work, 'keystrokes');
await bundle(
	{
		keystrokes: path.join(root, 'scripts', 'bench', 'keystrokes.ts'),
		'render-worker': path.join(root, 'source', 'render', 'render-worker.ts'),
	},
	keysBundle,
);
const keystrokes = spawnSync(process.execPath, [path.join(keysBundle, 'keystrokes.js'), blogs[10_000] ?? '', large], {
	env,
	encoding: 'utf8',
});
if (keystrokes.status !== 0) throw new Error(`keystroke timing failed: ${keystrokes.stderr}`);
const keyRows = JSON.parse(keystrokes.stdout) as Array<[string, number]>;

// Search over 10,000 and 100,000 posts, each in a process of its own (its peak memory is the search's and the
// app's), started on the blog's index as a second run is (`--list` writes it).
const searchBundle = path.join(work, 'search');
await bundle(
	{
		search: path.join(root, 'scripts', 'bench', 'search.ts'),
		'render-worker': path.join(root, 'source', 'render', 'render-worker.ts'),
	},
	searchBundle,
);
const searchTargets: Record<string, [string, string]> = {
	'10,000': ['< 300 ms', '< 16 ms'],
	'100,000': ['', '< 50 ms'],
};
const searchRows: Array<[string, string, string]> = [];
for (const [blog, searchRuns] of [
	[blogs[10_000] ?? '', runs],
	[hugeBlog, Math.min(runs, 3)],
] as const) {
	spawnSync(process.execPath, [bin, '--list', blog], {env, stdio: 'ignore'});
	const measured = ['time', 'keys'].flatMap(mode => {
		const search = spawnSync(
			process.execPath,
			['--expose-gc', path.join(searchBundle, 'search.js'), mode, blog, String(searchRuns)],
			{env, encoding: 'utf8'},
		);
		if (search.status !== 0) throw new Error(`search timing failed: ${search.stderr}`);
		return JSON.parse(search.stdout) as Array<[string, number]>;
	});
	for (const [name, value] of measured) {
		const [prepare = '', key = ''] = searchTargets[/\(([\d,]+) posts/.exec(name)?.[1] ?? ''] ?? [];
		if (name.includes('(MB)')) searchRows.push([name.replace(' (MB)', ''), `${value.toFixed(0)} MB`, '< 400 MB']);
		else if (name.startsWith('keystroke')) searchRows.push([name, `${value.toFixed(1)} ms`, key]);
		else {
			// A first search can't beat reading every body; the target is for the runs after it.
			const target = name.includes('words kept') ? prepare : name.includes('first time') ? '' : 'the floor';
			searchRows.push([name, `${value.toFixed(0)} ms`, target]);
		}
	}
}

// The pathological inputs of test/pathological.test.ts, each rendered once here (the tests only check the lines).
const pathological = pathologicalCases.map(([name, markdown]): [string, number] => {
	const start = performance.now();
	renderMarkdown(markdown, {width: 80, theme: createTheme(1)});
	return [`${name} (${Math.round(markdown.length / 1024)} KB)`, performance.now() - start];
});
const slowest = pathological.sort((a, b) => b[1] - a[1]).slice(0, 3);
const rss = peakRss(['--list', blogs[10_000] ?? '']);
const appRss = await appPeakRss([blogs[10_000] ?? ''], ['/', ...'kubelet', '\r', '\r']);
rmSync(work, {recursive: true, force: true});

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const memory = `${Math.round(os.totalmem() / 1024 ** 3)} GB`;
console.log(
	`\nblogread benchmark: ${os.cpus().length} × ${cpu}, ${memory}, Node ${process.version}; medians of ${runs} runs\n`,
);
console.log('| what | median | ratio (timed in turns with it) | target |');
console.log('|---|---:|---:|---|');
for (const [name, ms, ratio, target] of rows) console.log(`| ${name} | ${ms.toFixed(0)} ms | ${ratio} | ${target} |`);
console.log(`\n| what | median | target |\n|---|---:|---|`);
for (const [name, ms] of keyRows) console.log(`| ${name} | ${ms.toFixed(1)} ms | < 16 ms |`);
console.log(`| peak memory, --list of 10,000 posts | ${rss.toFixed(0)} MB | < 200 MB |`);
console.log(`| peak memory, the app over 10,000 posts after a search | ${appRss.toFixed(0)} MB | < 200 MB |`);
console.log(`\n| search | median | target |\n|---|---:|---|`);
for (const [name, value, target] of searchRows) console.log(`| ${name} | ${value} | ${target} |`);
console.log(
	`\n| slowest pathological Markdown (of ${pathological.length}) | render | the reader's budget |\n|---|---:|---|`,
);
for (const [name, ms] of slowest) console.log(`| ${name} | ${ms.toFixed(0)} ms | 3,000 ms, then plain text |`);
