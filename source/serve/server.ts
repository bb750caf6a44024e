// The SSH server: a TCP server of its own that holds every connection to the
// limits and the login deadline before a byte of SSH is read, then hands it to
// ssh2; one line per connection in the log when it closes.
import {createServer, type Socket} from 'node:net';
import ssh2 from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import type {ColorLevel} from '../theme/choice.js';
import {createTheme, type Theme} from '../theme/palette.js';
import {errorMessage} from '../util/errors.js';
import {type ConnectionContext, type ConnectionRecord, type Served, serveConnection} from './connection.js';
import type {Limits, Listen} from './serve-options.js';
import {SessionLimits} from './session-limits.js';

const {Server} = ssh2;

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

const kilobytes = (bytes: number) => (bytes < 10_240 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const {limits, log} = options;
	const sessions = new SessionLimits(limits);
	// Connections, logged in or not, are held to twice the sessions: enough to tell those over the
	// limit so, and no more however many a client opens.
	const connections = new SessionLimits({sessions: limits.sessions * 2, perAddress: limits.perAddress * 2});
	const open = new Map<string, {record: ConnectionRecord; closed: Promise<void>}>();
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

	const ssh = new Server({hostKeys: [options.hostKey], ident: 'blogread'}, (client, info) => {
		const connection = open.get(`${info.ip}\u0000${info.port}`);
		if (connection) serveConnection(client, connection.record, context);
		else client.end();
	});

	const accept = (socket: Socket) => {
		const address = socket.remoteAddress ?? '?';
		const started = Date.now();
		const place = connections.admit(address);
		if (!place.admitted) {
			socket.destroy();
			log?.(`${new Date(started).toISOString()} ${address} dropped: ${place.why}`);
			return;
		}

		const key = `${address}\u0000${socket.remotePort}`;
		let closedResolve: () => void = () => {};
		const closed = new Promise<void>(resolve => {
			closedResolve = resolve;
		});
		// Until it logs in, ending a connection is closing its socket.
		const loginTimer = setTimeout(() => record.end('no login in time'), limits.loginMs);
		const record: ConnectionRecord = {
			address,
			username: '-',
			how: 'open',
			end(why) {
				record.how = why;
				socket.destroy();
			},
			loggedIn() {
				clearTimeout(loginTimer);
			},
		};
		open.set(key, {record, closed});
		socket.on('error', () => {});
		socket.once('close', () => {
			clearTimeout(loginTimer);
			place.release();
			open.delete(key);
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			const how = record.how === 'open' ? 'closed' : record.how;
			log?.(
				`${new Date(started).toISOString()} ${address} user=${JSON.stringify(record.username)} ${seconds}s ` +
					`in=${kilobytes(socket.bytesRead)} out=${kilobytes(socket.bytesWritten)} ${cleanLine(how)}`,
			);
			closedResolve();
		});
		ssh.injectSocket(socket);
	};

	const server = createServer(accept);
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
		},
	};
}
