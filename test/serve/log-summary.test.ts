import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {type LineKind, LogSummary} from '../../source/serve/log-summary.js';

const START = Date.parse('2026-01-01T00:00:00.000Z');

/** A summary on a clock the test moves, writing into `lines`. */
function summaryAt(burst = 2) {
	let now = START;
	const lines: string[] = [];
	const summary = new LogSummary({
		write: line => lines.push(line),
		now: () => now,
		windowMs: 10_000,
		burst: {dropped: burst, 'not logged in': burst, ended: burst},
	});
	return {
		summary,
		lines,
		/** Moves the clock on by `ms`. */
		wait(ms: number) {
			now += ms;
		},
	};
}

describe('LogSummary: a flood of lines comes to a few', () => {
	// Each step: [kind, address] noted, or a number: the clock moved on that many ms and the summary flushed;
	// then the lines written, in order ('…' at the start of one: the rest of it, after the time stamp).
	type Step = [kind: LineKind, address: string] | number;
	const cases: Array<{name: string; burst?: number; steps: Step[]; written: string[]}> = [
		{
			name: 'lines under the burst are written as they come, nothing summed up',
			steps: [['dropped', 'a'], ['dropped', 'b'], 10_000],
			written: ['dropped a', 'dropped b'],
		},
		{
			name: 'past the burst, counted, then one line naming the busiest addresses',
			steps: [
				['dropped', 'a'],
				['dropped', 'a'],
				['dropped', 'a'],
				['dropped', 'b'],
				['dropped', 'a'],
				['dropped', 'c'],
				['dropped', 'b'],
				9_999,
				10_000,
			],
			written: [
				'dropped a',
				'dropped a',
				'… dropped 5 more connections from 3 addresses in the last 20 s: a (2), b (2), c (1)',
			],
		},
		{
			name: 'the window ends once: a new one starts with a new burst',
			steps: [
				['dropped', 'a'],
				['dropped', 'a'],
				['dropped', 'a'],
				10_000,
				['dropped', 'a'],
				['dropped', 'a'],
				['dropped', 'a'],
				['dropped', 'a'],
				12_000,
			],
			written: [
				'dropped a',
				'dropped a',
				'… dropped 1 more connection from 1 address in the last 10 s: a (1)',
				'dropped a',
				'dropped a',
				'… dropped 2 more connections from 1 address in the last 12 s: a (2)',
			],
		},
		{
			name: 'each kind has its own burst and its own words',
			burst: 1,
			steps: [
				['dropped', 'a'],
				['not logged in', 'a'],
				['ended', 'a'],
				['dropped', 'a'],
				['not logged in', 'b'],
				['ended', 'c'],
				['ended', 'c'],
				10_000,
			],
			written: [
				'dropped a',
				'not logged in a',
				'ended a',
				'… dropped 1 more connection from 1 address in the last 10 s: a (1)',
				'… 1 more connection from 1 address closed before logging in, in the last 10 s: b (1)',
				'… 2 more connections from 1 address ended in the last 10 s: c (2)',
			],
		},
		{
			name: 'at most three addresses named, the busiest first',
			burst: 0,
			steps: [
				['dropped', 'a'],
				['dropped', 'b'],
				['dropped', 'b'],
				['dropped', 'c'],
				['dropped', 'c'],
				['dropped', 'c'],
				['dropped', 'd'],
				['dropped', 'd'],
				['dropped', 'd'],
				['dropped', 'd'],
				10_000,
			],
			written: ['… dropped 10 more connections from 4 addresses in the last 10 s: d (4), c (3), b (2) and others'],
		},
		{
			name: 'a line noted after the window ends writes that window’s summary first',
			burst: 0,
			steps: [['dropped', 'a'], 10_000, ['dropped', 'b']],
			written: ['… dropped 1 more connection from 1 address in the last 10 s: a (1)'],
		},
	];

	for (const {name, burst, steps, written} of cases) {
		it(name, () => {
			const {summary, lines, wait} = summaryAt(burst);
			for (const step of steps) {
				if (typeof step === 'number') {
					wait(step);
					summary.flush();
				} else {
					summary.note(step[0], step[1], `${step[0]} ${step[1]}`);
				}
			}

			assert.deepEqual(
				lines.map(line => line.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, '… ')),
				written,
			);
		});
	}

	it('a summary says when it was written', () => {
		const {summary, lines, wait} = summaryAt(0);
		summary.note('dropped', 'a', 'x');
		wait(10_000);
		summary.flush();
		assert.ok(lines[0]?.startsWith('2026-01-01T00:00:10.000Z dropped 1 more'), lines[0]);
	});

	it('flush(true) ends every window now: the server stopping', () => {
		const {summary, lines, wait} = summaryAt(0);
		summary.note('ended', 'a', 'x');
		wait(300);
		summary.flush();
		assert.deepEqual(lines, []);
		summary.flush(true);
		assert.equal(lines.length, 1);
		assert.match(lines[0] ?? '', /1 more connection from 1 address ended in the last 1 s: a \(1\)$/);
	});

	it('a million lines from a million addresses: one line, and no more than a thousand addresses kept', () => {
		const {summary, lines, wait} = summaryAt(5);
		for (let index = 0; index < 1_000_000; index++) summary.note('dropped', `2001:db8::${index.toString(16)}`, 'line');
		wait(10_000);
		summary.flush();
		assert.equal(lines.length, 6);
		assert.match(
			lines[5] ?? '',
			new RegExp(
				' dropped 999,995 more connections from more than 1,000 addresses in the last 10 s: ' +
					'2001:db8::5 \\(1\\), .* and others$',
			),
		);
	});
});
