// The least a first `--list` can do with blogread's front matter parsers, as
// a plain script for the benchmark: walk the folders, read every post, parse
// its YAML front matter as blogread does (its plain-YAML reader, bundled by the
// benchmark and given as the second argument, then gray-matter and js-yaml for
// what that leaves), print a row, sorted. No word counts, no index, no checks:
// a floor, not a program.
// As in blogread, gray-matter and js-yaml are loaded only if a post needs them.
import {readdirSync, readFileSync, writeSync} from 'node:fs';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';

const [folder, plainYamlModule] = process.argv.slice(2);
const readPlainYaml = plainYamlModule
	? (await import(pathToFileURL(plainYamlModule).href)).readPlainYaml
	: () => undefined;
let grayMatter;
const parseWithJsYaml = front => {
	if (!grayMatter) {
		const require = createRequire(import.meta.url);
		const yaml = require('js-yaml');
		const engines = {yaml: text => yaml.load(text, {schema: yaml.CORE_SCHEMA, json: true})};
		const matter = require('gray-matter');
		grayMatter = text => matter(text, {language: 'yaml', engines}).data;
	}

	return grayMatter(front);
};

const rows = [];
const walk = folder => {
	for (const entry of readdirSync(folder, {withFileTypes: true})) {
		const file = `${folder}/${entry.name}`;
		if (entry.isDirectory()) {
			walk(file);
			continue;
		}

		const text = readFileSync(file, 'utf8');
		const end = text.indexOf('\n---', 3);
		const data = readPlainYaml(text.slice(3, end)) ?? parseWithJsYaml(text.slice(0, end + 4));
		rows.push(`${data.date}  ${data.title}  ${(data.tags ?? []).join(' ')}`);
	}
};

walk(folder);
rows.sort();
writeSync(1, `${rows.join('\n')}\n`);
