// The growth check (issue 48): each case of growth-cases.ts timed at n and 4n, and the ratio. Linear work takes
// about 4× the time for 4× the text; a scanner that retries from every position takes 16× or more, and is
// flagged past 5×. Usage: node --import tsx scripts/bench/growth.ts [--quick] [name filter …]
//
// The cases run in a child process, one case after another, each render reported as it ends: one that passes
// the deadline (some blow up for minutes) is `> deadline`, and its process is ended and a new one goes on with the
// cases after it. Each case is rendered once to warm up, then timed three times at each size (the median); when
// 4n takes under the floor (20 ms; 10 with --quick), n is taken 4× larger (up to the case's size cap), as times
// that small are mostly noise. --quick (npm run bench) also has a shorter deadline and a smaller cap.
import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import {type GrowthCase, growthCases, prepareCase} from './growth-cases.js';
import {median} from './median.js';

/** Past this ratio for 4× the text, a case grows faster than its input. */
const LIMIT = 5;
const RUNS = 3;
/** How long a child may take to load before its first case. */
const STARTUP_MS = 120_000;

/** A render's deadline, the largest text tried, and the time at 4n below which a ratio is noise (n grows). */
type Settings = {deadlineMs: number; maxChars: number; floorMs: number};
const settingsFor = (quick: boolean): Settings =>
	quick
		? {deadlineMs: 2000, maxChars: 512 * 1024, floorMs: 10}
		: {deadlineMs: 10_000, maxChars: 4 * 1024 * 1024, floorMs: 20};

/** What the child reports, one JSON object a line. */
type Message =
	| {case: number; size: number; chars: number}
	| {case: number; ms: number}
	| {case: number; error: string}
	| {case: number; end: true};

// ---- The child: times the cases it is given, reporting each render as it ends. ----

function send(message: Message): void {
	process.stdout.write(`${JSON.stringify(message)}\n`);
}

const collect = (globalThis as {gc?: () => void}).gc ?? (() => {});

/** The median of RUNS timed renders of `growthCase` at `n`, after one untimed (the warm-up, at the first size). */
function timeAt(index: number, growthCase: GrowthCase, n: number, warm: boolean): number {
	const text = growthCase.text(n);
	send({case: index, size: n, chars: text.length});
	const {run, done} = prepareCase(growthCase, text);
	try {
		if (warm) run();
		const times: number[] = [];
		for (let count = 0; count < RUNS; count++) {
			collect();
			const start = performance.now();
			run();
			const ms = performance.now() - start;
			times.push(ms);
			send({case: index, ms});
		}

		return median(times);
	} finally {
		done();
	}
}

function child(settings: Settings, indices: number[]): void {
	for (const index of indices) {
		const growthCase = growthCases[index];
		if (!growthCase) continue;
		const maxChars = Math.min(settings.maxChars, growthCase.maxChars ?? Number.POSITIVE_INFINITY);
		try {
			let n = growthCase.n;
			let small = timeAt(index, growthCase, n, true);
			let large = timeAt(index, growthCase, 4 * n, false);
			// Too fast to tell (n under a quarter of the floor, or 4n under it): a size 4× larger, while the text
			// stays under the cap. A spike at 4n alone must not stop it at an n that took a millisecond.
			const floor = settings.floorMs;
			while ((large < floor || small < floor / 4) && growthCase.text(16 * n).length <= maxChars) {
				n *= 4;
				small = large;
				large = timeAt(index, growthCase, 4 * n, false);
			}
		} catch (error) {
			send({case: index, error: error instanceof Error ? error.message : String(error)});
		}

		send({case: index, end: true});
	}
}

// ---- The parent: starts children, keeps the deadline, prints the table. ----

/** One size of a case: its n, text length and render times, or why it has none. */
type Size = {n: number; chars: number; ms: number[]; failed?: string};
type Result = {sizes: Size[]; error?: string};

/** A line on stderr as each case ends (the table comes at the end): which, and its sizes' medians. */
let ended = 0;
function progress(index: number, results = progressResults): void {
	const sizes = results.get(index)?.sizes ?? [];
	const figures = sizes.map(size => size.failed ?? `${median(size.ms).toFixed(1)} ms`).join(', ');
	process.stderr.write(`growth ${++ended}: ${growthCases[index]?.name} (${figures})\n`);
}

/** The results progress() reads: the run's. */
const progressResults = new Map<number, Result>();

/**
 * Runs `indices` in one child until it ends or a render passes the deadline; gives the cases it did not reach
 * (after the one that was stopped).
 */
function runChild(settings: Settings, indices: number[], results: Map<number, Result>): Promise<number[]> {
	const script = new URL(import.meta.url).pathname;
	const worker = spawn(
		process.execPath,
		[
			'--import',
			'tsx',
			'--expose-gc',
			'--max-old-space-size=1536',
			script,
			'--child',
			JSON.stringify(settings),
			indices.join(','),
		],
		{stdio: ['ignore', 'pipe', 'pipe']},
	);
	let current: number | undefined;
	let stderr = '';
	worker.stderr.on('data', (chunk: Buffer) => {
		stderr = (stderr + chunk.toString()).slice(-2000);
	});
	const result = (index: number): Result => {
		let found = results.get(index);
		if (!found) {
			found = {sizes: []};
			results.set(index, found);
		}

		return found;
	};

	return new Promise(resolve => {
		let timedOut = false;
		let timer: NodeJS.Timeout | undefined;
		const arm = (ms = settings.deadlineMs) => {
			clearTimeout(timer);
			timer = setTimeout(() => {
				timedOut = true;
				worker.kill('SIGKILL');
			}, ms);
		};

		// Loading the renderer through tsx takes seconds on a busy machine: the deadline starts with the first case.
		arm(STARTUP_MS);
		createInterface({input: worker.stdout}).on('line', line => {
			arm();
			let message: Message;
			try {
				message = JSON.parse(line) as Message;
			} catch {
				return;
			}

			current = message.case;
			const found = result(message.case);
			if ('size' in message) found.sizes.push({n: message.size, chars: message.chars, ms: []});
			else if ('ms' in message) found.sizes.at(-1)?.ms.push(message.ms);
			else if ('error' in message) found.error = message.error;
			else if ('end' in message) {
				current = undefined;
				progress(message.case);
			}
		});
		worker.on('close', code => {
			clearTimeout(timer);
			if (current === undefined) {
				if (code !== 0 || timedOut) console.error(`growth check: a child ended with ${code} before a case: ${stderr}`);
				resolve([]);
				return;
			}

			const stopped = result(current).sizes.at(-1);
			const why = timedOut ? '> deadline' : /heap out of memory/i.test(stderr) ? 'out of memory' : `exit ${code}`;
			if (stopped) stopped.failed = why;
			else result(current).error = why;
			progress(current);
			resolve(indices.slice(indices.indexOf(current) + 1));
		});
	});
}

const formatMs = (size: Size | undefined, settings: Settings): string => {
	if (!size) return '';
	if (size.failed === '> deadline') return `> ${(settings.deadlineMs / 1000).toFixed(0)} s`;
	if (size.failed) return size.failed;
	// No time: the render threw (the row says what).
	if (size.ms.length === 0) return 'threw';
	const ms = median(size.ms);
	return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
};

const formatChars = (chars: number): string =>
	chars >= 1024 * 1024
		? `${(chars / 1024 / 1024).toFixed(1)} MB`
		: chars >= 1024
			? `${Math.round(chars / 1024)} KB`
			: `${chars} B`;

/** The table's row for a case: the last two sizes it reached (n and 4n), their times and the ratio. */
function row(growthCase: GrowthCase, result: Result | undefined, settings: Settings): {line: string; over: boolean} {
	const sizes = result?.sizes ?? [];
	const [small, large] = sizes.length >= 2 ? sizes.slice(-2) : [sizes[0], undefined];
	const cells = [growthCase.name.replace(/\|/g, '\\|'), growthCase.kind];
	cells.push(small ? `${small.n} → ${large?.n ?? 4 * small.n}` : '');
	cells.push(small ? `${formatChars(small.chars)} → ${large ? formatChars(large.chars) : '…'}` : '');
	cells.push(formatMs(small, settings), formatMs(large, settings));
	let verdict = '';
	let over = false;
	if (result?.error) {
		// A construct that makes the render throw (a stack overflow) fails whatever its times.
		over = true;
		cells.push('');
		verdict = `**throws**: ${result.error.replace(/\|/g, '\\|')}`;
	} else if (small?.failed || large?.failed) {
		over = true;
		cells.push('');
		verdict = `**blows up** (${small?.failed ? 'at n' : 'at 4n'})`;
	} else if (small && large) {
		const ratio = median(large.ms) / median(small.ms);
		cells.push(`${ratio.toFixed(1)}×`);
		if (median(large.ms) < settings.floorMs) verdict = `at the floor (4n under ${settings.floorMs} ms)`;
		else if (ratio > LIMIT) {
			over = true;
			verdict = `**over ${LIMIT}×**`;
		}
	} else cells.push('');
	cells.push(verdict);
	return {line: `| ${cells.join(' | ')} |`, over};
}

async function parent(args: string[]): Promise<void> {
	const quick = args.includes('--quick');
	const filters = args.filter(arg => !arg.startsWith('--')).map(filter => filter.toLowerCase());
	const settings = settingsFor(quick);
	const chosen = growthCases
		.map((growthCase, index) => ({growthCase, index}))
		.filter(
			({growthCase}) => filters.length === 0 || filters.some(filter => growthCase.name.toLowerCase().includes(filter)),
		);
	const results = progressResults;
	let remaining = chosen.map(({index}) => index);
	while (remaining.length > 0) remaining = await runChild(settings, remaining, results);

	const lines = chosen.map(({growthCase, index}) => ({growthCase, ...row(growthCase, results.get(index), settings)}));
	const over = lines.filter(line => line.over);
	const how = `median of ${RUNS} after a warm-up, deadline ${settings.deadlineMs / 1000} s${quick ? ', quick' : ''}`;
	console.log(`\nGrowth: ${chosen.length} cases at n and 4n (${how}); over ${LIMIT}× for 4× the text is flagged.\n`);
	console.log('| case | kind | n → 4n | text | ms at n | ms at 4n | ratio | |');
	console.log('|---|---|---:|---:|---:|---:|---:|---|');
	for (const {line} of lines) console.log(line);
	const names = over.map(line => line.growthCase.name).join('; ');
	console.log(
		over.length === 0
			? `\nNo construct grows more than ${LIMIT}× for 4× its size, passes the deadline or throws.`
			: `\n${over.length} of ${chosen.length} grow more than ${LIMIT}× for 4× their size, ` +
					`pass the deadline or throw: ${names}.`,
	);
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') child(JSON.parse(argv[1] ?? '{}') as Settings, (argv[2] ?? '').split(',').map(Number));
else await parent(argv);
