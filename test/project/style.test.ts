import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {ROOT} from '../helpers/paths.js';

const files = execFileSync('git', ['ls-files', 'source', 'test', 'scripts'], {cwd: ROOT, encoding: 'utf8'})
	.split('\n')
	.filter(file => /\.(?:ts|tsx|mjs|cjs)$/.test(file) && !file.startsWith('test/fixtures/'));

describe('code style', () => {
	// Biome formats the code (npm run lint); strings and comments it cannot wrap are kept short by hand.
	it('keeps every line within 120 columns (a tab counts 2, as the formatter counts it)', () => {
		const long = files.flatMap(file =>
			readFileSync(path.join(ROOT, file), 'utf8')
				.split('\n')
				.flatMap((line, index) => (line.replaceAll('\t', '  ').length > 120 ? [`${file}:${index + 1}`] : [])),
		);
		assert.deepEqual(long, []);
	});
});
