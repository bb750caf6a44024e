import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {flags} from '../../source/cli/flags.js';
import {helpText} from '../../source/cli/help.js';
import {HELP_WIDTH, helpRow, wrapWords} from '../../source/cli/help-columns.js';
import {SERVE_HELP} from '../../source/serve/serve-options.js';
import {glyphsFor} from '../../source/theme/glyphs.js';
import {helpRows} from '../../source/ui/keys/keymap.js';

describe('wrapWords: a description in lines', () => {
	const cases: Array<[name: string, text: string, width: number, expected: string[]]> = [
		['fits: one line', 'only posts with this tag', 80, ['only posts with this tag']],
		['broken between words', 'one two three', 7, ['one two', 'three']],
		[
			'a word longer than the width has a line of its own',
			'supercalifragilistic word',
			5,
			['supercalifragilistic', 'word'],
		],
		['its own line breaks are spaces', 'x\ny z', 80, ['x y z']],
		['two spaces stay two within a line', "e.g. '{date}  {title}'", 80, ["e.g. '{date}  {title}'"]],
		['and none is left at a break', 'aaa  bbbbbb', 5, ['aaa', 'bbbbbb']],
		['nothing: one empty line', '', 5, ['']],
	];
	for (const [name, text, width, expected] of cases) {
		it(name, () => assert.deepEqual(wrapWords(text, width), expected));
	}
});

describe('helpRow: a flag or keys and what they do', () => {
	const cases: Array<[name: string, row: [string, string, number], expected: string]> = [
		['the description in its column', ['  -x', 'does x', 8], '  -x    does x'],
		[
			'further lines indented to the column',
			['  -x', 'word '.repeat(20).trim(), 60],
			[`  -x${' '.repeat(56)}word word word word`, ...Array(4).fill(`${' '.repeat(60)}word word word word`)].join('\n'),
		],
		[
			'a name that fills its column has a line of its own',
			['  --a-long-flag', 'does it', 8],
			`  --a-long-flag\n${' '.repeat(8)}does it`,
		],
	];
	for (const [name, [flag, description, column], expected] of cases) {
		it(name, () => assert.equal(helpRow(flag, description, column), expected));
	}
});

describe('--help', () => {
	for (const [locale, env] of [
		['UTF-8', {LANG: 'C.UTF-8'}],
		['ASCII', {LANG: 'C'}],
	] as const) {
		const text = helpText(env);
		it(`has no line wider than ${HELP_WIDTH} columns (${locale})`, () => {
			const wide = text.split('\n').filter(line => [...line].length > HELP_WIDTH);
			assert.deepEqual(wide, []);
		});

		it(`still says all of every flag's and list and reader key's description (${locale})`, () => {
			const flat = text.replace(/\s+/g, ' ');
			for (const spec of Object.values(flags)) assert.ok(flat.includes(spec.help.replace(/\s+/g, ' ')), spec.help);
			const rows = [...helpRows('list', glyphsFor(false)), ...helpRows('reader', glyphsFor(false))];
			for (const row of rows) assert.ok(flat.includes(row.description.replace(/\s+/g, ' ')), row.description);
		});
	}
});

describe('blogread serve --help', () => {
	it(`has no line wider than ${HELP_WIDTH} columns`, () => {
		assert.deepEqual(
			SERVE_HELP.split('\n').filter(line => [...line].length > HELP_WIDTH),
			[],
		);
	});
});
