// `blogread serve`'s command line: where to listen, who may connect, and the
// limits that keep one process serving many readers.
import {existsSync, statSync} from 'node:fs';
import {isIP} from 'node:net';
import {parseArgs} from 'node:util';
import {UserError} from '../util/errors.js';
import type {Startups} from './pre-login.js';

export type Listen = {host: string; port: number};

export type Limits = {
	/** Sessions open at once, from everyone. */
	sessions: number;
	/** Sessions open at once from one remote address. */
	perAddress: number;
	/** A session with no key from its reader for this long ends. */
	idleMs: number;
	/** A connection that has not finished the handshake and logged in by then is dropped. */
	loginMs: number;
	/** Connections not logged in yet, as sshd's MaxStartups: some dropped from `start`, all past `full`. */
	startups: Startups;
};

export type ServeOptions = {
	target: string;
	listen: Listen;
	/** Only these keys may log in (an OpenSSH authorized_keys file); else anyone may, read-only. */
	authorizedKeys: string | undefined;
	/** The server's private key (OpenSSH format); created there when missing. Default: in the state folder. */
	hostKey: string | undefined;
	drafts: boolean;
	/** No line per connection on stderr. */
	quiet: boolean;
	limits: Limits;
};

export const DEFAULT_LISTEN: Listen = {host: '127.0.0.1', port: 2222};
export const DEFAULT_LIMITS: Limits = {
	sessions: 50,
	perAddress: 5,
	idleMs: 10 * 60_000,
	loginMs: 10_000,
	startups: startupsFor(50),
};

/**
 * MaxStartups unless told: drops only once as many are logging in as there are sessions (so every reader
 * connecting at once gets in), none past twice that. sshd's 10:30:100 is for logins taking a person minutes;
 * here a login is one key exchange, and the default lets through a full server's readers arriving together.
 */
export function startupsFor(sessions: number): Startups {
	return {start: sessions, rate: 30, full: sessions * 2};
}

export const SERVE_HELP = `  Usage
    $ blogread serve [path] [options]

  Serves the blog over SSH, read-only, every session in one process:
    ssh -p 2222 HOST                 the app, in the reader's own terminal
    ssh -p 2222 HOST list            the posts (also: json, print SLUG, help)
    ssh -p 2222 HOST -- --list ...   blogread's flags, after --

  Options
    --listen <host:port>      where to listen (default 127.0.0.1:2222;
                              [::1]:22 for IPv6; port 0: any free port)
    --authorized-keys <file>  only these public keys may log in (OpenSSH's
                              authorized_keys); default: anyone
    --host-key <file>         the server's private key: ed25519, ECDSA or RSA
                              of 3072 bits or more, yours alone; default: an
                              ed25519 key made in blogread's state folder
    --drafts                  serve drafts too
    --max-sessions <n>        sessions at once (default 50)
    --max-per-address <n>     sessions at once from one address (default 5)
    --idle-timeout <seconds>  end a connection with no key typed for this
                              long (default 600)
    --login-timeout <seconds> drop a connection not logged in by then
                              (default 10)
    --max-startups <s:r:f>    connections not logged in yet, as sshd's
                              MaxStartups: from s on, one is dropped with a
                              chance of r%, rising to 100% at f (default
                              S:30:2S for --max-sessions S)
    --quiet                   no line per connection on stderr
    -h, --help
`;

const usage = (message: string): never => {
	throw new UserError(message, 2);
};

/** `HOST:PORT`, `[IPv6]:PORT`, or a port alone (on 127.0.0.1). */
export function parseListen(raw: string): Listen {
	const bad = () => usage(`--listen must be HOST:PORT (like 127.0.0.1:2222 or [::1]:2222), got "${raw}"`);
	const text = raw.trim();
	if (/^\d{1,5}$/.test(text)) return Number(text) > 65_535 ? bad() : {host: DEFAULT_LISTEN.host, port: Number(text)};
	const match = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text);
	if (!match) return bad();
	const [, bracketed, named] = match;
	const host = bracketed ?? (named || DEFAULT_LISTEN.host);
	const port = Number(match[3]);
	if (port > 65_535) return bad();
	if (bracketed !== undefined && isIP(host) !== 6) return bad();
	if (!/^[\w.-]+$/.test(host) && isIP(host) === 0) return bad();
	return {host, port};
}

function wholeNumber(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
	if (raw === undefined) return fallback;
	const value = Number(raw);
	return raw.trim() !== '' && Number.isInteger(value) && value >= min && value <= max
		? value
		: usage(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
}

/** A day: longer timers than Node's (24.8 days) would fire at once; longer than a day means none. */
const MAX_SECONDS = 86_400;
const MAX_SESSIONS = 10_000;
const MAX_STARTUPS = 2 * MAX_SESSIONS;

/** `START:RATE:FULL` as sshd's MaxStartups takes it, or one number: as many at most, none dropped before. */
export function parseStartups(raw: string): Startups {
	const bad = (why: string) =>
		usage(`--max-startups must be START:RATE:FULL (like 10:30:100) or a number; ${why}, got "${raw}"`);
	const parts = /^\s*(\d{1,6})(?::(\d{1,6}):(\d{1,6}))?\s*$/.exec(raw);
	if (!parts) return bad('whole numbers, separated by colons');
	const start = Number(parts[1]);
	const rate = parts[2] === undefined ? 100 : Number(parts[2]);
	const full = parts[3] === undefined ? start : Number(parts[3]);
	if (start < 1 || full > MAX_STARTUPS) return bad(`START and FULL from 1 to ${MAX_STARTUPS}`);
	if (start > full) return bad('START no more than FULL');
	if (rate > 100) return bad('RATE a percentage, from 0 to 100');
	return {start, rate, full};
}

/** `serve`'s own arguments (after the word `serve`) → what to serve and how; a bad one is a usage error. */
export function parseServeArgs(args: readonly string[], env: NodeJS.ProcessEnv): ServeOptions | 'help' {
	let parsed: ReturnType<typeof parseServeFlags>;
	try {
		parsed = parseServeFlags(args);
	} catch (error) {
		// parseArgs says which option, in its own words: kept, as one line.
		return usage(String((error as Error).message).split('\n')[0] ?? 'bad arguments');
	}

	const {values, positionals} = parsed;
	if (values.help) return 'help';
	if (positionals.length > 1) return usage(`expected one folder, got ${positionals.length}: ${positionals.join(' ')}`);
	const target =
		positionals[0] || env['BLOGREAD_DIR'] || (existsSync('posts') && statSync('posts').isDirectory() ? 'posts' : '.');
	const seconds = 1000;
	const sessions = wholeNumber('max-sessions', values['max-sessions'], DEFAULT_LIMITS.sessions, 1, MAX_SESSIONS);
	const startups = values['max-startups'];
	return {
		target,
		listen: values.listen === undefined ? DEFAULT_LISTEN : parseListen(values.listen),
		authorizedKeys: values['authorized-keys'],
		hostKey: values['host-key'],
		drafts: values.drafts === true,
		quiet: values.quiet === true,
		limits: {
			sessions,
			perAddress: wholeNumber('max-per-address', values['max-per-address'], DEFAULT_LIMITS.perAddress, 1, MAX_SESSIONS),
			idleMs:
				wholeNumber('idle-timeout', values['idle-timeout'], DEFAULT_LIMITS.idleMs / seconds, 1, MAX_SECONDS) * seconds,
			loginMs:
				wholeNumber('login-timeout', values['login-timeout'], DEFAULT_LIMITS.loginMs / seconds, 1, MAX_SECONDS) *
				seconds,
			startups: startups === undefined ? startupsFor(sessions) : parseStartups(startups),
		},
	};
}

function parseServeFlags(args: readonly string[]) {
	return parseArgs({
		args: [...args],
		allowPositionals: true,
		strict: true,
		options: {
			listen: {type: 'string'},
			'authorized-keys': {type: 'string'},
			'host-key': {type: 'string'},
			drafts: {type: 'boolean'},
			quiet: {type: 'boolean'},
			'max-sessions': {type: 'string'},
			'max-per-address': {type: 'string'},
			'idle-timeout': {type: 'string'},
			'login-timeout': {type: 'string'},
			'max-startups': {type: 'string'},
			help: {type: 'boolean', short: 'h'},
		},
	});
}
