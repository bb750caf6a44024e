import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {frameUpdate} from '../../source/ui/screen-writer.js';

const SYNC = (text: string) => `\u001B[?2026h${text}\u001B[?2026l`;
const row = (index: number, text: string) => `\u001B[${index};1H\u001B[2K${text}`;

describe('frameUpdate: what changes the screen from one frame to the next', () => {
	const cases: Array<[string, string[] | undefined, string[], number, string]> = [
		['a first frame is written whole, row by row', undefined, ['a', 'b'], 2, SYNC(row(1, 'a') + row(2, 'b'))],
		['rows past a short frame are blanked', undefined, ['a'], 3, SYNC(row(1, 'a') + row(2, '') + row(3, ''))],
		['the same frame writes nothing', ['a', 'b'], ['a', 'b'], 2, ''],
		['only the rows that changed, at their place', ['a', 'b', 'c'], ['a', 'B', 'c'], 3, SYNC(row(2, 'B'))],
		['a row that went is blanked', ['a', 'b'], ['a'], 2, SYNC(row(2, ''))],
		['the bottom row is used like any other', ['a', 'b'], ['a', 'status'], 2, SYNC(row(2, 'status'))],
		['nothing is written below the screen', undefined, ['a', 'b', 'c'], 2, SYNC(row(1, 'a') + row(2, 'b'))],
	];
	for (const [name, before, after, rows, expected] of cases) {
		it(name, () => {
			assert.equal(frameUpdate(before, after, rows), expected);
		});
	}

	it('never writes a line break, so the terminal never scrolls', () => {
		const update = frameUpdate(undefined, ['one', 'two', 'three'], 3);
		assert.ok(!update.includes('\n') && !update.includes('\r'));
	});
});
