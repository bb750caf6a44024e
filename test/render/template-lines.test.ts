import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../source/render/markdown.js';
import {withTemplateLines} from '../../source/render/template-lines.js';
import {createTheme} from '../../source/theme/palette.js';

const render = (markdown: string) =>
	renderMarkdown(markdown, {width: 80, theme: createTheme(0)}).lines.map(line => stripAnsi(line).trimEnd());

describe('template tags written over several lines', () => {
	const cases: Array<[name: string, markdown: string, read: string]> = [
		[
			'a figure’s parameters on their own lines',
			'{{% figure\nsrc="a.png"\n%}}',
			'{{% figure\n    src="a.png"\n    %}}',
		],
		['a closing >}} that would start a quote', 'Text {{< x a\n>}} b', 'Text {{< x a\n    >}} b'],
		['a Liquid tag', '{% include\nnote.html %}', '{% include\n    note.html %}'],
		['a tag closed on its line is left', '{{< x >}}\n> quote', '{{< x >}}\n> quote'],
		['an opener never closed is text', '{{< x\n\nmore', '{{< x\n\nmore'],
		['nothing in a fence', '```\n{{< x\n>}}\n```', '```\n{{< x\n>}}\n```'],
	];
	for (const [name, markdown, read] of cases) {
		it(name, () => {
			assert.equal(withTemplateLines(markdown), read);
			assert.equal(read.split('\n').length, markdown.split('\n').length, 'every line keeps its place');
		});
	}

	it('reads them as Hugo does: a figure, an inline figure and a highlight', () => {
		const lines = render(
			[
				'{{% figure',
				'  src="/img/cat.png"',
				'  alt="A cat"',
				'  caption="Sleeping"',
				'%}}',
				'',
				'Text {{< figure src="/a.png"',
				'  alt="Inline one"',
				'>}} after.',
				'',
				'{{< highlight go',
				'"linenos=table" >}}',
				'func main() {}',
				'{{< /highlight >}}',
				'',
				'{{< notice',
				'  warning >}}',
			].join('\n'),
		);
		assert.deepEqual(lines.slice(0, 8), [
			'[image: A cat] (/img/cat.png)',
			'Sleeping',
			'',
			'Text [image: Inline one] (/a.png) after.',
			'',
			'┌─ go',
			'│ func main() {}',
			'└─',
		]);
		assert.ok(lines.includes('{{< notice warning >}}'), 'an unknown tag is shown as written, on one line');
		assert.ok(!lines.some(line => line.startsWith('│ }}')), 'no quote made of a closing >}}');
	});
});
