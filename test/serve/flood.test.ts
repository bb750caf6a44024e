// `blogread serve` under load a client chooses: channels asked for again and
// again, silent connections from many addresses, a session kept "busy" by
// resizes, key exchanges it can't do. The server runs in this process
// (source, not the built bin); clients are ssh2's, raw sockets, and OpenSSH's.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import type {Socket} from 'node:net';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {ClientChannel, Client as SshClient} from 'ssh2';
import {MAX_REFUSED_CHANNELS} from '../../source/serve/connection.js';
import {KEX} from '../../source/serve/server.js';
import {baseEnv} from '../helpers/bin.js';
import {hasSsh, sshOptions} from '../helpers/serve.js';
import {
	closed,
	DEADLINE,
	type InProcess,
	login,
	run,
	silentSocket,
	startCommand,
	startInProcess,
	until,
} from '../helpers/serve-in-process.js';

/** Resolves with what `promise` gives, or fails with `what` past the deadline. */
function within<T>(promise: Promise<T>, what: string, timeout = DEADLINE): Promise<T> {
	return Promise.race([
		promise,
		new Promise<never>((_resolve, reject) => {
			setTimeout(() => reject(new Error(`timed out: ${what}`)), timeout).unref();
		}),
	]);
}

/** A round trip on the connection: the server answers a request after all that came before it (it refuses this one). */
function roundTrip(client: SshClient): Promise<void> {
	return new Promise((resolve, reject) => {
		try {
			client.forwardIn('127.0.0.1', 0, () => resolve());
		} catch (error) {
			// Not connected any more.
			reject(error);
		}
	});
}

/** A session channel that starts nothing: a subsystem asked for and refused, the channel left open. */
function idleSessionChannel(client: SshClient): Promise<Error | undefined> {
	return new Promise(resolve => client.subsys('nothing', error => resolve(error)));
}

/** Asks for a channel the server refuses, of a kind: the open's answer (an error). */
function askForChannel(client: SshClient, kind: 'session' | 'direct-tcpip' | 'streamlocal'): Promise<unknown> {
	switch (kind) {
		case 'session':
			return new Promise(resolve => client.exec('list', error => resolve(error)));
		case 'direct-tcpip':
			return new Promise(resolve => client.forwardOut('127.0.0.1', 1, '127.0.0.1', 22, error => resolve(error)));
		case 'streamlocal':
			return new Promise(resolve => client.openssh_forwardOutStreamLocal('/tmp/socket', error => resolve(error)));
	}
}

let x11Channels = 100;
/**
 * An x11 channel open from the client: no client sends one (a server opens those), so ssh2's client
 * can't either; its protocol's sender is borrowed, as a hostile client would write the packet.
 */
function openX11(client: SshClient): void {
	const protocol: unknown = Reflect.get(client, '_protocol');
	assert.ok(typeof protocol === 'object' && protocol !== null);
	const x11: unknown = Reflect.get(protocol, 'x11');
	assert.ok(typeof x11 === 'function');
	Reflect.set(protocol, '_server', true);
	try {
		Reflect.apply(x11, protocol, [x11Channels++, 2 ** 21, 2 ** 15, {originAddr: '127.0.0.1', originPort: 6000}]);
	} finally {
		Reflect.set(protocol, '_server', false);
	}
}

/** The log's line for a flood's dropped connections, past the first few. */
const SUMMARY = new RegExp(
	' dropped [\\d,]+ more connections from \\d+ addresses in the last \\d+ s: ' +
		'(127\\.0\\.0\\.\\d+ \\([\\d,]+\\)(, | and others$|$))+',
);

describe('blogread serve: channels of one connection', () => {
	let served: InProcess;
	before(async () => {
		served = await startInProcess();
	});
	after(async () => {
		await served.stop();
	});

	it('a second session channel is refused at its opening, the first open and started nothing', async () => {
		const client = await login(served.port);
		try {
			const refused = await idleSessionChannel(client);
			assert.match(String(refused), /Unable to start subsystem/);
			await assert.rejects(run(client, 'list'), /Channel open failure/);
		} finally {
			client.end();
		}
	});

	it('a second session channel is refused at its opening while the first runs the app', async () => {
		const client = await login(served.port);
		try {
			const shell = await new Promise<ClientChannel>((resolve, reject) =>
				client.shell({term: 'xterm-256color', cols: 80, rows: 24}, (error, stream) =>
					error ? reject(error) : resolve(stream),
				),
			);
			await new Promise(resolve => shell.once('data', resolve));
			await assert.rejects(run(client, 'list'), /Channel open failure/);
			shell.write('Q');
			await new Promise(resolve => shell.once('close', resolve));
			// Its session over, the connection may start another.
			assert.equal((await run(client, 'list')).code, 0);
		} finally {
			client.end();
		}
	});

	// ssh2 refuses channel types it does not tell the server of (x11 here) by itself, keeping nothing of them:
	// a client's flood of those costs the server no more than any packet, and serving goes on.
	it('x11 channels asked for by a client are refused by ssh2 itself, and the connection still serves', async () => {
		const client = await login(served.port, {strictVendor: false});
		try {
			for (let count = 0; count < 200; count++) openX11(client);
			assert.equal((await run(client, 'list')).code, 0);
		} finally {
			client.end();
		}
	});

	for (const kind of ['session', 'direct-tcpip', 'streamlocal'] as const) {
		it(`a client asking for ${kind} channels again and again is ended after ${MAX_REFUSED_CHANNELS}`, async () => {
			// ssh2 sends OpenSSH's own requests only to a server that says it is OpenSSH, unless told not to look.
			const client = await login(served.port, {strictVendor: false});
			const gone = closed(client);
			try {
				if (kind === 'session') assert.match(String(await idleSessionChannel(client)), /Unable to start subsystem/);
				const asked = Array.from({length: 3 * MAX_REFUSED_CHANNELS}, () => askForChannel(client, kind));
				await within(gone, `the connection ended after ${MAX_REFUSED_CHANNELS} refused ${kind} channels`);
				const answers = await Promise.all(asked);
				const refused = answers.filter(answer => /Channel open failure/.test(String(answer)));
				assert.ok(refused.length <= MAX_REFUSED_CHANNELS, `${refused.length} refusals answered`);
				await served.waitForLog(
					lines => lines.some(line => line.endsWith(`ended: ${MAX_REFUSED_CHANNELS} channels refused`)),
					'the log line',
				);
			} finally {
				client.end();
			}
		});
	}

	it('a session asked to start twice starts once, and the connection goes on', async () => {
		const client = await login(served.port);
		try {
			const first = await new Promise<{code: number | undefined}>((resolve, reject) =>
				client.exec('help', (error, stream) => {
					if (error) {
						reject(error);
						return;
					}

					// A second exec on the same channel, as no ssh2 client would send it.
					const protocol: unknown = Reflect.get(client, '_protocol');
					assert.ok(typeof protocol === 'object' && protocol !== null);
					const exec: unknown = Reflect.get(protocol, 'exec');
					assert.ok(typeof exec === 'function');
					const outgoing: unknown = Reflect.get(stream, 'outgoing');
					assert.ok(typeof outgoing === 'object' && outgoing !== null);
					Reflect.apply(exec, protocol, [Reflect.get(outgoing, 'id'), 'list', true]);
					let code: number | undefined;
					stream.on('exit', (status: number | null) => {
						code = status ?? undefined;
					});
					stream.resume();
					stream.stderr.resume();
					stream.once('close', () => resolve({code}));
				}),
			);
			assert.equal(first.code, 0);
			assert.equal((await run(client, 'list')).code, 0);
		} finally {
			client.end();
		}
	});

	it('a connection ended for its channels keeps nothing: the server has no connection left', async () => {
		await until(() => served.server.connections() === 0, 'no connection left');
	});
});

describe('blogread serve: connections that do not log in', () => {
	it('silent connections from 12 addresses, back as dropped: a reader still gets in, the log stays short', async () => {
		const served = await startInProcess();
		const sockets = new Set<Socket>();
		let flooding = true;
		let drops = 0;
		// Each of 120 attackers (10 from each address) connects, says nothing, and comes back the moment it is dropped.
		const attack = (address: string) => {
			if (!flooding) return;
			silentSocket(served.port, address).then(
				socket => {
					sockets.add(socket);
					socket.once('close', () => {
						sockets.delete(socket);
						drops++;
						attack(address);
					});
				},
				() => {
					drops++;
					attack(address);
				},
			);
		};

		try {
			for (let host = 2; host <= 13; host++) for (let index = 0; index < 10; index++) attack(`127.0.0.${host}`);
			await until(() => drops >= 500, 'the attack under way');
			for (let reader = 0; reader < 3; reader++) {
				const client = await login(served.port);
				try {
					const listed = await run(client, 'list');
					assert.equal(listed.code, 0, listed.stderr);
					assert.ok(listed.stdout.split('\n').length > 5, listed.stdout);
				} finally {
					client.end();
				}
			}
		} finally {
			flooding = false;
			for (const socket of sockets) socket.destroy();
			await served.stop();
		}

		const attackLines = served.log.filter(line => !line.includes('user="reader"'));
		assert.ok(
			attackLines.length * 10 < drops,
			`${attackLines.length} lines in the log for ${drops} connections dropped:\n${attackLines.join('\n')}`,
		);
		assert.ok(
			served.log.some(line => SUMMARY.test(line)),
			served.log.join('\n'),
		);
	});

	it('counted by address and by network (/24), an IPv4 client of an IPv6 socket as IPv4', async () => {
		const served = await startInProcess({perAddress: 1}, '::');
		const sockets: Socket[] = [];
		const line = (text: string) => (lines: string[]) => lines.some(logged => logged.endsWith(text));
		const dropped = (address: string) => (lines: string[]) =>
			lines.some(logged =>
				new RegExp(`Z ${address.replaceAll('.', '\\.')} user="-" [\\d.]+s in=0 B out=\\d+ B dropped to make room`).test(
					logged,
				),
			);
		try {
			const hold = async (address: string) => {
				const socket = await silentSocket(served.port, address);
				sockets.push(socket);
				return socket;
			};
			await hold('127.0.0.2');
			await hold('127.0.0.2');
			// Two from an address (twice --max-per-address) at most.
			await hold('127.0.0.2');
			await served.waitForLog(
				line('127.0.0.2 dropped: 2 connections from this address are not logged in yet'),
				'the third refused',
			);
			await hold('127.0.0.3');
			await hold('127.0.0.3');
			// The network holds four: one from a quieter address of it takes the place of the busiest's oldest.
			await hold('127.0.0.4');
			await served.waitForLog(dropped('127.0.0.2'), 'the oldest of 127.0.0.2 dropped');
			await hold('127.0.0.5');
			await served.waitForLog(dropped('127.0.0.3'), 'the oldest of 127.0.0.3 dropped');
			// All equal now: a newcomer is refused.
			await hold('127.0.0.6');
			await served.waitForLog(
				line('127.0.0.6 dropped: 4 connections from 127.0.0.0/24 are not logged in yet'),
				'the sixth refused',
			);
			assert.equal(served.server.connections(), 4);
		} finally {
			for (const socket of sockets) socket.destroy();
			await served.stop();
		}
	});

	it('logged-in connections take no place among those logging in', async () => {
		const served = await startInProcess({startups: {start: 1, rate: 100, full: 1}});
		const clients: SshClient[] = [];
		try {
			clients.push(await login(served.port, {localAddress: '127.0.0.2'}));
			clients.push(await login(served.port, {localAddress: '127.0.0.3'}));
			const silent = await silentSocket(served.port, '127.0.0.4');
			// The one place is taken, by an equal: a newcomer is refused before a byte of SSH.
			await assert.rejects(login(served.port, {localAddress: '127.0.0.5'}));
			silent.destroy();
			await until(() => served.server.connections() === 2, 'the silent connection gone');
			clients.push(await login(served.port, {localAddress: '127.0.0.5'}));
			assert.equal((await run(clients[0] as SshClient, 'list')).code, 0);
		} finally {
			for (const client of clients) client.end();
			await served.stop();
		}
	});
});

describe('blogread serve: connections logged in', () => {
	it('are held to twice --max-sessions, and twice --max-per-address from one address', async () => {
		const served = await startInProcess({sessions: 2, perAddress: 1});
		const clients: SshClient[] = [];
		try {
			clients.push(await login(served.port, {localAddress: '127.0.0.2'}));
			clients.push(await login(served.port, {localAddress: '127.0.0.2'}));
			const third = await login(served.port, {localAddress: '127.0.0.2'});
			await within(closed(third), 'a third from one address dropped at login');
			clients.push(await login(served.port, {localAddress: '127.0.0.3'}));
			clients.push(await login(served.port, {localAddress: '127.0.0.4'}));
			const fifth = await login(served.port, {localAddress: '127.0.0.5'});
			await within(closed(fifth), 'a fifth in all dropped at login');
			await served.waitForLog(
				lines =>
					lines.some(line =>
						line.endsWith('dropped at login: 2 connections are logged in from your address already: close one first'),
					) &&
					lines.some(line =>
						line.endsWith('dropped at login: the server is full (4 connections logged in): try again later'),
					),
				'the two drops logged',
			);
		} finally {
			for (const client of clients) client.end();
			await served.stop();
		}
	});
});

describe('blogread serve: what is activity', () => {
	it('a logged-in connection with no session ends after the idle timeout', async () => {
		const served = await startInProcess({idleMs: 1000});
		try {
			const client = await login(served.port);
			await within(closed(client), 'the idle connection ended');
			await served.waitForLog(lines => lines.some(line => line.endsWith(' idle')), 'the idle line');
		} finally {
			await served.stop();
		}
	});

	it('resizes are not keys: a session resized again and again still ends after the idle timeout', async () => {
		const served = await startInProcess({idleMs: 1500});
		const client = await login(served.port);
		try {
			const shell = await new Promise<ClientChannel>((resolve, reject) =>
				client.shell({term: 'xterm-256color', cols: 80, rows: 24}, (error, stream) =>
					error ? reject(error) : resolve(stream),
				),
			);
			let stderr = '';
			shell.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString('utf8');
			});
			// Its frames read (and dropped): a reader that does not read has its session's close wait on it.
			shell.resume();
			let ended = false;
			const gone = new Promise<void>(resolve =>
				shell.once('close', () => {
					ended = true;
					resolve();
				}),
			);
			// Each resize once the server has taken the last (a round trip after it): far busier than a reader
			// dragging a window's corner, whatever the app draws or doesn't.
			const resizing = (async () => {
				for (let rows = 20; !ended; rows = rows === 20 ? 21 : 20) {
					shell.setWindow(rows, 80, 0, 0);
					await Promise.race([roundTrip(client).catch(() => gone), gone]);
				}
			})();
			await within(gone, 'the session ended though resized all along');
			await resizing;
			assert.match(stderr, /ended after 2 s with no key pressed/);
		} finally {
			client.end();
			await served.stop();
		}
	});
});

/**
 * OpenSSH's `ssh` to an in-process server: spawned (not run synchronously: the server is in this process).
 * `said`: its messages of a failed negotiation too (ssh says those at INFO).
 */
function openSsh(port: number, command: string[], options: string[] = [], said = false) {
	// ssh takes the first value given of an option.
	const all = sshOptions(port, options).map(option => (said && option === 'LogLevel=ERROR' ? 'LogLevel=INFO' : option));
	return new Promise<{code: number | null; stdout: string; stderr: string}>(resolve => {
		const child = spawn('ssh', [...all, '127.0.0.1', ...command], {
			env: {...baseEnv(), TERM: 'xterm-256color'},
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString('utf8');
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString('utf8');
		});
		child.on('close', code => resolve({code, stdout, stderr}));
	});
}

/** A post of about `bytes` of emoji-dense prose: the kind the renderer takes longest over (seconds for 3 MB). */
function emojiDensePost(bytes: number): string {
	const paragraph = Array.from({length: 300}, () => 'a😀b').join(' ');
	const body = Array.from({length: Math.ceil(bytes / Buffer.byteLength(paragraph))}, () => paragraph);
	return `---\ntitle: Emoji-dense\ndate: 2001-01-01\n---\n\n${body.join('\n\n')}\n`;
}

describe('blogread serve: one reader’s command does not hold the others', () => {
	let served: InProcess;
	before(async () => {
		served = await startInProcess({}, '127.0.0.1', folder => {
			writeFileSync(path.join(folder, 'emoji-dense.md'), emojiDensePost(3.3 * 1024 * 1024));
		});
	});
	after(async () => {
		await served.stop();
	});

	// Rendered on the server's one thread, this print held every other reader for seconds.
	it('while a huge post is printed for one reader, another reader’s list is answered', async () => {
		const printer = await login(served.port);
		const reader = await login(served.port);
		try {
			// Once first, so what runs the second time is the printing, not loading its modules.
			assert.equal((await run(printer, 'print emoji-dense --width 40')).code, 0);
			const order: string[] = [];
			const printing = await startCommand(printer, 'print emoji-dense --width 70');
			// Its first output comes once the post is rendered (seconds): the list is asked for meanwhile.
			const rendered = printing.firstOutput.then(() => order.push('print rendered'));
			const listed = await run(reader, 'list');
			order.push('list');
			assert.equal(listed.code, 0);
			assert.match(listed.stdout, /Emoji-dense/);
			await rendered;
			const {code, stdout} = await printing.ended;
			assert.equal(code, 0);
			assert.match(stdout.slice(0, 2000), /Emoji-dense/);
			assert.ok(
				Buffer.byteLength(stdout) > 3 * 1024 * 1024,
				`the whole post printed (${Buffer.byteLength(stdout)} bytes)`,
			);
			assert.deepEqual(order, ['list', 'print rendered']);
		} finally {
			printer.end();
			reader.end();
		}
	});
});

describe('blogread serve: key exchange', () => {
	let served: InProcess;
	before(async () => {
		served = await startInProcess();
	});
	after(async () => {
		await served.stop();
	});

	it('a client offering only group exchange (which ssh2 can’t do as a server) is refused at negotiation', async () => {
		await assert.rejects(
			login(served.port, {algorithms: {kex: ['diffie-hellman-group-exchange-sha256']}}),
			/Handshake failed: no matching key exchange algorithm/,
		);
	});

	for (const kex of KEX) {
		it(`every key exchange offered works: ${kex}`, async () => {
			const client = await login(served.port, {algorithms: {kex: [kex]}});
			try {
				assert.equal((await run(client, 'help')).code, 0);
			} finally {
				client.end();
			}
		});
	}

	it('OpenSSH logs in, and is told cleanly when it asks for group exchange only', {skip: !hasSsh}, async () => {
		const listed = await openSsh(served.port, ['list']);
		assert.equal(listed.code, 0, listed.stderr);
		const refused = await openSsh(
			served.port,
			['list'],
			['-o', 'KexAlgorithms=diffie-hellman-group-exchange-sha256'],
			true,
		);
		assert.equal(refused.code, 255);
		assert.match(refused.stderr, /no matching key exchange method found\. Their offer: curve25519-sha256,/);
		assert.doesNotMatch(refused.stderr, /group-exchange/);
	});
});
