// What the serve benchmarks (serve.ts, serve-mixed.ts) share: the built server
// in a child process, and ssh2 clients in this one that time what comes back.
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process';
import {mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import ssh2, {type ClientChannel} from 'ssh2';

export const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** The app's status line says this once its first frame is drawn. */
export const READY = '? help';

/** The server's resident memory now (VmRSS) or its peak so far (VmHWM), in MB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** CPU ticks (user and system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function cpuTicks(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)?.trim().split(' ') ?? [];
	return Number(fields[11]) + Number(fields[12]);
}

export const TICK_MS = 10;

/** CPU ticks the whole machine has used so far (all but idle and waiting for the disk), from /proc/stat. */
export function machineTicks(): number {
	const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
	return fields.slice(0, 8).reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
}

/** Waits until the process has used no CPU for `quiet` ms (ticks are 10 ms: polled every 100). */
export async function settle(pid: number, quiet = 500, timeout = 10_000): Promise<void> {
	const end = performance.now() + timeout;
	let ticks = cpuTicks(pid);
	let still = 0;
	while (still < quiet && performance.now() < end) {
		await sleep(100);
		const now = cpuTicks(pid);
		still = now === ticks ? still + 100 : 0;
		ticks = now;
	}
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(values: number[], share: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** A small seeded generator, so each run's clocks are offset alike. */
export function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let value = Math.imul(state ^ (state >>> 15), 1 | state);
		value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
		return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
	};
}

/**
 * The servers running: killed if this process ends before stopping them (Ctrl-C reaches the server too, and a
 * server whose stderr is gone loops on writing to it instead of stopping).
 */
const running = new Set<ChildProcessWithoutNullStreams>();
process.on('exit', () => {
	for (const child of running) child.kill('SIGKILL');
});

/** The built server, serving `blog` with a host key and state of its own in `folder`. */
export class Server {
	readonly child: ChildProcessWithoutNullStreams;
	stderr = '';
	exited = false;
	readonly ready: Promise<{port: number; posts: number}>;
	private readonly exit: Promise<number | null>;

	/** `sessions`: the limits, in all and from one address; `nodeArgs`: more for node (`--cpu-prof`). */
	constructor(bin: string, blog: string, folder: string, sessions: number, nodeArgs: string[] = []) {
		mkdirSync(folder, {recursive: true});
		const args = ['serve', blog, '--listen', '127.0.0.1:0', '--quiet', '--host-key', path.join(folder, 'host-key')];
		args.push('--max-sessions', String(sessions), '--max-per-address', String(sessions));
		const collect = path.join(import.meta.dirname, 'collect.mjs');
		this.child = spawn(process.execPath, ['--expose-gc', ...nodeArgs, '--import', collect, bin, ...args], {
			env: {
				...process.env,
				XDG_STATE_HOME: path.join(folder, 'state'),
				XDG_CACHE_HOME: path.join(folder, 'cache'),
				NO_COLOR: undefined,
				FORCE_COLOR: undefined,
			},
		});
		running.add(this.child);
		this.child.stderr.setEncoding('utf8');
		this.exit = new Promise(resolve => {
			this.child.on('exit', code => {
				running.delete(this.child);
				this.exited = true;
				resolve(code);
			});
		});
		this.ready = new Promise((resolve, reject) => {
			this.child.stderr.on('data', (chunk: string) => {
				this.stderr += chunk;
				const port = /read it with: ssh -p (\d+) /.exec(this.stderr)?.[1];
				const posts = /serving (\d+) posts/.exec(this.stderr)?.[1];
				if (port !== undefined) resolve({port: Number(port), posts: Number(posts)});
			});
			void this.exit.then(code => reject(new Error(`the server quit (${code}) before listening: ${this.stderr}`)));
		});
	}

	/** Has the server collect its garbage, and gives its live heap then, in MB. */
	async collect(): Promise<number> {
		const from = this.stderr.length;
		this.child.kill('SIGUSR2');
		for (let waited = 0; waited < 10_000; waited += 20) {
			const kb = /bench-heap-kb (\d+)\n/.exec(this.stderr.slice(from))?.[1];
			if (kb !== undefined) return Number(kb) / 1024;
			await sleep(20);
		}

		throw new Error('the server did not say its heap after a collection');
	}

	get pid(): number {
		return this.child.pid ?? Number.NaN;
	}

	/** What the server said besides its two lines at the start (with --quiet, only problems). */
	said(): string[] {
		return this.stderr
			.split('\n')
			.filter(
				line =>
					line.trim() !== '' &&
					!/serving \d+ posts|read it with:|stopping: ending every session|bench-heap-kb/.test(line),
			);
	}

	/** Stops it as Ctrl-C does and gives its exit code (killed after 10 s). */
	async stop(): Promise<number | null> {
		if (!this.exited) this.child.kill('SIGTERM');
		const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
		const code = await this.exit;
		clearTimeout(timer);
		return code;
	}
}

/**
 * BENCH_CIPHER: the one cipher the clients offer (as OpenSSH's first choice,
 * `chacha20-poly1305@openssh.com`), to time the server with and without ssh2's native binding.
 */
const cipher = process.env['BENCH_CIPHER'];
const algorithms = cipher ? {algorithms: {cipher: [cipher as ssh2.CipherAlgorithm]}} : {};

/** A logged-in ssh2 client. */
export async function connect(port: number, username = 'bench'): Promise<ssh2.Client> {
	const client = new ssh2.Client();
	await new Promise<void>((resolve, reject) => {
		client.once('ready', () => resolve());
		// Kept: a client may report more than one error (each after the first would be thrown).
		client.on('error', reject);
		client.connect({host: '127.0.0.1', port, username, readyTimeout: 60_000, ...algorithms});
	});
	return client;
}

/**
 * Runs a command over a connection of its own, as `ssh HOST COMMAND` would, reading its output as fast as it
 * comes; gives the ms from asking to the channel's close, the bytes of its output and its exit status.
 */
export async function timedExec(
	port: number,
	command: string,
): Promise<{ms: number; bytes: number; code: number | undefined; tail: string}> {
	const start = performance.now();
	// A server too busy to finish the handshake in time: a failed command, not a failed benchmark.
	const client = await connect(port).catch(() => undefined);
	if (!client) return {ms: performance.now() - start, bytes: 0, code: undefined, tail: ''};
	let bytes = 0;
	let tail = '';
	let code: number | undefined;
	try {
		return await new Promise((resolve, reject) => {
			const done = () => resolve({ms: performance.now() - start, bytes, code, tail});
			// The connection lost midway (an error, then its close): what came so far, and no exit status.
			client.on('error', () => {});
			client.once('close', done);
			client.exec(command, (error, stream) => {
				if (error) {
					reject(error);
					return;
				}

				stream.on('data', (data: Buffer) => {
					bytes += data.length;
					tail = (tail + data.toString('latin1')).slice(-200);
				});
				stream.stderr.resume();
				stream.on('exit', (status: number | null) => {
					code = status ?? undefined;
				});
				stream.once('close', done);
			});
		});
	} finally {
		client.end();
	}
}

/** One reader: an ssh2 client with a shell on a pty, timing what comes back after each key. */
export class Session {
	/** ms from connecting to the first frame (`? help`). */
	firstFrame = Number.NaN;
	/** When data last came in (performance.now). */
	lastData = 0;
	unanswered = 0;
	/** Data that came after the first frame with no key waiting for it: a frame in parts, or one unasked for. */
	unprompted = 0;
	private readonly client = new ssh2.Client();
	private channel: ClientChannel | undefined;
	/** The end of what came back, for waitForText. */
	private seen = '';
	private readonly seeing = new Set<() => void>();
	private opening = '';
	private waiting: ((at: number) => void) | undefined;
	private closed: Promise<void> | undefined;

	/** A key with no answer in `noAnswer` ms is counted as unanswered, and the session goes on. */
	constructor(
		private readonly size = {columns: 100, rows: 30},
		private readonly noAnswer = 5000,
	) {}

	/** Connects, opens the app, and resolves at its first frame. */
	async open(port: number): Promise<void> {
		const start = performance.now();
		await new Promise<void>((resolve, reject) => {
			this.client.on('error', reject);
			this.client.on('ready', () => {
				// As OpenSSH's client does for a terminal: each key sent at once, not held for Nagle.
				this.client.setNoDelay(true);
				this.client.shell({term: 'xterm-256color', cols: this.size.columns, rows: this.size.rows}, (error, channel) => {
					if (error) {
						reject(error);
						return;
					}

					this.channel = channel;
					this.closed = new Promise(done => {
						channel.on('close', () => done());
					});
					channel.stderr.on('data', (data: Buffer) => {
						reject(new Error(`the server said on the session's stderr: ${data.toString().trim()}`));
					});
					channel.on('data', (data: Buffer) => {
						const at = performance.now();
						this.lastData = at;
						this.seen = (this.seen + data.toString('utf8')).slice(-64 * 1024);
						for (const check of this.seeing) check();
						if (Number.isNaN(this.firstFrame)) {
							this.opening += data.toString('latin1');
							if (this.opening.includes(READY)) {
								this.firstFrame = at - start;
								this.opening = '';
								resolve();
							}
						}

						const waiting = this.waiting;
						this.waiting = undefined;
						if (waiting) waiting(at);
						else if (this.opening === '' && !Number.isNaN(this.firstFrame)) this.unprompted++;
					});
					channel.on('close', () => reject(new Error('the session closed before its first frame')));
				});
			});
			this.client.connect({host: '127.0.0.1', port, username: 'bench', readyTimeout: 60_000, ...algorithms});
		});
	}

	/** Writes `key` and gives the ms until the first data back (undefined: none in time). */
	async press(key: string): Promise<number | undefined> {
		const channel = this.channel;
		if (!channel) throw new Error('the session is not open');
		return new Promise(resolve => {
			const timer = setTimeout(() => {
				this.waiting = undefined;
				this.unanswered++;
				resolve(undefined);
			}, this.noAnswer);
			const start = performance.now();
			this.waiting = at => {
				clearTimeout(timer);
				resolve(at - start);
			};
			channel.write(key);
		});
	}

	/** When `text` came back (performance.now), from now on; undefined if not within `timeout` ms. */
	async waitForText(text: string, timeout = 20_000): Promise<number | undefined> {
		this.seen = '';
		return new Promise(resolve => {
			const done = (at: number | undefined) => {
				clearTimeout(timer);
				this.seeing.delete(check);
				resolve(at);
			};
			const check = () => {
				if (this.seen.includes(text)) done(performance.now());
			};
			const timer = setTimeout(() => done(undefined), timeout);
			this.seeing.add(check);
		});
	}

	/** Tells the server the client's window changed (ssh's window-change request). */
	resize(columns: number, rows: number): void {
		this.channel?.setWindow(rows, columns, 0, 0);
	}

	/** Writes keys without waiting for an answer (what comes back is read and dropped). */
	write(keys: string): boolean {
		return this.channel?.write(keys) ?? false;
	}

	/** Resolves once the channel takes writes again (or has closed). */
	async drained(): Promise<void> {
		const channel = this.channel;
		if (!channel) return;
		await new Promise<void>(resolve => {
			const done = () => {
				channel.off('drain', done);
				channel.off('close', done);
				resolve();
			};

			channel.on('drain', done);
			channel.on('close', done);
		});
	}

	/** Quits the app with Q and waits for the server to close the session and the connection. */
	async quit(): Promise<void> {
		const ended = new Promise<void>(resolve => {
			this.client.on('close', () => resolve());
		});
		this.channel?.write('Q');
		const timer = setTimeout(() => this.client.end(), 10_000);
		await this.closed;
		this.client.end();
		await ended;
		clearTimeout(timer);
	}
}

/**
 * A session's keys: j down the list of `posts`, and k back up at its bottom; its row is followed from the top,
 * where the app starts.
 */
export function scroller(posts: number): () => string {
	let row = 0;
	let down = true;
	return () => {
		if (down && row >= posts - 1) down = false;
		else if (!down && row <= 0) down = true;
		row += down ? 1 : -1;
		return down ? 'j' : 'k';
	};
}

/** Opens the huge post of serve-mixed.ts in a session: found by a search, its one result opened. */
export async function openHugePost(session: Session): Promise<void> {
	for (const key of ['/', 'Emoji-dense', '\r', '\r']) await session.press(key);
}

/** Resolves once no session has had data for `quiet` ms: the frames of the last keys are all in. */
export async function allQuiet(sessions: Session[], quiet = 300): Promise<void> {
	for (;;) {
		const last = Math.max(...sessions.map(session => session.lastData));
		const left = last + quiet - performance.now();
		if (left <= 0) return;
		await sleep(left);
	}
}
