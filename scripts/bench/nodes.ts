// Start-up on every maintained Node: for each (this one, then 22, 24 and 26
// from the npm registry, scripts/nodes.mjs), in turns with that Node's own
// `node -e ''`: `--version`, `--list` of the sample blog, the app's first
// frame; and the compile cache (Node 22.1 and later): `--list` with an empty
// compile cache against one left by a start before. With `--print FILE` and bat
// installed, also `--print FILE` in colour in turns with bat on the same file.
// Usage, after `npm run build`: node --import tsx scripts/bench/nodes.ts [--json] [--print FILE] [MAJOR…]
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
// @ts-expect-error plain JavaScript shared with CI
import {nodeBinary} from '../nodes.mjs';
import {median} from './median.js';
import {PtyApp} from './pty-app.js';

const root = path.join(import.meta.dirname, '..', '..');
const bin = path.join(root, 'dist', 'cli.js');
const blog = path.join(root, 'posts');
const runs = Number(process.env['BENCH_RUNS'] ?? 7);

/** A row: the Node, then each figure's median in ms. */
type NodeRow = {
	node: string;
	floor: number;
	version: number;
	list: number;
	frame: number;
	/** `--list` with no compile cache, and with the one a start before left; undefined where Node has none. */
	cold?: number;
	warm?: number;
	/** `--print FILE` in colour, and bat printing it in the same turns; undefined without a file or bat. */
	print?: number;
	bat?: number;
};

const {values, positionals} = parseArgs({
	options: {json: {type: 'boolean', default: false}, print: {type: 'string'}},
	allowPositionals: true,
});
const majors = positionals.length > 0 ? positionals : ['22', '24', '26'];
const work = mkdtempSync(path.join(os.tmpdir(), 'blogread-bench-nodes-'));
const cache = path.join(work, 'cache');
const env = {...process.env, XDG_CACHE_HOME: cache, XDG_STATE_HOME: path.join(work, 'state'), NO_COLOR: '1'};
const compiled = path.join(cache, 'blogread', 'compiled');
const bat = ['batcat', 'bat'].find(name => spawnSync(name, ['--version']).status === 0);
const printed = values.print;
// In colour, as bat is asked to print; plain, as blogread prints (no header, grid or line numbers).
const colour = {...env, NO_COLOR: undefined, FORCE_COLOR: '3'};

/** ms of one run of `command args`, failing on a failed run; `before` runs first, untimed. */
function once(command: string, args: string[], before?: () => void, runEnv: NodeJS.ProcessEnv = env): number {
	before?.();
	const start = performance.now();
	const result = spawnSync(command, args, {env: runEnv, stdio: ['ignore', 'ignore', 'pipe']});
	const ms = performance.now() - start;
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr.toString()}`);
	return ms;
}

async function measure(node: string): Promise<NodeRow> {
	const version = spawnSync(node, ['--version'], {encoding: 'utf8'}).stdout.trim();
	const hasCache =
		spawnSync(node, ['-p', "typeof require('node:module').enableCompileCache"], {encoding: 'utf8'}).stdout.trim() ===
		'function';
	const emptyCache = () => rmSync(compiled, {recursive: true, force: true});
	const times: Record<Exclude<keyof NodeRow, 'node'>, number[]> = {
		floor: [],
		version: [],
		list: [],
		frame: [],
		cold: [],
		warm: [],
		print: [],
		bat: [],
	};
	// One start first, so the figures (but `cold`) are of a Node whose files the system has read.
	once(node, [bin, '--list', blog]);
	for (let run = 0; run < runs; run++) {
		times.floor.push(once(node, ['-e', '']));
		times.version.push(once(node, [bin, '--version']));
		times.list.push(once(node, [bin, '--list', blog]));
		times.frame.push(await PtyApp.timeToFrame([blog], '? help', {bin, env, node}));
		if (hasCache) {
			times.cold.push(once(node, [bin, '--list', blog], emptyCache));
			times.warm.push(once(node, [bin, '--list', blog]));
		}

		if (printed && bat) {
			times.print.push(once(node, [bin, '--print', printed], undefined, colour));
			times.bat.push(once(bat, ['--color=always', '--style=plain', '--paging=never', printed], undefined, colour));
		}
	}

	return {
		node: version,
		floor: median(times.floor),
		version: median(times.version),
		list: median(times.list),
		frame: median(times.frame),
		...(hasCache ? {cold: median(times.cold), warm: median(times.warm)} : {}),
		...(times.print.length > 0 ? {print: median(times.print), bat: median(times.bat)} : {}),
	};
}

try {
	const rows = [await measure(process.execPath)];
	for (const major of majors) rows.push(await measure(nodeBinary(major)));
	if (values.json) process.stdout.write(JSON.stringify(rows));
	else for (const line of nodeTable(rows)) console.log(line);
} finally {
	rmSync(work, {recursive: true, force: true});
}

/** The rows as a Markdown table: each figure with its ratio to that Node's `node -e ''`. */
function nodeTable(rows: NodeRow[]): string[] {
	const cell = (ms: number, floor: number) => `${ms.toFixed(0)} ms (${(ms / floor).toFixed(1)}×)`;
	const cacheCell = ({cold, warm}: NodeRow) => {
		if (cold === undefined || warm === undefined) return 'no compile cache';
		return `${cold.toFixed(0)} → ${warm.toFixed(0)} ms (${(((cold - warm) / cold) * 100).toFixed(0)}% less)`;
	};
	const heads = [
		"node -e ''",
		'--version',
		'--list, sample blog',
		'first frame, sample blog',
		'--list: compile cache empty → warm',
		'--print 1 MB in colour, to bat: faster than bat',
	];
	const printCell = ({print, bat: batted}: NodeRow) =>
		print === undefined || batted === undefined
			? 'no bat'
			: `${print.toFixed(0)} ms (${(print / batted).toFixed(2)}× bat: ${print < batted ? 'met' : 'not met'})`;
	return [
		`| Node (medians of ${runs}, in turns) | ${heads.join(' | ')} |`,
		'|---|---:|---:|---:|---:|---|---:|',
		...rows.map(row => {
			const figures = [row.version, row.list, row.frame].map(ms => cell(ms, row.floor));
			const cells = [...figures, cacheCell(row), printCell(row)];
			return `| ${row.node} | ${row.floor.toFixed(0)} ms | ${cells.join(' | ')} |`;
		}),
	];
}
