import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {SharedJobs} from '../../source/serve/shared-jobs.js';

// Several readers of `blogread serve` may ask for the same work at once (the same
// post printed at the same width): it must be done once for all of them, go on
// while any of them still waits, and stop (freeing its worker) once none does.
// Jobs here are promises the test settles by hand.

type Started = {key: string; signal: AbortSignal; resolve(value: string): void; reject(error: unknown): void};

/** A `start` for each key, whose jobs wait for the test, and stop (rejecting) when their signal aborts. */
function manualJobs() {
	const started: Started[] = [];
	const start = (key: string) => (signal: AbortSignal) =>
		new Promise<string>((resolve, reject) => {
			started.push({key, signal, resolve, reject});
			signal.addEventListener('abort', () => reject(signal.reason), {once: true});
		});
	return {started, start};
}

const only = <T>(items: T[]): T => {
	assert.equal(items.length, 1);
	return items[0] as T;
};

describe('SharedJobs: one job for all who ask for it at once', () => {
	it('shares one start between two callers with the same key', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const first = jobs.run('post@80', start('post@80'));
		const second = jobs.run('post@80', start('post@80'));
		assert.equal(started.length, 1);
		assert.equal(jobs.size, 1);
		only(started).resolve('printed');
		assert.deepEqual(await Promise.all([first, second]), ['printed', 'printed']);
	});

	it('starts a job for each key', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const narrow = jobs.run('post@40', start('post@40'));
		const wide = jobs.run('post@120', start('post@120'));
		assert.deepEqual(
			started.map(job => job.key),
			['post@40', 'post@120'],
		);
		assert.equal(jobs.size, 2);
		started[1]?.resolve('wide');
		started[0]?.resolve('narrow');
		assert.deepEqual(await Promise.all([narrow, wide]), ['narrow', 'wide']);
	});

	it('goes on for the others when one caller aborts, and rejects that caller with its reason', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const leaving = new AbortController();
		const left = jobs.run('post', start('post'), leaving.signal);
		const staying = jobs.run('post', start('post'));
		const reason = new Error('the reader left');
		leaving.abort(reason);
		await assert.rejects(left, error => error === reason);
		const job = only(started);
		assert.equal(job.signal.aborted, false, 'the job is not stopped while someone waits for it');
		assert.equal(jobs.size, 1);
		job.resolve('printed');
		assert.equal(await staying, 'printed');
	});

	it('stops the job when every caller aborts', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const callers = [new AbortController(), new AbortController()];
		const results = callers.map(caller => jobs.run('post', start('post'), caller.signal));
		const job = only(started);
		callers[0]?.abort(new Error('first left'));
		assert.equal(job.signal.aborted, false);
		callers[1]?.abort(new Error('second left'));
		assert.equal(job.signal.aborted, true, 'no one waits: the job is stopped');
		assert.equal(jobs.size, 0);
		await assert.rejects(results[0] as Promise<string>, {message: 'first left'});
		await assert.rejects(results[1] as Promise<string>, {message: 'second left'});
		// One who asks now gets a new job, not the one stopped.
		const again = jobs.run('post', start('post'));
		assert.equal(started.length, 2);
		assert.equal(started[1]?.signal.aborted, false);
		started[1]?.resolve('printed');
		assert.equal(await again, 'printed');
	});

	it('starts a new job for a caller who comes after the job settled', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const first = jobs.run('post', start('post'));
		started[0]?.resolve('old');
		assert.equal(await first, 'old');
		assert.equal(jobs.size, 0);
		const second = jobs.run('post', start('post'));
		assert.equal(started.length, 2);
		started[1]?.resolve('new');
		assert.equal(await second, 'new');
	});

	it('gives a failure to every caller, and does not keep it for the next', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const results = [jobs.run('post', start('post')), jobs.run('post', start('post'))];
		only(started).reject(new Error('no such post'));
		for (const result of results) await assert.rejects(result, {message: 'no such post'});
		assert.equal(jobs.size, 0);
		const retried = jobs.run('post', start('post'));
		assert.equal(started.length, 2);
		started[1]?.resolve('printed');
		assert.equal(await retried, 'printed');
	});

	it('rejects at once, starting nothing, when the signal has aborted already', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		const reason = new Error('gone already');
		await assert.rejects(jobs.run('post', start('post'), AbortSignal.abort(reason)), error => error === reason);
		assert.equal(started.length, 0);
		assert.equal(jobs.size, 0);
	});

	it('counts the jobs running, not the callers', async () => {
		const jobs = new SharedJobs<string>();
		const {started, start} = manualJobs();
		assert.equal(jobs.size, 0);
		const results = [
			jobs.run('a', start('a')),
			jobs.run('a', start('a')),
			jobs.run('a', start('a')),
			jobs.run('b', start('b')),
		];
		assert.equal(jobs.size, 2);
		started[0]?.resolve('a');
		await results[0];
		assert.equal(jobs.size, 1);
		started[1]?.resolve('b');
		await Promise.all(results);
		assert.equal(jobs.size, 0);
	});
});
