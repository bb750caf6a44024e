import {spawnSync} from 'node:child_process';
import {chmodSync, cpSync} from 'node:fs';
import path from 'node:path';
import {DIST} from './paths.js';
import {temporaryFolder} from './temporary.js';

/** The built bin, as `npm install` leaves it. */
export const bin = path.join(DIST, 'cli.js');

export type BinRun = {code: number | null; stdout: string; stderr: string; seconds: number};

export type BinOptions = {
	env?: NodeJS.ProcessEnv;
	cwd?: string;
	input?: string;
	/** Run as another user (through runuser, as root): for the checks that need two users. */
	user?: string;
	timeout?: number;
};

// No user's config, and no colour or folder from the environment the tests run in.
const noConfig = path.join(temporaryFolder('no-config'), 'none');
// Each run its own reading state (positions, read marks), so no run opens a post where another left it.
const stateRoot = temporaryFolder('state');
let stateRuns = 0;
/** A state folder no run has used yet (created by blogread when it writes). */
export const freshStateHome = (): string => path.join(stateRoot, String(++stateRuns));

export const baseEnv = (): NodeJS.ProcessEnv => ({
	...process.env,
	XDG_STATE_HOME: freshStateHome(),
	NO_COLOR: '',
	FORCE_COLOR: undefined,
	FORCE_HYPERLINK: undefined,
	BLOGREAD_DIR: undefined,
	BLOGREAD_THEME: undefined,
	XDG_CONFIG_HOME: noConfig,
	// A UTF-8 locale, whatever the tests run in: without one, blogread draws in ASCII.
	LANG: 'C.UTF-8',
	LC_ALL: undefined,
	LC_CTYPE: undefined,
});

/** Runs the built bin with pipes for stdin and stdout, as a script would. */
export function runBin(args: string[], {env = {}, cwd, input, user, timeout = 30_000}: BinOptions = {}): BinRun {
	const environment = {...baseEnv(), ...env};
	const command =
		user === undefined
			? [process.execPath, bin, ...args]
			: ['runuser', '-u', user, '--', 'env', ...envArgs(environment), process.execPath, binFor(user), ...args];
	const start = performance.now();
	const result = spawnSync(command[0] ?? '', command.slice(1), {
		...(cwd === undefined ? {} : {cwd}),
		...(input === undefined ? {} : {input}),
		encoding: 'utf8',
		env: environment,
		timeout,
		maxBuffer: 256 * 1024 * 1024,
	});
	return {
		code: result.status,
		stdout: result.stdout,
		stderr: result.stderr,
		seconds: (performance.now() - start) / 1000,
	};
}

const reachable = new Map<string, string>();
/**
 * The built bin where `user` can run it: in place when they can reach it, else
 * a copy of dist/ in a folder anyone can read (a clone may live in a private
 * folder, mode 700, as `mktemp -d` and home folders make them).
 */
function binFor(user: string): string {
	const known = reachable.get(user);
	if (known) return known;
	let found = bin;
	if (spawnSync('runuser', ['-u', user, '--', 'test', '-r', bin]).status !== 0) {
		const copy = temporaryFolder('bin');
		chmodSync(copy, 0o755);
		cpSync(path.dirname(bin), path.join(copy, 'dist'), {recursive: true});
		found = path.join(copy, 'dist', path.basename(bin));
	}

	reachable.set(user, found);
	return found;
}

/** `runuser` starts a clean environment: the variables blogread reads are passed on explicitly. */
function envArgs(env: NodeJS.ProcessEnv): string[] {
	const passed = [
		'PATH',
		'HOME',
		'NO_COLOR',
		'FORCE_COLOR',
		'XDG_CONFIG_HOME',
		'XDG_CACHE_HOME',
		'XDG_STATE_HOME',
		'TERM',
		'LANG',
		'LC_ALL',
		'LC_CTYPE',
	];
	return passed.flatMap(name => (env[name] === undefined ? [] : [`${name}=${env[name]}`]));
}

/** Whether this machine can run a command as another user (root with runuser). */
export const canSwitchUser = process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status === 0;
