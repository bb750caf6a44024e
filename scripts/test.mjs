// npm test's runner: every test file in test/ and its folders (test/README.md),
// two at a time (the machines are 2-core), the slowest first so the two lanes
// finish together, reported briefly. Each file's time is kept (node_modules/.cache)
// for the next run's order; on a fresh clone the files known to be slow go first.
// With `--built`, only the files that run the built bin (.ci/run runs those on
// every maintained Node).
// The tests run on the Node that runs this script.
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {run} from 'node:test';
import reporter from './test-reporter.mjs';

const root = path.join(import.meta.dirname, '..');
const folder = path.join(root, 'test');
const timesFile = path.join(root, 'node_modules', '.cache', 'blogread', 'test-times.json');
// With no times from a last run: the files that spawn the built bin or render large posts,
// by their path under test/ without `.test.ts[x]`.
const knownSlow = [
	'end-to-end/cli',
	'serve/ssh',
	'corpora/corpus',
	'serve/sessions',
	'end-to-end/hostile',
	'corpora/pathological',
	'end-to-end/terminal-cli',
	'render/service/render-service',
	'corpora/sites',
	'text/width',
];

// A file runs the built bin when it spawns a Node (the bin, a pseudo-terminal, tmux or a server):
// it imports one of those helpers (`../helpers/bin.js`, `../../helpers/pty.js`, …) or names process.execPath.
const runsTheBin = name =>
	/helpers\/(?:bin|pty|tmux|serve)\.js|process\.execPath/.test(readFileSync(path.join(folder, name), 'utf8'));
const builtOnly = process.argv.includes('--built');
// The files inherit these: Ink draws as in a terminal even on a CI machine, and caches
// go to a folder of the tests' own.
process.env['CI'] = 'false';
process.env['XDG_CACHE_HOME'] = path.join(tmpdir(), 'blogread-test-cache');

/** The test files in test/`under`, as paths under test/ ('cli/options.test.ts'); helpers/ and fixtures/ hold none. */
function testFiles(under = '') {
	return readdirSync(path.join(folder, under), {withFileTypes: true}).flatMap(entry => {
		const name = under === '' ? entry.name : `${under}/${entry.name}`;
		if (entry.isDirectory()) return name === 'helpers' || name === 'fixtures' ? [] : testFiles(name);
		return entry.isFile() && /\.test\.tsx?$/.test(name) ? [name] : [];
	});
}

const allNames = testFiles();
const names = builtOnly ? allNames.filter(runsTheBin) : allNames;
const stem = name => name.replace(/\.test\.tsx?$/, '');
console.log(`Node ${process.versions.node}: ${names.length} test files${builtOnly ? ' that run the built bin' : ''}`);
const unknown = knownSlow.filter(slow => !allNames.some(name => stem(name) === slow));
if (unknown.length > 0) {
	console.error(`scripts/test.mjs: no test file for ${unknown.join(', ')} (renamed? update knownSlow)`);
	process.exit(1);
}

/** Seconds each file took last time, by its path under test/; {} when there was no last time. */
function lastTimes() {
	try {
		const times = JSON.parse(readFileSync(timesFile, 'utf8'));
		return typeof times === 'object' && times !== null ? times : {};
	} catch {
		return {};
	}
}

const times = lastTimes();
const cost = name => {
	if (typeof times[name] === 'number') return times[name];
	const index = knownSlow.indexOf(stem(name));
	// Unknown times: the known slow files as if they took minutes, in their order; the rest a second.
	return index === -1 ? 1 : 1000 - index;
};
const files = names.sort((a, b) => cost(b) - cost(a) || a.localeCompare(b)).map(name => path.join(folder, name));

let failed = false;
const took = {};
const stream = run({files, concurrency: Number(process.env['TEST_CONCURRENCY'] ?? 2)});
stream.on('test:fail', () => {
	failed = true;
});
// A file's top-level tests run one after another: their durations add up to the file's time.
for (const event of ['test:pass', 'test:fail']) {
	stream.on(event, ({nesting, file, details}) => {
		if (nesting !== 0 || !file) return;
		const name = path.relative(folder, file).split(path.sep).join('/');
		took[name] = (took[name] ?? 0) + (details.duration_ms ?? 0) / 1000;
	});
}

stream.compose(reporter).pipe(process.stdout);
stream.on('end', () => {
	process.exitCode = failed ? 1 : 0;
	try {
		mkdirSync(path.dirname(timesFile), {recursive: true});
		// Only the files there are now: a time kept under an old name would stay for ever.
		const kept = Object.entries({...times, ...took}).filter(([name]) => allNames.includes(name));
		writeFileSync(timesFile, `${JSON.stringify(Object.fromEntries(kept), null, '\t')}\n`);
	} catch {
		// The times only order the next run.
	}
});
