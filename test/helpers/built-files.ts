import {readFileSync} from 'node:fs';
import path from 'node:path';
import {DIST} from './paths.js';

/** The bin's files that one of them imports by a relative path: `[specifier, static]` for each. */
function importsOf(file: string): Array<[string, boolean]> {
	const text = readFileSync(file, 'utf8');
	return [...text.matchAll(/(from|import\()\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map(match => [
		path.resolve(path.dirname(file), match[2] ?? ''),
		match[1] === 'from',
	]);
}

/** `file` and every file of the built bin it may load (its imports, static and dynamic, and theirs). */
export function filesReached(file: string, only: 'static' | 'all' = 'all'): Set<string> {
	const reached = new Set<string>();
	const visit = (at: string) => {
		if (reached.has(at)) return;
		reached.add(at);
		for (const [next, isStatic] of importsOf(at)) if (isStatic || only === 'all') visit(next);
	};
	visit(file);
	return reached;
}

/**
 * Each way the bin's entry (dist/cli.js) goes on from (the list and app, serve, completion, …): the
 * files a process that goes that way may load, the entry's own included.
 */
export function waysIntoTheBin(): Map<string, Set<string>> {
	const entry = path.join(DIST, 'cli.js');
	const always = filesReached(entry, 'static');
	const ways = new Map<string, Set<string>>();
	for (const [next, isStatic] of importsOf(entry)) {
		if (!isStatic) ways.set(path.relative(DIST, next), new Set([...always, ...filesReached(next)]));
	}
	return ways;
}
