import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {runBin} from '../helpers/bin.js';
import {inTerminal} from '../helpers/pty.js';

// What the built bin prints without colour (a pipe, NO_COLOR) and where the
// locale is not UTF-8: the structure still shows, in ASCII where it must.
const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-plain-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

const ONLY_ASCII = /^[\u0020-\u007E\n]*$/;
const CODE_LINE = 'let total = first + second;  // add them up';

const file = path.join(scratch, 'structure.md');
writeFileSync(
	file,
	[
		'---',
		'title: Structure without colour',
		'tags: [plain]',
		'---',
		'# One',
		'## Two',
		'### Three',
		'#### Four',
		'Body with **strong**, *em*, `code` and ~~gone~~ words.',
		'- item\n  - nested',
		'> [!WARNING]\n> Mind the gap.',
		'| a | b |\n|---|---|\n| 1 | 2 |',
		`\`\`\`\n${CODE_LINE}\n\`\`\``,
		'---',
		'End.',
	].join('\n\n'),
);

function print(env: NodeJS.ProcessEnv, width = 24): string {
	const result = runBin(['--print', file, '--width', String(width)], {env});
	assert.equal(result.code, 0, result.stderr);
	assert.equal(result.stderr, '');
	return result.stdout;
}

/** The one code block of printed output, gutters taken off: its rows joined. */
function codeOf(out: string): string {
	const lines = out.split('\n');
	const top = lines.findIndex(line => line === '┌─' || line === '+-');
	const bottom = lines.findIndex((line, index) => index > top && (line === '└─' || line === '+-'));
	return lines
		.slice(top + 1, bottom)
		.map(line => line.slice(2))
		.join('');
}

describe('--print without colour', () => {
	it('tells headings from body text, list items and each other, and keeps marks for inline styles', () => {
		for (const env of [{NO_COLOR: '1'}, {}]) {
			const out = print(env, 60);
			assert.ok(!out.includes('\u001B'), 'no escape sequences');
			const lines = out.split('\n');
			const at = (text: string) => lines.indexOf(text);
			assert.equal(lines[at('One') + 1], '═══');
			assert.equal(lines[at('Two') + 1], '───');
			assert.ok(at('### Three') > 0 && at('#### Four') > 0, out);
			assert.ok(lines.includes('Body with **strong**, *em*, `code` and ~~gone~~ words.'), out);
			assert.ok(lines.includes('• item') && lines.includes('  ◦ nested'), out);
			assert.ok(lines.includes('│ ⚠ Warning') && lines.includes('│ Mind the gap.'), out);
		}
	});

	it('keeps the spaces of a code line broken at the width', () => {
		// At 30 columns the code's 28 end with the first of two spaces.
		for (const env of [{NO_COLOR: '1'}, {FORCE_COLOR: '3'}, {NO_COLOR: '1', LANG: 'C'}]) {
			const out = print(env, 30).replace(/\u001B\[[\d;]*m/g, '');
			assert.equal(codeOf(out), CODE_LINE, `${JSON.stringify(env)}:\n${out}`);
		}
	});
});

describe('--print where the locale is not UTF-8', () => {
	const ascii: NodeJS.ProcessEnv[] = [
		{LANG: 'C'},
		{LANG: 'POSIX'},
		{LANG: 'en_US.ISO-8859-1'},
		{LANG: 'C.UTF-8', LC_ALL: 'C'},
		{LANG: 'C.UTF-8', LC_CTYPE: 'C'},
	];
	for (const env of ascii) {
		it(`draws in ASCII with ${JSON.stringify(env)}, with or without colour`, () => {
			for (const colour of [{NO_COLOR: '1'}, {FORCE_COLOR: '3'}]) {
				const out = print({...env, ...colour}, 40).replace(/\u001B\[[\d;]*m/g, '');
				assert.match(out, ONLY_ASCII, out);
				for (const part of ['One\n===', 'Two\n---', '* item', '  - nested', '| ! Warning', '+---+---+', '+-\n| let']) {
					assert.ok(out.includes(part), `${part} in:\n${out}`);
				}
			}
		});
	}

	it('draws in Unicode when the first locale variable set says UTF-8', () => {
		const out = print({LANG: 'C', LC_ALL: '', LC_CTYPE: 'C.UTF-8', NO_COLOR: '1'}, 40);
		assert.ok(out.includes('┌───┬───┐'), out);
	});

	it('lists posts in ASCII on a terminal, and --help names the arrow keys in words', async () => {
		// The post has no date: the list shows the day its file was written, marked as a guess.
		const list = await inTerminal({command: `BIN --list ${scratch}`, ready: 'never', env: {LANG: 'C', NO_COLOR: '1'}});
		assert.equal(list.code, 0, list.output);
		assert.match(list.output, /^\d{4}-\d\d-\d\d~ Structure without colour/m);
		assert.match(list.output.replace(/\r/g, ''), ONLY_ASCII);
		const help = runBin(['--help'], {env: {LANG: 'C'}});
		assert.match(help.stdout, ONLY_ASCII);
		assert.match(help.stdout, /^ {4}Down j /m);
	});
});
