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

/**
 * A pty's size as taken: a client saying 0 means it doesn't know; one saying more than any
 * screen shows is cut down. What a frame costs the server grows with its cells, and every
 * reader's keys wait for the frame being drawn: at 1000x500, a flood of keys made frames of
 * 30-50 ms; at 500x200 (a 4K screen in a small font is about 480x135), of 10-20 ms.
 */
export const MAX_COLUMNS = 500;
export const MAX_ROWS = 200;
const MAX_USERNAME = 64;
/** How long a session's close may take when the server ends it. */
export const CLOSE_WAIT_MS = 2000;
/**
 * Channels refused to one connection before it is ended: a reader's ssh asks
 * for one session; a client asking again and again for what is refused is not one.
 */
export const MAX_REFUSED_CHANNELS = 10;

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
	/** Faults the reader's app came back from (each took them back to the list), for the log line. */
	faults?: string[];
	/**
	 * Ends it: before login, at once; after, the session first (so the reader's terminal is put back,
	 * with `serveConnection`'s farewell), then the connection, closed for good soon whatever the client does.
	 */
	end(why: string): void;
	/**
	 * Logged in: no longer one of those logging in (nor held to their deadline), but one of those
	 * logged in. False when they are too many: the connection is then being ended.
	 */
	loggedIn(): boolean;
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

/**
 * Serves a connection that has spoken SSH; returns its farewell, what ending a
 * logged-in connection does first: its app stopped (the reader's terminal put
 * back), then the connection ended.
 */
export function serveConnection(client: Connection, record: ConnectionRecord, context: ConnectionContext): () => void {
	const {shared, sessions} = context;
	let app: ServedApp | undefined;
	/** The connection's one session, holding its place in the limits. */
	let seat: (() => void) | undefined;
	/** A session channel is open, started or not: the connection's one. */
	let sessionChannel = false;
	let idleTimer: NodeJS.Timeout | undefined;
	// What a reader is told when their session is ended for them.
	const farewells: Record<string, string> = {
		idle: `ended after ${Math.round(context.idleMs / 1000)} s with no key pressed`,
		'server stopped': 'the server is stopping',
	};
	const farewellOf = (how: string) =>
		how.startsWith('ended by a fault') ? 'the session ended: something went wrong on the server' : farewells[how];

	let ending = false;
	const farewell = () => {
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

	// Activity is a key typed or a session started, and nothing else (a resize, a request, a refused channel):
	// a connection logged in, with a session or not, ends after the idle timeout without any.
	const touch = () => {
		clearTimeout(idleTimer);
		idleTimer = setTimeout(() => record.end('idle'), context.idleMs);
	};

	// Every channel asked for and not granted counts; past a few, the client is not a reader's ssh. These are
	// the channels ssh2 tells of (sessions and forwardings); others (x11, an agent's, made-up types) it
	// refuses by itself and keeps nothing of.
	let channelsAsked = 0;
	let channelsGranted = 0;
	const channelAsked = (): boolean => {
		if (channelsAsked - channelsGranted >= MAX_REFUSED_CHANNELS) {
			record.end(`ended: ${MAX_REFUSED_CHANNELS} channels refused`);
			return false;
		}

		channelsAsked++;
		return true;
	};

	client.on('authentication', request => {
		record.username = cleanLine(request.username).slice(0, MAX_USERNAME) || '-';
		authenticate(request, context.authorized);
	});
	client.on('ready', () => {
		if (record.loggedIn()) touch();
	});
	client.on('error', error => {
		// Once the connection is being ended (idle, the server stopping), a write the client no longer
		// takes (EPIPE, ECONNRESET) is how it went, not why: the log keeps why.
		if (!ending) record.how = `error: ${cleanLine(errorMessage(error))}`;
	});
	client.on('close', () => {
		clearTimeout(idleTimer);
		app?.stop();
		seat?.();
	});
	// Forwarding of any kind, and any global request: refused.
	client.on('request', (_accept, reject) => reject?.());
	client.on('tcpip', (_accept, reject) => {
		channelAsked();
		reject();
	});
	client.on('openssh.streamlocal', (_accept, reject) => {
		channelAsked();
		reject();
	});
	client.on('session', (acceptSession, rejectSession) => {
		if (!channelAsked()) return rejectSession();
		// One session channel a connection, whether it has started anything or not: each is one reader,
		// counted against the limits; refused before anything of it is kept.
		if (sessionChannel) return rejectSession();
		const session = acceptSession();
		channelsGranted++;
		sessionChannel = true;
		// The client's close of the channel, as it comes (its channel's own close event comes a turn later, after
		// the client may already have asked for the next session): the connection's one session is over.
		session.once('close', () => {
			sessionChannel = false;
			seat?.();
			seat = undefined;
		});
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
			pty = ptySize(request.cols, request.rows);
			terminal?.resize(pty.columns, pty.rows);
			accept?.();
		});
		for (const refused of ['x11', 'auth-agent', 'subsystem', 'sftp', 'signal'] as const) {
			session.on(refused, (_accept: unknown, reject?: () => void) => reject?.());
		}

		const admitted = (channel: ServerChannel): boolean => {
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
			// Undefined when this session has started already: ssh2 answers nothing more to it.
			const channel: ServerChannel | undefined = accept();
			if (!channel || !admitted(channel)) return;
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
			const channel: ServerChannel | undefined = accept();
			if (!channel) return;
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
				onFault: error => {
					record.faults = [...(record.faults ?? []), cleanLine(errorMessage(error))];
				},
			});
			app = running;
			channel.on('close', () => {
				running.stop();
				if (ending) client.end();
			});
			void running.ended.then(fault => {
				if (fault !== undefined) record.how = `ended by a fault: ${cleanLine(errorMessage(fault))}`;
				if (record.how === 'open') record.how = 'quit';
				const why = farewellOf(record.how);
				if (why) channel.stderr.write(`blogread: ${why}\r\n`);
				channel.exit(0);
				channel.end();
			});
		});
	});

	return farewell;
}
