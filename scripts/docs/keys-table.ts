// The README's table of keys, made from the keymap (source/ui/keys/keymap.ts), so the
// table, `?` in the app and --help never disagree. `npm run docs` writes it
// between the README's markers; test/docs/readme.test.ts checks it is current.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {type Binding, type Command, keyLabel, keymap, type View} from '../../source/ui/keys/keymap.js';

/** The screens in the order a reader meets them, as the table names them. */
export const SCREENS: Array<[View, string]> = [
	['list', 'list'],
	['search', 'search field'],
	['picker', 'tag picker'],
	['reader', 'reader'],
	['find', 'find field'],
	['contents', 'contents'],
	['links', 'links'],
	['problems', 'problems'],
	['help', 'help'],
];

export const START = '<!-- keys: made by `npm run docs` from source/ui/keys/keymap.ts -->';
export const END = '<!-- keys end -->';

/** A cell's text with Markdown's table characters made harmless. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** Keys as the table shows them: each in code, `Space` and named keys as words. */
function keyList(keys: string): string {
	return keys
		.split(' ')
		.map(key => (/^[A-Za-z]{2,}|^Ctrl-|^[↑↓←→]$/.test(key) ? key : `\`${cell(key)}\``))
		.join(' ');
}

/** Commands that come in pairs: one row for both, `a / b`. */
const PAIRS: Array<[Command, Command]> = [
	['down', 'up'],
	['pageDown', 'pageUp'],
	['halfDown', 'halfUp'],
	['top', 'bottom'],
	['findNext', 'findPrevious'],
	['nextHeading', 'previousHeading'],
	['nextPost', 'previousPost'],
];

const keysOf = (binding: Binding) => keyList(binding.keys.map(key => keyLabel(key)).join(' '));

/** One view's rows: a binding each, a pair of bindings on one row. */
export function viewRows(view: View): Array<[keys: string, does: string]> {
	const bindings = keymap.filter(binding => binding.views.includes(view));
	const rows: Array<[string, string]> = [];
	for (const binding of bindings) {
		const pair = PAIRS.find(([first, second]) => first === binding.command || second === binding.command);
		const other = pair && bindings.find(candidate => candidate.command === pair[pair[0] === binding.command ? 1 : 0]);
		if (pair && other) {
			// The pair's row is made at its first command; its second is in it already.
			if (binding.command === pair[1]) continue;
			rows.push([`${keysOf(binding)} / ${keysOf(other)}`, `${binding.description} / ${other.description}`]);
		} else rows.push([keysOf(binding), binding.description]);
	}

	return rows;
}

export function keysTable(): string {
	const rows = ['| where | keys | does |', '|---|---|---|'];
	for (const [view, name] of SCREENS) {
		viewRows(view).forEach(([keys, does], index) => {
			rows.push(`| ${index === 0 ? name : ''} | ${keys} | ${cell(does)} |`);
		});
	}

	return rows.join('\n');
}

/** The README with its keys section made anew. */
export function withKeysTable(readme: string): string {
	const start = readme.indexOf(START);
	const end = readme.indexOf(END);
	if (start === -1 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
	return `${readme.slice(0, start + START.length)}\n${keysTable()}\n${readme.slice(end)}`;
}

if (process.argv.includes('--write')) {
	const file = path.join(import.meta.dirname, '..', '..', 'README.md');
	writeFileSync(file, withKeysTable(readFileSync(file, 'utf8')));
}
