// Times `blogread serve` under a mixed load, the one a hostile or greedy
// client makes for everyone else: READERS readers scroll the list in app
// sessions (100×30, a key every 100 ms each, at clocks offset at random),
// while others `print` a 3.3 MB emoji-dense post at five widths in turn, and
// others flood keys asking for a 1000×500 pty (taken as 500×200, the largest), half in
// the list and half in that post. In phases: the readers alone, with the
// prints (and a `list` run over and over meanwhile), with the floods, with
// all of it. A reader's key is timed from writing it to the first data back
// (the frame it causes). Each figure is the median of RUNS runs, a server of
// its own each. The flooders run in a process of their own (flooders.ts), at
// the lowest priority.
// Usage, after `npm run build`:
//   node --import tsx scripts/bench/serve-mixed.ts [--json] [--bin CLI] [--runs N] [--cpu-prof DIR]
// --bin: a build other than dist/cli.js, to compare; --cpu-prof: the server's
// CPU profile of each run, written to DIR (node's --cpu-prof).
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createInterface} from 'node:readline';
import {parseArgs} from 'node:util';
// @ts-expect-error plain JavaScript helper shared with the fixtures
import {makeEmojiPost} from './generate.mjs';
import {median} from './median.js';
import type {ServeRow} from './serve.js';
import {allQuiet, percentile, random, Server, Session, scroller, settle, sleep, timedExec} from './serve-clients.js';

const READERS = 5;
const PRINTERS = 5;
const FLOODERS = 4;
const PRINT_WIDTHS = [60, 70, 80, 90, 100];
const HUGE_BYTES = 3.3 * 1024 * 1024;
const PACE = 100;
const QUIET_MS = 4000;
const PHASE_MS = 10_000;
const KEY_TARGET = 50;

/** A figure in ms; a key never answered counts as past the wait (5 s), and none answered says so. */
const ms = (value: number) =>
	Number.isNaN(value) ? 'none answered' : value === Number.POSITIVE_INFINITY ? '> 5 s' : `${value.toFixed(0)} ms`;
/** BENCH_DEBUG=1: what the run is doing, on stderr. */
const debug = (line: string) => {
	if (process.env['BENCH_DEBUG']) process.stderr.write(`serve-mixed: ${line}\n`);
};

type Phase = {name: string; prints: boolean; floods: boolean; duration: number};
const PHASES: Phase[] = [
	{name: 'alone', prints: false, floods: false, duration: QUIET_MS},
	{name: `while ${PRINTERS} print the huge post`, prints: true, floods: false, duration: PHASE_MS},
	{name: `while ${FLOODERS} flood keys at 1000×500`, prints: false, floods: true, duration: PHASE_MS},
	{name: 'while both', prints: true, floods: true, duration: PHASE_MS},
];

/** What one phase of one run measured. */
type Measured = {
	keys: number[];
	unanswered: number;
	/** ms of each `list` (connecting included) run while prints ran. */
	lists: number[];
	/** ms of each print of the huge post, and whether each ended well with the whole post or its plain fallback. */
	prints: number[];
	printsFailed: number;
	listsFailed: number;
};

/** A reader presses its next key every PACE ms, or when the last is answered if later, until `end`. */
async function read(session: Session, next: () => string, end: number, offset: number, keys: number[]) {
	for (let at = performance.now() + offset; at < end; at = Math.max(at + PACE, performance.now())) {
		const wait = at - performance.now();
		if (wait > 0) await sleep(wait);
		const time = await session.press(next());
		if (time !== undefined) keys.push(time);
	}
}

/** Prints the huge post at `width` over and over until `end`; the last may end after it. */
async function print(port: number, width: number, end: number, measured: Measured) {
	while (performance.now() < end) {
		const printed = await timedExec(port, `print emoji-dense --width ${width}`);
		if (printed.code !== 0 || printed.bytes < HUGE_BYTES / 2) measured.printsFailed++;
		else measured.prints.push(printed.ms);
	}
}

/** Runs `list` over a connection of its own, over and over until `end`. */
async function list(port: number, end: number, measured: Measured) {
	while (performance.now() < end) {
		const start = performance.now();
		const listed = await timedExec(port, 'list');
		if (listed.code === 0) measured.lists.push(performance.now() - start);
		else measured.listsFailed++;
		await sleep(200);
	}
}

/** The flooding sessions, in a process of their own (scripts/bench/flooders.ts), told what to do a line at a time. */
class Flooders {
	private readonly child: ChildProcessWithoutNullStreams;
	private readonly lines: AsyncIterator<string>;

	constructor(port: number, count: number) {
		// At the lowest priority: on a machine of two cores their decrypting would take the
		// server's core from it at times (20-180 ms), which an attacker elsewhere cannot do.
		const flooders = [path.join(import.meta.dirname, 'flooders.ts'), String(port), String(count)];
		this.child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', ...flooders], {
			cwd: path.join(import.meta.dirname, '..', '..'),
		});
		this.child.stderr.pipe(process.stderr);
		this.lines = createInterface({input: this.child.stdout})[Symbol.asyncIterator]();
	}

	/** Waits for the line `expected` from the flooders. */
	async said(expected: string): Promise<void> {
		const {value, done} = await this.lines.next();
		if (done || value !== expected) throw new Error(`the flooders said ${JSON.stringify(value)}, not ${expected}`);
	}

	async flood(ms: number): Promise<void> {
		this.child.stdin.write(`flood ${ms}\n`);
		await this.said('flooded');
	}

	async quit(): Promise<void> {
		this.child.stdin.write('quit\n');
		await this.said('quit').catch(() => {});
		this.child.kill();
	}
}

/** BENCH_MIXED_PHASES=0,2: only these phases (by index), to profile one. */
const only = process.env['BENCH_MIXED_PHASES']?.split(',').map(Number);
const chosen = (phase: Phase) => only === undefined || only.includes(PHASES.indexOf(phase));
const nothing = (): Measured => ({keys: [], unanswered: 0, lists: [], prints: [], printsFailed: 0, listsFailed: 0});

async function runOnce(bin: string, blog: string, folder: string, cpuProfile: string | undefined): Promise<Measured[]> {
	const nodeArgs = cpuProfile ? ['--cpu-prof', '--cpu-prof-dir', cpuProfile] : [];
	const server = new Server(bin, blog, folder, 100, nodeArgs);
	const sessions: Session[] = [];
	let flooders: Flooders | undefined;
	try {
		const {port, posts} = await server.ready;
		const readers = Array.from({length: READERS}, () => new Session());
		sessions.push(...readers);
		await Promise.all(readers.map(session => session.open(port)));
		flooders = new Flooders(port, FLOODERS);
		await flooders.said('ready');
		// The huge post opened in a flooder renders in the worker, then as plain text: done before any phase.
		await settle(server.pid, 1000, 60_000);
		debug('sessions open');
		const next = readers.map(() => scroller(posts));
		const results: Measured[] = [];
		for (const phase of PHASES) {
			if (!chosen(phase)) {
				results.push(nothing());
				continue;
			}

			const measured = nothing();
			const unansweredBefore = readers.reduce((sum, session) => sum + session.unanswered, 0);
			debug(`phase: ${phase.name}`);
			const offsets = random(42);
			const end = performance.now() + phase.duration;
			await Promise.all([
				...readers.map((session, index) =>
					read(session, next[index] ?? (() => 'j'), end, offsets() * PACE, measured.keys),
				),
				...(phase.prints
					? [
							...PRINT_WIDTHS.slice(0, PRINTERS).map(width => print(port, width, end, measured)),
							// Once the prints have started.
							sleep(500).then(() => list(port, end, measured)),
						]
					: []),
				...(phase.floods ? [flooders.flood(phase.duration)] : []),
			]);
			measured.unanswered = readers.reduce((sum, session) => sum + session.unanswered, 0) - unansweredBefore;
			results.push(measured);
			debug(`${measured.keys.length} keys, ${measured.prints.length} prints, ${measured.lists.length} lists`);
			await allQuiet(readers);
			await settle(server.pid, 1000, 60_000);
		}

		return results;
	} finally {
		await Promise.all([flooders?.quit(), ...sessions.map(session => session.quit().catch(() => {}))]);
		await server.stop();
	}
}

const {values} = parseArgs({
	options: {
		json: {type: 'boolean'},
		bin: {type: 'string', default: path.join(import.meta.dirname, '..', '..', 'dist', 'cli.js')},
		runs: {type: 'string', default: process.env['BENCH_MIXED_RUNS'] ?? '3'},
		'cpu-prof': {type: 'string'},
	},
});
const runs = Number(values.runs);
const work = mkdtempSync(path.join(os.tmpdir(), 'blogread-bench-mixed-'));
try {
	const blog = path.join(work, 'blog');
	cpSync(path.join(import.meta.dirname, '..', '..', 'posts'), blog, {recursive: true});
	makeEmojiPost(path.join(blog, 'emoji-dense.md'), HUGE_BYTES);
	const all: Measured[][] = [];
	for (let run = 0; run < runs; run++) {
		const profile = values['cpu-prof'] === undefined ? undefined : path.resolve(values['cpu-prof']);
		all.push(await runOnce(path.resolve(values.bin), blog, path.join(work, `server-${run}`), profile));
	}

	const rows: ServeRow[] = [];
	const of = (phase: number, figure: (measured: Measured) => number) =>
		median(all.map(run => figure(run[phase] ?? nothing())));
	for (const [index, phase] of PHASES.entries()) {
		if (!chosen(phase)) continue;
		const name = `serve, mixed load: a key of ${READERS} readers scrolling, ${phase.name}`;
		// Keys not answered within the wait are the slowest of all.
		const timed = (run: Measured) => [...run.keys, ...Array<number>(run.unanswered).fill(Number.POSITIVE_INFINITY)];
		const p95 = of(index, run => percentile(timed(run), 0.95));
		const slowest = of(index, run => Math.max(...timed(run)));
		rows.push(
			[`${name}: median`, ms(of(index, run => median(timed(run))))],
			[`${name}: 95th percentile`, ms(p95), `< ${KEY_TARGET} ms`, p95 < KEY_TARGET],
			[`${name}: slowest`, ms(slowest), `< ${KEY_TARGET} ms`, slowest < KEY_TARGET],
		);
		const unanswered = of(index, run => run.unanswered);
		if (unanswered > 0) rows.push([`${name}: keys with no answer in 5 s`, String(unanswered), 'none', false]);
		if (!phase.prints) continue;
		rows.push(
			[
				`serve, mixed load, ${phase.name}: a \`list\` (connecting included): median, slowest`,
				`${ms(of(index, run => median(run.lists)))}, ${ms(of(index, run => Math.max(...run.lists)))}`,
			],
			[
				`serve, mixed load, ${phase.name}: a print of the ${(HUGE_BYTES / 1024 / 1024).toFixed(1)} MB post: ` +
					'median, slowest (prints per run)',
				`${ms(of(index, run => median(run.prints)))}, ${ms(of(index, run => Math.max(...run.prints)))} ` +
					`(${of(index, run => run.prints.length)})`,
			],
		);
		const failed = of(index, run => run.printsFailed);
		if (failed > 0) rows.push([`serve, mixed load, ${phase.name}: prints that failed`, String(failed), 'none', false]);
		const listsFailed = of(index, run => run.listsFailed);
		if (listsFailed > 0)
			rows.push([`serve, mixed load, ${phase.name}: lists that failed`, String(listsFailed), 'none', false]);
	}

	if (values.json) process.stdout.write(JSON.stringify(rows));
	else {
		console.log(
			`| serve, mixed load, ${os.cpus().length} cores, medians of ${runs} | figure | target |\n|---|---:|---|`,
		);
		for (const [name, figure, target = '', met] of rows) {
			console.log(`| ${name} | ${figure} | ${met === undefined ? target : `${target}: ${met ? 'met' : 'not met'}`} |`);
		}
	}
} finally {
	rmSync(work, {recursive: true, force: true});
}
