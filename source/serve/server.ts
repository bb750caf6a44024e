// The SSH server: a TCP server of its own that holds every connection to the
// limits and the login deadline before a byte of SSH is read, then hands it to
// ssh2; one line per connection in the log when it closes, summed up in a flood.
import {createServer, type Socket} from 'node:net';
import ssh2, {type KexAlgorithm} from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import type {ColorLevel} from '../theme/choice.js';
import {createTheme, type Theme} from '../theme/palette.js';
import {errorMessage} from '../util/errors.js';
import type {ConnectionContext, ConnectionRecord, Served} from './connection.js';
import {HeldConnection, type Holding} from './held-connection.js';
import {type LineKind, LogSummary} from './log-summary.js';
import {PacedSocket} from './paced-socket.js';
import {PreLoginPool} from './pre-login.js';
import type {Limits, Listen} from './serve-options.js';
import {SessionLimits} from './session-limits.js';

const {Server} = ssh2;

/**
 * The key exchanges offered: those ssh2 can do as a server (not group
 * exchange, which it only offers, failing every client that picks it), and
 * of the fixed groups only those OpenSSH offers, the larger ones' arithmetic
 * costing the server several handshakes' worth for each client asking.
 */
export const KEX: KexAlgorithm[] = [
	'curve25519-sha256',
	'curve25519-sha256@libssh.org',
	'ecdh-sha2-nistp256',
	'ecdh-sha2-nistp384',
	'ecdh-sha2-nistp521',
	'diffie-hellman-group16-sha512',
	'diffie-hellman-group14-sha256',
];

const LOG_WINDOW_MS = 10_000;
/** Lines of each kind written as they come in a window of the log; the rest summed up. */
const LOG_BURST: Record<LineKind, number> = {dropped: 10, 'not logged in': 20, ended: 100};

export type ServerOptions = Served & {
	hostKey: string;
	listen: Listen;
	limits: Limits;
	/** One line per connection (and problems); absent: none. */
	log: ((line: string) => void) | undefined;
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

export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const {limits, log} = options;
	const sessions = new SessionLimits(limits);
	// Logged-in connections are held to twice the sessions: enough to tell those over the limit so, and no
	// more however many a client opens. Those logging in have a pool of their own, so that one client holding
	// many silent connections can't keep the others from logging in.
	const loggedIn = new SessionLimits({sessions: limits.sessions * 2, perAddress: limits.perAddress * 2}, 'connections');
	// From one address as many as before; from its network (a /24, a /64) twice that.
	const preLogin = new PreLoginPool<ConnectionRecord>({
		startups: limits.startups,
		perAddress: limits.perAddress * 2,
		perPrefix: limits.perAddress * 4,
	});
	const summary = new LogSummary({
		write: line => log?.(line),
		now: Date.now,
		windowMs: LOG_WINDOW_MS,
		burst: LOG_BURST,
	});
	const flushing = setInterval(() => summary.flush(), 1000).unref();
	const open = new Map<string, HeldConnection>();
	const themes = new Map<ColorLevel, Theme>();
	const {shared, drafts, authorized, onFrame} = options;
	const context: ConnectionContext = {
		shared,
		drafts,
		authorized,
		...(onFrame ? {onFrame} : {}),
		sessions,
		idleMs: limits.idleMs,
		// Sessions with the same colours share a theme, so a post rendered for one is shown to the others from the cache.
		themeFor(level: ColorLevel): Theme {
			let theme = themes.get(level);
			if (!theme) {
				theme = createTheme(level, 'dark', {inverseWithoutColor: true});
				themes.set(level, theme);
			}

			return theme;
		},
	};

	const ssh = new Server({hostKeys: [options.hostKey], ident: 'blogread', algorithms: {kex: KEX}}, (client, info) => {
		const held = open.get(`${info.ip}\u0000${info.port}`);
		if (held) held.serve(client, context);
		else client.end();
	});

	const holding: Holding = {preLogin, loggedIn, loginMs: limits.loginMs, summary};
	const server = createServer(socket => {
		const held = HeldConnection.accept(socket, holding);
		if (!held) return;
		const key = `${socket.remoteAddress}\u0000${socket.remotePort}`;
		open.set(key, held);
		void held.closed.then(() => open.delete(key));
		// Keys and frames are small packets each awaited by a person: sent at once, as sshd sends them
		// to a terminal. Left to Nagle, a packet ssh2 writes in two pieces (without its native binding,
		// every packet) waits for the client's delayed acknowledgement: a key's frame came 40-90 ms late.
		socket.setNoDelay(true);
		// ssh2 reads it as a stream with a remote address (what PacedSocket gives); its types ask for a Socket.
		ssh.injectSocket(new PacedSocket(socket) as unknown as Socket);
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.listen.port, options.listen.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	server.on('error', (error: Error) => log?.(`server error: ${cleanLine(errorMessage(error))}`));
	const bound = server.address();
	const address =
		typeof bound === 'object' && bound ? bound : {address: options.listen.host, port: options.listen.port};
	return {
		address: {host: address.address, port: address.port},
		connections: () => open.size,
		sessions: () => sessions.sessions,
		async close() {
			server.close();
			const all = [...open.values()];
			for (const {record} of all) record.end('server stopped');
			await Promise.all(all.map(({closed}) => closed));
			clearInterval(flushing);
			summary.flush(true);
		},
	};
}
