import assert from 'node:assert/strict';
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import module from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {runBin} from '../helpers/bin.js';
import {SAMPLE_BLOG} from '../helpers/paths.js';

// Node's compile cache exists from Node 22.1: these run on the Node the suite runs on
// (.ci/run runs them on 22, 24 and 26 too).
const hasCompileCache = typeof (module as {enableCompileCache?: unknown}).enableCompileCache === 'function';
const skip = hasCompileCache ? false : `Node ${process.versions.node} has no compile cache`;
const roots: string[] = [];
after(() => {
	for (const root of roots) rmSync(root, {recursive: true, force: true});
});

function cacheHome(): string {
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-compile-cache-'));
	roots.push(root);
	return root;
}

/** Every file under `folder`, depth first. */
function filesUnder(folder: string): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
		const full = path.join(entry.parentPath, entry.name);
		return entry.isDirectory() ? filesUnder(full) : [full];
	});
}

describe('the compile cache', {skip}, () => {
	it('is written in the private cache folder and read back the same', () => {
		const home = cacheHome();
		const first = runBin(['--list', SAMPLE_BLOG], {env: {XDG_CACHE_HOME: home}});
		assert.equal(first.code, 0, first.stderr);
		const compiled = path.join(home, 'blogread', 'compiled');
		assert.ok(filesUnder(compiled).length > 0, 'nothing compiled was kept');
		assert.equal(statSync(compiled).mode & 0o777, 0o700);
		const second = runBin(['--list', SAMPLE_BLOG], {env: {XDG_CACHE_HOME: home}});
		assert.deepEqual([second.code, second.stdout, second.stderr], [0, first.stdout, '']);
	});

	it('never crashes a start when an entry is corrupt', () => {
		const home = cacheHome();
		const first = runBin(['--list', SAMPLE_BLOG], {env: {XDG_CACHE_HOME: home}});
		const entries = filesUnder(path.join(home, 'blogread', 'compiled'));
		assert.ok(entries.length > 0);
		for (const [index, entry] of entries.entries()) {
			// Garbage, an empty file, or half of one: whatever a crash or a full disk leaves.
			writeFileSync(
				entry,
				index % 3 === 0 ? 'not a compile cache\u0000\u00ff' : index % 3 === 1 ? '' : 'x'.repeat(4096),
			);
		}
		for (const args of [
			['--list', SAMPLE_BLOG],
			['--print', 'welcome', SAMPLE_BLOG],
		]) {
			const run = runBin(args, {env: {XDG_CACHE_HOME: home}});
			assert.equal(run.code, 0, run.stderr);
			assert.equal(run.stderr, '');
			if (args[0] === '--list') assert.equal(run.stdout, first.stdout);
		}
	});

	it('is not used in a cache folder others can write to', () => {
		const home = cacheHome();
		const shared = path.join(home, 'blogread');
		mkdirSync(shared);
		chmodSync(shared, 0o777);
		const run = runBin(['--list', SAMPLE_BLOG], {env: {XDG_CACHE_HOME: home}});
		assert.equal(run.code, 0, run.stderr);
		assert.deepEqual(
			readdirSync(shared).filter(name => name === 'compiled'),
			[],
		);
	});
});
