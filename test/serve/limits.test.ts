import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {addressGroups} from '../../source/serve/address-groups.js';
import {dropChance, type PreLoginLimits, PreLoginPool, type Startups} from '../../source/serve/pre-login.js';
import {type Admission, SessionLimits} from '../../source/serve/session-limits.js';

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

describe('SessionLimits of connections: the same limits, said of connections (in the log)', () => {
	it('says a full server and a busy address in its words', () => {
		const limits = new SessionLimits({sessions: 2, perAddress: 1}, 'connections');
		admitted(limits.admit('a'));
		assert.equal(refused(limits.admit('a')), '1 connections are logged in from your address already: close one first');
		admitted(limits.admit('b'));
		assert.equal(refused(limits.admit('c')), 'the server is full (2 connections logged in): try again later');
	});
});

describe('addressGroups: the address and network a connection is counted under', () => {
	const cases: Array<[remote: string, address: string, prefix: string]> = [
		['127.0.0.1', '127.0.0.1', '127.0.0.0/24'],
		['192.0.2.200', '192.0.2.200', '192.0.2.0/24'],
		['::ffff:192.0.2.7', '192.0.2.7', '192.0.2.0/24'],
		['::ffff:c000:207', '192.0.2.7', '192.0.2.0/24'],
		['::1', '::1', '0:0:0:0::/64'],
		['2001:db8:1:2::1', '2001:db8:1:2::1', '2001:db8:1:2::/64'],
		['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
		['2001:db8::', '2001:db8::', '2001:db8:0:0::/64'],
		['2001:db8:1:3::1', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
		['fe80::1%eth0', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
		// An IPv4 address written into IPv6 other than as "mapped" is an IPv6 address.
		['64:ff9b::192.0.2.7', '64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
		['?', '?', '?'],
	];
	for (const [remote, address, prefix] of cases) {
		it(`${remote} → ${address} in ${prefix}`, () => {
			assert.deepEqual(addressGroups(remote), {address, prefix});
		});
	}
});

describe('dropChance: MaxStartups START:RATE:FULL, as sshd reads it', () => {
	const cases: Array<[waiting: number, startups: Startups, chance: number]> = [
		[0, {start: 10, rate: 30, full: 100}, 0],
		[9, {start: 10, rate: 30, full: 100}, 0],
		[10, {start: 10, rate: 30, full: 100}, 0.3],
		[55, {start: 10, rate: 30, full: 100}, 0.65],
		[99, {start: 10, rate: 30, full: 100}, 0.3 + (0.7 * 89) / 90],
		[100, {start: 10, rate: 30, full: 100}, 1],
		[150, {start: 10, rate: 30, full: 100}, 1],
		[15, {start: 10, rate: 0, full: 20}, 0.5],
		[10, {start: 10, rate: 0, full: 20}, 0],
		// One number (start = full): a hard limit.
		[4, {start: 5, rate: 100, full: 5}, 0],
		[5, {start: 5, rate: 100, full: 5}, 1],
	];
	for (const [waiting, startups, chance] of cases) {
		it(`${waiting} waiting, ${startups.start}:${startups.rate}:${startups.full} → ${chance}`, () => {
			assert.ok(Math.abs(dropChance(waiting, startups) - chance) < 1e-9, String(dropChance(waiting, startups)));
		});
	}
});

describe('PreLoginPool: who waits to log in, and who is dropped for whom', () => {
	const easy: Startups = {start: 1000, rate: 100, full: 1000};
	/**
	 * Each step: an address arriving, and what comes of it: 'in', 'in, dropping N' (the Nth arrival
	 * dropped for it), or the start of why it is refused; or `-N`: the Nth arrival leaving.
	 */
	type Step = [what: string, expected: string];
	const cases: Array<{
		name: string;
		limits: Partial<PreLoginLimits>;
		random?: number[];
		steps: Step[];
		size: number;
	}> = [
		{
			name: 'at most perAddress from one address; others still come in',
			limits: {perAddress: 2},
			steps: [
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.0.1', '2 connections from this address'],
				['10.0.0.2', 'in'],
				['-1', 'left'],
				['10.0.0.1', 'in'],
			],
			size: 3,
		},
		{
			name: 'an IPv4 address written as IPv6 is the same address, and network',
			limits: {perAddress: 1, perPrefix: 2},
			steps: [
				['10.0.0.1', 'in'],
				['::ffff:10.0.0.1', '1 connections from this address'],
				['::ffff:10.0.0.2', 'in'],
				['10.0.0.3', '2 connections from 10.0.0.0/24'],
			],
			size: 2,
		},
		{
			name: 'a full network: a newcomer from a quieter address of it takes the place of the busiest one’s oldest',
			limits: {perAddress: 3, perPrefix: 3},
			steps: [
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.0.2', 'in, dropping 1'],
				// The busiest address gets no place back from the quieter one.
				['10.0.0.1', '3 connections from 10.0.0.0/24'],
				['10.0.0.3', 'in, dropping 2'],
				// Now all equal: a newcomer is refused rather than take a place from an equal.
				['10.0.0.4', '3 connections from 10.0.0.0/24'],
				['10.0.1.1', 'in'],
			],
			size: 4,
		},
		{
			name: 'an IPv6 network is a /64: its addresses are counted together, other /64s apart',
			limits: {perAddress: 5, perPrefix: 2},
			steps: [
				['2001:db8:0:1::1', 'in'],
				['2001:db8:0:1::2', 'in'],
				['2001:db8:0:1::3', '2 connections from 2001:db8:0:1::/64'],
				['2001:db8:0:2::1', 'in'],
			],
			size: 3,
		},
		{
			name: 'a full pool: a newcomer takes the place of the oldest of the busiest network',
			limits: {perAddress: 10, perPrefix: 10, startups: {start: 4, rate: 100, full: 4}},
			steps: [
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.1.1', 'in'],
				['10.0.2.1', 'in, dropping 1'],
				// Its own network is still the busiest: no one to take a place from.
				['10.0.0.1', '4 connections are not logged in yet (max startups 4:100:4)'],
				['10.0.3.1', 'in, dropping 2'],
				// Every network holds one: between equals the newcomer goes, as in sshd.
				['10.0.4.1', '4 connections are not logged in yet'],
				['10.0.0.1', '4 connections are not logged in yet'],
				['-7', 'left'],
				['10.0.4.1', 'in'],
			],
			size: 4,
		},
		{
			name: 'the busiest network first, then its busiest address',
			limits: {perAddress: 10, perPrefix: 10, startups: {start: 5, rate: 100, full: 5}},
			steps: [
				['10.0.1.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.0.2', 'in'],
				['10.0.0.2', 'in'],
				['10.0.1.2', 'in'],
				['10.0.2.1', 'in, dropping 3'],
			],
			size: 5,
		},
		{
			name: 'from START on, a drop with the chance MaxStartups gives (the random numbers injected)',
			limits: {perAddress: 10, perPrefix: 10, startups: {start: 2, rate: 50, full: 4}},
			// Drawn only between START and FULL: at 2 waiting (50%), at 3 (75%), at 3 again, at 3 again.
			random: [0.6, 0.7, 0.8, 0.1],
			steps: [
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				// 0.6 ≥ 50%: no drop.
				['10.0.1.1', 'in'],
				// 0.7 < 75%: one must go, and the busiest network holds more than the newcomer's would.
				['10.0.2.1', 'in, dropping 1'],
				// 0.8 ≥ 75%: no drop.
				['10.0.3.1', 'in'],
				// 4 waiting: FULL, no draw; between equals (two in 10.0.0.0/24 then) the newcomer goes.
				['10.0.0.2', '4 connections are not logged in yet'],
				['-2', 'left'],
				// 0.1 < 75%, and no one holds more: refused.
				['10.0.4.1', '3 connections are not logged in yet'],
			],
			size: 3,
		},
		{
			name: 'leaving twice frees one place',
			limits: {perAddress: 1},
			steps: [
				['10.0.0.1', 'in'],
				['-1', 'left'],
				['-1', 'left'],
				['10.0.0.1', 'in'],
				['10.0.0.1', '1 connections from this address'],
			],
			size: 1,
		},
		{
			name: 'a dropped connection leaving later frees nothing more',
			limits: {perAddress: 5, perPrefix: 2},
			steps: [
				['10.0.0.1', 'in'],
				['10.0.0.1', 'in'],
				['10.0.0.2', 'in, dropping 1'],
				['-1', 'left'],
				['10.0.0.3', '2 connections from 10.0.0.0/24'],
			],
			size: 2,
		},
	];

	for (const {name, limits, random = [], steps, size} of cases) {
		it(name, () => {
			const draws = [...random];
			const pool = new PreLoginPool<number>({perAddress: 5, perPrefix: 20, startups: easy, ...limits}, () => {
				const drawn = draws.shift();
				assert.ok(drawn !== undefined, 'a random number drawn that the case did not expect');
				return drawn;
			});
			const leaves: Array<() => void> = [];
			for (const [index, [what, expected]] of steps.entries()) {
				const step = `step ${index + 1}: ${what}`;
				if (what.startsWith('-')) {
					const leave = leaves[Number(what.slice(1)) - 1];
					assert.ok(leave, step);
					leave();
					continue;
				}

				const arrival = pool.arrive(what, leaves.length + 1);
				if (!expected.startsWith('in')) {
					assert.ok(!arrival.admitted, `${step} was admitted`);
					assert.ok(arrival.why.startsWith(expected), `${step}: ${arrival.why}`);
					leaves.push(() => assert.fail(`${step} was refused: it has no place to leave`));
					continue;
				}

				assert.ok(arrival.admitted, `${step}: ${arrival.admitted ? '' : arrival.why}`);
				const dropped = /dropping (\d+)/.exec(expected)?.[1];
				assert.equal(arrival.evicted?.value, dropped === undefined ? undefined : Number(dropped), step);
				leaves.push(arrival.leave);
			}

			assert.equal(pool.size, size);
			assert.equal(draws.length, 0, 'every random number expected was drawn');
		});
	}

	it('an attacker holding every place from a few addresses of one network never takes a reader’s place', () => {
		const pool = new PreLoginPool<string>({perAddress: 10, perPrefix: 20, startups: {start: 10, rate: 30, full: 100}});
		const dropped: string[] = [];
		let attempts = 0;
		// Twelve addresses of 127.0.0.0/24, each coming back as soon as it can.
		const attack = () => {
			const address = `127.0.0.${2 + (attempts++ % 12)}`;
			const arrival = pool.arrive(address, `attacker ${attempts}`);
			if (arrival.admitted && arrival.evicted) dropped.push(arrival.evicted.value);
		};

		for (let index = 0; index < 1000; index++) attack();
		assert.equal(pool.size, 20, 'the network holds its limit');
		const reader = pool.arrive('127.0.0.1', 'reader');
		assert.ok(reader.admitted, reader.admitted ? '' : reader.why);
		assert.match(reader.evicted?.value ?? '', /^attacker/);
		for (let index = 0; index < 10_000; index++) attack();
		assert.ok(!dropped.includes('reader'), 'the reader kept its place');
		assert.equal(pool.size, 20);
	});
});
