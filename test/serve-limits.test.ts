import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {type Admission, SessionLimits} from '../source/serve/session-limits.js';

/** The release of an admission that must have been admitted. */
function admitted(admission: Admission): () => void {
	assert.ok(admission.admitted, admission.admitted ? '' : admission.why);
	return admission.release;
}

/** Why an admission that must have been refused was. */
function refused(admission: Admission): string {
	assert.ok(!admission.admitted, 'admitted');
	return admission.why;
}

const FULL = 'the server is full (3 readers): try again later';
const BUSY = (count: number) => `${count} sessions are open from your address already: close one first`;

describe('SessionLimits: places for sessions, in all and per address', () => {
	// Each step: an address asking, and 'in' or why not; or `-N`: the Nth admission's place given back.
	type Step = [what: string, expected: string];
	const cases: Array<{name: string; sessions: number; perAddress: number; steps: Step[]; open: number}> = [
		{
			name: 'admits up to the total, then says the server is full',
			sessions: 3,
			perAddress: 5,
			steps: [
				['a', 'in'],
				['b', 'in'],
				['c', 'in'],
				['d', FULL],
				['a', FULL],
			],
			open: 3,
		},
		{
			name: 'admits up to the limit from one address, others still',
			sessions: 10,
			perAddress: 2,
			steps: [
				['a', 'in'],
				['a', 'in'],
				['a', BUSY(2)],
				['b', 'in'],
				['b', 'in'],
				['b', BUSY(2)],
			],
			open: 4,
		},
		{
			name: 'a full server says so before the address limit',
			sessions: 3,
			perAddress: 1,
			steps: [
				['a', 'in'],
				['b', 'in'],
				['c', 'in'],
				['a', FULL],
			],
			open: 3,
		},
		{
			name: 'a release frees a place for anyone',
			sessions: 3,
			perAddress: 5,
			steps: [
				['a', 'in'],
				['b', 'in'],
				['c', 'in'],
				['d', FULL],
				['-2', 'back'],
				['d', 'in'],
				['e', FULL],
			],
			open: 3,
		},
		{
			name: "a release frees its address's place, not another's",
			sessions: 10,
			perAddress: 1,
			steps: [
				['a', 'in'],
				['b', 'in'],
				['-2', 'back'],
				['a', BUSY(1)],
				['b', 'in'],
				['b', BUSY(1)],
			],
			open: 2,
		},
		{
			name: 'a release given twice frees one place',
			sessions: 3,
			perAddress: 5,
			steps: [
				['a', 'in'],
				['b', 'in'],
				['c', 'in'],
				['-1', 'back'],
				['-1', 'back'],
				['d', 'in'],
				['e', FULL],
			],
			open: 3,
		},
		{
			name: 'a release given twice frees one place of its address',
			sessions: 10,
			perAddress: 2,
			steps: [
				['a', 'in'],
				['a', 'in'],
				['-1', 'back'],
				['-1', 'back'],
				['a', 'in'],
				['a', BUSY(2)],
			],
			open: 2,
		},
		{
			name: 'one place each, given back and taken again',
			sessions: 1,
			perAddress: 1,
			steps: [
				['a', 'in'],
				['-1', 'back'],
				['a', 'in'],
				['-2', 'back'],
				['b', 'in'],
			],
			open: 1,
		},
	];

	for (const {name, sessions, perAddress, steps, open} of cases) {
		it(name, () => {
			const limits = new SessionLimits({sessions, perAddress});
			const releases: Array<() => void> = [];
			for (const [index, [what, expected]] of steps.entries()) {
				const step = `step ${index + 1}: ${what}`;
				if (what.startsWith('-')) {
					const release = releases[Number(what.slice(1)) - 1];
					assert.ok(release, step);
					release();
					continue;
				}

				const admission = limits.admit(what);
				if (expected === 'in') releases.push(admitted(admission));
				else {
					assert.equal(refused(admission), expected, step);
					releases.push(() => assert.fail(`${step} was refused: it has no release`));
				}
			}

			assert.equal(limits.sessions, open);
		});
	}

	it('counts the open sessions', () => {
		const limits = new SessionLimits({sessions: 5, perAddress: 5});
		assert.equal(limits.sessions, 0);
		const first = admitted(limits.admit('a'));
		const second = admitted(limits.admit('b'));
		assert.equal(limits.sessions, 2);
		refused(new SessionLimits({sessions: 0, perAddress: 5}).admit('a'));
		first();
		first();
		assert.equal(limits.sessions, 1);
		second();
		assert.equal(limits.sessions, 0);
	});
});
