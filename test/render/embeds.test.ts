import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {withoutRawMarkers} from '../../source/render/code-block.js';
import {embedOf} from '../../source/render/embeds.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {withoutSiteMarkup} from '../../source/render/site-markup.js';
import {createTheme} from '../../source/theme/palette.js';

const render = (markdown: string) =>
	renderMarkdown(markdown, {width: 100, theme: createTheme(0)})
		.lines.map(line => stripAnsi(line).trimEnd())
		.filter(line => line !== '');

describe('embeds: what a tag shows from another site, as a link to it', () => {
	const cases: Array<[tag: string, label: string | undefined, url?: string]> = [
		['{{< youtube dQw4w9WgXcQ >}}', 'video: YouTube dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
		['{{< youtube id="abc_1-2" >}}', 'video: YouTube abc_1-2', 'https://www.youtube.com/watch?v=abc_1-2'],
		['{{< vimeo 146022717 >}}', 'video: Vimeo 146022717', 'https://vimeo.com/146022717'],
		['{{< gist spf13 7896402 >}}', 'gist: spf13/7896402', 'https://gist.github.com/spf13/7896402'],
		['{{< tweet user="a" id="12" >}}', 'post: X 12', 'https://x.com/a/status/12'],
		['{{< x user="a" id="12" >}}', 'post: X 12', 'https://x.com/a/status/12'],
		['{{< instagram CxOWiQNP2MO >}}', 'post: Instagram CxOWiQNP2MO', 'https://www.instagram.com/p/CxOWiQNP2MO/'],
		['{% youTube "hIs5StN8J-0" %}', 'video: YouTube hIs5StN8J-0', 'https://www.youtube.com/watch?v=hIs5StN8J-0'],
		['{% youtube "https://youtu.be/x" %}', 'video: YouTube', 'https://youtu.be/x'],
		['{% codepen "https://codepen.io/a/pen/xyz" %}', 'pen: CodePen', 'https://codepen.io/a/pen/xyz'],
		['{{< youtube "javascript:alert(1)" >}}', undefined],
		['{{< youtube "a b" >}}', undefined],
		['{{< notice warning >}}', undefined],
	];
	for (const [tag, label, url] of cases) {
		it(tag, () => {
			assert.deepEqual(embedOf(tag), label === undefined ? undefined : {label, url});
		});
	}

	it('renders as a link line, listed with the post’s links; an unknown tag stays as written', () => {
		const lines = render('Watch {{< youtube dQw4w9WgXcQ >}} now.\n\n{{< notice warning >}}\n');
		assert.deepEqual(lines, [
			'Watch [video: YouTube dQw4w9WgXcQ] (https://www.youtube.com/watch?v=dQw4w9WgXcQ) now.',
			'{{< notice warning >}}',
		]);
	});
});

describe('what a site keeps for its authors is not shown', () => {
	it('a Hugo comment, headings and all', () => {
		assert.deepEqual(
			render('Before.\n\n{{< comment >}}\n# TODO: rewrite\nhidden words\n{{< /comment >}}\n\nAfter.\n'),
			['Before.', 'After.'],
		);
	});

	const markup: Array<[string, string]> = [
		['[A post]({{ site.url }}{{ site.baseurl }}/2020/01/a/)', '[A post](/2020/01/a/)'],
		['[x]({{site.baseurl}}/x)', '[x](/x)'],
		['![pic](/a.png){: .align-center}', '![pic](/a.png)'],
		['{: .notice}', ''],
		['```\n{{ site.url }} {: .x}\n```', '```\n{{ site.url }} {: .x}\n```'],
		// Code is verbatim: code spans, indented blocks.
		['Write `{{ site.url }}` in a layout.', 'Write `{{ site.url }}` in a layout.'],
		['``[a]({{ site.baseurl }}/a)`` and [b]({{ site.baseurl }}/b)', '``[a]({{ site.baseurl }}/a)`` and [b](/b)'],
		['Text.\n\n    [a]({{ site.url }}/a) {: .x}\n\nMore.', 'Text.\n\n    [a]({{ site.url }}/a) {: .x}\n\nMore.'],
		['\\`[a]({{ site.url }}/a)`', '\\`[a](/a)`'],
		// Only where a link or picture's address starts: elsewhere it is shown as written.
		['Your site is at {{ site.url }}.', 'Your site is at {{ site.url }}.'],
		['<img src="{{ site.baseurl }}/a.png"> <a href={{site.url}}/x>x</a>', '<img src="/a.png"> <a href=/x>x</a>'],
		['[logo]: {{ site.url }}/logo.png', '[logo]: /logo.png'],
		['![pic]( {{ site.url }}{{ site.baseurl }}/p.png )', '![pic]( /p.png )'],
		// A list item's second paragraph is not code.
		['- item\n\n    [a]({{ site.url }}/a)', '- item\n\n    [a](/a)'],
		[
			'See {% post_url 2020-01-01-a %} and `{% post_url 2020-01-01-a %}`',
			'See blogread:post/2020-01-01-a and `{% post_url 2020-01-01-a %}`',
		],
	];
	for (const [markdown, read] of markup) {
		it(`site markup: ${JSON.stringify(markdown)}`, () => {
			assert.equal(withoutSiteMarkup(markdown), read);
		});
	}

	const raw: Array<[string, string]> = [
		['{% raw %}\n{{ page.title }}\n{% endraw %}', '{{ page.title }}'],
		['{%- raw -%}{{ x }}{%- endraw -%}', '{{ x }}'],
		['a\n{% raw %}\nb\n{% endraw %}\nc', 'a\nb\nc'],
		['no markers', 'no markers'],
	];
	for (const [code, shown] of raw) {
		it(`code keeps its text, not Liquid's raw markers: ${JSON.stringify(code)}`, () => {
			assert.equal(withoutRawMarkers(code), shown);
		});
	}
});
