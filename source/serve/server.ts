// The SSH server: each connection logs in (anyone, or the listed keys), opens
// one session, and gets the app on its pty or a command's printed output.
// Nothing else is granted: no shell, no forwarding, no agent, no SFTP.
import type {AddressInfo} from 'node:net';
import ssh2, {type AuthContext, type ParsedKey, type ServerChannel} from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import type {ColorLevel} from '../theme/choice.js';
import {createTheme, type Theme} from '../theme/palette.js';
import type {FrameReport} from '../ui/app.js';
import {errorMessage} from '../util/errors.js';
import {findKey} from './authorized-keys.js';
import {ChannelTerminal} from './channel-terminal.js';
import {type ClientEnv, clientColorLevel, takeVariable} from './client-terminal.js';
import {runCommand} from './exec-session.js';
import type {Limits, Listen} from './serve-options.js';
import {type ServedApp, startServedApp} from './served-app.js';
import {SessionLimits} from './session-limits.js';
import type {SharedBlog} from './shared-blog.js';

const {Server} = ssh2;

/** A pty's size as taken: a client saying 0 means it doesn't know; one saying a million is cut down. */
const MAX_COLUMNS = 1000;
const MAX_ROWS = 500;
const MAX_USERNAME = 64;

export type ServerOptions = {
	shared: SharedBlog;
	hostKey: string;
	/** Only these keys may log in; absent: anyone. */
	authorized: ParsedKey[] | undefined;
	listen: Listen;
	limits: Limits;
	drafts: boolean;
	/** One line per connection (and problems); absent: none. */
	log: ((line: string) => void) | undefined;
	/** Called after each frame of every served app (the benchmark's clock). */
	onFrame?: (report: FrameReport) => void;
};

export type RunningServer = {
	address: {host: string; port: number};
	/** Connections open now, logged in or not. */
	connections(): number;
	/** Sessions open now (the app or a command). */
	sessions(): number;
	/** Stops listening, ends every session (the readers' terminals put back), and resolves when all are gone. */
	close(): Promise<void>;
};

export function sizeOf(columns: number, rows: number): {columns: number; rows: number} {
	return {
		columns: Math.min(MAX_COLUMNS, columns > 0 ? columns : 80),
		rows: Math.min(MAX_ROWS, rows > 0 ? rows : 24),
	};
}

const kilobytes = (bytes: number) => (bytes < 10_240 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

/** A session over the limits, or asking for what is not served: one line on its stderr, then closed. */
function refuse(channel: ServerChannel, why: string, crlf: boolean, code = 1): void {
	channel.stderr.write(`blogread: ${cleanLine(why)}${crlf ? '\r\n' : '\n'}`);
	channel.exit(code);
	channel.end();
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const {shared, limits, log} = options;
	const sessions = new SessionLimits(limits);
	// Connections, logged in or not, are held to twice the sessions: enough to say "full" to those
	// over the limit, and no more however many a client opens.
	const connections = new SessionLimits({sessions: limits.sessions * 2, perAddress: limits.perAddress * 2});
	const open = new Set<{end: (why: string) => void; closed: Promise<void>}>();
	const themes = new Map<ColorLevel, Theme>();
	// Sessions with the same colours share a theme, so a post rendered for one is shown to the others from the cache.
	const themeFor = (level: ColorLevel) => {
		let theme = themes.get(level);
		if (!theme) {
			theme = createTheme(level, 'dark', {inverseWithoutColor: true});
			themes.set(level, theme);
		}

		return theme;
	};

	const authenticate = (context: AuthContext) => {
		if (!options.authorized) {
			context.accept();
			return;
		}

		if (context.method !== 'publickey') {
			context.reject(['publickey']);
			return;
		}

		const key = findKey(options.authorized, context.key.data);
		// Without a signature the client only asks whether the key would do; with one, it must be this key's.
		const signed =
			context.signature === undefined ||
			key?.verify(context.blob ?? Buffer.alloc(0), context.signature, context.hashAlgo) === true;
		if (!key || !signed) {
			context.reject(['publickey']);
			return;
		}

		context.accept();
	};

	const server = new Server({hostKeys: [options.hostKey], ident: 'blogread'}, (client, info) => {
		const started = Date.now();
		const address = info.ip;
		let username = '-';
		let bytesIn = 0;
		let bytesOut = 0;
		let how = 'closed';
		let app: ServedApp | undefined;
		/** The connection's one session, holding its place in the limits. */
		let seat: (() => void) | undefined;
		const place = connections.admit(address);
		let closedResolve: () => void = () => {};
		const closed = new Promise<void>(resolve => {
			closedResolve = resolve;
		});

		const end = (why: string) => {
			how = why;
			if (app) {
				const leaving = app;
				app = undefined;
				leaving.stop();
				void leaving.ended.then(() => client.end());
			} else client.end();
		};

		const entry = {end, closed};
		open.add(entry);
		if (!place.admitted) {
			how = `dropped: ${place.why}`;
			client.end();
		}

		const loginTimer = setTimeout(() => end('no login in time'), limits.loginMs);
		let idleTimer: NodeJS.Timeout | undefined;
		const touch = () => {
			clearTimeout(idleTimer);
			idleTimer = setTimeout(() => end('idle'), limits.idleMs);
		};

		client.on('authentication', context => {
			username = cleanLine(context.username).slice(0, MAX_USERNAME) || '-';
			authenticate(context);
		});
		client.on('ready', () => {
			clearTimeout(loginTimer);
			touch();
		});
		client.on('error', error => {
			how = `error: ${cleanLine(errorMessage(error))}`;
		});
		client.on('close', () => {
			clearTimeout(loginTimer);
			clearTimeout(idleTimer);
			app?.stop();
			seat?.();
			if (place.admitted) place.release();
			open.delete(entry);
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			log?.(
				`${new Date(started).toISOString()} ${address} user=${JSON.stringify(username)} ${seconds}s in=${kilobytes(bytesIn)} out=${kilobytes(bytesOut)} ${how}`,
			);
			closedResolve();
		});
		// Forwarding of any kind, and any global request: refused.
		client.on('request', (_accept, reject) => reject?.());
		client.on('tcpip', (_accept, reject) => reject());
		client.on('openssh.streamlocal', (_accept, reject) => reject());
		client.on('session', (acceptSession, rejectSession) => {
			// One session a connection: each is one reader, counted against the limits.
			if (seat) {
				rejectSession();
				return;
			}

			const session = acceptSession();
			const env: ClientEnv = {};
			let pty: {columns: number; rows: number} | undefined;
			let terminal: ChannelTerminal | undefined;
			session.on('pty', (accept, reject, request) => {
				if (terminal) return reject?.();
				pty = sizeOf(request.cols, request.rows);
				takeVariable(env, 'TERM', request.term);
				accept?.();
			});
			session.on('env', (accept, reject, request) => {
				if (takeVariable(env, request.key, request.val)) accept?.();
				else reject?.();
			});
			session.on('window-change', (accept, _reject, request) => {
				touch();
				pty = sizeOf(request.cols, request.rows);
				terminal?.resize(pty.columns, pty.rows);
				accept?.();
			});
			for (const refused of ['x11', 'auth-agent', 'subsystem', 'sftp', 'signal'] as const) {
				session.on(refused, (_accept: unknown, reject?: () => void) => reject?.());
			}

			const admitted = (channel: ServerChannel): boolean => {
				const admission = sessions.admit(address);
				if (!admission.admitted) {
					how = `refused: ${admission.why}`;
					refuse(channel, admission.why, pty !== undefined);
					return false;
				}

				seat = admission.release;
				const release = () => {
					admission.release();
					if (seat === admission.release) seat = undefined;
				};

				channel.on('close', release);
				channel.on('end', release);
				return true;
			};

			session.on('exec', (accept, _reject, request) => {
				const channel = accept();
				if (!admitted(channel)) return;
				touch();
				bytesIn += request.command.length;
				const counted = countingChannel(channel, bytes => {
					bytesOut += bytes;
				});
				runCommand({command: request.command, channel: counted, shared, drafts: options.drafts, env, pty}).then(
					code => {
						how = code === 0 ? 'command' : `command failed (${code})`;
						channel.exit(code);
						channel.end();
					},
					(error: unknown) => {
						how = `command error: ${cleanLine(errorMessage(error))}`;
						refuse(channel, 'the command failed on the server', pty !== undefined);
					},
				);
			});
			session.on('shell', (accept, _reject) => {
				const channel = accept();
				if (!pty || env.TERM === undefined || env.TERM === 'dumb') {
					how = 'refused: no terminal';
					refuse(
						channel,
						'the reader needs a terminal: connect with ssh (not -T), or run a command: ssh HOST --list',
						pty !== undefined,
					);
					return;
				}

				if (!admitted(channel)) return;
				touch();
				terminal = new ChannelTerminal(channel, pty);
				const shown = terminal;
				channel.on('data', (data: Buffer) => {
					bytesIn += data.length;
					touch();
					shown.keys(data);
				});
				app = startServedApp({
					shared,
					terminal,
					theme: themeFor(clientColorLevel(env)),
					...(options.onFrame ? {onFrame: options.onFrame} : {}),
				});
				const running = app;
				channel.on('close', () => running.stop());
				void running.ended.then(() => {
					bytesOut += shown.bytesOut;
					if (how === 'closed') how = 'quit';
					if (how === 'idle') {
						channel.stderr.write(`blogread: ended after ${Math.round(limits.idleMs / 1000)} s with no key pressed\r\n`);
					}

					channel.exit(0);
					channel.end();
				});
			});
		});
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.listen.port, options.listen.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	server.on('error', (error: Error) => log?.(`server error: ${cleanLine(errorMessage(error))}`));
	const bound = server.address() as AddressInfo;
	return {
		address: {host: bound.address, port: bound.port},
		connections: () => open.size,
		sessions: () => sessions.sessions,
		async close() {
			server.close();
			const all = [...open];
			for (const connection of all) connection.end('server stopped');
			await Promise.all(all.map(connection => connection.closed));
		},
	};
}

/** The channel, counting the bytes a command writes to it. */
function countingChannel(channel: ServerChannel, count: (bytes: number) => void) {
	return {
		write(data: string) {
			count(Buffer.byteLength(data));
			return channel.write(data);
		},
		once: (event: 'drain' | 'close', listener: () => void) => channel.once(event, listener),
		off: (event: 'drain' | 'close', listener: () => void) => channel.off(event, listener),
		stderr: {
			write(data: string) {
				count(Buffer.byteLength(data));
				return channel.stderr.write(data);
			},
		},
	};
}
