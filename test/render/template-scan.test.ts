// What a reader sees of template tags read by the one-pass scanners
// (render/template-scan.ts): tags never closed are text, closed ones read as
// they always did, whatever runs of spaces, openers or lines surround them.
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {remoteAddresses} from '../../source/pictures/remote.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {openedOn} from '../../source/render/template-lines.js';
import {onOneLine} from '../../source/render/template-scan.js';
import {shortcodeParameters} from '../../source/render/templates-parameters.js';
import {RestSearch} from '../../source/text/rest-search.js';
import {createTheme} from '../../source/theme/palette.js';

function render(markdown: string, width = 60): string[] {
	return renderMarkdown(markdown, {width, theme: createTheme(0)}).lines.map(line => stripAnsi(line));
}

const spaces = (count: number) => ' '.repeat(count);

describe('template tags never closed are text, as written', () => {
	const table: Array<[string, string, string[]]> = [
		['a figure of spaces', `{{< figure${spaces(40)}x`, [`{{< figure${spaces(40)}x`]],
		[
			'Hugo highlights',
			'{{< highlight x >}}\n'.repeat(3),
			['{{< highlight x >}} {{< highlight x >}} {{< highlight x >}}'],
		],
		['Hugo mermaid tags', '{{< mermaid >}}\n'.repeat(3), ['{{< mermaid >}} {{< mermaid >}} {{< mermaid >}}']],
		[
			'Liquid highlights',
			'{% highlight ruby %}\n'.repeat(3),
			['{% highlight ruby %} {% highlight ruby %} {% highlight ruby', '%}'],
		],
		['Hexo code blocks', '{% codeblock %}\n'.repeat(3), ['{% codeblock %} {% codeblock %} {% codeblock %}']],
		['Hugo comments', '{{< comment >}}\n'.repeat(3), ['{{< comment >}} {{< comment >}} {{< comment >}}']],
		// It was split at its second brace: `{`, then a Liquid tag `{% mermaid %}`, then `}`.
		['a Hugo mermaid tag in a paragraph', 'Text\n{{% mermaid %}}\nmore', ['Text {{% mermaid %}} more']],
		['openers, then one closer', `${'{{< '.repeat(4)}>}}`, ['{{< {{< {{< {{< >}}']],
		['a tag across a blank line', '{{< x\n\n>}}', ['{{< x', '', '│ }}']],
		['a variable with a run of spaces', `{{ a${spaces(30)}b }}`, [`{{ a${spaces(30)}b }}`]],
	];
	for (const [name, markdown, expected] of table) {
		it(name, () => assert.deepEqual(render(markdown), expected));
	}

	it('keeps every character of a long unclosed figure', () => {
		const markdown = `{{< figure${spaces(600)}x`;
		assert.equal(render(markdown, 1000).join(''), markdown);
	});
});

describe('closed template tags read as before, among unclosed ones and long runs', () => {
	const table: Array<[string, string, string[]]> = [
		[
			'a highlight after an unclosed one',
			'{{< highlight x >}}\n{{< highlight go >}}\nx := 1\n{{< /highlight >}}',
			['┌─ x', '│ {{< highlight go >}}', '│ x := 1', '└─'],
		],
		[
			// The first opener takes the code up to the first closer, blank lines and all.
			'openers before a closed highlight',
			`${'{{< highlight x >}}\n'.repeat(3)}\n{{< highlight go >}}\nx := 1\n{{< /highlight >}}`,
			['┌─ x', '│ {{< highlight x >}}', '│ {{< highlight x >}}', '│ ', '│ {{< highlight go >}}', '│ x := 1', '└─'],
		],
		['a figure with spaces before its end', `{{< figure src="a.png" alt="b"${spaces(300)}>}}`, ['[image: b] (a.png)']],
		['a self-closing figure', `{{< figure src="a.png" alt="A \\"q\\"" /${spaces(5)}>}}`, ['[image: A "q"] (a.png)']],
		[
			'an embed over two lines',
			'{{< youtube\n  abc >}}',
			['[video: YouTube abc] (https://www.youtube.com/watch?v=abc)'],
		],
		['a Liquid highlight', '{% highlight ruby %}\nputs 1\n{% endhighlight %}', ['┌─ ruby', '│ puts 1', '└─']],
		[
			'a Hexo code block',
			'{% codeblock Title lang:js http://a.b Link %}\nx\n{% endcodeblock %}',
			['┌─ js · Title · Link (http://a.b)', '│ x', '└─'],
		],
		['a comment', '{{< comment >}}\nhidden\n{{< /comment >}}\nShown.', ['Shown.']],
		['tags on one line', '{% raw %}{{ x }}{% endraw %}', ['{% raw %}{{ x }}{% endraw %}']],
	];
	for (const [name, markdown, expected] of table) {
		it(name, () => assert.deepEqual(render(markdown), expected));
	}
});

describe('the scanners, as the patterns they replace read', () => {
	it('finds the open tag of a line (the first opener after its last closer)', () => {
		const table: Array<[string, string | undefined]> = [
			['{{< figure', '{{<'],
			['{{% x %}} {{% y', '{{%'],
			['{% a %} {%', '{%'],
			['{{< a >}}', undefined],
			[`${'{{< '.repeat(1000)}>}}`, undefined],
			['{{%}}', '{{%'],
			['{%}', '{%'],
		];
		for (const [line, opener] of table) assert.equal(openedOn(line), opener, line.slice(0, 40));
	});

	it('puts a tag written over lines on one', () => {
		const table: Array<[string, string]> = [
			['{{< x\n  y >}}', '{{< x y >}}'],
			['a \n \n b', 'a  b'],
			[`a${spaces(50)}b`, `a${spaces(50)}b`],
			['\t\na', ' a'],
		];
		for (const [text, shown] of table) assert.equal(onOneLine(text), shown);
	});

	it('reads shortcode parameters around a quote never closed', () => {
		const table: Array<[string, Array<[string, string]>, string[]]> = [
			[`"${'\\"'.repeat(500)}`, [], ['\\', '\\']],
			['a="unclosed b', [], ['a=', 'unclosed', 'b']],
			['x `y', [], ['x', 'y']],
			['t="say \\"hi\\"" u', [['t', 'say "hi"']], ['u']],
		];
		for (const [text, named, positional] of table) {
			const read = shortcodeParameters(text);
			assert.deepEqual([...read.named], named, text.slice(0, 20));
			assert.deepEqual(read.positional.slice(0, positional.length), positional, text.slice(0, 20));
		}
	});

	it("finds a post's picture addresses among openers that never close", () => {
		const table: Array<[string, string[]]> = [
			[`${'!['.repeat(500)}](https://a/b.png)`, ['https://a/b.png']],
			[`${'<img '.repeat(500)}src="https://c/d.png">`, ['https://c/d.png']],
			[`${'{{< figure '.repeat(300)}src='https://e/f.png' >}}`, ['https://e/f.png']],
			[`<img alt="x"> src="https://no/t.png"`, []],
			['![a][r]\n\n[r]: https://g/h.png', ['https://g/h.png']],
			[`![${spaces(500)}](${spaces(500)}<https://i/j.png>)`, ['https://i/j.png']],
		];
		for (const [markdown, addresses] of table) assert.deepEqual(remoteAddresses(markdown), addresses);
	});
});

describe('a remembered search of the rest of a text', () => {
	const firstX = () =>
		new RestSearch(
			(text, from) => text.indexOf('x', from),
			(text, at) => text[at] === 'x',
		);

	it('gives, for every rest of one text, what a fresh search gives', () => {
		const text = 'ab x cd  x\nefx  ';
		const search = firstX();
		const context = {};
		for (let start = 0; start <= text.length; start++) {
			const rest = text.slice(start);
			for (let from = 0; from <= rest.length; from += 3) {
				assert.equal(search.first(rest, context, from), rest.indexOf('x', from), `${start} ${from}`);
			}
		}
	});

	it('searches afresh a shorter text that is not the end of the one it searched', () => {
		const search = firstX();
		const context = {};
		assert.equal(search.first('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', context), -1);
		assert.equal(search.first('bxb', context), 1);
		assert.equal(search.first('xaaa', {}), 0);
	});
});
