// One reader's connection, once it has spoken SSH: logging in (anyone, or the
// listed keys), then one session: the app on its pty, or a command's output.
// Nothing else is granted: no shell, no forwarding, no agent, no SFTP.
import type {AuthContext, Connection, ParsedKey, ServerChannel} from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import {type ColorLevel, detectColorLevel} from '../theme/choice.js';
import type {Theme} from '../theme/palette.js';
import type {FrameReport} from '../ui/app.js';
import {errorMessage} from '../util/errors.js';
import {findKey} from './authorized-keys.js';
import {ChannelTerminal} from './channel-terminal.js';
import {type ClientEnv, clientColorLevel, servedEnv, takeVariable} from './client-terminal.js';
import {runCommand} from './exec-session.js';
import {type ServedApp, startServedApp} from './served-app.js';
import type {SessionLimits} from './session-limits.js';
import type {SharedBlog} from './shared-blog.js';

/** A pty's size as taken: a client saying 0 means it doesn't know; one saying a million is cut down. */
const MAX_COLUMNS = 1000;
const MAX_ROWS = 500;
const MAX_USERNAME = 64;
/** How long a session's close may take when the server ends it. */
const CLOSE_WAIT_MS = 2000;

export function ptySize(columns: number, rows: number): {columns: number; rows: number} {
	return {
		columns: Math.min(MAX_COLUMNS, columns > 0 ? columns : 80),
		rows: Math.min(MAX_ROWS, rows > 0 ? rows : 24),
	};
}

/** What the server keeps of a connection, for its log line and to end it. */
export type ConnectionRecord = {
	address: string;
	username: string;
	/** How it ended (or is ending), for the log line. */
	how: string;
	/** Ends it from outside: the app first, so the reader's terminal is put back, then the connection. */
	end(why: string): void;
	/** Logged in: the login deadline no longer applies. */
	loggedIn(): void;
};

/** What is served, and to whom: the server's options that each connection uses as they are. */
export type Served = {
	shared: SharedBlog;
	drafts: boolean;
	/** Only these keys may log in; absent: anyone. */
	authorized: ParsedKey[] | undefined;
	/** Called after each frame of every served app (the benchmark's clock). */
	onFrame?: (report: FrameReport) => void;
};

export type ConnectionContext = Served & {
	sessions: SessionLimits;
	idleMs: number;
	themeFor: (level: ColorLevel) => Theme;
};

/** A session over the limits, or asking for what is not served: one line on its stderr, then closed. */
function refuse(channel: ServerChannel, why: string, crlf: boolean, code = 1): void {
	channel.stderr.write(`blogread: ${cleanLine(why)}${crlf ? '\r\n' : '\n'}`);
	channel.exit(code);
	channel.end();
}

function authenticate(context: AuthContext, authorized: ParsedKey[] | undefined): void {
	if (!authorized) {
		context.accept();
		return;
	}

	if (context.method !== 'publickey') {
		context.reject(['publickey']);
		return;
	}

	const key = findKey(authorized, context.key.data);
	// Without a signature the client only asks whether the key would do; with one, it must be this key's.
	const signed =
		context.signature === undefined ||
		key?.verify(context.blob ?? Buffer.alloc(0), context.signature, context.hashAlgo) === true;
	if (!key || !signed) context.reject(['publickey']);
	else context.accept();
}

export function serveConnection(client: Connection, record: ConnectionRecord, context: ConnectionContext): void {
	const {shared, sessions} = context;
	let app: ServedApp | undefined;
	/** The connection's one session, holding its place in the limits. */
	let seat: (() => void) | undefined;
	let idleTimer: NodeJS.Timeout | undefined;
	// What a reader is told when their session is ended for them.
	const farewells: Record<string, string> = {
		idle: `ended after ${Math.round(context.idleMs / 1000)} s with no key pressed`,
		'server stopped': 'the server is stopping',
	};

	let ending = false;
	record.end = why => {
		record.how = why;
		ending = true;
		const leaving = app;
		app = undefined;
		if (!leaving) {
			client.end();
			return;
		}

		// The session closes first (its exit status sent, the client's close answered: else OpenSSH
		// reports a lost connection), then the connection; a client that never answers is not waited for.
		leaving.stop();
		setTimeout(() => client.end(), CLOSE_WAIT_MS).unref();
	};

	const touch = () => {
		clearTimeout(idleTimer);
		idleTimer = setTimeout(() => record.end('idle'), context.idleMs);
	};

	client.on('authentication', request => {
		record.username = cleanLine(request.username).slice(0, MAX_USERNAME) || '-';
		authenticate(request, context.authorized);
	});
	client.on('ready', () => {
		record.loggedIn();
		touch();
	});
	client.on('error', error => {
		record.how = `error: ${cleanLine(errorMessage(error))}`;
	});
	client.on('close', () => {
		clearTimeout(idleTimer);
		app?.stop();
		seat?.();
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
			pty = ptySize(request.cols, request.rows);
			takeVariable(env, 'TERM', request.term);
			accept?.();
		});
		session.on('env', (accept, reject, request) => {
			if (takeVariable(env, request.key, request.val)) accept?.();
			else reject?.();
		});
		session.on('window-change', (accept, _reject, request) => {
			touch();
			pty = ptySize(request.cols, request.rows);
			terminal?.resize(pty.columns, pty.rows);
			accept?.();
		});
		for (const refused of ['x11', 'auth-agent', 'subsystem', 'sftp', 'signal'] as const) {
			session.on(refused, (_accept: unknown, reject?: () => void) => reject?.());
		}

		const admitted = (channel: ServerChannel): boolean => {
			// Channels opened side by side before either started: still one session a connection.
			if (seat) {
				refuse(channel, 'one session a connection: open another connection', pty !== undefined);
				return false;
			}

			const admission = sessions.admit(record.address);
			if (!admission.admitted) {
				record.how = `refused: ${admission.why}`;
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
			const command = {command: request.command, channel, shared, drafts: context.drafts, env, pty};
			runCommand(command).then(
				code => {
					record.how = code === 0 ? 'command' : `command failed (${code})`;
					channel.exit(code);
					channel.end();
				},
				(error: unknown) => {
					record.how = `command error: ${cleanLine(errorMessage(error))}`;
					refuse(channel, 'the command failed on the server', pty !== undefined);
				},
			);
		});
		session.on('shell', (accept, _reject) => {
			const channel = accept();
			if (!pty || env.TERM === undefined || env.TERM === 'dumb') {
				record.how = 'refused: no terminal';
				refuse(
					channel,
					'the reader needs a terminal: connect with ssh (not -T), or run a command: ssh HOST list',
					pty !== undefined,
				);
				return;
			}

			if (!admitted(channel)) return;
			touch();
			const shown = new ChannelTerminal(channel, pty);
			terminal = shown;
			channel.on('data', (data: Buffer) => {
				touch();
				shown.keys(data);
			});
			const level = detectColorLevel({color: true, isTTY: true, env: servedEnv(env), supported: clientColorLevel(env)});
			const running = startServedApp({
				shared,
				terminal: shown,
				theme: context.themeFor(level),
				...(context.onFrame ? {onFrame: context.onFrame} : {}),
			});
			app = running;
			channel.on('close', () => {
				running.stop();
				if (ending) client.end();
			});
			void running.ended.then(() => {
				if (record.how === 'open') record.how = 'quit';
				const why = farewells[record.how];
				if (why) channel.stderr.write(`blogread: ${why}\r\n`);
				channel.exit(0);
				channel.end();
			});
		});
	});
}
