import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {createInlineRenderer} from '../../source/render/inline.js';
import {isPlainRun, proseParagraphEnd} from '../../source/render/plain-prose.js';
import {createTheme} from '../../source/theme/palette.js';

describe('plain inline runs', () => {
	const cases: Array<[string, boolean]> = [
		['words, commas, full stops', true],
		['quotes "like" these, \'these\', (brackets) and #hash, 50% | pipes!', true],
		['a line\nbroken once', true],
		['日本語 and é', true],
		['', false],
		['a `code` span', false],
		['*emphasis*', false],
		['snake_case', false],
		['~~gone~~', false],
		['a [link](x)', false],
		['a note[^1]', false],
		['an <b>tag</b>', false],
		['a \\escape', false],
		['&amp; an entity', false],
		['mail me@example.com', false],
		['see https://example.com', false],
		['see WWW.example.com', false],
		['a hard  \nbreak', false],
		['a {{ template }}', false],
	];
	for (const [text, plain] of cases) {
		it(`${JSON.stringify(text)} is ${plain ? '' : 'not '}plain`, () => {
			assert.equal(isPlainRun(text), plain);
		});
	}
});

describe('paragraphs of prose lines', () => {
	const cases: Array<[string, string, number | undefined]> = [
		['one line to the end', 'Hello there', 11],
		['lines up to a blank line', 'One\ntwo\n\nThree', 7],
		['a blank line of spaces and tabs', 'One\n \t\nTwo', 3],
		['a last line ending the text', 'One\n', 3],
		['a line of spaces at the very end (marked keeps it in the paragraph)', 'One\n  ', undefined],
		['letters of any script', 'Été\nжизнь\n\n', 9],
		['not a letter first', '- item', undefined],
		['a digit first (an ordered list may start so)', '1. one', undefined],
		['indented', '    code', undefined],
		['a setext underline after', 'Title\n===\n', undefined],
		['a list right after', 'Text\n- item\n', undefined],
		['a table delimiter row after', 'a | b\n--|--\n', undefined],
		['an indented line after', 'Text\n  more\n', undefined],
	];
	for (const [name, source, end] of cases) {
		it(name, () => {
			assert.equal(proseParagraphEnd(source), end);
		});
	}
});

// Lines and pieces that make marked's block and inline rules disagree with a
// naive reading: block starts, setext underlines, table rows, lazy lines,
// template tags, footnotes, URLs, addresses, hard breaks, entities.
const pieces = [
	'Word',
	'text',
	'Été',
	'日本',
	' ',
	'  ',
	'\t',
	'\n',
	'\n\n',
	'\n \n',
	'  \n',
	'    ',
	'- ',
	'* ',
	'+ ',
	'1. ',
	'2) ',
	'> ',
	'# ',
	'===',
	'---',
	'***',
	'| a | b |\n|---|---|\n',
	'|',
	':',
	'```',
	'~~~',
	'*',
	'**',
	'_',
	'~',
	'`',
	'[',
	']',
	'(',
	')',
	'!',
	'<',
	'>',
	'<div>',
	'<b>',
	'\\',
	'&amp;',
	'&#65;',
	'@',
	'me@example.com',
	'http://x.y',
	'www.x.y',
	'mailto:',
	'[^1]',
	'[^1]: ',
	'[a]: /url',
	'[a]',
	'{{< highlight go >}}',
	'{{< /highlight >}}',
	'{% raw %}',
	'{{',
	':tada:',
	'\u00A0',
	'\u2028',
	'\f',
	'   ==',
	'-- ',
	':-:',
	'|-',
	'<!-- x -->',
	'</p>',
];
const markdown = fc.array(fc.constantFrom(...pieces), {maxLength: 60}).map(parts => parts.join(''));

// Whole lines: what starts a line decides the blocks (lazy lines, paragraphs merged in a quote).
const lineStarts = ['', '', '', ' ', '    ', '\t', '- ', '1. ', '> ', '# ', '===', ' --', '|:-', '[^1]: ', '[a]: /u'];
const lineStarts2 = ['{{< highlight go >}}', '```', '<div>', '<!--', '*', '_', 'é', '日'];
const words = [
	'Word',
	'text',
	'and',
	'*em*',
	'`c`',
	'[l](u)',
	'me@x.io',
	'http://a.b',
	'  ',
	'\\',
	'&amp;',
	'[^1]',
	'|',
	'x_y',
];
const line = fc
	.tuple(fc.constantFrom(...lineStarts, ...lineStarts2), fc.array(fc.constantFrom(...words), {maxLength: 6}))
	.map(([start, parts]) => start + parts.join(' '));
const lines = fc.array(line, {maxLength: 25}).map(parts => parts.join('\n'));

describe("blogread's lexing shortcuts", () => {
	const theme = createTheme(0);
	const lex = (source: string, shortcuts: boolean) => {
		const tokens = createInlineRenderer(theme, {hyperlinks: false, shortcuts}).marked.lexer(source);
		return {tokens: JSON.parse(JSON.stringify(tokens)) as unknown, links: {...tokens.links}};
	};

	const documents: Array<[string, string]> = [
		['paragraphs of prose', 'One line\nand another.\n\nThe next paragraph.\n'],
		['a template code tag after a line separator', 'Word\u2028{{< highlight go >}}\nx\n'],
		['a setext heading', 'Title\n===\n\nText\n'],
		['a table', 'a | b\n--|--\n1 | 2\n'],
		['an HTML block', '<div>\nx\n</div>\n'],
		['a link definition', 'A [link][a].\n\n[a]: https://example.com\n'],
	];
	for (const [name, source] of documents) {
		it(`give the tokens marked gives: ${name}`, () => {
			assert.deepEqual(lex(source, true), lex(source, false));
		});
	}

	it('give the tokens marked gives', () => {
		fc.assert(
			fc.property(markdown, source => {
				assert.deepEqual(lex(source, true), lex(source, false));
			}),
			{numRuns: 3000, seed: 20_261_201},
		);
	});

	it('give the tokens marked gives, line by line', () => {
		fc.assert(
			fc.property(lines, source => {
				assert.deepEqual(lex(source, true), lex(source, false));
			}),
			{numRuns: 3000, seed: 20_261_202},
		);
	});
});
