import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {setImmediate as nextTurn} from 'node:timers/promises';
import {type Urgency, WorkerSlots} from '../../source/render/worker-slots.js';

// Render workers each take a core: a server asked for many prints of a huge post
// at once must run only so many, or every reader's keys (the main thread) starve.
// Those past the limit wait, a reader's page before a command's printed post, and
// a job no one wants any more leaves the queue. The test waits a turn of the loop
// (no timers) for promise callbacks to run before it looks.

type Acquired = {name: string; release: (() => void) | undefined; error: unknown; done: Promise<unknown>};

/** Asks `slots` for a worker, noting when it is given (and in what order) or refused. */
function ask(slots: WorkerSlots, name: string, urgency: Urgency, order: string[] = [], signal?: AbortSignal) {
	const acquired: Acquired = {name, release: undefined, error: undefined, done: Promise.resolve()};
	acquired.done = slots.acquire(urgency, signal).then(
		release => {
			order.push(name);
			acquired.release = release;
		},
		(error: unknown) => {
			acquired.error = error;
		},
	);
	return acquired;
}

const started = (...acquired: Acquired[]) => acquired.filter(each => each.release).map(each => each.name);

describe('WorkerSlots: how many render workers run at once', () => {
	it('runs at most `size` at once', async () => {
		const slots = new WorkerSlots(2);
		const jobs = ['a', 'b', 'c', 'd'].map(name => ask(slots, name, 'page'));
		await nextTurn();
		assert.deepEqual(started(...jobs), ['a', 'b']);
		assert.deepEqual(slots.load, {running: 2, waiting: 2});
	});

	it('starts the next waiting when a slot is given back', async () => {
		const slots = new WorkerSlots(2);
		const [a, b, c] = ['a', 'b', 'c'].map(name => ask(slots, name, 'page'));
		assert.ok(a && b && c);
		await nextTurn();
		a.release?.();
		await nextTurn();
		assert.deepEqual(started(a, b, c), ['a', 'b', 'c']);
		assert.deepEqual(slots.load, {running: 2, waiting: 0});
		b.release?.();
		c.release?.();
		assert.deepEqual(slots.load, {running: 0, waiting: 0});
	});

	it('frees a slot once however often it is given back', async () => {
		const slots = new WorkerSlots(1);
		const [a, b, c] = ['a', 'b', 'c'].map(name => ask(slots, name, 'page'));
		assert.ok(a && b && c);
		await nextTurn();
		a.release?.();
		a.release?.();
		await nextTurn();
		assert.deepEqual(started(a, b, c), ['a', 'b'], 'the second give-back started no one');
		assert.deepEqual(slots.load, {running: 1, waiting: 1});
	});

	it('does not count a slot given back twice as two free ones', async () => {
		const slots = new WorkerSlots(2);
		const first = ask(slots, 'first', 'page');
		await nextTurn();
		first.release?.();
		first.release?.();
		assert.deepEqual(slots.load, {running: 0, waiting: 0});
		const jobs = ['a', 'b', 'c'].map(name => ask(slots, name, 'page'));
		await nextTurn();
		assert.deepEqual(started(...jobs), ['a', 'b']);
	});

	it("starts 'page' waiters before 'print' waiters queued earlier, after 'page' waiters queued earlier", async () => {
		const slots = new WorkerSlots(1);
		const order: string[] = [];
		const holder = ask(slots, 'holder', 'print', order);
		await nextTurn();
		const queued: Array<[name: string, urgency: Urgency]> = [
			['print 1', 'print'],
			['page 1', 'page'],
			['print 2', 'print'],
			['page 2', 'page'],
			['page 3', 'page'],
		];
		const waiting = queued.map(([name, urgency]) => ask(slots, name, urgency, order));
		assert.deepEqual(slots.load, {running: 1, waiting: 5});
		// Each, once started, gives its slot back for the next.
		holder.release?.();
		for (const _ of queued) {
			await nextTurn();
			assert.equal(slots.load.running, 1, 'one at a time');
			waiting.find(each => each.name === order.at(-1))?.release?.();
		}

		assert.deepEqual(order, ['holder', 'page 1', 'page 2', 'page 3', 'print 1', 'print 2']);
	});

	it('removes a waiter whose signal aborts, rejecting it with the reason', async () => {
		const slots = new WorkerSlots(1);
		const holder = ask(slots, 'holder', 'page');
		await nextTurn();
		const leaving = new AbortController();
		const left = ask(slots, 'left', 'page', [], leaving.signal);
		const next = ask(slots, 'next', 'print');
		const reason = new Error('the reader left');
		leaving.abort(reason);
		await left.done;
		assert.equal(left.error, reason);
		assert.deepEqual(slots.load, {running: 1, waiting: 1});
		holder.release?.();
		await nextTurn();
		assert.deepEqual(started(holder, left, next), ['holder', 'next']);
		assert.deepEqual(slots.load, {running: 1, waiting: 0});
	});

	it('rejects at once, taking no slot, when the signal has aborted already', async () => {
		const slots = new WorkerSlots(1);
		const reason = new Error('gone already');
		await assert.rejects(slots.acquire('page', AbortSignal.abort(reason)), error => error === reason);
		assert.deepEqual(slots.load, {running: 0, waiting: 0});
	});

	it('keeps the slot of one whose signal aborts after it started: it gives it back itself', async () => {
		const slots = new WorkerSlots(1);
		const controller = new AbortController();
		const job = ask(slots, 'job', 'page', [], controller.signal);
		await nextTurn();
		controller.abort(new Error('too late'));
		await nextTurn();
		assert.equal(job.error, undefined);
		assert.deepEqual(slots.load, {running: 1, waiting: 0});
		job.release?.();
		assert.deepEqual(slots.load, {running: 0, waiting: 0});
	});
});
