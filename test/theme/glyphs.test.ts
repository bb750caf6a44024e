import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {helpText} from '../../source/cli/help.js';
import type {Io} from '../../source/cli/io.js';
import type {Options} from '../../source/cli/options.js';
import {makeTheme} from '../../source/cli/terminal.js';
import {listColumns, listRow} from '../../source/render/list-row.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {postHeaderLines} from '../../source/render/post-header.js';
import {truncate} from '../../source/text/width.js';
import {ASCII_GLYPHS, localeIsUnicode, UNICODE_GLYPHS} from '../../source/theme/glyphs.js';
import {createTheme} from '../../source/theme/palette.js';
import {keyLabel} from '../../source/ui/keys/keymap.js';
import {makePost} from '../helpers/posts.js';

const ONLY_ASCII = /^[\u0020-\u007E]*$/;

describe('the locale decides the glyphs', () => {
	const table: Array<[NodeJS.ProcessEnv, boolean]> = [
		[{}, true],
		[{LANG: 'C.UTF-8'}, true],
		[{LANG: 'en_US.utf8'}, true],
		[{LANG: 'de_DE.UTF-8@euro'}, true],
		[{LANG: 'C'}, false],
		[{LANG: 'POSIX'}, false],
		[{LANG: 'en_US.ISO-8859-1'}, false],
		[{LANG: 'en_US.UTF-8', LC_ALL: 'C'}, false],
		[{LANG: 'C', LC_CTYPE: 'en_US.UTF-8'}, true],
		[{LANG: 'en_US.UTF-8', LC_CTYPE: 'C'}, false],
		[{LANG: 'C', LC_ALL: '', LC_CTYPE: 'C.UTF-8'}, true],
		[{LANG: 'en_US.UTF-8', LC_ALL: 'C', LC_CTYPE: 'en_US.UTF-8'}, false],
	];
	for (const [env, unicode] of table) {
		it(`${JSON.stringify(env)}: ${unicode ? 'Unicode' : 'ASCII'}`, () => {
			assert.equal(localeIsUnicode(env), unicode);
		});
	}

	it('every ASCII glyph is ASCII, and every glyph has its ASCII form', () => {
		const all = (glyphs: object): string[] =>
			Object.values(glyphs).flatMap(value =>
				typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? all(value) : [],
			);
		for (const glyph of all(ASCII_GLYPHS)) assert.match(glyph, ONLY_ASCII);
		assert.equal(all(ASCII_GLYPHS).length, all(UNICODE_GLYPHS).length);
	});

	it('the command line makes the theme from the environment', () => {
		const io = (env: NodeJS.ProcessEnv) => ({env, stdout: {isTTY: false}, colors: 0}) as unknown as Io;
		const options = {color: true, theme: 'dark'} as Options;
		assert.equal(makeTheme(options, io({LANG: 'C'})).glyphs.ascii, true);
		assert.equal(makeTheme(options, io({LANG: 'C.UTF-8'})).glyphs.ascii, false);
		assert.equal(makeTheme(options, io({LC_ALL: 'POSIX', LANG: 'C.UTF-8'}), true).glyphs.ascii, true);
	});
});

const post = [
	'# Title',
	'## Section',
	'### Sub',
	'Text with **bold**, *em*, `code`, ~~gone~~ and a note[^1].',
	'- one\n  - two\n    - three',
	'> quoted\n> > nested',
	'> [!NOTE]\n> An alert.',
	'---',
	'| a | b |\n|---|---|\n| 1 | 2 |',
	'```js\nconst aVeryLongNameThatMustBreak = "somewhere along the way, past the width";\n```',
	'{% codeblock Title lang:js http://example.com Link %}\nx()\n{% endcodeblock %}',
	'[^1]: The note.',
].join('\n\n');

describe('drawing in ASCII', () => {
	it('draws frames, rules, bullets, tables, quotes, alerts and breaks in ASCII only', () => {
		for (const level of [0, 1] as const) {
			const {lines} = renderMarkdown(post, {width: 40, theme: createTheme(level, 'dark', {ascii: true})});
			for (const line of lines) assert.match(stripAnsi(line), ONLY_ASCII);
			const text = lines.map(line => stripAnsi(line)).join('\n');
			for (const part of [
				'Title\n=====',
				'Section\n-------',
				'* one',
				'  - two',
				'    + three',
				'| quoted',
				'| i Note',
			]) {
				assert.ok(text.includes(part), `${part} in\n${text}`);
			}

			for (const part of ['+---+---+\n| a | b |', '+- js\n| const', '\n|>', '+- js - Title - Link', '-'.repeat(40)]) {
				assert.ok(text.includes(part), `${part} in\n${text}`);
			}
		}
	});

	it("draws the post's header, the list's undated dash and cut titles in ASCII", () => {
		const theme = createTheme(0, 'dark', {ascii: true});
		const undated = makePost({title: 'A title long enough to be cut short here', tags: ['x']}, 'Body.');
		const header = postHeaderLines({...undated, warnings: ['front matter is odd']}, 40, theme);
		for (const line of header) assert.match(line, ONLY_ASCII);
		assert.ok(header.includes('! front matter is odd'), header.join('\n'));
		assert.ok(
			header.some(line => line.includes(' - 1 min read')),
			header.join('\n'),
		);
		const row = listRow(undated, listColumns([undated], 30), theme);
		assert.match(row, ONLY_ASCII);
		assert.equal(row, '-           A title lon...  #x');
	});

	it('cuts text with the ellipsis it is given', () => {
		const table: Array<[string, number, string, string]> = [
			['abcdefgh', 6, '...', 'abc...'],
			['abcdefgh', 6, '…', 'abcde…'],
			['abcdefgh', 2, '...', 'ab'],
			['日本語のテキスト', 7, '...', '日本...'],
			['\u001B[1mbold text here\u001B[22m', 8, '...', '\u001B[1mbold \u001B[22m...'],
		];
		for (const [text, width, ellipsis, expected] of table) assert.equal(truncate(text, width, ellipsis), expected);
	});

	it('names the arrow keys in words, in the help too', () => {
		assert.equal(keyLabel({named: 'upArrow'}, ASCII_GLYPHS), 'Up');
		assert.equal(keyLabel({named: 'upArrow'}), '↑');
		const help = helpText({LANG: 'C'});
		for (const line of help.split('\n')) assert.match(line, ONLY_ASCII);
		assert.match(help, /Down/);
		assert.match(helpText({LANG: 'C.UTF-8'}), /↓/);
	});
});

describe('structure without colour', () => {
	it('tells every heading level from body text, list items and the other levels', () => {
		const source = '# One\n\nBody.\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n\n- item';
		const lines = renderMarkdown(source, {width: 40, theme: createTheme(0)}).lines;
		assert.deepEqual(lines, [
			'One',
			'═══',
			'',
			'Body.',
			'',
			'Two',
			'───',
			'',
			'### Three',
			'',
			'#### Four',
			'',
			'##### Five',
			'',
			'###### Six',
			'',
			'• item',
		]);
	});

	it('keeps marks for emphasis, code and deletions, and none in colour', () => {
		const source = 'A **strong**, *em*, `code`, `` a`b ``, ~~gone~~ and ***both***.';
		const [plain] = renderMarkdown(source, {width: 80, theme: createTheme(0)}).lines;
		assert.equal(plain, 'A **strong**, *em*, `code`, ``a`b``, ~~gone~~ and ***both***.');
		const [coloured = ''] = renderMarkdown(source, {width: 80, theme: createTheme(1)}).lines;
		assert.equal(stripAnsi(coloured), 'A strong, em, code, a`b, gone and both.');
	});

	it('keeps the marks in list items, table cells, quotes and notes', () => {
		const source = '- a `x`\n\n| h |\n|---|\n| ~~y~~ |\n\n> *z*[^1]\n\n[^1]: **n**';
		const text = renderMarkdown(source, {width: 40, theme: createTheme(0)}).lines.join('\n');
		for (const part of ['• a `x`', '│ ~~y~~ │', '│ *z*[1]', '[1] **n**']) assert.ok(text.includes(part), text);
	});
});
