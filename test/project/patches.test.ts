import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {pathToFileURL} from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import {ROOT} from '../helpers/paths.js';

// blogread changes three dependencies (patches/, applied to node_modules by `npm install`, so the tests
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
		assert.deepEqual(patches.sort(), ['beautiful-mermaid+1.1.3.patch', 'ink+6.8.0.patch', 'meow+14.1.0.patch']);
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

describe('what the patch to Ink changes', () => {
	// Ink remembers what it measured and wrapped, keyed by the text: every frame's text, for as long as
	// the process ran (a served session scrolling a long post grew the server by each frame it drew).
	it('keeps the last texts it measured and wrapped, not every one', async () => {
		const inkFile = (name: string) => pathToFileURL(path.join(ROOT, 'node_modules', 'ink', 'build', name)).href;
		const {default: measureText} = (await import(inkFile('measure-text.js'))) as {
			default: (text: string) => {width: number; height: number};
		};
		const {default: wrapText} = (await import(inkFile('wrap-text.js'))) as {
			default: (text: string, width: number, wrap: string) => string;
		};
		v8.setFlagsFromString('--expose-gc');
		const gc = vm.runInNewContext('gc') as () => void;
		const heap = () => {
			gc();
			return process.memoryUsage().heapUsed;
		};

		const texts = 1500;
		const size = 16 * 1024;
		const before = heap();
		for (let index = 0; index < texts; index++) {
			// A text of its own (not sharing its characters with the one before), as a frame's is.
			// Empty lines, quick to measure: what is kept is what is looked at here.
			const bytes = Buffer.alloc(size, '\n');
			bytes.write(String(index), 0, 'latin1');
			const text = bytes.toString('latin1');
			assert.equal(measureText(text).height, size - String(index).length + 1);
			// `end` leaves the text as it is (it is not a wrap nor a truncation), and is remembered all the same.
			assert.equal(wrapText(text, 40, 'end'), text);
		}

		const grown = heap() - before;
		// Kept for good, the texts alone would be 2 × 1500 × 16 KB = 48 MB.
		assert.ok(grown < 16 * 1024 * 1024, `the heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB`);
	});
});
