import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {type HtmlNode, htmlBlockLines, MAX_ATTRIBUTE, MAX_HTML_DEPTH, parseHtml} from '../../source/render/html.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {mdxToMarkdown} from '../../source/render/mdx.js';
import {createTheme} from '../../source/theme/palette.js';

const plain = createTheme(0);
const colour = createTheme(3);

function render(markdown: string, options: {width?: number; mdx?: boolean} = {}): string[] {
	return renderMarkdown(markdown, {width: options.width ?? 60, theme: plain, mdx: options.mdx}).lines.map(line =>
		stripAnsi(line),
	);
}

/** Control characters other than our own colours and web/mail hyperlinks. */
function foreignControls(lines: string[]): string[] {
	return lines
		.map(line =>
			line.replace(
				/\u001B\[[\d;]*m|\u001B\]8;;(?:(?:https?:\/\/|mailto:)[^\s\u0000-\u001F\u007F-\u009F]*)?\u0007/g,
				'',
			),
		)
		.filter(line => /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/.test(line));
}

function depthOf(nodes: HtmlNode[]): number {
	let deepest = 0;
	let level: HtmlNode[] = nodes;
	while (level.length > 0) {
		deepest++;
		level = level.flatMap(node => (typeof node === 'string' ? [] : node.children));
	}

	return deepest;
}

describe('raw HTML in a post', () => {
	const cases: Array<[string, string, string[]]> = [
		[
			'an inline <img> is an image line',
			'See <img src="chart.png" alt="A chart"> here.',
			['See [image: A chart] (chart.png) here.'],
		],
		[
			'an <img> inside a block, then its caption',
			'<div class="imgcap">\n<img src="/graph.png" alt="Words per week">\n' +
				'<div class="thecap">Counted by hand.</div>\n</div>',
			['[image: Words per week] (/graph.png)', 'Counted by hand.'],
		],
		['a lazy <img> shows where its picture is', '<p><img data-src="later.jpg"></p>', ['[image: image] (later.jpg)']],
		[
			'a data: URL shows its type, not its payload',
			'<img alt="dot" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUg">',
			['[image: dot] (data:image/png;base64,…)'],
		],
		[
			'a post that begins with CSS shows none of it',
			'<style>\nbody { color: #333; }\n\n.note::before { content: "Note"; }\n</style>\n\nFirst words.',
			['First words.'],
		],
		['an inline <script> shows nothing', 'Before <script>track("visit")</script> after.', ['Before after.']],
		[
			'<a href> shows its address like a Markdown link',
			'Read <a href="https://example.com/guide">the guide</a>.',
			['Read the guide (https://example.com/guide).'],
		],
		[
			'link text claiming another address shows the real target',
			'At <a href="https://bank.example.net">https://mybank.example.com</a>.',
			['At https://mybank.example.com (https://bank.example.net).'],
		],
		[
			'Markdown inside an HTML link keeps its link',
			'<a href="https://example.com/a">**bold** words</a> and more',
			['**bold** words (https://example.com/a) and more'],
		],
		['a list on one line has a line per item', '<ol><li>mix</li><li>bake</li></ol>', ['1. mix', '2. bake']],
		[
			'a list inside a paragraph breaks its lines',
			'Steps: <ol><li>mix</li><li>bake</li></ol>',
			['Steps:', '1. mix', '2. bake'],
		],
		[
			'nested lists indent and change bullets',
			'<ul>\n  <li>fruit\n    <ul><li>fig</li></ul>\n  </li>\n  <li>bread</li>\n</ul>',
			['• fruit', '  ◦ fig', '• bread'],
		],
		[
			'<pre> keeps its lines and indentation, as a code block',
			'<pre>\nif (ready) {\n    go();\n}\n</pre>',
			['┌─', '│ if (ready) {', '│     go();', '│ }', '└─'],
		],
		[
			'<pre><code class="language-…"> names its language',
			'<pre><code class="language-go">func main() {\n\tfmt.Println("&lt;hi&gt;")\n}\n</code></pre>',
			['┌─ go', '│ func main() {', '│     fmt.Println("<hi>")', '│ }', '└─'],
		],
		[
			'an HTML table is a table',
			'<table>\n<tr><th>Fruit</th><th align="right">Count</th></tr>\n' +
				'<tr><td>fig</td><td align="right">3</td></tr>\n<tr><td>plum &amp; pear</td><td>12</td></tr>\n</table>',
			[
				'┌─────────────┬───────┐',
				'│ Fruit       │ Count │',
				'├─────────────┼───────┤',
				'│ fig         │     3 │',
				'│ plum & pear │    12 │',
				'└─────────────┴───────┘',
			],
		],
		[
			'a one-row layout table shows its cells in turn',
			'<table><tr><td><img src="a.png" alt="Before"></td><td><img src="b.png" alt="After"></td></tr></table>',
			['[image: Before] (a.png)', '[image: After] (b.png)'],
		],
		[
			'<details> shows its summary as a label, then its body',
			'<details>\n<summary>Show the answer</summary>\nForty-two.\n</details>',
			['▸ Show the answer', 'Forty-two.'],
		],
		[
			'comments are hidden, inline and as blocks',
			'One <!-- a note to self --> two.\n\n<!--\nDraft text.\n-->\n\nBelow.',
			['One two.', '', 'Below.'],
		],
		['entities in HTML text are decoded', '<p>Fish &amp; chips &mdash; &hellip;</p>', ['Fish & chips — …']],
		['a <progress> shows its figures', '<p>Read: <progress value="5" max="34">15%</progress></p>', ['Read: 5/34']],
		['a <progress> out of 1 by default', '<p><progress value="0.5"></progress> done</p>', ['0.5/1 done']],
		['a <progress> without a value shows its text', '<p><progress max="9">loading</progress></p>', ['loading']],
		['a <meter> shows its value, out of its max', '<p><meter value="6" min="0" max="10">6</meter></p>', ['6/10']],
		['a <meter> without a max shows its value', '<p><meter value="0.75"></meter></p>', ['0.75']],
		['a value that is no number is not shown', '<p><progress value="\u001B[2J" max="3">x</progress></p>', ['x']],
		[
			'unclosed tags end with the block',
			'<div><p>open <b>bold <i>both <img src="x.png" alt="pic">',
			['open bold both [image: pic] (x.png)'],
		],
	];
	for (const [name, markdown, expected] of cases) {
		it(name, () => {
			assert.deepEqual(render(markdown), expected);
		});
	}

	it('makes only web and mail links clickable', () => {
		const source = '<a href="https://example.com/x">web</a> <a href="javascript:alert(1)">script</a>';
		const [line = ''] = renderMarkdown(source, {width: 80, theme: colour, hyperlinks: true}).lines;
		assert.ok(line.includes('\u001B]8;;https://example.com/x\u0007'));
		assert.ok(!line.includes('\u001B]8;;javascript'));
		assert.ok(stripAnsi(line).includes('script (javascript:alert(1))'));
	});
});

describe('hostile HTML stays bounded and inert', () => {
	it('keeps no more than MAX_HTML_DEPTH levels of 10,000 nested elements, and all their text', () => {
		const html = `${'<div>'.repeat(10_000)}deep${'</div>'.repeat(10_000)} after`;
		assert.ok(depthOf(parseHtml(html)) <= MAX_HTML_DEPTH + 1);
		assert.deepEqual(htmlBlockLines(html, 60, {theme: plain, hyperlinks: false}), ['deep', 'after']);
	});

	it('never shows a script, however deep it is', () => {
		const html = `${'<div>'.repeat(100)}<script>secret()</script>shown`;
		assert.deepEqual(render(html), ['shown']);
	});

	it('cuts huge attributes', () => {
		const html = `<img alt="${'a'.repeat(100_000)}" src="x.png">`;
		const [line = ''] = htmlBlockLines(html, 1_000_000, {theme: plain, hyperlinks: false});
		assert.ok(line.length < MAX_ATTRIBUTE + 100, String(line.length));
	});

	it('shows control characters in tags, attributes and text instead of sending them', () => {
		const source = [
			'<a href="https://x.example/\u001B]52;c;Y2xpcA==\u0007">t\u001B[31mred</a> <img alt="\u001B[2J" src="\u009B31m">',
			'',
			'<p title="\u0007">&#27;[2J \u0008x <a href="https://ok.example">\u202Eevil</a></p>',
		].join('\n');
		for (const theme of [plain, colour]) {
			const {lines} = renderMarkdown(source, {width: 80, theme, hyperlinks: true});
			assert.deepEqual(foreignControls(lines), []);
			const shown = lines.map(line => stripAnsi(line)).join('\n');
			for (const visible of ['^[]52;c;', 't^[[31mred', '[image: ^[[2J] (<U+009B>31m)', '^[[2J ^Hx', '<U+202E>evil'])
				assert.ok(shown.includes(visible), `${visible} in ${shown}`);
		}
	});
});

describe('character references', () => {
	const cases: Array<[string, string, string[]]> = [
		[
			'every HTML5 named reference decodes in text',
			'&mdash; &dollar;5 &hellip; &frac12; &NotNestedGreaterGreater; &amp;mdash; **&copy;** &#x1F600; &#38;',
			['— $5 … ½ ⪢̸ &mdash; **©** 😀 &'],
		],
		[
			'unknown names and numbers that are no character stay as written',
			'&nosuch; &#0; &#xD800; &#1114112; &#99999999;',
			['&nosuch; &#0; &#xD800; &#1114112; &#99999999;'],
		],
		[
			'code spans and code blocks keep references as written',
			'`&#x3D; &amp; &mdash;`\n\n```\n&mdash; &#x3D;\n```',
			['`&#x3D; &amp; &mdash;`', '', '┌─', '│ &mdash; &#x3D;', '└─'],
		],
		[
			'link and image addresses are decoded',
			'[q](https://e.example/?a=1&amp;b=2) ![a &amp; b](p.png?w=1&amp;h=2)',
			['q (https://e.example/?a=1&b=2) [image: a & b] (p.png?w=1&h=2)'],
		],
	];
	for (const [name, markdown, expected] of cases) {
		it(name, () => {
			assert.deepEqual(render(markdown, {width: 80}), expected);
		});
	}
});

describe('MDX components never replace code', () => {
	const cases: Array<[string, string]> = [
		['Write `<Chart />` to draw one: <Chart />', 'Write `<Chart />` to draw one: [Chart]'],
		['``a `<Note>` b`` and <Note>hi</Note>', '``a `<Note>` b`` and [Note] hi'],
		['`<B/>` <B/> `c` <D />', '`<B/>` [B] `c` [D]'],
		[
			'an unclosed `` hides no <Chart /> and `<Chart />` stays',
			'an unclosed `` hides no [Chart] and `<Chart />` stays',
		],
	];
	for (const [source, expected] of cases) {
		it(source, () => {
			assert.equal(mdxToMarkdown(source), expected);
		});
	}

	it('reads a fence inside tabs as code, each tab its own block (Docusaurus)', () => {
		const source = [
			'<Tabs>',
			'  <TabItem value="npm">',
			'    ```bash',
			'    npm install blogread',
			'      --global',
			'    ```',
			'  </TabItem>',
			'  <TabItem value="yarn">',
			'    ```bash',
			'    yarn add blogread',
			'    ```',
			'  </TabItem>',
			'</Tabs>',
		].join('\n');
		const shown = render(source, {mdx: true});
		const text = shown.join('\n');
		for (const code of ['npm install blogread', '  --global', 'yarn add blogread'])
			assert.ok(
				shown.some(line => line.includes(`│ ${code}`)),
				`${code} in a code frame\n${text}`,
			);
		assert.ok(!text.includes('```'), text);
		assert.equal(mdxToMarkdown(source).split('\n').length, source.split('\n').length, 'every line keeps its place');
	});

	it('shows a component in a code span as written', () => {
		assert.deepEqual(render('Use `<Tabs items={["a"]} />` here.\n\n<Tabs />', {mdx: true}), [
			'Use `<Tabs items={["a"]} />` here.',
			'',
			'[Tabs]',
		]);
	});
});
