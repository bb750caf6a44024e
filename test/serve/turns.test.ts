import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {type Loop, TurnScheduler, type TurnTaker} from '../../source/serve/turn-scheduler.js';
import {
	type Candidate,
	COOLDOWN_FACTOR,
	chooseTurns,
	drawCost,
	HEAVY_PAUSE_FACTOR,
	type Moment,
	nextCost,
	TURN_BUDGET_MS,
	USAGE_HALF_LIFE_MS,
	usageAt,
	WAIT_FREE_USAGE_MS,
} from '../../source/serve/turns.js';

// Every reader of `blogread serve` shares one thread: whose keys are taken at
// each turn decides whether a reader who presses a key now and then waits behind
// a client flooding keys, or behind a session whose frames are dear (a huge pty).
// The pure choices are tested with tables; the scheduler with a loop and clock
// the test turns by hand, so what is served when is exact and needs no sleeps.

const candidate = (
	id: number,
	waitingSince: number,
	cost = 0,
	readyAt = 0,
	usage = 0,
	usedAt = 0,
	servedAt = Number.NEGATIVE_INFINITY,
): Candidate => ({id, waitingSince, servedAt, cost, readyAt, usage, usedAt});
/**
 * A candidate that has used much of the thread just now (at 0): it waits out its frames and
 * the heavy pause, goes after those under the line, and alone.
 */
const busy = (id: number, waitingSince: number, cost = 0, readyAt = 0, usage = 100 * WAIT_FREE_USAGE_MS): Candidate =>
	candidate(id, waitingSince, cost, readyAt, usage, 0);

describe('chooseTurns: whose keys are taken this turn', () => {
	type Options = {budgetMs?: number; heavyAt?: number};
	type Expected = {chosen: number[]; nextAt: number | undefined};
	/** These are taken now (and there is no time to wait for). */
	const take = (...chosen: number[]): Expected => ({chosen, nextAt: undefined});
	/** None is taken now; the first is due at `nextAt`. */
	const waitUntil = (nextAt: number | undefined): Expected => ({chosen: [], nextAt});
	const cases: Array<[name: string, candidates: Candidate[], now: number, options: Options, expected: Expected]> = [
		['none waiting: nothing, and no time to wait for', [], 10, {}, waitUntil(undefined)],
		['waiting longest first', [candidate(1, 30), candidate(2, 10), candidate(3, 20)], 100, {}, take(2, 3, 1)],
		[
			'waiting since the same moment: the one that used the thread less first',
			[candidate(1, 5, 0, 0, 50, 90), candidate(2, 5, 0, 0, 20, 90)],
			100,
			{},
			take(2, 1),
		],
		[
			'waiting since the same moment, the same use: the one served longest ago first',
			[candidate(1, 5, 0, 0, 0, 0, 3), candidate(2, 5), candidate(3, 5, 0, 0, 0, 0, 1)],
			100,
			{},
			take(2, 3, 1),
		],
		['all else the same: by id', [candidate(3, 10), candidate(1, 10), candidate(2, 10)], 100, {}, take(1, 2, 3)],
		[
			'as many light ones as the budget holds',
			[candidate(1, 1, 4), candidate(2, 2, 4), candidate(3, 3, 4), candidate(4, 4, 4)],
			100,
			{},
			take(1, 2, 3),
		],
		[
			'stops at the first that does not fit: a cheaper one behind it does not jump ahead',
			[candidate(1, 1, 5), candidate(2, 2, 8), candidate(3, 3, 1)],
			100,
			{},
			take(1),
		],
		['a heavy one goes alone', [candidate(1, 1, 30), candidate(2, 2, 1)], 100, {}, take(1)],
		[
			'a heavy one behind a light one waits for the next turn',
			[candidate(1, 1, 1), candidate(2, 2, 30)],
			100,
			{},
			take(1),
		],
		[
			'a smaller budget holds fewer',
			[candidate(1, 1, 1), candidate(2, 2, 1), candidate(3, 3, 1)],
			100,
			{budgetMs: 2},
			take(1, 2),
		],
		[
			'one waiting out its frames: the others are served, and no time to wait for',
			[busy(1, 1, 1, 50), busy(2, 2, 1, 0)],
			10,
			{},
			take(2),
		],
		['ready at exactly now', [candidate(1, 1, 1, 10)], 10, {}, take(1)],
		['none ready: when the first will be', [busy(1, 1, 1, 50), busy(2, 2, 1, 30)], 10, {}, waitUntil(30)],
		['heavyAt holds a heavy one, not a light one', [busy(1, 1, 20), busy(2, 2, 1)], 10, {heavyAt: 40}, take(2)],
		['heavyAt: a heavy one alone is due when the pause ends', [busy(1, 1, 20)], 10, {heavyAt: 40}, waitUntil(40)],
		['heavyAt: or when its own wait ends, if later', [busy(1, 1, 20, 60)], 10, {heavyAt: 40}, waitUntil(60)],
		[
			'one that has used little of the thread does not wait out its frames',
			[candidate(1, 1, 1, 50, WAIT_FREE_USAGE_MS - 1, 10)],
			10,
			{},
			take(1),
		],
		[
			'nor the heavy pause, however dear its frames looked',
			[candidate(1, 1, 20, 0, WAIT_FREE_USAGE_MS - 1, 10)],
			10,
			{heavyAt: 40},
			take(1),
		],
		[
			'one waiting out its frames is due as its use fades under the line, if sooner',
			[candidate(1, 1, 1, 5000, 2 * WAIT_FREE_USAGE_MS, 0)],
			10,
			{},
			waitUntil(USAGE_HALF_LIFE_MS),
		],
		['heavyAt past: a heavy one is served', [candidate(1, 1, 20)], 10, {heavyAt: 5}, take(1)],
		['a frame costing exactly the budget is not heavy', [candidate(1, 1, TURN_BUDGET_MS)], 10, {heavyAt: 40}, take(1)],
		[
			'under the line of use, waiting longest first, though it used more',
			[candidate(1, 10, 1, 0, WAIT_FREE_USAGE_MS - 1, 100), candidate(2, 50, 1, 0, 5, 100)],
			100,
			{},
			take(1, 2),
		],
		[
			'one past the line waits behind one under it that came later, and does not share its turn',
			[candidate(1, 10, 1, 0, WAIT_FREE_USAGE_MS, 100), candidate(2, 50, 1, 0, 5, 100)],
			100,
			{},
			take(2),
		],
		[
			'two past the line never share a turn, however cheap their frames look',
			[busy(1, 1, 1), busy(2, 2, 1)],
			10,
			{},
			take(1),
		],
		[
			'past the line: the one that used the thread least first, though it came later',
			[busy(1, 1, 1, 0, 9 * WAIT_FREE_USAGE_MS), busy(2, 2, 1, 0, 2 * WAIT_FREE_USAGE_MS)],
			10,
			{},
			take(2),
		],
		[
			'a heavy one that used the thread most waits behind a light one served more lately',
			[candidate(1, 10, 30, 0, 400, 90), candidate(2, 50, 1, 0, 5, 90)],
			100,
			{},
			take(2),
		],
		[
			'what was used long ago counts for less: halved each half-life',
			[
				candidate(1, 50, 1, 0, 8 * WAIT_FREE_USAGE_MS, 0),
				candidate(2, 10, 1, 0, 5 * WAIT_FREE_USAGE_MS, USAGE_HALF_LIFE_MS),
			],
			USAGE_HALF_LIFE_MS,
			{},
			take(1),
		],
		['past the line with the same use: waiting longest first', [busy(1, 30, 1), busy(2, 10, 1)], 100, {}, take(2)],
	];
	for (const [name, candidates, now, options, expected] of cases) {
		it(name, () => assert.deepEqual(chooseTurns(candidates, now, options), expected));
	}

	it('does not reorder the candidates it is given', () => {
		const candidates = [candidate(1, 30), candidate(2, 10)];
		chooseTurns(candidates, 100);
		assert.deepEqual(
			candidates.map(each => each.id),
			[1, 2],
		);
	});
});

describe('usageAt: a session’s use of the thread, fading', () => {
	const cases: Array<[name: string, usage: number, usedAt: number, now: number, expected: number]> = [
		['as used, at once', 100, 500, 500, 100],
		['half after a half-life', 100, 0, USAGE_HALF_LIFE_MS, 50],
		['a quarter after two', 100, 0, 2 * USAGE_HALF_LIFE_MS, 25],
		['never more than was used, however the clock goes', 100, 500, 400, 100],
		['none used: none', 0, 0, 10, 0],
	];
	for (const [name, usage, usedAt, now, expected] of cases) {
		it(name, () => assert.equal(usageAt({usage, usedAt}, now), expected));
	}
});

describe('drawCost: what a frame cost the thread', () => {
	const cases: Array<[name: string, since: Moment, now: Moment, expected: number]> = [
		['busy all along', {at: 100, idle: 40}, {at: 130, idle: 40}, 30],
		['idle time is not the frame’s', {at: 100, idle: 40}, {at: 130, idle: 50}, 20],
		['idle all along', {at: 0, idle: 0}, {at: 25, idle: 25}, 0],
		['never negative, however the clocks disagree', {at: 0, idle: 0}, {at: 10, idle: 15}, 0],
	];
	for (const [name, since, now, expected] of cases) {
		it(name, () => assert.equal(drawCost(since, now), expected));
	}
});

describe('nextCost: a session’s cost estimate', () => {
	const cases: Array<[name: string, previous: number, latest: number, expected: number]> = [
		['a dearer frame raises it at once', 0, 40, 40],
		['a cheaper frame moves it a quarter of the way', 40, 0, 30],
		['steady frames keep it', 8, 8, 8],
	];
	for (const [name, previous, latest, expected] of cases) {
		it(name, () => assert.equal(nextCost(previous, latest), expected));
	}

	it('comes down to frames that stay cheap', () => {
		let estimate = 40;
		for (let frame = 0; frame < 40; frame++) estimate = nextCost(estimate, 2);
		assert.ok(estimate >= 2 && estimate < 2.1, `estimate ${estimate}`);
	});
});

/** A clock and event loop the test turns by hand: one step is one turn, or the loop idle until a timer. */
class ManualLoop implements Loop {
	at = 0;
	idle = 0;
	/** Turns taken so far. */
	turns = 0;
	private queued: Array<() => void> = [];
	private timers: Array<{at: number; run: () => void; cancelled: boolean}> = [];

	now(): Moment {
		return {at: this.at, idle: this.idle};
	}

	soon(run: () => void): void {
		this.queued.push(run);
	}

	/** Frames are drawn in the turn after their keys (queued then): what is queued after them runs after them. */
	afterFrames(run: () => void): void {
		this.queued.push(run);
	}

	after(run: () => void, ms: number): () => void {
		const timer = {at: this.at + ms, run, cancelled: false};
		this.timers.push(timer);
		return () => {
			timer.cancelled = true;
		};
	}

	/** The thread works `ms` (a frame drawn). */
	work(ms: number): void {
		this.at += ms;
	}

	/** The loop sits idle for `ms`, firing nothing. */
	rest(ms: number): void {
		this.at += ms;
		this.idle += ms;
	}

	/** Nothing to run now: the loop would idle until a timer, or stop. */
	get quiet(): boolean {
		return this.queued.length === 0 && this.due().length === 0;
	}

	/** Idles until the first timer is due (without running it). */
	restUntilTimer(): void {
		const first = this.pending().reduce((a, b) => (b.at < a.at ? b : a));
		this.rest(Math.max(0, first.at - this.at));
	}

	/**
	 * One turn: the timers due run, then what was queued for this turn (what that
	 * queues waits for the next); with nothing to run, the loop idles until the
	 * first timer. False when nothing waits at all.
	 */
	step(): boolean {
		const due = this.due().sort((a, b) => a.at - b.at);
		const queued = this.queued;
		if (due.length > 0 || queued.length > 0) {
			this.turns++;
			this.queued = [];
			for (const timer of due) {
				timer.cancelled = true;
				timer.run();
			}

			for (const run of queued) run();
			return true;
		}

		if (this.pending().length === 0) return false;
		this.restUntilTimer();
		return true;
	}

	/** Turns the loop until `until` holds or nothing waits. */
	run(until: () => boolean = () => false): void {
		for (let steps = 0; steps < 10_000; steps++) {
			if (until() || !this.step()) return;
		}

		throw new Error('the loop still turns after 10000 steps');
	}

	private pending() {
		this.timers = this.timers.filter(timer => !timer.cancelled);
		return this.timers;
	}

	private due() {
		return this.pending().filter(timer => timer.at <= this.at);
	}
}

type Served = {name: string; at: number; turn: number};
type Drawn = {name: string; at: number; cost: number};

/** A scheduler on a manual loop, and sessions whose apps draw a frame of a known cost for each batch. */
function setup() {
	const loop = new ManualLoop();
	const scheduler = new TurnScheduler(loop);
	const served: Served[] = [];
	const drawn: Drawn[] = [];
	const count = (name: string) => served.filter(batch => batch.name === name).length;

	/**
	 * A session whose frames cost `frameMs`: drawn in the turn after its keys are given,
	 * as the app does, or at once (`drawsAtOnce`), as it is given them.
	 */
	function session(name: string, frameMs: number, {drawsAtOnce = false, onBatch = () => {}} = {}) {
		let keys = 0;
		const draw = () => {
			loop.work(frameMs);
			scheduler.drew(taker);
			drawn.push({name, at: loop.at, cost: frameMs});
		};

		const taker: TurnTaker = {
			takeBatch() {
				keys--;
				served.push({name, at: loop.at, turn: loop.turns});
				if (drawsAtOnce) draw();
				else loop.soon(draw);
				onBatch();
			},
			hasKeys: () => keys > 0,
		};
		return {
			taker,
			/** Keys come in: `batches` of them. */
			press(batches: number) {
				keys += batches;
				scheduler.want(taker);
			},
		};
	}

	/** What `name` has used of the thread by now, from its frames (as the scheduler counts it). */
	const usageAfter = (name: string) =>
		drawn
			.filter(frame => frame.name === name)
			.reduce((usage, frame) => usage + usageAt({usage: frame.cost, usedAt: frame.at}, loop.at), 0);

	return {loop, scheduler, served, drawn, count, session, usageAfter};
}

describe('TurnScheduler: whose keys are taken when', () => {
	it('gives a reader its batch before the next batch of a flooder whose frames are dear', () => {
		const {loop, served, count, session, usageAfter} = setup();
		const flooder = session('flooder', 20);
		const reader = session('reader', 1);
		flooder.press(1000);
		// Twelve dear frames make the flooder heavy (its estimate past the budget) and past the
		// line of use under which a session never waits; then it waits out its last.
		loop.run(() => count('flooder') === 12 && loop.quiet);
		assert.ok(usageAfter('flooder') >= WAIT_FREE_USAGE_MS);
		loop.restUntilTimer();
		// The reader presses a key just as the flooder's next batch is due.
		reader.press(1);
		loop.run(() => served.length === 14);
		assert.deepEqual(
			served.slice(12).map(batch => batch.name),
			['reader', 'flooder'],
		);
		assert.ok(served[12]?.turn !== served[13]?.turn, 'the flooder’s heavy frame is not in the reader’s turn');
	});

	it('serves a reader before a dear session that has waited longer, past the line of use', () => {
		const {loop, served, count, session, usageAfter} = setup();
		const dear = session('dear', 30);
		const reader = session('reader', 1);
		// Eight dear frames: the dear session is heavy, and has used 240 ms of the thread.
		dear.press(8);
		loop.run(() => count('dear') === 8 && loop.quiet);
		reader.press(1);
		loop.run(() => count('reader') === 1 && loop.quiet);
		// Both wait out every pause; then the dear one has keys, and the reader a moment later.
		loop.rest(200);
		assert.ok(usageAfter('dear') >= WAIT_FREE_USAGE_MS);
		dear.press(1);
		loop.work(1);
		reader.press(1);
		loop.run(() => served.length === 11);
		assert.deepEqual(
			served.slice(9).map(batch => batch.name),
			['reader', 'dear'],
		);
	});

	it('puts a session served with keys left behind the keys that came while its frame was drawn', () => {
		const {loop, served, count, session} = setup();
		const flooder = session('flooder', 5);
		const reader = session('reader', 1);
		flooder.press(1000);
		loop.run(() => count('flooder') === 1);
		// The reader's key comes after the flooder's batch is taken, before its frame is drawn.
		loop.work(1);
		reader.press(1);
		loop.run(() => served.length === 3);
		assert.deepEqual(
			served.map(batch => batch.name),
			['flooder', 'reader', 'flooder'],
		);
	});

	it('serves light sessions in the order their keys came, not by how little they used', () => {
		const {loop, served, count, session} = setup();
		const sessions = ['a', 'b', 'c'].map(name => ({name, session: session(name, 4)}));
		// `a` has used more of the thread than the others, all under the line.
		sessions[0]?.session.press(5);
		loop.run(() => count('a') === 5 && loop.quiet);
		loop.rest(1);
		for (const {session: each} of sessions) {
			each.press(1);
			loop.work(1);
		}

		loop.run();
		assert.deepEqual(
			served.slice(5).map(batch => batch.name),
			['a', 'b', 'c'],
		);
	});

	it('serves a reader who joins a flood at the next turn, whatever the flooder holds', () => {
		const {loop, served, count, session} = setup();
		const flooder = session('flooder', 0);
		const reader = session('reader', 0);
		flooder.press(1000);
		loop.run(() => count('flooder') === 3);
		reader.press(1);
		loop.run(() => served.length === 5);
		assert.deepEqual(
			served.slice(3).map(batch => batch.name),
			['reader', 'flooder'],
		);
	});

	it('makes a session whose frames are dear wait cost × COOLDOWN_FACTOR, serving a light one meanwhile', () => {
		const {loop, served, drawn, count, session, usageAfter} = setup();
		const dear = session('dear', 10);
		const light = session('light', 1);
		// Alone, it uses the thread past the line under which a session never waits.
		const warmUp = 20;
		dear.press(warmUp);
		loop.run();
		assert.ok(usageAfter('dear') >= WAIT_FREE_USAGE_MS);
		dear.press(6);
		light.press(1000);
		loop.run(() => count('dear') === warmUp + 6);
		const dearServed = served.filter(batch => batch.name === 'dear');
		const dearDrawn = drawn.filter(frame => frame.name === 'dear');
		let estimate = 0;
		for (let index = 0; index + 1 < dearServed.length; index++) {
			const frame = dearDrawn[index];
			const next = dearServed[index + 1];
			assert.ok(frame && next);
			estimate = nextCost(estimate, frame.cost);
			if (index + 1 < warmUp) continue;
			const readyAt = frame.at + estimate * COOLDOWN_FACTOR;
			assert.ok(next.at >= readyAt, `dear batch ${index + 1} at ${next.at}, before ${readyAt}`);
			const lightMeanwhile = served.filter(
				batch => batch.name === 'light' && batch.at > frame.at && batch.at < next.at,
			);
			assert.ok(lightMeanwhile.length > 0, `no light batch between ${frame.at} and ${next.at}`);
		}
	});

	it('keeps the rest of a turn for the next when frames drawn at once cost more than thought', () => {
		const {loop, served, session} = setup();
		const sessions = ['a', 'b', 'c'].map(name => session(name, 20, {drawsAtOnce: true}));
		for (const each of sessions) each.press(1);
		loop.run();
		assert.deepEqual(
			served.map(batch => batch.name),
			['a', 'b', 'c'],
		);
		assert.equal(new Set(served.map(batch => batch.turn)).size, 3, 'each dear frame had a turn of its own');
	});

	it('serves a session no more once it leaves', () => {
		const {loop, count, session, scheduler} = setup();
		const staying = session('staying', 1);
		const leaving = session('leaving', 1);
		staying.press(20);
		leaving.press(1000);
		loop.run(() => count('leaving') === 3);
		scheduler.leave(leaving.taker);
		loop.run();
		assert.equal(count('leaving'), 3);
		assert.equal(count('staying'), 20, 'the others are still served');
		assert.ok(loop.quiet, 'nothing left to run');
	});

	it('serves a session no more once it leaves as its keys are given (the reader pressed q)', () => {
		const {loop, count, session, scheduler} = setup();
		let batches = 0;
		const quitting = session('quitting', 1, {
			onBatch: () => {
				if (++batches === 2) scheduler.leave(quitting.taker);
			},
		});
		const other = session('other', 1);
		quitting.press(1000);
		other.press(10);
		loop.run();
		assert.equal(count('quitting'), 2);
		assert.equal(count('other'), 10);
	});

	it('pauses other heavy sessions after a heavy frame, not light ones', () => {
		const {loop, served, drawn, count, session, usageAfter} = setup();
		const first = session('first', 40);
		const second = session('second', 40);
		const light = session('light', 1);
		// Both draw dear frames, so both are known to be heavy and have used much of the thread.
		first.press(8);
		second.press(8);
		loop.run();
		loop.rest(100);
		assert.ok(usageAfter('first') >= WAIT_FREE_USAGE_MS && usageAfter('second') >= WAIT_FREE_USAGE_MS);
		first.press(1);
		loop.run(() => count('first') === 9 && drawn.at(-1)?.name === 'first');
		const heavyFrame = drawn.at(-1);
		assert.ok(heavyFrame);
		const pauseEnds = heavyFrame.at + heavyFrame.cost * HEAVY_PAUSE_FACTOR;
		second.press(1);
		light.press(1);
		loop.run(() => count('second') === 9);
		const secondAt = served.at(-1)?.at ?? Number.NaN;
		const lightAt = served.find(batch => batch.name === 'light')?.at ?? Number.NaN;
		assert.ok(secondAt >= pauseEnds, `second heavy session served at ${secondAt}, in the pause to ${pauseEnds}`);
		assert.ok(secondAt <= pauseEnds + 1, `second heavy session served at ${secondAt}, long after ${pauseEnds}`);
		assert.ok(lightAt < pauseEnds, `light session served at ${lightAt}, not in the pause to ${pauseEnds}`);
	});
});
