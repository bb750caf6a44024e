// npm test's runner: every test file, two at a time (the machines are 2-core),
// the slowest first so the two lanes finish together, reported briefly.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {run} from 'node:test';
import reporter from './test-reporter.mjs';

const folder = path.join(import.meta.dirname, '..', 'test');
// The files that spawn the built bin or render large posts; the rest take a second or two each.
const slowest = [
	'cli',
	'serve-ssh',
	'corpus',
	'serve-sessions',
	'hostile',
	'pathological',
	'terminal-cli',
	'render-job',
	'sites',
	'text-width',
];
const files = readdirSync(folder)
	.filter(name => /\.test\.tsx?$/.test(name))
	.sort((a, b) => {
		const rank = name => {
			const index = slowest.indexOf(name.replace(/\.test\.tsx?$/, ''));
			return index === -1 ? slowest.length : index;
		};
		return rank(a) - rank(b) || a.localeCompare(b);
	})
	.map(name => path.join(folder, name));

let failed = false;
const stream = run({files, concurrency: Number(process.env['TEST_CONCURRENCY'] ?? 2)});
stream.on('test:fail', () => {
	failed = true;
});
stream.compose(reporter).pipe(process.stdout);
stream.on('end', () => {
	process.exitCode = failed ? 1 : 0;
});
