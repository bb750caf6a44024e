// Times `blogread serve` with 50 readers at once: the built server in a child
// process, and 50 ssh2 clients in this one, each with a pty (100×30) and the
// app on it. Per blog: the server's memory before any session, with the 50
// open, after they scrolled and after they quit (and its live heap after a
// full collection, which tells a leak from garbage not yet collected); a
// session's first frame (connect to `? help`), alone and with the 50
// connecting at once; and the 50 scrolling at once, j down the list (k back
// up at its bottom) every 100 ms each: at clocks offset at random (the first
// 1.5 s timed apart, the server's code not yet optimised), then all in the
// same instant. A key's time runs from writing it to the first data back on
// its channel. The clients share the machine's cores with the server, so the
// CPU each used while scrolling is given, and that of the other processes.
// scripts/bench.ts runs it after the build over the sample blog and 1,000
// posts, and prints its rows (--json).
// Usage, after `npm run build`:
//   node --import tsx scripts/bench/serve.ts [--json] [--bin CLI] [blog folder …]
// No folder: the sample blog and a generated one of 1,000 posts. --bin: a build
// other than dist/cli.js, to compare. BENCH_RUNS: the single sessions timed.
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
// @ts-expect-error plain JavaScript helper shared with the fixtures
import {makeBlog} from './generate.mjs';
import {median} from './median.js';
import {
	allQuiet,
	cpuTicks,
	machineTicks,
	memoryMb,
	percentile,
	random,
	Server,
	Session,
	scroller,
	settle,
	sleep,
	TICK_MS,
} from './serve-clients.js';

/** One figure, as shown (with its unit); the issue's target for it, and whether this run met it. */
export type ServeRow = [name: string, figure: string, target?: string, met?: boolean];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (value: number) => `${value.toFixed(1)} MB`;
const percent = (value: number) => `${value.toFixed(0)} %`;

const root = path.join(import.meta.dirname, '..', '..');
const runs = Number(process.env['BENCH_RUNS'] ?? 7);
const SESSIONS = 50;
/** A person's fast pace: a key every 100 ms. */
const PACE = 100;
/** The first scrolling on a server just started, with its code not yet optimised: timed apart. */
const WARM_UP_MS = 1500;
const STAGGERED_MS = 3500;
const TOGETHER_MS = 2000;
const KEY_TARGET = 50;
const SESSION_MB_TARGET = 10;

const work = mkdtempSync(path.join(os.tmpdir(), 'blogread-bench-serve-'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		rmSync(work, {recursive: true, force: true});
		process.exit(1);
	});
}

/** A scrolling's key times, with the CPU (in % of a core) the server, the bench and the rest of the machine used. */
type Scrolled = {
	times: number[];
	clientCpu: number;
	serverCpu: number;
	/** The server's CPU time per key answered, in ms. */
	serverPerKey: number;
	otherCpu: number;
	unanswered: number;
	unprompted: number;
};

/**
 * Every session presses its next key every PACE ms for `duration` ms: each at its own clock, offset at random
 * (`together` false), or all in the same instant. A key is written PACE ms after the one before it, or when that
 * one is answered if later: a slow answer delays the session's clock, and keys are not stacked up behind it.
 */
async function scroll(
	sessions: Session[],
	keys: Array<() => string>,
	serverPid: number,
	duration: number,
	together: boolean,
): Promise<Scrolled> {
	const times: number[] = [];
	const count = (what: 'unanswered' | 'unprompted') => sessions.reduce((sum, session) => sum + session[what], 0);
	const unansweredBefore = count('unanswered');
	const unpromptedBefore = count('unprompted');
	const cpuBefore = process.cpuUsage();
	const ticksBefore = cpuTicks(serverPid);
	const machineBefore = machineTicks();
	const start = performance.now();
	const next = random(together ? 1 : 42);
	const record = (time: number | undefined) => {
		if (time !== undefined) times.push(time);
	};

	if (together) {
		// All keys written in one go, the next ones PACE ms later, or once every one is answered if that is later.
		for (let at = start; at < start + duration; at = Math.max(at + PACE, performance.now())) {
			const wait = at - performance.now();
			if (wait > 0) await sleep(wait);
			const answers = sessions.map((session, index) => session.press(keys[index]?.() ?? 'j'));
			for (const time of await Promise.all(answers)) record(time);
		}
	} else {
		await Promise.all(
			sessions.map(async (session, index) => {
				for (let at = start + next() * PACE; at < start + duration; at = Math.max(at + PACE, performance.now())) {
					const wait = at - performance.now();
					if (wait > 0) await sleep(wait);
					record(await session.press(keys[index]?.() ?? 'j'));
				}
			}),
		);
	}

	const wall = performance.now() - start;
	const cpu = process.cpuUsage(cpuBefore);
	const serverMs = (cpuTicks(serverPid) - ticksBefore) * TICK_MS;
	const clientMs = (cpu.user + cpu.system) / 1000;
	const machineMs = (machineTicks() - machineBefore) * TICK_MS;
	return {
		times,
		clientCpu: (clientMs / wall) * 100,
		serverCpu: (serverMs / wall) * 100,
		serverPerKey: serverMs / times.length,
		otherCpu: (Math.max(0, machineMs - serverMs - clientMs) / wall) * 100,
		unanswered: count('unanswered') - unansweredBefore,
		unprompted: count('unprompted') - unpromptedBefore,
	};
}

/** The scenario over one blog; `label` names it in the rows. */
async function serveBench(bin: string, blog: string, label: string, folder: string): Promise<ServeRow[]> {
	const server = new Server(bin, blog, folder, SESSIONS + 10);
	const sessions: Session[] = [];
	try {
		const {port, posts} = await server.ready;
		if (!(posts > 0)) throw new Error(`the server serves no posts: ${server.stderr}`);
		const pid = server.pid;
		const name = `serve, ${label} (${posts.toLocaleString('en')} posts)`;
		await settle(pid);
		const before = memoryMb(pid);
		const heapBefore = await server.collect();

		// One session at a time, each quit before the next: a session's first frame on a server with no other.
		const alone: number[] = [];
		for (let run = 0; run < runs; run++) {
			const session = new Session();
			await session.open(port);
			alone.push(session.firstFrame);
			await session.quit();
		}

		await settle(pid);
		// The code and caches the first session loaded are in from here: what the 50 leave is theirs.
		const heapAlone = await server.collect();

		// The 50 connect at once.
		for (let index = 0; index < SESSIONS; index++) sessions.push(new Session());
		await Promise.all(sessions.map(session => session.open(port)));
		const frames = sessions.map(session => session.firstFrame);
		await allQuiet(sessions);
		await settle(pid);
		const open = memoryMb(pid);

		const keys = sessions.map(() => scroller(posts));
		const warmUp = await scroll(sessions, keys, pid, WARM_UP_MS, false);
		await allQuiet(sessions);
		const staggered = await scroll(sessions, keys, pid, STAGGERED_MS, false);
		await allQuiet(sessions);
		const together = await scroll(sessions, keys, pid, TOGETHER_MS, true);
		await allQuiet(sessions);
		await settle(pid);
		const scrolled = memoryMb(pid);

		await Promise.all(sessions.map(session => session.quit()));
		sessions.length = 0;
		await settle(pid);
		if (server.exited) throw new Error(`the server quit after the sessions ended: ${server.stderr}`);
		const ended = memoryMb(pid);
		const peak = memoryMb(pid, 'VmHWM');
		const heapEnded = await server.collect();
		const code = await server.stop();
		if (code !== 0) throw new Error(`the server ended with ${code}: ${server.stderr}`);
		// Warnings and problems the server wrote, for the reader of the figures to see.
		for (const line of server.said()) process.stderr.write(`serve bench, ${label}: the server said: ${line}\n`);

		const perSession = (open - before) / SESSIONS;
		const perScrolled = (scrolled - before) / SESSIONS;
		const keyRows = (how: string, result: Scrolled): ServeRow[] => {
			const p95 = percentile(result.times, 0.95);
			const max = Math.max(...result.times);
			const what = `${name}: a key, 50 sessions scrolling, ${how}`;
			return [
				[`${what}, median of ${result.times.length.toLocaleString('en')}`, ms(median(result.times))],
				[`${what}, 95th percentile`, ms(p95), `< ${KEY_TARGET} ms`, p95 < KEY_TARGET],
				[`${what}, slowest`, ms(max), `< ${KEY_TARGET} ms`, max < KEY_TARGET],
				...(result.unanswered > 0
					? [[`${what}: keys with no answer in 5 s`, String(result.unanswered), 'none', false] as ServeRow]
					: []),
				// A frame sent in parts, or one no key asked for: its first part answered the key before it.
				...(result.unprompted > 0
					? [[`${what}: data with no key waiting for it`, String(result.unprompted)] as ServeRow]
					: []),
				[
					`${name}: CPU, in % of a core, while scrolling ${how}: the server (its time a key); ` +
						"the bench's 50 ssh2 clients; the machine's other processes",
					`${percent(result.serverCpu)} (${ms(result.serverPerKey)}); ` +
						`${percent(result.clientCpu)}; ${percent(result.otherCpu)}`,
				],
			];
		};

		return [
			[`${name}: first frame of a session alone (connect to \`? help\`), median of ${runs}`, ms(median(alone))],
			[`${name}: first frame, 50 sessions connecting at once, median`, ms(median(frames))],
			[`${name}: first frame, 50 sessions connecting at once, slowest`, ms(Math.max(...frames))],
			[`${name}: server memory, before any session`, mb(before)],
			[`${name}: server memory, 50 sessions open (first frames drawn)`, mb(open)],
			[
				`${name}: memory per session, (50 open − before any) / 50`,
				mb(perSession),
				`< ${SESSION_MB_TARGET} MB`,
				perSession < SESSION_MB_TARGET,
			],
			[
				`${name}: a key, the first ${WARM_UP_MS / 1000} s of the 50 scrolling on the server just started ` +
					'(as below, each on its own clock): median, 95th percentile, slowest',
				[median(warmUp.times), percentile(warmUp.times, 0.95), Math.max(...warmUp.times)].map(ms).join(', '),
			],
			...keyRows('each on its own clock (j every 100 ms)', staggered),
			...keyRows('all pressing in the same instant (every 100 ms)', together),
			[`${name}: server memory, 50 sessions open after the scrolling`, mb(scrolled)],
			[
				`${name}: memory per session after the scrolling, (50 open − before any) / 50`,
				mb(perScrolled),
				`< ${SESSION_MB_TARGET} MB`,
				perScrolled < SESSION_MB_TARGET,
			],
			[`${name}: server memory, every session quit (peak)`, `${mb(ended)} (${mb(peak)})`],
			[
				`${name}: server live heap after a full collection: before any session → ` +
					`after ${runs} single session${runs === 1 ? '' : 's'} → after the 50 quit`,
				`${mb(heapBefore)} → ${mb(heapAlone)} → ${mb(heapEnded)}`,
			],
		];
	} finally {
		for (const session of sessions) session.quit().catch(() => {});
		await server.stop();
	}
}

const {values, positionals: given} = parseArgs({
	allowPositionals: true,
	options: {json: {type: 'boolean'}, bin: {type: 'string', default: path.join(root, 'dist', 'cli.js')}},
});
const json = values.json === true;
const bin = path.resolve(values.bin);
try {
	let blogs = given.map(folder => path.resolve(folder));
	if (blogs.length === 0) {
		const generated = path.join(work, 'blog-1000');
		makeBlog(generated, 1000);
		blogs = [path.join(root, 'posts'), generated];
	}

	const rows: ServeRow[] = [];
	for (const [index, blog] of blogs.entries()) {
		const label = path.resolve(blog) === path.join(root, 'posts') ? 'sample blog' : path.basename(blog);
		rows.push(...(await serveBench(bin, blog, label, path.join(work, `server-${index}`))));
	}

	if (json) process.stdout.write(JSON.stringify(rows));
	else {
		console.log(
			`| serve: ${SESSIONS} ssh sessions at once, ${os.cpus().length} cores | figure | target |\n|---|---:|---|`,
		);
		for (const [name, figure, target = '', met] of rows) {
			console.log(`| ${name} | ${figure} | ${met === undefined ? target : `${target}: ${met ? 'met' : 'not met'}`} |`);
		}
	}
} finally {
	rmSync(work, {recursive: true, force: true});
}
