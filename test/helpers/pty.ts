import {spawn, spawnSync} from 'node:child_process';
import path from 'node:path';

export const bin = path.join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

/** Every process below `pid`, children first. */
function descendants(pid: number): number[] {
	const table = spawnSync('ps', ['-eo', 'pid=,ppid='], {encoding: 'utf8'})
		.stdout.trim()
		.split('\n')
		.map(line => line.trim().split(/\s+/).map(Number));
	const children = table.filter(([, parent]) => parent === pid).map(([child]) => child ?? 0);
	return children.flatMap(child => [child, ...descendants(child)]);
}

export type TerminalRun = {
	/** Shell command line run in the terminal; `BIN` stands for `node dist/cli.js`. */
	command: string;
	/** Keys sent one at a time once `ready` shows up in the output. */
	keys?: string[];
	/** Text whose appearance means the app is ready for keys (default: its status line). */
	ready?: string;
	/** A signal sent to blogread itself (not to `script`) when ready. */
	signal?: NodeJS.Signals;
	env?: NodeJS.ProcessEnv;
	timeout?: number;
};

/** Runs a command in a real pseudo-terminal (via `script`), as in a person's terminal. */
export async function inTerminal({
	command,
	keys = [],
	ready = '? help',
	signal,
	env = {},
	timeout = 15_000,
}: TerminalRun): Promise<{code: number | null; output: string}> {
	return new Promise((resolve, reject) => {
		const line = command.replaceAll('BIN', `${process.execPath} ${bin}`);
		const child = spawn('script', ['-qfec', line, '/dev/null'], {
			env: {...process.env, TERM: 'xterm-256color', COLUMNS: '80', LINES: '24', NO_COLOR: '', ...env},
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
		});
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`no exit; output so far:\n${output}`));
		}, timeout);
		child.on('exit', code => {
			clearTimeout(timer);
			clearInterval(waitForReady);
			resolve({code, output});
		});
		let index = 0;
		const sendNext = () => {
			if (index >= keys.length) return;
			child.stdin.write(keys[index++] ?? '');
			setTimeout(sendNext, 300);
		};

		const waitForReady = setInterval(() => {
			if (!output.includes(ready)) return;
			clearInterval(waitForReady);
			// The first frame can reach the terminal a moment before raw mode is on.
			setTimeout(sendNext, 150);
			if (signal && child.pid !== undefined) {
				const app = descendants(child.pid).find(
					pid => spawnSync('ps', ['-o', 'comm=', '-p', String(pid)], {encoding: 'utf8'}).stdout.trim() === 'blogread',
				);
				if (app !== undefined) process.kill(app, signal);
			}
		}, 50);
	});
}
