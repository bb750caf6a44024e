import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../source/render/markdown.js';
import {hexoCodeblock} from '../../source/render/templates.js';
import {shortcodeParameters} from '../../source/render/templates-parameters.js';
import {createTheme} from '../../source/theme/palette.js';

function render(markdown: string, width = 60): string[] {
	return renderMarkdown(markdown, {width, theme: createTheme(0)}).lines.map(line => stripAnsi(line));
}

const goBlock = ['┌─ go', '│ # a comment, not a heading', '│ x := 1', '└─'];

describe('Hugo highlight shortcodes, in every spelling Hugo reads', () => {
	const table: Array<[string, string, string]> = [
		['no spaces', '{{<highlight go>}}', '{{</highlight>}}'],
		['the usual', '{{< highlight go >}}', '{{< /highlight >}}'],
		['a space after the slash', '{{< highlight go >}}', '{{< / highlight >}}'],
		['the slash against the delimiter', '{{< highlight go >}}', '{{</ highlight >}}'],
		['no space before the end', '{{< highlight go >}}', '{{< /highlight>}}'],
		['spaces everywhere', '{{<   highlight   go   >}}', '{{<   /   highlight   >}}'],
		['Markdown delimiters', '{{% highlight go %}}', '{{% / highlight %}}'],
		['positional options', '{{< highlight go "linenos=table,hl_lines=8 15-17" >}}', '{{< / highlight >}}'],
		['a quoted language', '{{< highlight "go" "linenos=inline" >}}', '{{< /highlight >}}'],
		['a named language', '{{< highlight lang="go" >}}', '{{< /highlight >}}'],
		['indented tags', '{{< highlight go >}}', '   {{< / highlight >}}'],
	];
	for (const [name, open, close] of table) {
		it(`${name}: ${open} … ${close}`, () => {
			const lines = render(`Before.\n\n${open}\n# a comment, not a heading\nx := 1\n${close}\n\nAfter.`);
			assert.deepEqual(lines, ['Before.', '', ...goBlock, '', 'After.']);
		});
	}

	it('keeps a blank line inside the block, and the blocks apart', () => {
		const block = '{{< highlight go >}}\na := 1\n\nb := 2\n{{< / highlight >}}';
		const lines = render(`${block}\n\n${block}`);
		assert.deepEqual(lines, [
			'┌─ go',
			'│ a := 1',
			'│ ',
			'│ b := 2',
			'└─',
			'',
			'┌─ go',
			'│ a := 1',
			'│ ',
			'│ b := 2',
			'└─',
		]);
	});

	// marked-footnote looks for its notes where it puts them when it sees the first block.
	it('keeps the notes of a post that starts with one', () => {
		const page = renderMarkdown(
			'{{< highlight go >}}\nx := 1\n{{< /highlight >}}\n\nA note[^1].\n\n[^1]: The note.\n',
			{
				width: 60,
				theme: createTheme(0),
			},
		);
		const lines = page.lines.map(line => stripAnsi(line));
		assert.ok(lines.includes('A note[1].'), lines.join('\n'));
		assert.ok(lines.includes('[1] The note.'), lines.join('\n'));
	});

	it('reads a highlight inside a list item', () => {
		const lines = render('- step one:\n\n  {{< highlight sh >}}\n  make\n  {{< / highlight >}}');
		assert.deepEqual(lines, ['• step one:', '', '  ┌─ sh', '  │ make', '  └─']);
	});
});

describe('shortcode parameters', () => {
	const table: Array<[string, Record<string, string>, string[]]> = [
		['go "linenos=table,hl_lines=8"', {}, ['go', 'linenos=table,hl_lines=8']],
		['src="/a b.png" alt=\'An "x"\' width=300', {src: '/a b.png', alt: 'An "x"', width: '300'}, []],
		['caption=`raw "text"` title="say \\"hi\\""', {caption: 'raw "text"', title: 'say "hi"'}, []],
		['Title = "spaced"', {title: 'spaced'}, []],
	];
	for (const [text, named, positional] of table) {
		it(text, () => {
			const parsed = shortcodeParameters(text);
			assert.deepEqual(Object.fromEntries(parsed.named), named);
			assert.deepEqual(parsed.positional, positional);
		});
	}
});

describe('Hugo figure', () => {
	it('shows the alt text, then the title, the caption and the attribution', () => {
		const source =
			'{{< figure src="/img/owl.png" alt="An owl on a post" title="Night shift" caption="Taken at dusk"' +
			' attr="Photo: the author" attrlink="https://example.com/owl" >}}';
		assert.deepEqual(render(source, 80), [
			'[image: An owl on a post] (/img/owl.png)',
			'Night shift · Taken at dusk · Photo: the author (https://example.com/owl)',
		]);
	});

	it('uses the title as the image text when there is no alt, and does not repeat it', () => {
		assert.deepEqual(render('{{% figure src="x.jpg" title="Harbour" caption="Boats at rest" %}}'), [
			'[image: Harbour] (x.jpg)',
			'Boats at rest',
		]);
	});

	it('keeps a self-closing figure and one with only a caption', () => {
		assert.deepEqual(render('{{< figure src="y.png" caption="Just this" />}}'), ['[image: Just this] (y.png)']);
	});

	it('shows what a figure says without control sequences', () => {
		const [, below] = renderMarkdown('{{< figure src="z.png" alt="z" caption="bad \u001B[2J news" >}}', {
			width: 60,
			theme: createTheme(0),
		}).lines;
		assert.ok(below !== undefined && !below.includes('\u001B'), JSON.stringify(below));
	});
});

describe('Hexo codeblock', () => {
	const table: Array<[string, {lang: string; caption: string}]> = [
		['', {lang: '', caption: ''}],
		['lang:js', {lang: 'js', caption: ''}],
		['Array.map', {lang: '', caption: 'Array.map'}],
		[
			'Array.map lang:js http://example.com/map Map docs',
			{lang: 'js', caption: 'Array.map · Map docs (http://example.com/map)'},
		],
		['lang:js https://example.com/only', {lang: 'js', caption: 'link (https://example.com/only)'}],
		['A title lang:ruby line_number:false mark:1,3-4', {lang: 'ruby', caption: 'A title'}],
	];
	for (const [parameters, expected] of table) {
		it(`{% codeblock ${parameters} %}`, () => {
			assert.deepEqual(hexoCodeblock(parameters), expected);
		});
	}

	it('shows the caption and link on the label line', () => {
		const source =
			'{% codeblock Squares lang:js http://example.com/sq Docs %}\n[1, 2].map(n => n * n)\n{% endcodeblock %}';
		assert.deepEqual(render(source), [
			'┌─ js · Squares · Docs (http://example.com/sq)',
			'│ [1, 2].map(n => n * n)',
			'└─',
		]);
	});

	it('reads the short name {% code %} … {% endcode %}', () => {
		assert.deepEqual(render('{% code Hello lang:ruby %}\nputs 1\n{% endcode %}'), [
			'┌─ ruby · Hello',
			'│ puts 1',
			'└─',
		]);
	});

	it('wraps a long label instead of cutting it', () => {
		const source =
			'{% codeblock Summing a list lang:js https://example.com/a/path Reference %}\nsum(x)\n{% endcodeblock %}';
		const lines = render(source, 30);
		const label = lines.slice(0, -2).join('');
		assert.equal(label.replace(/\s+/g, ''), '┌─js·Summingalist·Reference(https://example.com/a/path)');
		for (const line of lines) assert.ok(line.length <= 30, line);
	});

	it('shows a caption without control sequences', () => {
		const line = renderMarkdown('{% codeblock Bad\u001B]0;title\u0007 lang:js %}\nx\n{% endcodeblock %}', {
			width: 60,
			theme: createTheme(0),
		}).lines[0];
		assert.ok(line !== undefined && !line.includes('\u001B') && !line.includes('\u0007'), JSON.stringify(line));
	});
});
