import {type ChildProcessWithoutNullStreams, spawn, spawnSync} from 'node:child_process';
import {cpSync} from 'node:fs';
import path from 'node:path';
import {baseEnv, bin} from './bin.js';
import {FIXTURES} from './paths.js';
import {temporaryFolder} from './temporary.js';

/** Whether OpenSSH's client is installed (the checks with a real client are skipped without it). */
export const hasSsh = spawnSync('ssh', ['-V']).status === 0;

/** A copy of the fixture blog that a test may change. */
export function blogCopy(): string {
	const folder = path.join(temporaryFolder('serve'), 'blog');
	cpSync(path.join(FIXTURES, 'blog'), folder, {recursive: true});
	return folder;
}

export type Served = {
	port: number;
	child: ChildProcessWithoutNullStreams;
	/** Everything the server has written to stderr so far. */
	log(): string;
	/** Waits until the log holds `text` (or `count` of it), with a deadline. */
	waitForLog(text: string, count?: number, timeout?: number): Promise<void>;
	/** SIGTERM, then the exit code once it has ended. */
	stop(): Promise<number | null>;
};

/**
 * Starts the built bin's `serve` on a free port of 127.0.0.1, with a host key
 * and state of its own; resolves once it says where to connect.
 */
export async function startServe(folder: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Served> {
	const home = temporaryFolder('serve-state');
	const child = spawn(process.execPath, [bin, 'serve', folder, '--listen', '127.0.0.1:0', ...args], {
		env: {...baseEnv(), XDG_STATE_HOME: home, XDG_CACHE_HOME: path.join(home, 'cache'), ...env},
	});
	let log = '';
	const wake = new Set<() => void>();
	child.stderr.on('data', (chunk: Buffer) => {
		log += chunk.toString('utf8');
		for (const resolve of wake) resolve();
	});
	let exited: number | null | undefined;
	const ended = new Promise<number | null>(resolve => {
		child.on('exit', code => {
			exited = code;
			for (const done of wake) done();
			resolve(code);
		});
	});
	const waitForLog = async (text: string, count = 1, timeout = 15_000) => {
		const deadline = Date.now() + timeout;
		while (log.split(text).length - 1 < count) {
			if (exited !== undefined) throw new Error(`the server ended (${exited}) before "${text}"; its log:\n${log}`);
			if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}" in the server's log:\n${log}`);
			await new Promise<void>(resolve => {
				const done = () => {
					wake.delete(done);
					clearTimeout(timer);
					resolve();
				};

				const timer = setTimeout(done, 200);
				wake.add(done);
			});
		}
	};

	await waitForLog('read it with: ssh -p ');
	const port = Number(/ssh -p (\d+)/.exec(log)?.[1]);
	return {
		port,
		child,
		log: () => log,
		waitForLog,
		async stop() {
			if (exited === undefined) child.kill('SIGTERM');
			return ended;
		},
	};
}

/** OpenSSH's options for a test: no user config, no known hosts, no prompts, quiet. */
export function sshOptions(port: number, more: string[] = []): string[] {
	return [
		'-F',
		'/dev/null',
		'-p',
		String(port),
		'-o',
		'StrictHostKeyChecking=no',
		'-o',
		'UserKnownHostsFile=/dev/null',
		'-o',
		'LogLevel=ERROR',
		'-o',
		'BatchMode=yes',
		'-o',
		'ConnectTimeout=10',
		...more,
	];
}

/** `ssh` to the server with a command, its output in pipes, as a script would run it. */
export function ssh(
	port: number,
	command: string[],
	{options = [], timeout = 20_000}: {options?: string[]; timeout?: number} = {},
): {code: number | null; stdout: string; stderr: string} {
	const result = spawnSync('ssh', [...sshOptions(port, options), '127.0.0.1', ...command], {
		encoding: 'utf8',
		timeout,
		// A post printed may be megabytes: past the buffer, ssh would be killed mid-sequence.
		maxBuffer: 64 * 1024 * 1024,
		env: {...baseEnv(), TERM: 'xterm-256color'},
	});
	return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

/** The shell command that opens the app over ssh in a terminal, then says how ssh ended and waits. */
export function sshInTerminal(port: number, options: string[] = []): string {
	return `ssh ${sshOptions(port, options).join(' ')} 127.0.0.1; echo ssh-ended-$?; sleep 600`;
}
