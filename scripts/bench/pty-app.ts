// The app in a real pseudo-terminal for the benchmarks: started under `script`
// as a person starts it, its output kept as it comes, its process found for
// its CPU time and memory.
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process';
import {readFileSync, readlinkSync, realpathSync} from 'node:fs';

/** CPU ticks (user and system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function cpuTicks(pid: number): number {
	// The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th.
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)?.trim().split(' ') ?? [];
	return Number(fields[11]) + Number(fields[12]);
}

/** The processes started by `pid` (Linux lists them per thread; `script` forks from its main one). */
function childrenOf(pid: number): number[] {
	const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
	return text === '' ? [] : text.split(' ').map(Number);
}

/** The app in a real pseudo-terminal (`script`, as a person runs it), its output kept as it comes. */
/** The bin to run, its environment, and the Node that runs it (this process's unless given). */
export type PtyAppOptions = {bin: string; env: NodeJS.ProcessEnv; node?: string};

export class PtyApp {
	/** ms from starting the app (as the constructor does) to the first frame that shows `ready`; the app then quits. */
	static async timeToFrame(args: string[], ready: string, options: PtyAppOptions): Promise<number> {
		const start = performance.now();
		const app = new PtyApp(args, options);
		try {
			return (await app.waitFor(ready)) - start;
		} finally {
			await app.quit();
		}
	}

	output = '';
	private exited = false;
	private readonly child: ChildProcessWithoutNullStreams;
	private readonly exit: Promise<void>;
	private readonly listeners = new Set<() => void>();
	private pid: number | undefined;

	private readonly node: string;

	/** `bin` run with `args` by `node` (this process's Node unless another is given), in a 100x30 terminal. */
	constructor(
		args: string[],
		{bin, env, node = process.execPath}: {bin: string; env: NodeJS.ProcessEnv; node?: string},
	) {
		this.node = realpathSync(node);
		this.child = spawn('script', ['-qfec', `${node} ${bin} ${args.join(' ')}`, '/dev/null'], {
			env: {...env, TERM: 'xterm-256color', COLUMNS: '100', LINES: '30'},
		});
		// Decoded as a stream, so a character split between two chunks is not garbled.
		this.child.stdout.setEncoding('utf8');
		this.child.stdout.on('data', (chunk: string) => {
			this.output += chunk;
			for (const listener of this.listeners) listener();
		});
		this.exit = new Promise(resolve => {
			this.child.on('exit', () => {
				this.exited = true;
				for (const listener of this.listeners) listener();
				resolve();
			});
		});
	}

	/** The moment (performance.now) output came in that makes `test` true; a chunk is timed when it arrives. */
	async until(test: () => boolean, what: string, timeout = 600_000): Promise<number> {
		return new Promise((resolve, reject) => {
			const stop = () => {
				clearTimeout(timer);
				this.listeners.delete(check);
			};
			const check = () => {
				if (test()) {
					stop();
					resolve(performance.now());
				} else if (this.exited) {
					stop();
					reject(new Error(`the app quit before ${what}: ${JSON.stringify(this.output.slice(-300))}`));
				}
			};
			const timer = setTimeout(() => {
				stop();
				reject(new Error(`no ${what} in ${timeout} ms`));
			}, timeout);
			this.listeners.add(check);
			check();
		});
	}

	/** When `text` first came in at or after offset `from` of the output. */
	async waitFor(text: string, from = 0): Promise<number> {
		return this.until(() => this.output.includes(text, from), JSON.stringify(text));
	}

	write(keys: string): void {
		this.child.stdin.write(keys);
	}

	/** The app's process: the Node process under `script` (under a shell, if it did not exec). */
	appPid(): number {
		if (this.pid !== undefined) return this.pid;
		const queue = this.child.pid === undefined ? [] : [this.child.pid];
		for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
			if (pid !== this.child.pid && readlinkSync(`/proc/${pid}/exe`) === this.node) {
				this.pid = pid;
				return pid;
			}

			queue.push(...childrenOf(pid));
		}

		throw new Error('the app is not running under script');
	}

	/**
	 * Waits until the app has used no CPU for `quiet` ms: the work of the last key is done (a search's slices,
	 * a page rendering in the worker, the renderer loaded after the first frame). Ticks are 10 ms, and a
	 * process that waits for a core on the busy machine gets none, hence the half second.
	 */
	async settle(quiet = 500): Promise<void> {
		const pid = this.appPid();
		let ticks = cpuTicks(pid);
		let still = 0;
		while (still < quiet) {
			await new Promise(resolve => setTimeout(resolve, 100));
			const now = cpuTicks(pid);
			still = now === ticks ? still + 100 : 0;
			ticks = now;
		}
	}

	/** The app's peak resident memory so far, in MB. */
	peakMb(): number {
		const status = readFileSync(`/proc/${this.appPid()}/status`, 'utf8');
		return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
	}

	/** When the app has ended and its terminal closed (performance.now). */
	async ended(): Promise<number> {
		await this.exit;
		return performance.now();
	}

	/** Ends the app and its terminal at once (an app that no longer answers keys). */
	kill(): void {
		try {
			process.kill(this.appPid(), 'SIGKILL');
		} catch {
			// Gone already.
		}
		this.child.kill('SIGKILL');
	}

	/** Quits with Q (a key of the list and the reader) and waits for the terminal to close. */
	async quit(): Promise<void> {
		if (!this.exited) this.write('Q');
		const timer = setTimeout(() => this.child.kill(), 30_000);
		await this.exit;
		clearTimeout(timer);
	}
}
