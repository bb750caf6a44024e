import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../../source/render/markdown.js';
import {createTheme} from '../../../source/theme/palette.js';
import {anchorAt, lineAt} from '../../../source/ui/state/anchor.js';
import {findHits, hitFrom, markRanges} from '../../../source/ui/state/hits.js';

describe('reading positions across re-wraps', () => {
	// Blocks start at 0, 4 and 10 in a page of 20 lines.
	const starts = [0, 4, 10];
	const cases: Array<[number, {block: number; fraction: number}]> = [
		[0, {block: 0, fraction: 0}],
		[2, {block: 0, fraction: 0.5}],
		[4, {block: 1, fraction: 0}],
		[7, {block: 1, fraction: 0.5}],
		[15, {block: 2, fraction: 0.5}],
	];
	for (const [line, anchor] of cases) {
		it(`line ${line} ↔ ${JSON.stringify(anchor)}`, () => {
			assert.deepEqual(anchorAt(starts, 20, line), anchor);
			assert.equal(lineAt(starts, 20, anchor), line);
		});
	}

	const blockCases: Array<[name: string, starts: number[], line: number, block: number]> = [
		['blocks starting at the same line (empty ones): the last of them', [0, 4, 4, 10], 4, 2],
		['just before such blocks: the one before', [0, 4, 4, 10], 3, 0],
		['a line before the first block starts: the first', [2, 5], 0, 0],
		['past the last start: the last', [0, 4, 10], 99, 2],
	];
	for (const [name, blockStarts, line, block] of blockCases) {
		it(name, () => assert.equal(anchorAt(blockStarts, 100, line).block, block));
	}

	it('finds the same block as a scan from the start, in any page', () => {
		fc.assert(
			fc.property(fc.array(fc.nat(200), {minLength: 1, maxLength: 60}), fc.nat(220), (unsorted, line) => {
				const blockStarts = unsorted.sort((a, b) => a - b);
				const scanned = blockStarts.findLastIndex(start => start <= line);
				assert.equal(anchorAt(blockStarts, 250, line).block, Math.max(0, scanned));
			}),
		);
	});

	it('maps to the same block, in proportion, in a page wrapped differently', () => {
		const anchor = anchorAt(starts, 20, 7);
		assert.equal(lineAt([0, 2, 4], 8, anchor), 3);
		assert.equal(lineAt([0, 8, 20], 40, anchor), 14);
	});

	it('keeps the top content when a real post is re-wrapped', () => {
		const theme = createTheme(0);
		const markdown = Array.from({length: 12}, (_, index) => `Paragraph ${index} ${'word '.repeat(40)}`).join('\n\n');
		const wide = renderMarkdown(markdown, {width: 100, theme});
		const narrow = renderMarkdown(markdown, {width: 40, theme});
		const top = wide.lines.findIndex(line => line.startsWith('Paragraph 7'));
		const moved = lineAt(narrow.blockStarts, narrow.lines.length, anchorAt(wide.blockStarts, wide.lines.length, top));
		assert.match(narrow.lines[moved] ?? '', /^Paragraph 7 /);
	});

	it('stays inside the page when the anchor is past the last block', () => {
		assert.equal(lineAt([0, 5], 8, {block: 9, fraction: 0.9}), 7);
		assert.equal(lineAt([], 0, {block: 1, fraction: 0.5}), 0);
	});
});

describe('find in a post', () => {
	const lines = ['Kubelet and the \u001B[1mkube\u001B[22mlet', 'nothing here', 'KUBE again'];

	it('finds every match in the plain text, ignoring case', () => {
		assert.deepEqual(findHits(lines, 'kube'), [
			{line: 0, start: 0, end: 4},
			{line: 0, start: 16, end: 20},
			{line: 2, start: 0, end: 4},
		]);
		assert.deepEqual(findHits(lines, 'bel'), [
			{line: 0, start: 2, end: 5},
			{line: 0, start: 18, end: 21},
		]);
		assert.deepEqual(findHits(lines, ''), []);
		assert.deepEqual(findHits(lines, 'absent'), []);
	});

	it('finds the next hit from a line, wrapping around', () => {
		const hits = findHits(lines, 'kube');
		assert.deepEqual([hitFrom(hits, 0), hitFrom(hits, 1), hitFrom(hits, 3), hitFrom([], 0)], [0, 2, 0, -1]);
	});

	it('marks matches inside styled text without breaking its styles', () => {
		const marked = markRanges(lines[0] ?? '', [{start: 16, end: 20, open: '<', close: '>'}]);
		assert.equal(marked, 'Kubelet and the \u001B[1m<kube\u001B[22m<>let');
		assert.equal(stripAnsi(marked).replace(/[<>]/g, ''), stripAnsi(lines[0] ?? ''));
		assert.equal(markRanges('abc', [{start: 1, end: 3, open: '[', close: ']'}]), 'a[bc]');
	});
});

describe('footnote positions', () => {
	it('records the line of each reference and of each note', () => {
		const {lines, footnoteRefs, noteLines} = renderMarkdown(
			'Intro.\n\nFirst[^a] and[^b].\n\n## Later\n\nAgain[^a].\n\n[^a]: Note A.\n[^b]: Note B.',
			{width: 40, theme: createTheme(1)},
		);
		assert.deepEqual(footnoteRefs, [
			{line: 2, note: 1},
			{line: 2, note: 2},
			{line: 7, note: 1},
		]);
		assert.deepEqual(
			noteLines.map(line => stripAnsi(lines[line] ?? '')),
			['[1] Note A.', '[2] Note B.'],
		);
		assert.ok(!lines.join('').includes('\u2063'), 'the markers are removed');
	});
});
