// A server started in the test's own process (not the built bin), with
// limits in milliseconds and its log kept as lines; and ssh2 clients for it,
// from any loopback address.
import {connect as connectTcp, type Socket} from 'node:net';
import path from 'node:path';
import ssh2, {type ClientChannel, type ConnectConfig, type Client as SshClient} from 'ssh2';
import {DEFAULT_LIMITS, type Limits} from '../../source/serve/serve-options.js';
import {type RunningServer, startServer} from '../../source/serve/server.js';
import {SharedBlog} from '../../source/serve/shared-blog.js';
import {blogCopy} from './serve.js';

const {Client, utils} = ssh2;

/** How long any one thing a test waits for may take, however loaded the machine. */
export const DEADLINE = 20_000;

/** An ed25519 key ssh2 reads back (about one in 256 it makes, it cannot). */
export function hostKeyText(): string {
	for (;;) {
		const made = utils.generateKeyPairSync('ed25519');
		if (!(utils.parseKey(made.private) instanceof Error)) return made.private;
	}
}

export type InProcess = {
	server: RunningServer;
	port: number;
	/** The log's lines so far. */
	log: string[];
	/** Waits until `check` holds for the log, with a deadline. */
	waitForLog(check: (lines: string[]) => boolean, what: string, timeout?: number): Promise<void>;
	stop(): Promise<void>;
};

/** Polls `check` each turn of the event loop (and each few ms) until it holds; fails at the deadline. */
export async function until(check: () => boolean, what: string, timeout = DEADLINE): Promise<void> {
	const deadline = Date.now() + timeout;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise(resolve => setTimeout(resolve, 5));
	}
}

/**
 * `host`: where it listens (`::` takes IPv4 clients too, as `::ffff:a.b.c.d`); on a free port.
 * `prepare`: adds to the copy of the sample blog before it is served.
 */
export async function startInProcess(
	limits: Partial<Limits> = {},
	host = '127.0.0.1',
	prepare: (folder: string) => void = () => {},
): Promise<InProcess> {
	const folder = blogCopy();
	prepare(folder);
	const shared = await SharedBlog.open(folder, {
		drafts: false,
		env: {XDG_CACHE_HOME: path.join(path.dirname(folder), 'cache')},
	});
	const log: string[] = [];
	const server = await startServer({
		shared,
		drafts: false,
		authorized: undefined,
		hostKey: hostKeyText(),
		listen: {host, port: 0},
		limits: {...DEFAULT_LIMITS, ...limits},
		log: line => log.push(line),
	});
	return {
		server,
		port: server.address.port,
		log,
		waitForLog: (check, what, timeout) => until(() => check(log), `${what}; the log:\n${log.join('\n')}`, timeout),
		async stop() {
			await server.close();
			shared.close();
		},
	};
}

/** An ssh2 client logged in (anyone may), from `localAddress` if given. */
export function login(port: number, options: Partial<ConnectConfig> = {}): Promise<SshClient> {
	const client = new Client();
	return new Promise<SshClient>((resolve, reject) => {
		client.once('ready', () => resolve(client));
		// Errors after the first (the server closing first) are for each test's own checks.
		client.on('error', reject);
		client.connect({host: '127.0.0.1', port, username: 'reader', readyTimeout: DEADLINE, ...options});
	});
}

type Ended = {code: number | undefined; stdout: string; stderr: string};
/** A command started: when its first output came, and its exit code and output once its channel closed. */
export type Started = {firstOutput: Promise<void>; ended: Promise<Ended>};

/** Starts `command` on a logged-in client: resolves once the server has taken it. */
export function startCommand(client: SshClient, command: string): Promise<Started> {
	return new Promise((resolve, reject) => {
		client.exec(command, (error, stream: ClientChannel) => {
			if (error) {
				reject(error);
				return;
			}

			let stdout = '';
			let stderr = '';
			let code: number | undefined;
			const firstOutput = new Promise<void>(given => stream.once('data', () => given()));
			stream.on('data', (chunk: Buffer) => {
				stdout += chunk.toString('utf8');
			});
			stream.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString('utf8');
			});
			stream.on('exit', (status: number | null) => {
				code = status ?? undefined;
			});
			resolve({firstOutput, ended: new Promise(ended => stream.once('close', () => ended({code, stdout, stderr})))});
		});
	});
}

/** Runs `command` on a logged-in client: its exit code and output, once the channel has closed. */
export async function run(client: SshClient, command: string): Promise<Ended> {
	return (await startCommand(client, command)).ended;
}

/** Resolves once the client's connection has closed. */
export function closed(client: SshClient): Promise<void> {
	return new Promise(resolve => client.once('close', () => resolve()));
}

/** A TCP connection that says nothing (a client that never speaks SSH), from `localAddress`; resolves once open. */
export function silentSocket(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
	return new Promise((resolve, reject) => {
		const socket = connectTcp({port, host: '127.0.0.1', localAddress});
		socket.on('error', () => {});
		// What the server says is read and dropped, so its closing is seen.
		socket.resume();
		socket.once('connect', () => resolve(socket));
		socket.once('error', reject);
	});
}
