import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {renderMarkdown} from '../../source/render/markdown.js';
import {createTheme} from '../../source/theme/palette.js';

// Constructs that once cost their length squared to lex (issue 48): each is read by
// scanning once per lexing run now (render/lexing-runs.ts). Their output is pinned here,
// as it was before, small and at a size where the old cost showed; unclosed openers read as text.

const theme = createTheme(0);
const shown = (markdown: string) => renderMarkdown(markdown, {width: 80, theme}).lines;

// The last three were read wrongly before: display maths' `start` ended the paragraph where a
// `$$` or `\\[` was not display maths, and marked joined the two halves with a line break.
describe('constructs read in one pass render as before', () => {
	const cases: Array<[name: string, markdown: string, lines: string[]]> = [
		['unclosed \\[ lines', '\\[\n\\[\n\\[ x', ['[ [ [ x']],
		['$$ x lines', '$$ x\n$$ x\n$$ x', ['x x $$ x']],
		['display maths after unclosed openers', '\\[\n$$ x\n\\[\nx^2\n\\]\n', ['$$ x \\[ x²']],
		['unclosed \\( in text', 'a \\( b \\( c', ['a ( b ( c']],
		['\\( closed after unclosed ones', 'a \\( b \\(x^2\\) c', ['a b \\(x² c']],
		['a blank line ends inline maths', 'a \\( b\n\n c \\)', ['a ( b', '', 'c )']],
		['text lines between headings', 'text\n# h\ntext\n# h', ['text', '', 'h', '═', '', 'text', '', 'h', '═']],
		['setext underline after many lines', 'a\nb\nc\n---', ['a b c', '─────']],
		['setext underline after a heading line', 'a\n# h\nb\n===', ['a', '', 'h', '═', '', 'b', '═']],
		[
			'unclosed footnote references',
			'a [^ b [^1 c [^1]\n\n[^1]: note',
			['a [^ b [^1 c [1]', '', 'Notes', '─────', '[1] note'],
		],
		[
			'a note referred to twice, defined twice',
			'a[^1] b[^1]\n\n[^1]: one [^1]\n[^1]: two',
			['a[1] b[1]', '', 'Notes', '─────', '[1] one [1]'],
		],
		[
			'notes numbered by first reference',
			'x[^b] y[^a] z[^b]\n\n[^a]: A\n[^b]: B',
			['x[1] y[2] z[1]', '', 'Notes', '─────', '[1] B', '[2] A'],
		],
		['a reference to no note', 'a[^none] b', ['a[^none] b']],
		['a list item of lazy lines', '- a\nb\nc\n\nafter', ['• a b c', '', 'after']],
		['a list item of indented lines', '- a\n  b\n  c', ['• a b c']],
		[
			'a nested item of lines, then a table',
			'- - a\n    b\n    c | d\n    --|--\n    e | f',
			['• ◦ a b', '    ┌───┬───┐', '    │ c │ d │', '    ├───┼───┤', '    │ e │ f │', '    └───┴───┘'],
		],
		['item lines under a setext underline', '- a\n  b\n  ---', ['• a b', '  ───']],
		['a list item `- ` as an underline', 'Word\n- ', ['Word', '────']],
		['display maths mid-line reads as text, no space put in', 'x$$ y', ['x$$ y']],
		['an escaped backslash before \\[ stays', '\\\\[\\', ['\\[\\']],
		['emphasis around $$ stays emphasis', '_$$ a_', ['*$$ a*']],
	];
	for (const [name, markdown, lines] of cases) it(name, () => assert.deepEqual(shown(markdown), lines));
});

describe('bare addresses lose the punctuation at their end', () => {
	const cases: Array<[markdown: string, href: string]> = [
		['see http://a.b.c...,,!! now', 'http://a.b.c'],
		['http://a.com/foo_(bar)..', 'http://a.com/foo_(bar)'],
		['www.x.com/(a).,;', 'http://www.x.com/(a)'],
		[`http://a${'.'.repeat(5000)}`, 'http://a'],
	];
	for (const [markdown, href] of cases) {
		it(markdown.slice(0, 40), () => {
			const {lines, links} = renderMarkdown(markdown, {width: 80, theme});
			assert.deepEqual(
				links.map(link => link.href),
				[href],
			);
			assert.equal(lines.join(''), markdown);
		});
	}
});

describe('many unclosed openers read as text', () => {
	const cases: Array<[name: string, markdown: string, line: string]> = [
		['\\[ lines', '\\[\n'.repeat(2000), '[ '.repeat(2000).trim()],
		['\\( in a paragraph', 'a \\( '.repeat(2000), 'a ( '.repeat(2000).trim()],
		['lines of a list item', `- a\n${'b\n'.repeat(2000)}`, `• a ${'b '.repeat(2000).trim()}`],
		['[^ in a paragraph', 'a [^ '.repeat(2000), 'a [^ '.repeat(2000).trim()],
	];
	for (const [name, markdown, line] of cases) {
		it(name, () =>
			assert.equal(
				shown(markdown)
					.map(each => each.trim())
					.join(' '),
				line,
			),
		);
	}
});

// A run of spaces wider than a line in styled text: wrap-ansi measured the row again at each space (time n²);
// wrapStyled cuts the run first (text/width.ts). What shows is as before: the words either side on rows of
// their own, the spaces gone.
describe('long runs of spaces wrap as before', () => {
	const spaces = ' '.repeat(3000);
	const cases: Array<[name: string, markdown: string, lines: string[]]> = [
		['emphasis over a run', `*a${spaces}b*`, ['*a', 'b*']],
		['display maths over runs', `$$${spaces}x${spaces}$$`, ['x']],
		[
			'a Hugo mermaid shortcode over runs',
			`{{< mermaid >}}${spaces}x${spaces}{{< /mermaid >}}`,
			['┌─ mermaid · diagram not drawn: a kind of diagram blogread cannot draw', '│ x', '└─'],
		],
		['a Liquid variable over runs', `{{ ${spaces}x${spaces}}}`, ['{{', 'x', '}}']],
		['strong emphasis over a run', `**bold${spaces}words** and more`, ['**bold', 'words** and more']],
	];
	for (const [name, markdown, lines] of cases) it(name, () => assert.deepEqual(shown(markdown), lines));
});
