import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {FairQueue} from '../../../source/render/service/fair-queue.js';

type Client = {name: string};
const clients: Record<string, Client> = {a: {name: 'a'}, b: {name: 'b'}, c: {name: 'c'}};
const clientOf = (job: string): Client => clients[job.charAt(0)] ?? {name: job};

/**
 * Pushes the jobs (each named for its client: `a1` is client a's), then takes one, then pushes
 * `later`, then takes until nothing is left, `busy` holding clients back: the order taken.
 */
function order(pushed: string[], later: string[] = [], busy: (client: Client) => boolean = () => false): string[] {
	const queue = new FairQueue<Client, string>();
	for (const job of pushed) queue.push(clientOf(job), job);
	const taken: string[] = [];
	const first = queue.take(busy);
	if (first !== undefined) taken.push(first);
	for (const job of later) queue.push(clientOf(job), job);
	for (let job = queue.take(busy); job !== undefined; job = queue.take(busy)) taken.push(job);
	return taken;
}

describe('jobs taken in turns by client', () => {
	const cases: Array<[string, string[], string[], string[]]> = [
		['one client: in the order asked', ['a1', 'a2', 'a3'], [], ['a1', 'a2', 'a3']],
		[
			'a client with many jobs does not hold back one who came later',
			['a1', 'a2', 'a3', 'b1'],
			[],
			['a1', 'b1', 'a2', 'a3'],
		],
		[
			'a client just served goes after one who asked while it was served',
			['a1'],
			['a2', 'a3', 'b1', 'b2'],
			['a1', 'b1', 'a2', 'b2', 'a3'],
		],
		['three clients, turn by turn', ['a1', 'b1', 'a2', 'c1', 'b2', 'a3'], [], ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']],
	];
	for (const [name, pushed, later, expected] of cases) it(name, () => assert.deepEqual(order(pushed, later), expected));

	it('skips a busy client, keeping its jobs for later', () => {
		assert.deepEqual(
			order(['a1', 'b1', 'a2'], [], client => client.name === 'a'),
			['b1'],
		);
	});

	it('takes a job out of the line, and counts what is left', () => {
		const queue = new FairQueue<Client, string>();
		const {a, b} = clients;
		assert.ok(a && b);
		queue.push(a, 'a1');
		queue.push(a, 'a2');
		queue.push(b, 'b1');
		assert.equal(queue.size, 3);
		assert.equal(queue.remove(a, 'a1'), true);
		assert.equal(queue.remove(a, 'a1'), false, 'not there twice');
		assert.equal(queue.remove(b, 'a2'), false, 'another client’s');
		assert.equal(queue.size, 2);
		const none = () => false;
		assert.deepEqual([queue.take(none), queue.take(none), queue.take(none)], ['a2', 'b1', undefined]);
	});
});
