import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../source/render/markdown.js';
import {createTheme} from '../../source/theme/palette.js';

// Code spans of only spaces are drawn without the code colour (render/code-spans.ts): the same on
// screen, and a line of many of them wraps in time linear in its length. Definitions inside
// definitions past MAX_NOTE_DEPTH are read as text (render/footnote-refs.ts), never running out of stack.

const coloured = createTheme(3);
const plain = createTheme(0);
const lines = (markdown: string, theme = coloured) => renderMarkdown(markdown, {width: 40, theme}).lines;
const visible = (markdown: string) => lines(markdown).map(line => stripAnsi(line));

describe('code spans of spaces', () => {
	const cases: Array<[name: string, markdown: string, shown: string[]]> = [
		['a line of spans of a space', '` ` ` ` ` `', ['']],
		['spans of a space between words', 'a ` ` b ` ` c', ['a   b   c']],
		['a backtick on each line', '`\n`\n`\n`\nend', ['end']],
		['backtick triples on one line', '``` ``` ``` ``` x', ['x']],
		['code with text keeps its colour', 'a `b c` d', ['a b c d']],
		['unclosed backticks are text', 'a ` b `` c', ['a ` b `` c']],
	];
	for (const [name, markdown, shown] of cases) it(name, () => assert.deepEqual(visible(markdown), shown));

	it('coloured code stays coloured, spaces alone are not', () => {
		assert.deepEqual(lines('a `b` c'), [`a ${coloured.code('b')} c`]);
		assert.deepEqual(lines('a `  ` c'), ['a    c']);
	});

	it('without colour, the backticks of a span of spaces show', () => {
		assert.deepEqual(lines('a ` ` c', plain), ['a ` ` c']);
	});

	it('a long line of spans of a space wraps like plain spaces', () => {
		const words = 'word ` ` '.repeat(40);
		assert.deepEqual(visible(words), visible('word   '.repeat(40)));
	});
});

describe('footnote definitions opened on one line', () => {
	it('render: the first is the note referred to (its text, the others, is not)', () => {
		const markdown = `${Array.from({length: 3000}, (_, index) => `[^${index + 1}]:`).join(' ')} x\n\nsee[^1]`;
		const shown = visible(markdown);
		assert.equal(shown[0], 'see[1]');
		assert.ok(
			shown.some(line => line.startsWith('[1] ')),
			shown.slice(0, 6).join('\n'),
		);
	});

	it('a definition in a definition as before', () => {
		assert.deepEqual(visible('[^1]: [^2]: note\n\nsee[^1]'), ['see[1]', '', 'Notes', '─────', '[1] ']);
	});
});
