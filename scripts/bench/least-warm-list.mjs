// The least a `--list` with a warm index can do, as a plain script for the
// benchmark: read blogread's index of the folder, walk the folders, stat
// every post to see it is unchanged, print a row from the index, sorted.
// No argument parsing, no checks, no columns: a floor, not a program.
import {readdirSync, readFileSync, realpathSync, statSync, writeSync} from 'node:fs';

const [folder = '.', cache = '.'] = process.argv.slice(2);
const root = realpathSync(folder);
// An index is JSON lines: a header with the blog's folder, then one row a line.
const lines = readdirSync(cache)
	.filter(name => name.startsWith('index-'))
	.map(name => readFileSync(`${cache}/${name}`, 'utf8').trimEnd().split('\n'))
	.find(([header]) => JSON.parse(header).root === root);
const known = new Map(
	lines.slice(1).map(line => {
		const row = JSON.parse(line);
		return [row[0], row];
	}),
);
const rows = [];
const walk = (absolute, relative) => {
	for (const entry of readdirSync(absolute, {withFileTypes: true})) {
		const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
		if (entry.isDirectory()) {
			walk(`${absolute}/${entry.name}`, path);
			continue;
		}

		const stat = statSync(`${absolute}/${entry.name}`);
		const row = known.get(path);
		// A row: path, size, mtime, ctime, context, then the fields (model.ts rowPosition): title 5, date 6, tags 9.
		if (row && row[1] === stat.size && row[2] === stat.mtimeMs && row[3] === stat.ctimeMs)
			rows.push(`${row[6]}  ${row[5]}  ${row[9].join(' ')}`);
	}
};

walk(root, '');
rows.sort();
writeSync(1, `${rows.join('\n')}\n`);
