import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {ROOT} from '../helpers/paths.js';

// blogread changes two dependencies (patches/, applied to node_modules by `npm install`, so the tests
// and the bundle run the same code). A patch made for another version, or one that did not apply,
// would leave the dependency as it was without a word: this says so.
const folder = path.join(ROOT, 'patches');

/** A patch file's package and version: `ink+6.8.0.patch`, `@scope+name+1.2.3.patch`. */
function packageOf(file: string): {name: string; version: string} {
	const parts = file.replace(/\.patch$/, '').split('+');
	const version = parts.pop() ?? '';
	return {name: parts.join('/'), version};
}

/** The lines each file of a patch gains. */
function addedLines(patch: string): Map<string, string[]> {
	const added = new Map<string, string[]>();
	let file = '';
	for (const line of patch.split('\n')) {
		if (line.startsWith('+++ b/')) {
			file = line.slice('+++ b/'.length);
			added.set(file, []);
		} else if (line.startsWith('+') && !line.startsWith('+++') && line.trim() !== '+') {
			added.get(file)?.push(line.slice(1));
		}
	}

	return added;
}

describe('the patches to dependencies', () => {
	const patches = readdirSync(folder).filter(file => file.endsWith('.patch'));
	it('are there', () => {
		assert.deepEqual(patches.sort(), ['ink+6.8.0.patch', 'meow+14.1.0.patch']);
	});

	for (const file of patches) {
		it(`${file} is for the version installed, and applied`, () => {
			const {name, version} = packageOf(file);
			const installed = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
			assert.equal(installed.version, version, `${name} is ${installed.version}: make the patch again for it`);
			for (const [target, lines] of addedLines(readFileSync(path.join(folder, file), 'utf8'))) {
				const text = readFileSync(path.join(ROOT, target), 'utf8');
				const missing = lines.filter(line => !text.includes(line));
				assert.deepEqual(missing, [], `${target} lacks the patch's lines (run npm install)`);
			}
		});
	}
});
