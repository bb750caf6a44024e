// Opens each hostile post (hostile-posts.ts) as a reader would, and times what
// the issue asks of them: in the app, in a pseudo-terminal, Enter to the post's
// first screen, `q` back to the list and `Q` / Ctrl-C to the end, each pressed
// while the post renders; the peak memory of the app with its renderers; and
// over `blogread serve`, how long another reader's keys wait while one opens
// each post, and while a client sends 200,000 window changes.
// Usage, after `npm run build`:
//   node --import tsx scripts/bench/hostile.ts [--bin CLI] [--only NAME] [--no-serve] [--no-app] [--json] [--growth]
// --bin: another build (an older one, for the figures before a change).
// --growth: the posts are the growth check's Markdown cases at 4n (growth-cases.ts), opened one after
// another in one app (q timed back to the list each time) and over serve; the figures are summed up.
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {type HostilePost, hostilePosts, postFile} from './hostile-posts.js';
import {median} from './median.js';
import {PtyApp} from './pty-app.js';
import {percentile, Server, Session, scroller, sleep} from './serve-clients.js';

const {values} = parseArgs({
	options: {
		bin: {type: 'string', default: path.join(import.meta.dirname, '..', '..', 'dist', 'cli.js')},
		only: {type: 'string'},
		// An app that renders on the thread that reads keys shows nothing while it does: keys are pressed this
		// long after Enter instead (an older build's figures).
		'press-after': {type: 'string'},
		'no-serve': {type: 'boolean', default: false},
		// The served figures alone, on a server started on a quiet machine.
		'no-app': {type: 'boolean', default: false},
		growth: {type: 'boolean', default: false},
		json: {type: 'boolean', default: false},
	},
});
const bin = path.resolve(values.bin);
/** How long a wait may take before the figure is "past it" (a frozen app may never answer). */
const DEADLINE_MS = 20_000;
const MARKER = 'List marker';
const say = (line: string) => process.stderr.write(`hostile: ${line}\n`);

/** The growth check's Markdown cases at 4n, each named with its number first (a search for it finds it alone). */
async function growthPosts(): Promise<HostilePost[]> {
	const {growthCases} = await import('./growth-cases.js');
	return growthCases
		.filter(each => each.kind === 'markdown')
		.map((each, index) => ({
			name: `g${String(index).padStart(3, '0')}-${each.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.replace(
				/-$/,
				'',
			),
			markdown: each.text(4 * each.n),
		}));
}

const posts = (values.growth ? await growthPosts() : hostilePosts()).filter(
	post => values.only === undefined || post.name.includes(values.only),
);
const work = mkdtempSync(path.join(os.tmpdir(), 'blogread-hostile-bench-'));
process.on('exit', () => rmSync(work, {recursive: true, force: true}));
const env = {
	...process.env,
	XDG_CACHE_HOME: path.join(work, 'cache'),
	XDG_STATE_HOME: path.join(work, 'state'),
	NO_COLOR: undefined,
	FORCE_COLOR: '3',
};

/** A blog of `post` (the newest, first in the list) and a post the list is known by. */
function blogOf(post: HostilePost): string {
	const folder = path.join(work, post.name);
	mkdirSync(folder, {recursive: true});
	writeFileSync(path.join(folder, 'hostile.md'), postFile(post, '2026-01-02'));
	writeFileSync(path.join(folder, 'marker.md'), `---\ntitle: ${MARKER}\ndate: 2026-01-01\n---\n\nQuiet.\n`);
	return folder;
}

/** A process and every process it started, their pids. */
function family(pid: number): number[] {
	const found = [pid];
	for (let index = 0; index < found.length; index++) {
		const each = found[index] ?? 0;
		try {
			for (const task of readFileSync(`/proc/${each}/task/${each}/children`, 'utf8').trim().split(/\s+/))
				if (task !== '') found.push(Number(task));
		} catch {
			// Gone meanwhile.
		}
	}

	return found;
}

/** The resident memory of a process and its children together, sampled every 50 ms: the peak seen, in MB. */
function sampleMemory(pid: () => number | undefined): {stop: () => number} {
	let peak = 0;
	const sample = () => {
		const root = pid();
		if (root === undefined) return;
		let kb = 0;
		for (const each of family(root)) {
			try {
				kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1] ?? 0);
			} catch {
				// Gone meanwhile.
			}
		}

		peak = Math.max(peak, kb / 1024);
	};
	const timer = setInterval(sample, 50);
	return {
		stop() {
			clearInterval(timer);
			sample();
			return peak;
		},
	};
}

/** ms from `start` to `at`, Infinity when the wait ran out, NaN when the app ended first (it crashed). */
const since = (start: number, at: number | undefined | null) =>
	at === null ? Number.NaN : at === undefined ? Number.POSITIVE_INFINITY : at - start;
/** What `promise` gives within `ms`: undefined when the wait ran out, null when it failed (the app ended). */
const within = async <T>(promise: Promise<T>, ms = DEADLINE_MS): Promise<T | undefined | null> =>
	Promise.race([promise.catch(() => null), sleep(ms).then(() => undefined)]);

type AppFigures = {open: number; back: number; quit: number; interrupt: number; peakMb: number};

/** One start of the app on `folder`, the list on screen; `run` does the rest, and the app is ended after. */
async function withApp<T>(folder: string, run: (app: PtyApp) => Promise<T>, memory: number[]): Promise<T | undefined> {
	const app = new PtyApp([folder], {bin, env});
	const sampler = sampleMemory(() => {
		try {
			return app.appPid();
		} catch {
			return undefined;
		}
	});
	try {
		if ((await within(app.waitFor('? help'))) == null) return undefined;
		return await run(app);
	} finally {
		memory.push(sampler.stop());
		app.kill();
		await within(app.ended(), 5000);
	}
}

/** Presses `key` and gives when `text` comes back after it. */
async function answer(app: PtyApp, key: string, text: string): Promise<number> {
	const from = app.output.length;
	const start = performance.now();
	app.write(key);
	const at = await within(app.waitFor(text, from));
	if (at == null && process.env['BENCH_DEBUG'])
		say(`no "${text}" after ${key}: ${JSON.stringify(app.output.slice(from))}`);
	return since(start, at);
}

/**
 * Enter on the post, and once its page or the placeholder shows (the app holds the list 150 ms
 * while a page comes), the post is rendering, or has just been rendered. An app that shows neither
 * within half a second (one that renders on the thread that reads keys) is rendering it then.
 */
async function opened(app: PtyApp, post: HostilePost): Promise<void> {
	const from = app.output.length;
	app.write('\r');
	const opening = `Opening words of ${post.name}`;
	const shown = () => app.output.includes('Rendering', from) || app.output.includes(opening, from);
	if (values['press-after'] === undefined) await within(app.until(shown, 'a page'), 500);
	else await sleep(Number(values['press-after']));
}

/** Enter on the post, then `key` while it renders: ms from the key to the app's end. */
async function endWhileRendering(app: PtyApp, post: HostilePost, key: string): Promise<number> {
	await opened(app, post);
	const start = performance.now();
	app.write(key);
	return since(start, await within(app.ended()));
}

async function appFigures(post: HostilePost): Promise<AppFigures> {
	const folder = blogOf(post);
	const memory: number[] = [];
	const opening = `Opening words of ${post.name}`;
	// Enter to the first screen, then q back (the page is shown by then).
	const open = (await withApp(folder, async app => answer(app, '\r', opening), memory)) ?? Number.POSITIVE_INFINITY;
	// Each in a new app, so the post renders anew: q, Q, Ctrl-C while it renders.
	const back =
		(await withApp(
			folder,
			async app => {
				await opened(app, post);
				return answer(app, 'q', MARKER);
			},
			memory,
		)) ?? Number.POSITIVE_INFINITY;
	const quit =
		(await withApp(folder, async app => endWhileRendering(app, post, 'Q'), memory)) ?? Number.POSITIVE_INFINITY;
	const interrupt =
		(await withApp(folder, async app => endWhileRendering(app, post, '\u0003'), memory)) ?? Number.POSITIVE_INFINITY;
	return {open, back, quit, interrupt, peakMb: Math.max(...memory)};
}

type GrowthFigures = {open: number[]; back: number[]; quit: number; peakMb: number};

/** The number of a growth post, the words a search finds it, and it alone, by. */
const searchFor = (post: HostilePost) => `${post.name.slice(0, 4)}-`;

/**
 * Every post in one app: found by a search, opened, `q` pressed once it renders (or has rendered), timed back
 * to the list; then the last one opened again and `Q` timed to the end.
 */
async function growthAppFigures(): Promise<GrowthFigures> {
	const folder = path.join(work, 'growth');
	mkdirSync(folder, {recursive: true});
	for (const [index, post] of posts.entries())
		writeFileSync(
			path.join(folder, `${post.name}.md`),
			postFile(post, `2026-01-01T00:${String(index % 60).padStart(2, '0')}:00`),
		);
	const figures: GrowthFigures = {open: [], back: [], quit: Number.POSITIVE_INFINITY, peakMb: 0};
	const memory: number[] = [];
	await withApp(
		folder,
		async app => {
			for (const post of posts) {
				// Its file's name, in the list's details of it (the page does not show it).
				const found = `${post.name}.md`;
				app.write('/');
				app.write(searchFor(post));
				await answer(app, '\r', `"${searchFor(post)}"`);
				// q while it renders, then opened anew and left to show its page.
				await opened(app, post);
				const back = await answer(app, 'q', found);
				figures.back.push(back);
				figures.open.push(await answer(app, '\r', `Opening words of ${post.name}`));
				await answer(app, 'q', found);
				if (back > 150) say(`growth ${post.name}: q took ${ms(back)}`);
				await answer(app, '\u001B', 'filters cleared');
			}

			const last = posts.at(-1);
			if (last !== undefined) {
				app.write('/');
				app.write(searchFor(last));
				await answer(app, '\r', `"${searchFor(last)}"`);
				figures.quit = await endWhileRendering(app, last, 'Q');
			}
		},
		memory,
	);
	figures.peakMb = Math.max(...memory);
	return figures;
}

type ServedFigures = {opened: number; p95: number; max: number; unanswered: number};

/** A reader pressing j or k every 100 ms, each key's wait kept with when it was pressed. */
function typist(session: Session) {
	const keys: Array<{at: number; ms: number | undefined}> = [];
	let running = true;
	const next = scroller(2);
	const done = (async () => {
		while (running) {
			const at = performance.now();
			keys.push({at, ms: await session.press(next())});
			await sleep(Math.max(0, 100 - (performance.now() - at)));
		}
	})();
	return {
		between(start: number, end: number) {
			const waits = keys.filter(key => key.at >= start && key.at <= end);
			const answered = waits.flatMap(key => (key.ms === undefined ? [] : [key.ms]));
			return {
				p95: percentile(answered, 0.95),
				max: Math.max(0, ...answered),
				unanswered: waits.length - answered.length,
			};
		},
		async stop() {
			running = false;
			await done;
		},
	};
}

async function servedFigures(): Promise<{posts: Map<string, ServedFigures>; flood: ServedFigures; peakMb: number}> {
	const blog = path.join(work, 'served');
	mkdirSync(blog, {recursive: true});
	for (const [index, post] of posts.entries())
		writeFileSync(path.join(blog, `${post.name}.md`), postFile(post, `2026-01-${String(index + 2).padStart(2, '0')}`));
	writeFileSync(path.join(blog, 'marker.md'), `---\ntitle: ${MARKER}\ndate: 2026-01-01\n---\n\nQuiet.\n`);
	const server = new Server(bin, blog, path.join(work, 'server'), 10);
	const {port} = await server.ready;
	const sampler = sampleMemory(() => server.pid);
	const [other, opener] = [new Session(), new Session()];
	await other.open(port);
	await opener.open(port);
	const keys = typist(other);
	const figures = new Map<string, ServedFigures>();
	try {
		for (const post of posts) {
			// Found by a search, its one result opened, then back to the list and the search cleared.
			for (const key of ['/', post.name, '\r']) await opener.press(key);
			await sleep(300);
			const start = performance.now();
			const shown = opener.waitForText(`Opening words of ${post.name}`);
			await opener.press('\r');
			const opened = since(start, await shown);
			await sleep(1000);
			figures.set(post.name, {opened, ...keys.between(start, performance.now())});
			say(`served ${post.name}: ${JSON.stringify(figures.get(post.name))}`);
			for (const key of ['q', '\u001B']) await opener.press(key);
			await sleep(300);
		}

		// A client sending window changes as fast as it can (a process of its own), another reader typing
		// meanwhile: timed from its first change to a second after its last.
		const flooder = spawn(
			process.execPath,
			['--import', 'tsx', path.join(import.meta.dirname, 'resize-flooder.ts'), String(port)],
			{
				stdio: ['ignore', 'pipe', 'inherit'],
			},
		);
		const ended = new Promise(resolve => flooder.once('exit', resolve));
		await new Promise<void>(resolve =>
			flooder.stdout.on('data', (data: Buffer) => data.includes('flooding') && resolve()),
		);
		const start = performance.now();
		await ended;
		await sleep(1000);
		const flood = {opened: Number.NaN, ...keys.between(start, performance.now())};
		return {posts: figures, flood, peakMb: sampler.stop()};
	} finally {
		await keys.stop();
		await Promise.all([other.quit().catch(() => {}), opener.quit().catch(() => {})]);
		await server.stop();
	}
}

const ms = (value: number) =>
	Number.isNaN(value)
		? 'the app ended'
		: Number.isFinite(value)
			? `${value.toFixed(0)} ms`
			: `> ${DEADLINE_MS / 1000} s`;
if (values.growth) {
	const app = await growthAppFigures();
	const served = values['no-serve'] ? undefined : await servedFigures();
	const worst = (values: number[]) => Math.max(...values);
	const {open, back} = app;
	const lines = [
		`${posts.length} growth cases at 4n, one app: Enter → page median ${ms(median(open))}, ` +
			`at most ${ms(worst(open))}; q → list while rendering median ${ms(median(back))}, ` +
			`at most ${ms(worst(back))}; Q → end ${ms(app.quit)}; ` +
			`peak RSS with the renderers ${app.peakMb.toFixed(0)} MB.`,
	];
	if (served) {
		const waits = [...served.posts.values()];
		const unanswered = waits.reduce((sum, each) => sum + each.unanswered, 0);
		lines.push(
			`Served, one reader opening each: another reader's keys p95 at most ${ms(worst(waits.map(each => each.p95)))}, ` +
				`the longest wait ${ms(worst(waits.map(each => each.max)))}, ${unanswered} unanswered; ` +
				`the server's peak RSS ${served.peakMb.toFixed(0)} MB.`,
		);
	}

	process.stdout.write(`${lines.join('\n')}\n`);
	process.exit(0);
}

const rows: Array<Record<string, string | number>> = [];
for (const post of values['no-app'] ? [] : posts) {
	const figures = await appFigures(post);
	say(`app ${post.name}: ${JSON.stringify(figures)}`);
	rows.push({post: post.name, ...figures});
}

const served = values['no-serve'] ? undefined : await servedFigures();
if (values.json) {
	process.stdout.write(
		`${JSON.stringify({app: rows, served: served && {...served, posts: Object.fromEntries(served.posts)}})}\n`,
	);
} else {
	const lines = [
		'| post | Enter → first screen | q → list (while rendering) | Q → end | Ctrl-C → end ' +
			'| peak RSS, app + renderers |' +
			(served ? ' served: opened | another reader’s keys p95 / max |' : ''),
		`|---|---|---|---|---|---|${served ? '---|---|' : ''}`,
	];
	for (const row of rows) {
		const name = String(row['post']);
		const serving = served?.posts.get(name);
		const cells = [
			name,
			ms(Number(row['open'])),
			ms(Number(row['back'])),
			ms(Number(row['quit'])),
			ms(Number(row['interrupt'])),
			`${Number(row['peakMb']).toFixed(0)} MB`,
		];
		if (serving)
			cells.push(
				ms(serving.opened),
				`${ms(serving.p95)} / ${ms(serving.max)}${serving.unanswered ? ` (${serving.unanswered} unanswered)` : ''}`,
			);
		lines.push(`| ${cells.join(' | ')} |`);
	}

	if (served) {
		lines.push(
			'',
			`Served: 200,000 window changes from one client: another reader's keys ${ms(served.flood.p95)} p95, ` +
				`${ms(served.flood.max)} at most${served.flood.unanswered ? `, ${served.flood.unanswered} unanswered` : ''}; ` +
				`the server's peak RSS with its renderers ${served.peakMb.toFixed(0)} MB.`,
		);
	}

	process.stdout.write(`${lines.join('\n')}\n`);
}
