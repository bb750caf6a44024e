import assert from 'node:assert/strict';
import {once} from 'node:events';
import {connect, createServer, type Socket} from 'node:net';
import {after, before, describe, it} from 'node:test';
import {PacedSocket, SLICE_BYTES} from '../../source/serve/paced-socket.js';

/** A connected pair of sockets on this machine: the server's end and the client's. */
async function pair(): Promise<{server: Socket; client: Socket; close: () => void}> {
	const listener = createServer();
	listener.listen(0, '127.0.0.1');
	await once(listener, 'listening');
	const address = listener.address();
	if (typeof address !== 'object' || !address) throw new Error('no address');
	const accepted = once(listener, 'connection') as Promise<[Socket]>;
	const client = connect(address.port, '127.0.0.1');
	const [server] = await accepted;
	return {server, client, close: () => listener.close()};
}

describe('a connection handed to ssh2 a slice a turn', () => {
	let sockets: Awaited<ReturnType<typeof pair>>;
	before(async () => {
		sockets = await pair();
	});
	after(() => sockets.close());

	it('gives every byte in order, never more than a slice at a time, with other work between slices', async () => {
		const paced = new PacedSocket(sockets.server);
		const sent = Buffer.from(Array.from({length: 300_000}, (_, at) => at % 251));
		const received: Buffer[] = [];
		// A turn of other work (another connection's read) between every two slices handed on.
		let turns = 0;
		let turnsAtLast = -1;
		let slicesWithoutTurn = 0;
		let ticking = true;
		const tick = () => {
			turns++;
			if (ticking) setImmediate(tick);
		};
		tick();
		paced.on('data', (chunk: Buffer) => {
			assert.ok(chunk.length <= SLICE_BYTES, `${chunk.length} bytes`);
			if (turns === turnsAtLast) slicesWithoutTurn++;
			turnsAtLast = turns;
			received.push(chunk);
		});
		sockets.client.end(sent);
		await once(paced, 'end');
		ticking = false;
		assert.deepEqual(Buffer.concat(received), sent);
		assert.ok(received.length >= sent.length / SLICE_BYTES, `${received.length} slices`);
		assert.equal(slicesWithoutTurn, 0, `${slicesWithoutTurn} of ${received.length} slices without a turn between`);
	});

	it('writes through, and ends and closes with the socket', async () => {
		const {server, client, close} = await pair();
		// Read as ssh2 reads it.
		const paced = new PacedSocket(server).resume();
		assert.equal(paced.remoteAddress, '127.0.0.1');
		assert.equal(paced.remotePort, server.remotePort);
		const heard = once(client, 'data');
		paced.write('frame');
		assert.equal(String((await heard)[0]), 'frame');
		const closed = once(paced, 'close');
		client.destroy();
		await closed;
		assert.ok(server.destroyed);
		close();
	});
});
