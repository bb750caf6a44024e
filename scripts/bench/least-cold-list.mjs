// The least a first `--list` can do with blogread's front matter parsers, as
// a plain script for the benchmark: walk the folders, read every post, parse
// its YAML front matter with gray-matter and js-yaml, print a row, sorted.
// No word counts, no index, no checks: a floor, not a program.
import {readdirSync, readFileSync, writeSync} from 'node:fs';
import matter from 'gray-matter';
import yaml from 'js-yaml';

const engines = {yaml: text => yaml.load(text, {schema: yaml.CORE_SCHEMA, json: true})};
const rows = [];
const walk = folder => {
	for (const entry of readdirSync(folder, {withFileTypes: true})) {
		const file = `${folder}/${entry.name}`;
		if (entry.isDirectory()) {
			walk(file);
			continue;
		}

		const text = readFileSync(file, 'utf8');
		const end = text.indexOf('\n---', 3) + 4;
		const {data} = matter(text.slice(0, end), {language: 'yaml', engines});
		rows.push(`${data.date}  ${data.title}  ${(data.tags ?? []).join(' ')}`);
	}
};

walk(process.argv[2]);
rows.sort();
writeSync(1, `${rows.join('\n')}\n`);
