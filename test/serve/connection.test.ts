import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {MAX_COLUMNS, MAX_ROWS, ptySize} from '../../source/serve/connection.js';
import {ROOT} from '../helpers/paths.js';

describe('ptySize: the size a reader’s pty is taken at', () => {
	const cases: Array<[name: string, asked: [columns: number, rows: number], taken: [columns: number, rows: number]]> = [
		['as asked', [100, 30], [100, 30]],
		['a size the client does not know (0) is 80x24', [0, 0], [80, 24]],
		['one side unknown', [120, 0], [120, 24]],
		['as large as a 4K screen in a small font', [480, 135], [480, 135]],
		['at the largest taken', [MAX_COLUMNS, MAX_ROWS], [MAX_COLUMNS, MAX_ROWS]],
		['past it: cut down, each side alone', [1000, 500], [MAX_COLUMNS, MAX_ROWS]],
		['a million columns', [1_000_000, 40], [MAX_COLUMNS, 40]],
	];
	for (const [name, [columns, rows], [expectedColumns, expectedRows]] of cases) {
		it(name, () => assert.deepEqual(ptySize(columns, rows), {columns: expectedColumns, rows: expectedRows}));
	}

	it('is the largest size SECURITY.md says the server takes', () => {
		const security = readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');
		assert.match(security, new RegExp(`between 1x1 and ${MAX_COLUMNS}x${MAX_ROWS}\\b`));
	});
});
