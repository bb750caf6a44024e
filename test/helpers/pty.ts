import {spawn, spawnSync} from 'node:child_process';
import {bin, freshStateHome} from './bin.js';

/** Every process below `pid`, children first. */
function descendants(pid: number): number[] {
	const table = spawnSync('ps', ['-eo', 'pid=,ppid='], {encoding: 'utf8'})
		.stdout.trim()
		.split('\n')
		.map(line => line.trim().split(/\s+/).map(Number));
	const children = table.filter(([, parent]) => parent === pid).map(([child]) => child ?? 0);
	return children.flatMap(child => [child, ...descendants(child)]);
}

/**
 * A key to type (or a signal to send blogread), and what must show up after it
 * before the next (by default, for a key: any redraw).
 */
export type Keystroke =
	| string
	| {key: string; shows: string}
	| {signal: NodeJS.Signals; shows?: string}
	/** Wait until blogread has stopped itself (after SIGTSTP or Ctrl-Z). */
	| {stopped: true}
	/** Close the terminal under it (kill `script`), and wait until blogread has ended. */
	| {hangUp: true}
	/**
	 * Do something outside the app (change its files), and wait for `shows`, for at most `within` ms.
	 * With `again`, do it again each time that passes, until the run's deadline.
	 */
	| {act: () => void; shows: string; within: number; again?: boolean};

export type TerminalRun = {
	/** Shell command line run in the terminal; `BIN` stands for `node dist/cli.js`. */
	command: string;
	/** Keys typed one at a time once `ready` shows up, each after the screen answered the one before. */
	keys?: Keystroke[];
	/** Text whose appearance means the app is ready for keys (default: its status line); 'never' for none. */
	ready?: string;
	/** A signal sent to blogread itself (not to `script`) when ready. */
	signal?: NodeJS.Signals;
	env?: NodeJS.ProcessEnv;
	/** The deadline for the whole run; every wait inside it is for output, never a fixed pause. */
	timeout?: number;
};

/** Runs a command in a real pseudo-terminal (via `script`), as in a person's terminal. */
export async function inTerminal({
	command,
	keys = [],
	ready = '? help',
	signal,
	env = {},
	timeout = 20_000,
}: TerminalRun): Promise<{code: number | null; output: string}> {
	const line = command.replaceAll('BIN', `${process.execPath} ${bin}`);
	const child = spawn('script', ['-qfec', line, '/dev/null'], {
		env: {
			...process.env,
			TERM: 'xterm-256color',
			COLUMNS: '80',
			LINES: '24',
			NO_COLOR: '',
			XDG_STATE_HOME: freshStateHome(),
			...env,
		},
	});
	let output = '';
	let code: number | null | undefined;
	const wake = new Set<() => void>();
	child.stdout.on('data', (chunk: Buffer) => {
		output += chunk.toString('utf8');
		for (const resolve of wake) resolve();
	});
	// 'close', not 'exit': the last bytes (leaving the alternate screen) may still be in the pipe when `script` exits.
	child.on('close', exitCode => {
		code = exitCode;
		for (const resolve of wake) resolve();
	});

	const deadline = Date.now() + timeout;
	/** Waits until `done`; past `until`, gives up (when not `fatal`) or ends the run. */
	const waitFor = async (done: () => boolean, what: string, until = deadline, fatal = true) => {
		while (!done()) {
			if (code !== undefined) throw new Error(`exited (${code}) before ${what}; output:\n${output}`);
			if (Date.now() > until && !fatal) return;
			if (Date.now() > until) {
				child.kill('SIGKILL');
				throw new Error(`timed out waiting for ${what}; output so far:\n${output}`);
			}

			await new Promise<void>(resolve => {
				const timer = setTimeout(resolve, 100);
				wake.add(() => {
					clearTimeout(timer);
					resolve();
				});
			});
			wake.clear();
		}
	};

	if (ready !== 'never') await waitFor(() => output.includes(ready), `"${ready}"`);
	/** blogread itself (not `script` or the shell around it), and the state ps gives it (S, T…). */
	const appProcess = () => {
		for (const pid of descendants(child.pid ?? 0)) {
			const [state = '', name = ''] = spawnSync('ps', ['-o', 'stat=,comm=', '-p', String(pid)], {encoding: 'utf8'})
				.stdout.trim()
				.split(/\s+/);
			if (name === 'blogread') return {pid, state};
		}

		throw new Error(`blogread is not running; output:\n${output}`);
	};
	for (const [index, keystroke] of keys.entries()) {
		const step = typeof keystroke === 'string' ? {key: keystroke, shows: undefined} : keystroke;
		if ('stopped' in step) {
			await waitFor(() => appProcess().state.startsWith('T'), 'blogread to stop');
			continue;
		}

		if ('act' in step) {
			const mark = output.length;
			const seen = () => output.slice(mark).includes(step.shows);
			for (;;) {
				step.act();
				const until = Math.min(deadline, Date.now() + step.within);
				if (!step.again || Date.now() > deadline) {
					await waitFor(seen, `"${step.shows}" within ${step.within} ms`, until);
					break;
				}

				await waitFor(seen, `"${step.shows}"`, until, false);
				if (seen()) break;
			}

			continue;
		}

		if ('hangUp' in step) {
			const {pid} = appProcess();
			child.kill('SIGKILL');
			while (spawnSync('ps', ['-p', String(pid)]).status === 0) {
				if (Date.now() > deadline) throw new Error('blogread did not end when its terminal closed');
				await new Promise(resolve => setTimeout(resolve, 50));
			}

			continue;
		}

		const {shows} = step;
		const key = 'key' in step ? step.key : `(${step.signal})`;
		const mark = output.length;
		if ('key' in step) child.stdin.write(step.key);
		else {
			process.kill(appProcess().pid, step.signal);
			// `script` stops itself when its child stops, as a shell's job would: it is continued too.
			if (step.signal === 'SIGCONT' && child.pid !== undefined) process.kill(child.pid, 'SIGCONT');
		}
		const last = index === keys.length - 1;
		// The last key may end the program; any other must be answered on screen (a signal, only if asked).
		if (shows !== undefined || (!last && 'key' in step)) {
			await waitFor(
				() => (shows === undefined ? output.length > mark : output.slice(mark).includes(shows)),
				`the answer to ${JSON.stringify(key)}`,
			);
		}
	}

	if (signal) process.kill(appProcess().pid, signal);

	await waitFor(() => code !== undefined, 'the program to end');
	return {code: code ?? null, output};
}
