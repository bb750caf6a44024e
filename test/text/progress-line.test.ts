// The line a long read draws: on stderr before a list, and in the app's status
// line while its first read fills the list.
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {progressLine} from '../../source/text/progress-line.js';

describe('progressLine', () => {
	const cases: Array<[done: number, total: number, width: number, ascii: boolean, estimated: boolean, line: string]> = [
		[0, 100_000, 80, false, false, 'reading posts 0 / 100,000 ▕░░░░░░░░░░░░░░░░░░░░▏ 0%'],
		[12_345, 100_000, 80, false, false, 'reading posts 12,345 / 100,000 ▕██░░░░░░░░░░░░░░░░░░▏ 12%'],
		[100_000, 100_000, 80, true, false, 'reading posts 100,000 / 100,000 [####################] 100%'],
		[5, 0, 80, true, false, 'reading posts 5 / 0 [....................] 0%'],
		[50, 200, 80, true, true, 'reading posts 50 / ~200 [#####...............] 25%'],
		[12_345, 100_000, 40, false, false, 'reading posts 12,345 / 100,000'],
		[12_345, 100_000, 20, false, true, '12,345 / ~100,000'],
		[12_345, 100_000, 10, false, false, '12,345 / 1'],
	];
	for (const [done, total, width, ascii, estimated, line] of cases) {
		it(`${done} / ${estimated ? '~' : ''}${total} in ${width} columns${ascii ? ', ASCII' : ''}`, () => {
			assert.equal(progressLine(done, total, width, ascii, estimated), line);
			assert.ok(line.length <= width);
		});
	}
});
