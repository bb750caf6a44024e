// The kinds of input the CommonMark reference implementation keeps as its
// pathological cases (cmark's test/pathological_tests.py), written here from
// their descriptions, plus the ones found against this project's own stack.
// The tests render each to lines that fit; npm run bench times them.
const N = 20_000;
/** A Mermaid flowchart of `count` arrows, `arrow` giving each. */
const mermaidGraph = (count: number, arrow: (index: number) => string) =>
	`\`\`\`mermaid\ngraph TD\n${Array.from({length: count}, (_, index) => arrow(index)).join('\n')}\n\`\`\``;
export const pathologicalCases: Array<[string, string]> = [
	['nested strong emphasis', `${'*a **a '.repeat(N / 10)}b${' a** a*'.repeat(N / 10)}`],
	['nested strong emphasis over lines', `${'*a **a \n'.repeat(N / 10)}b${'\n a** a*'.repeat(N / 10)}`],
	['many emphasis closers with no openers', 'a_ '.repeat(N)],
	['many emphasis openers with no closers', '_a '.repeat(N)],
	['many link closers with no openers', 'a]'.repeat(N)],
	['many link openers with no closers', '[a'.repeat(N)],
	['mismatched openers and closers', '*a_ '.repeat(N)],
	['openers and closers, multiple of 3', `a**b${'c* '.repeat(N)}`],
	['link openers and emphasis closers', '[ a_'.repeat(N)],
	['pattern [ (]( repeated', '[ (]('.repeat(N)],
	['nested brackets', `${'['.repeat(N)}a${']'.repeat(N)}`],
	['nested block quotes', `${'> '.repeat(N)}a`],
	['a thousand > in a row', '>'.repeat(1000)],
	['deeply nested lists', Array.from({length: 1000}, (_, index) => `${'  '.repeat(index)}* a`).join('\n')],
	['a 52-byte nested list', '* '.repeat(26)],
	// Containers opened on one line: marked recursed once each, to a stack overflow (issue 48).
	['1,500 list items opened on one line', `${'- '.repeat(1500)}x`],
	['quotes and items opened on one line', `${'> - '.repeat(1500)}x`],
	['ordered items opened on one line', `${'1. '.repeat(1500)}x`],
	['mixed bullets opened on one line', `${'* + - '.repeat(1000)}x`],
	// Mermaid layouts: a chain of 25 arrows never finished, dense graphs took seconds (issue 48).
	['a Mermaid chain of 25 arrows', mermaidGraph(25, index => `N${index} --> N${index + 1}`)],
	['a Mermaid graph of 1,150 arrows', mermaidGraph(1150, index => `N${index % 40} --> N${(index * 7) % 41}`)],
	['U+0000 in input', 'abc\u0000de\u0000'.repeat(N)],
	['backticks of every length', Array.from({length: 2000}, (_, index) => `e${'`'.repeat(index)}`).join('')],
	['unclosed links A', '[a](<b'.repeat(N)],
	['unclosed links B', '[a](b'.repeat(N)],
	['ten thousand *', '*'.repeat(10_000)],
	['many references', `${Array.from({length: 5000}, (_, index) => `[${index}]: u`).join('\n')}\n\n${'[0] '.repeat(N)}`],
	['unclosed HTML comments', '<!--'.repeat(N)],
	['unclosed processing instructions', '<?'.repeat(N)],
	['unclosed declarations', '<!A '.repeat(N)],
	['unclosed CDATA', '<![CDATA['.repeat(N)],
	// Raw HTML is parsed as a browser would (implied end tags) into a tree capped in depth.
	['10,000 nested HTML elements', `${'<div>\n'.repeat(10_000)}deep`],
	['unclosed inline HTML tags', '<b><i><span>a\n'.repeat(5000)],
	['an HTML table of 5,000 rows', `<table>\n${'<tr><td>a</td><td>b</td></tr>\n'.repeat(5000)}</table>`],
	['many footnote references', `${'[^a]'.repeat(N)}\n\n[^a]: note`],
	['a very wide table', `${'|a'.repeat(2000)}|\n${'|-'.repeat(2000)}|\n${'|b'.repeat(2000)}|`],
	['a 200,000-character line', 'word '.repeat(40_000)],
	// More lines, items or cells than a call can take as spread arguments (about 100,000).
	['150,000 list items', '- a\n'.repeat(150_000)],
	[
		'a table that prints as 210,000 lines',
		`${'|a'.repeat(3000)}|\n${'|-'.repeat(3000)}|\n${`${'|b'.repeat(3000)}|\n`.repeat(70)}`,
	],
	// Plain, but long: any per-block work that scans the rest of the post shows up here.
	[
		'4 MB of ordinary paragraphs',
		'An ordinary paragraph of a long post, nothing special in it at all.\n\n'.repeat(60_000),
	],
];
