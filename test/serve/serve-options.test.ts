import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {
	DEFAULT_LIMITS,
	DEFAULT_LISTEN,
	type Listen,
	parseListen,
	parseServeArgs,
	type ServeOptions,
} from '../../source/serve/serve-options.js';
import {UserError} from '../../source/util/errors.js';

/** The message of the usage error (exit code 2) that `run` throws; fails when it throws none or another. */
function usageError(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		assert.ok(error instanceof UserError, String(error));
		assert.equal(error.exitCode, 2, error.message);
		assert.ok(!error.message.includes('\n'), `one line: ${JSON.stringify(error.message)}`);
		return error.message;
	}

	assert.fail('no usage error');
}

/** `serve`'s arguments → the options, failing when they are 'help'. */
function served(args: string[], env: NodeJS.ProcessEnv = {}): ServeOptions {
	const options = parseServeArgs(args, env);
	assert.notEqual(options, 'help');
	return options as ServeOptions;
}

// Tests that change the working folder do it in a folder of their own, and go back.
const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-serve-options-'));
const home = process.cwd();
after(() => {
	process.chdir(home);
	rmSync(scratch, {recursive: true, force: true});
});

describe('parseListen: where the server listens', () => {
	const good: Array<[raw: string, expected: Listen]> = [
		['127.0.0.1:2222', {host: '127.0.0.1', port: 2222}],
		['0.0.0.0:22', {host: '0.0.0.0', port: 22}],
		['localhost:8022', {host: 'localhost', port: 8022}],
		['blog.example.org:65535', {host: 'blog.example.org', port: 65_535}],
		['[::1]:2222', {host: '::1', port: 2222}],
		['[::]:22', {host: '::', port: 22}],
		['[fe80::1]:2200', {host: 'fe80::1', port: 2200}],
		['127.0.0.1:0', {host: '127.0.0.1', port: 0}],
		[':2222', {host: '127.0.0.1', port: 2222}],
		['  127.0.0.1:2222  ', {host: '127.0.0.1', port: 2222}],
	];
	for (const [raw, expected] of good) {
		it(`takes ${JSON.stringify(raw)}`, () => {
			assert.deepEqual(parseListen(raw), expected);
		});
	}

	const bad: Array<[raw: string, why: string]> = [
		['', 'nothing'],
		['127.0.0.1', 'no port'],
		['127.0.0.1:', 'an empty port'],
		['127.0.0.1:65536', 'a port past 65535'],
		['127.0.0.1:123456', 'six digits'],
		['127.0.0.1:-1', 'a negative port'],
		['127.0.0.1:22a', 'a port not a number'],
		['::1:2222', 'IPv6 without brackets'],
		['[127.0.0.1]:22', 'IPv4 in brackets'],
		['[not-an-ip]:22', 'a name in brackets'],
		['[::1]', 'IPv6 without a port'],
		['my host:22', 'a space in the host'],
		['host;rm:22', 'a character no host name has'],
		['[::1:22', 'an unclosed bracket'],
	];
	for (const [raw, why] of bad) {
		it(`refuses ${why}: ${JSON.stringify(raw)}`, () => {
			const message = usageError(() => parseListen(raw));
			assert.match(message, /^--listen must be HOST:PORT/);
			assert.ok(message.endsWith(`got "${raw}"`), message);
		});
	}

	it('takes a port alone, on 127.0.0.1 (as its comment and --help say)', () => {
		assert.deepEqual(parseListen('2222'), {host: '127.0.0.1', port: 2222});
		assert.deepEqual(parseListen('0'), {host: '127.0.0.1', port: 0});
	});
});

describe('parseServeArgs: serve’s own command line', () => {
	it('gives the defaults when nothing is said', () => {
		const options = served(['blog']);
		assert.deepEqual(options, {
			target: 'blog',
			listen: DEFAULT_LISTEN,
			authorizedKeys: undefined,
			hostKey: undefined,
			drafts: false,
			quiet: false,
			limits: DEFAULT_LIMITS,
		});
		assert.deepEqual(DEFAULT_LISTEN, {host: '127.0.0.1', port: 2222});
		assert.deepEqual(DEFAULT_LIMITS, {
			sessions: 50,
			perAddress: 5,
			idleMs: 600_000,
			loginMs: 10_000,
			startups: {start: 50, rate: 30, full: 100},
		});
	});

	it('reads every flag', () => {
		const options = served([
			'--listen',
			'[::1]:2200',
			'--authorized-keys',
			'keys.txt',
			'--host-key',
			'host.key',
			'--drafts',
			'--quiet',
			'blog',
		]);
		assert.deepEqual(options.listen, {host: '::1', port: 2200});
		assert.equal(options.authorizedKeys, 'keys.txt');
		assert.equal(options.hostKey, 'host.key');
		assert.equal(options.drafts, true);
		assert.equal(options.quiet, true);
		assert.equal(options.target, 'blog');
	});

	const limits: Array<[args: string[], expected: Partial<ServeOptions['limits']>]> = [
		// MaxStartups follows the sessions unless given.
		[['--max-sessions', '3'], {sessions: 3, startups: {start: 3, rate: 30, full: 6}}],
		[['--max-sessions', '3', '--max-startups', '10:30:100'], {sessions: 3, startups: {start: 10, rate: 30, full: 100}}],
		[['--max-per-address', '1'], {perAddress: 1}],
		[['--idle-timeout', '30'], {idleMs: 30_000}],
		[['--login-timeout', '2'], {loginMs: 2000}],
		[['--idle-timeout=1', '--login-timeout=1'], {idleMs: 1000, loginMs: 1000}],
		[['--max-startups', '5:50:20'], {startups: {start: 5, rate: 50, full: 20}}],
		[['--max-startups', ' 1:0:1 '], {startups: {start: 1, rate: 0, full: 1}}],
		[['--max-startups=20000:100:20000'], {startups: {start: 20_000, rate: 100, full: 20_000}}],
		// One number, as sshd takes it: at most that many, none dropped before.
		[['--max-startups', '30'], {startups: {start: 30, rate: 100, full: 30}}],
	];
	for (const [args, expected] of limits) {
		it(`a limit: ${args.join(' ')} (seconds become milliseconds)`, () => {
			assert.deepEqual(served([...args, 'blog']).limits, {...DEFAULT_LIMITS, ...expected});
		});
	}

	const badNumbers: Array<[flag: string, raw: string]> = [
		['max-sessions', '0'],
		['max-sessions', '10001'],
		['idle-timeout', '86401'],
		['max-sessions', '-1'],
		['max-sessions', 'many'],
		['max-per-address', '1.5'],
		['max-per-address', ''],
		['idle-timeout', '0'],
		['idle-timeout', ' '],
		['login-timeout', 'NaN'],
		['login-timeout', 'Infinity'],
	];
	for (const [flag, raw, max = flag.endsWith('timeout') ? 86_400 : 10_000] of badNumbers) {
		it(`refuses --${flag} ${JSON.stringify(raw)}`, () => {
			assert.equal(
				usageError(() => parseServeArgs([`--${flag}=${raw}`, 'blog'], {})),
				`--${flag} must be a whole number from 1 to ${max}, got "${raw}"`,
			);
		});
	}

	const badStartups: Array<[raw: string, why: string]> = [
		['', 'whole numbers, separated by colons'],
		['10:30', 'whole numbers, separated by colons'],
		['10:30:100:5', 'whole numbers, separated by colons'],
		['a:b:c', 'whole numbers, separated by colons'],
		['-1:30:100', 'whole numbers, separated by colons'],
		['1.5:30:100', 'whole numbers, separated by colons'],
		['0:30:100', 'START and FULL from 1 to 20000'],
		['0', 'START and FULL from 1 to 20000'],
		['10:30:20001', 'START and FULL from 1 to 20000'],
		['20:30:10', 'START no more than FULL'],
		['10:101:100', 'RATE a percentage, from 0 to 100'],
	];
	for (const [raw, why] of badStartups) {
		it(`refuses --max-startups ${JSON.stringify(raw)}: ${why}`, () => {
			assert.equal(
				usageError(() => parseServeArgs([`--max-startups=${raw}`, 'blog'], {})),
				`--max-startups must be START:RATE:FULL (like 10:30:100) or a number; ${why}, got "${raw}"`,
			);
		});
	}

	const badArguments: Array<[args: string[], expected: RegExp]> = [
		[['--drafs'], /^Unknown option '--drafs'/],
		[['--pager'], /^Unknown option '--pager'/],
		[['-x'], /^Unknown option '-x'/],
		[['--listen'], /--listen/],
		[['--quiet=yes'], /--quiet/],
		[['one', 'two'], /^expected one folder, got 2: one two$/],
		[['--listen', 'nowhere'], /^--listen must be HOST:PORT/],
	];
	for (const [args, expected] of badArguments) {
		it(`refuses ${args.join(' ')}`, () => {
			assert.match(
				usageError(() => parseServeArgs(args, {})),
				expected,
			);
		});
	}

	it('--help and -h ask for the help, whatever else is there', () => {
		assert.equal(parseServeArgs(['--help'], {}), 'help');
		assert.equal(parseServeArgs(['-h', 'blog', '--drafts'], {}), 'help');
	});

	it('serves the folder given, else BLOGREAD_DIR, else posts/ when there is one, else the working folder', () => {
		assert.equal(served(['given'], {BLOGREAD_DIR: '/from/env'}).target, 'given');
		assert.equal(served([], {BLOGREAD_DIR: '/from/env'}).target, '/from/env');
		const bare = path.join(scratch, 'bare');
		const withPosts = path.join(scratch, 'with-posts');
		mkdirSync(bare);
		mkdirSync(path.join(withPosts, 'posts'), {recursive: true});
		try {
			process.chdir(bare);
			assert.equal(served([]).target, '.');
			process.chdir(withPosts);
			assert.equal(served([]).target, 'posts');
		} finally {
			process.chdir(home);
		}
	});

	it('ignores an empty BLOGREAD_DIR, as the rest of blogread does', () => {
		assert.notEqual(served([], {BLOGREAD_DIR: ''}).target, '');
	});

	// setTimeout waits at most 2^31-1 ms and fires a longer delay after 1 ms: `--idle-timeout 3000000`
	// would end every session at once.
	it('never gives a timeout setTimeout cannot wait for', () => {
		let limits: ServeOptions['limits'] | undefined;
		try {
			limits = served(['--idle-timeout', '3000000', '--login-timeout', '3000000', 'blog']).limits;
		} catch (error) {
			assert.ok(error instanceof UserError && error.exitCode === 2, String(error));
			return;
		}

		assert.ok(limits.idleMs <= 2 ** 31 - 1, `idleMs ${limits.idleMs}`);
		assert.ok(limits.loginMs <= 2 ** 31 - 1, `loginMs ${limits.loginMs}`);
	});
});
