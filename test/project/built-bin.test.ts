import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {filesReached, waysIntoTheBin} from '../helpers/built-files.js';
import {DIST} from '../helpers/paths.js';

// The built bin's layout (scripts/bundle.mjs, bundleBin): Node 20 resolves, reads and compiles each
// file of a module graph on its own, so how many files a start loads is part of how fast it is.
const START = path.join(DIST, 'chunks', 'start.js');
const names = (files: Iterable<string>) => [...files].map(file => path.relative(DIST, file)).join(', ');

describe('the built bin', () => {
	it('has every file its code imports', () => {
		const code = readdirSync(DIST, {recursive: true, encoding: 'utf8'}).filter(file =>
			/^(chunks\/)?[^/]+\.js$/.test(file),
		);
		const missing = code.flatMap(file =>
			[...filesReached(path.join(DIST, file), 'static')].filter(reached => !existsSync(reached)),
		);
		assert.deepEqual(missing, []);
		// What the start's build loads from the other: by the names that build gives them.
		const fromStart = filesReached(START);
		for (const later of ['post-page.js', 'version-report.js']) {
			assert.ok(fromStart.has(path.join(DIST, 'chunks', later)), `a start loads ${later}`);
		}
	});

	it('starts a list from two files after the entry, and the app from three', () => {
		const entry = filesReached(path.join(DIST, 'cli.js'), 'static');
		const list = filesReached(START, 'static');
		assert.ok(list.size <= 2, `a list loads ${names(list)}`);
		const appPart = [...readFileSync(START, 'utf8').matchAll(/import\("\.\/(run-\w+\.js)"\)/g)].map(match => match[1]);
		assert.equal(appPart.length, 1, `the app's part, imported when the app starts: ${appPart.join(', ')}`);
		const app = new Set([...list, ...filesReached(path.join(DIST, 'chunks', appPart[0] ?? ''), 'static')]);
		assert.ok(app.size <= 3, `the app loads ${names(app)}`);
		assert.ok(entry.size <= 12, `the entry (flags, help) loads ${names(entry)}`);
		assert.ok(waysIntoTheBin().has('chunks/start.js'));
	});

	it('loads no node:crypto to start a list or the app (some 10 ms of a first frame): only when used', () => {
		const appPart = [...readFileSync(START, 'utf8').matchAll(/import\("\.\/(run-\w+\.js)"\)/g)].map(match => match[1]);
		const start = new Set([
			...filesReached(path.join(DIST, 'cli.js'), 'static'),
			...filesReached(START, 'static'),
			...filesReached(path.join(DIST, 'chunks', appPart[0] ?? ''), 'static'),
		]);
		const withCrypto = [...start].filter(file => /from\s*["'](?:node:)?crypto["']/.test(readFileSync(file, 'utf8')));
		assert.deepEqual(names(withCrypto), '');
	});
});
