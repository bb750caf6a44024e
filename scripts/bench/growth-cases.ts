// The growth check's cases (scripts/bench/growth.ts): every Markdown construct, template tag and config file a
// blog may hold, each as a function of n whose text grows with n. A scanner that retries from every position
// shows here as a time at 4n far above 4× the time at n. Each construct comes in the shapes that once made one
// of blogread's patterns blow up (issue 48): many of it, long runs of spaces or blank lines inside it, its opener
// never closed on many lines, and many openers on one line.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseFrontMatter} from '../../source/blog/load/front-matter.js';
import {detectLayout} from '../../source/blog/load/layout.js';
import {normalisePost} from '../../source/blog/model/normalise.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {createTheme} from '../../source/theme/palette.js';

/**
 * What a case's text is, and so what times it: a post body (rendered as the reader shows it), a whole post file
 * (its front matter read and the post model made, as `--list` does), or a site's config file (the site's layout
 * found, as `--list` does first, the file written into an otherwise empty site).
 */
export type GrowthKind = 'markdown' | 'post file' | 'site';

export type GrowthCase = {
	name: string;
	kind: GrowthKind;
	/** The first size tried; growth.ts takes larger ones while the time at 4n is too small to measure. */
	n: number;
	text: (n: number) => string;
	/** For a site: which generator's (the folder its layout is known by) and the file's name. */
	site?: {folder: string; file: string};
	/** The most characters the text may have at 4n (a reader caps what it reads: a config at 256 KB). */
	maxChars?: number;
};

/** A Hugo config's language `index`, with a content folder of its own. */
const language = (index: number) => `[languages.l${index}]\ncontentDir = "content/l${index}"\n`;

/** `unit` `count` times. */
const times = (unit: string, count: number): string => unit.repeat(Math.max(0, count));
/** How many `unit`s make about `chars` characters: a case's first n, its text a few KB. */
const about = (chars: number, unit: string): number => Math.max(1, Math.round(chars / unit.length));

/**
 * A construct: `one` well-formed instance (ending where another may start), its `open`er as written, and its
 * `close`r when it has one. `inside` places a filler where a scanner may loop: by default after the opener
 * and a word, never closed (how the Hugo figure pattern took 66 s over 600 spaces).
 */
type Construct = {
	name: string;
	one: string;
	open: string;
	close?: string;
	inside?: (filler: string) => string;
	/** A separator between openers on one line (default a space). */
	between?: string;
};

/** The shapes of one construct (see the file's head). */
function shapes({name, one, open, close, inside, between = ' '}: Construct): GrowthCase[] {
	const unclosed = inside ?? ((filler: string) => `${open}${filler}x`);
	const cases: GrowthCase[] = [
		{name: `${name}: many`, kind: 'markdown', n: about(4096, one), text: n => times(one, n)},
		{name: `${name}: n spaces inside`, kind: 'markdown', n: 2048, text: n => unclosed(times(' ', n))},
		{name: `${name}: n blank lines inside`, kind: 'markdown', n: 2048, text: n => unclosed(times('\n', n))},
		{
			name: `${name}: unclosed, n lines`,
			kind: 'markdown',
			n: about(4096, `${open}\n`),
			text: n => times(`${open}\n`, n),
		},
		{
			name: `${name}: n openers on one line`,
			kind: 'markdown',
			n: about(4096, open + between),
			text: n => times(open + between, n),
		},
	];
	if (close !== undefined)
		cases.push({
			name: `${name}: closed over n spaces`,
			kind: 'markdown',
			n: 2048,
			text: n => `${open}${times(' ', n)}x${times(' ', n)}${close}`,
		});
	return cases;
}

/** A Mermaid flowchart of a few edges, closed: many small diagrams, each under the layout's bound. */
const smallMermaid = '```mermaid\ngraph TD\n  A --> B\n  B --> C\n```\n\n';

const constructs: Construct[] = [
	// Blocks.
	{name: 'ATX heading', one: '# A heading\n\n', open: '#', inside: filler => `# a${filler}#`},
	{name: 'ATX heading, closing hashes', one: '## A heading ##\n\n', open: '## a #', between: ''},
	{name: 'setext heading', one: 'A heading\n=========\n\n', open: 'a\n===', inside: filler => `a${filler}\n===`},
	{name: 'paragraph', one: 'An ordinary paragraph, nothing special in it.\n\n', open: 'word'},
	{name: 'thematic break', one: '* * *\n\n', open: '-', inside: filler => `-${filler}-${filler}-`},
	{name: 'bullet list', one: '- an item\n', open: '-'},
	{name: 'ordered list', one: '1. an item\n', open: '1.'},
	{name: 'task list', one: '- [ ] a task\n- [x] done\n', open: '- [ ]'},
	{
		name: 'nested list',
		one: '- a\n  - b\n    - c\n      - d\n        - e\n',
		open: '- -',
		inside: filler => `- a${filler}  - b${filler}    - c`,
	},
	{name: 'block quote', one: '> a quoted line\n', open: '>'},
	{name: 'quote and list on one line', one: '> - a\n', open: '> -'},
	{
		name: 'table',
		one: '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
		open: '|',
		inside: filler => `| a${filler}| b |\n|---|---|\n| 1${filler}|`,
		between: '',
	},
	{name: 'table rows', one: '| 1 | 2 | 3 |\n', open: '| a', inside: filler => `| a | b |\n|---|---|\n${filler}| 1 |`},
	{name: 'backtick fence', one: '```js\nlet a = 1;\n```\n\n', open: '```', close: '\n```'},
	{name: 'tilde fence', one: '~~~\ncode\n~~~\n\n', open: '~~~', close: '\n~~~'},
	{name: 'fence info string', one: '```js title="a.js"\na\n```\n', open: '```js', inside: f => `\`\`\`${f}js\na`},
	{name: 'indented code', one: '    code line\n', open: '    a', inside: filler => `    a${filler}    b`},
	{name: 'HTML block', one: '<div>\n<p>a</p>\n</div>\n\n', open: '<div>', close: '</div>'},
	{name: 'HTML comment', one: '<!-- a comment -->\n\n', open: '<!--', close: '-->'},
	{name: 'HTML pre', one: '<pre>\na\n</pre>\n\n', open: '<pre>', close: '</pre>'},
	{name: 'link reference definitions', one: '[a]: https://example.com "title"\n', open: '[a]:'},
	// Inlines.
	{name: 'inline HTML', one: 'a <span class="x">b</span> ', open: '<span', close: '>'},
	{name: 'link', one: '[a link](https://example.com/a) ', open: '[a](', close: ')'},
	{name: 'link with a title', one: '[a](https://example.com "a title") ', open: '[a](b "', close: '")'},
	{name: 'reference link', one: '[a][ref] ', open: '[a][', close: ']'},
	{name: 'autolink', one: '<https://example.com/a> ', open: '<https://', close: '>'},
	{name: 'bare URL', one: 'see https://example.com/a/b?c=d here ', open: 'https://', between: ''},
	{name: 'www link', one: 'www.example.com/a ', open: 'www.'},
	{name: 'email', one: 'write to someone@example.com ', open: 'a@', inside: filler => `a${filler}@example.com`},
	{name: 'email, long local part', one: 'a.b.c.d.e@example.com ', open: 'a.', between: ''},
	{name: 'image', one: '![a picture](a.png) ', open: '![a](', close: ')'},
	{name: 'emphasis', one: '*a* _b_ **c** __d__ ', open: '*'},
	{name: 'strong emphasis', one: '**strong** ', open: '**a'},
	{name: 'strikethrough', one: '~~gone~~ ', open: '~~'},
	{name: 'code span', one: '`code` ', open: '`', close: '`'},
	{name: 'backslash escapes', one: '\\* \\_ \\[ ', open: '\\'},
	{name: 'entities', one: '&amp; &copy; &#169; ', open: '&', inside: filler => `&${filler}amp;`},
	{name: 'hard line break', one: 'a line  \n', open: 'a  \n', between: ''},
	// Footnotes.
	{name: 'footnote reference', one: 'a[^1] ', open: '[^', close: ']'},
	{name: 'footnote definition', one: '[^1]: a note [^1]\n', open: '[^1]:'},
	// Maths.
	{name: 'inline maths $', one: '$a+b$ ', open: '$', close: '$'},
	{name: 'display maths $$', one: '$$\na+b\n$$\n\n', open: '$$', close: '$$'},
	{name: 'display maths $$ x', one: '$$ x $$\n\n', open: '$$ x'},
	{name: 'display maths \\[', one: '\\[\na+b\n\\]\n\n', open: '\\[', close: '\\]'},
	{name: 'inline maths \\(', one: '\\(a+b\\) ', open: '\\(', close: '\\)'},
	// Notes and alerts.
	{name: 'admonition !!!', one: '!!! note "Title"\n    text\n\n', open: '!!! note'},
	{name: 'GitHub alert', one: '> [!NOTE]\n> text\n\n', open: '> [!NOTE]'},
	{name: 'container :::', one: ':::note\ntext\n:::\n\n', open: ':::note', close: ':::'},
	// Hugo.
	{name: 'Hugo figure', one: '{{< figure src="a.png" title="A" >}}\n\n', open: '{{< figure', close: '>}}'},
	{
		name: 'Hugo highlight',
		one: '{{< highlight go >}}\nfunc a() {}\n{{< /highlight >}}\n\n',
		open: '{{< highlight x >}}',
		close: '{{< /highlight >}}',
	},
	{
		name: 'Hugo mermaid',
		one: '{{< mermaid >}}\ngraph TD\n  A --> B\n{{< /mermaid >}}\n\n',
		open: '{{< mermaid >}}',
		close: '{{< /mermaid >}}',
	},
	{name: 'Hugo {{% %}}', one: '{{% notice tip %}}text{{% /notice %}}\n\n', open: '{{%', close: '%}}'},
	{name: 'Hugo {{< >}}', one: '{{< param "a" >}} ', open: '{{<', close: '>}}'},
	// Jekyll and Liquid.
	{
		name: 'Liquid highlight',
		one: '{% highlight ruby %}\nputs 1\n{% endhighlight %}\n\n',
		open: '{% highlight ruby %}',
		close: '{% endhighlight %}',
	},
	{
		name: 'Liquid codeblock',
		one: '{% codeblock a.rb %}\nputs 1\n{% endcodeblock %}\n\n',
		open: '{% codeblock %}',
		close: '{% endcodeblock %}',
	},
	{name: 'Liquid raw', one: '{% raw %}{{ a }}{% endraw %} ', open: '{% raw %}', close: '{% endraw %}'},
	{name: 'Liquid tag', one: '{% include a.html %} ', open: '{%', close: '%}'},
	{name: 'Liquid variable', one: '{{ page.title }} ', open: '{{', close: '}}'},
	{name: 'Jekyll site address', one: '[a]({{ site.url }}/a) {{ site.baseurl }} ', open: '{{ site.url }}'},
	// MDX.
	{name: 'MDX component', one: '<Note type="tip">\ntext\n</Note>\n\n', open: '<Note>', close: '</Note>'},
	{name: 'MDX import', one: "import Chart from './chart.js'\n", open: 'import'},
	{name: 'MDX expression', one: '{/* a comment */} ', open: '{', close: '}'},
	{name: 'MDX props', one: '<Chart data={[1, 2]} />\n\n', open: '<Chart data={', close: '} />'},
	// Obsidian.
	{name: 'wikilink', one: '[[a page|its title]] ', open: '[[', close: ']]'},
	{name: 'wikilink embed', one: '![[a.png]] ', open: '![[', close: ']]'},
	{name: 'Obsidian callout', one: '> [!tip] A title\n> text\n\n', open: '> [!tip]'},
	{name: 'highlight ==', one: '==marked== ', open: '==', close: '=='},
	{name: 'Obsidian comment %%', one: '%%hidden%% ', open: '%%', close: '%%'},
	// Emoji.
	{name: 'emoji shortcode', one: ':smile: :+1: ', open: ':', close: ':', inside: filler => `:smile${filler}`},
	{name: 'Mermaid, small diagrams', one: smallMermaid, open: '```mermaid', close: '\n```'},
];

/** A plain post file of `keys` fields (or the text given) in `---` YAML front matter, then a short body. */
const yamlPost = (front: string) => `---\n${front}---\nSome text.\n`;

/** The cases whose text is a whole post file: what `--list` reads of each post. */
const postFiles: GrowthCase[] = [
	{name: 'YAML front matter: n fields', kind: 'post file', n: 100, text: n => yamlPost(times('key: a value\n', n))},
	{
		name: 'YAML front matter: n list items',
		kind: 'post file',
		n: 200,
		text: n => yamlPost(`tags:\n${times('  - a tag\n', n)}`),
	},
	{name: 'YAML front matter: n blank lines', kind: 'post file', n: 2048, text: n => yamlPost(times('\n', n))},
	{
		name: 'YAML front matter: a value of n spaces',
		kind: 'post file',
		n: 2048,
		text: n => yamlPost(`title: a${times(' ', n)}b\n`),
	},
	{
		name: 'YAML front matter: nested, n fields',
		kind: 'post file',
		n: 100,
		text: n => yamlPost(`cover:\n${times('  image: a.png\n', 1)}${times('params:\n  a: b\n', n)}`),
	},
	{
		name: 'YAML front matter: an unclosed quote over n spaces',
		kind: 'post file',
		n: 2048,
		text: n => yamlPost(`title: "a${times(' ', n)}\n`),
	},
	{
		name: 'YAML front matter: never closed, n lines',
		kind: 'post file',
		n: 500,
		text: n => `---\n${times('title: a\n', n)}`,
	},
	{
		name: 'YAML front matter: never closed, n blank lines',
		kind: 'post file',
		n: 2048,
		text: n => `---\n${times('\n', n)}`,
	},
	{
		name: 'TOML front matter: n fields',
		kind: 'post file',
		n: 100,
		text: n => `+++\n${times('a = "b"\n', n)}+++\nText.\n`,
	},
	{name: 'TOML front matter: n blank lines', kind: 'post file', n: 2048, text: n => `+++\n${times('\n', n)}+++\n`},
	{
		name: 'TOML front matter: an unclosed string over n spaces',
		kind: 'post file',
		n: 2048,
		text: n => `+++\ntitle = "a${times(' ', n)}\n+++\n`,
	},
	{name: 'TOML front matter: never closed', kind: 'post file', n: 500, text: n => `+++\n${times('a = 1\n', n)}`},
	{
		name: 'JSON front matter: n fields',
		kind: 'post file',
		n: 100,
		text: n => `{\n${Array.from({length: n}, (_, index) => `"k${index}": "v"`).join(',\n')}\n}\nText.\n`,
	},
	{
		name: 'JSON front matter: never closed, n braces',
		kind: 'post file',
		n: 1024,
		text: n => `{"a": ${times('{"b": ', n)}`,
	},
	{
		name: 'JSON front matter: an unclosed string over n spaces',
		kind: 'post file',
		n: 2048,
		text: n => `{"title": "a${times(' ', n)}`,
	},
	{
		name: 'Hexo front matter without an opening line',
		kind: 'post file',
		n: 100,
		text: n => `title: a\n${times('tags: b\n', n)}---\nText.\n`,
	},
	{
		name: 'refused ---js front matter: draft over n spaces',
		kind: 'post file',
		n: 2048,
		text: n => `---js\nconst${times(' ', n)}draft${times(' ', n)}=${times(' ', n)}x\n---\n`,
	},
	{
		name: 'excerpt before <!--more-->: n unclosed links',
		kind: 'post file',
		n: 1024,
		text: n => `${yamlPost('title: a\n')}${times('[a](', n)}\n<!--more-->\n`,
	},
	{
		name: 'excerpt before <!--more-->: n unclosed tags',
		kind: 'post file',
		n: 2048,
		text: n => `${yamlPost('title: a\n')}${times('<a ', n)}\n<!--more-->\n`,
	},
	{
		name: 'excerpt before <!--more-->: n lines of markers',
		kind: 'post file',
		n: 1024,
		text: n => `${yamlPost('title: a\n')}${times('# > - * a\n', n)}<!--more-->\n`,
	},
	{
		name: 'excerpt before <!--more-->: n spaces',
		kind: 'post file',
		n: 4096,
		text: n => `${yamlPost('title: a\n')}a${times(' ', n)}b\n<!--more-->\n`,
	},
	{
		name: 'title from the first heading: n spaces',
		kind: 'post file',
		n: 4096,
		text: n => `# a${times(' ', n)}b${times(' ', n)}#\n\ntext\n`,
	},
	{
		name: 'title from the first heading: n lines in an unclosed fence',
		kind: 'post file',
		n: 1024,
		text: n => `\`\`\`\n${times('# not a heading\n', n)}`,
	},
	{
		name: 'tags as a string of n words',
		kind: 'post file',
		n: 1024,
		text: n => yamlPost(`tags: ${times('a, ', n)}b\n`),
	},
];

/** A config file in an otherwise empty site: the generator's folder made, the file written. */
const hugo = (file = 'config.toml') => ({folder: 'content', file});
const jekyll = {folder: '_posts', file: '_config.yml'};
const zola = {folder: 'content', file: 'config.toml'};
/** A config file is read up to 256 KB (readSmallFile). */
const CONFIG_CHARS = 256 * 1024;
const site = (name: string, where: {folder: string; file: string}, n: number, text: (n: number) => string) =>
	({name, kind: 'site', n, text, site: where, maxChars: CONFIG_CHARS}) satisfies GrowthCase;

const sites: GrowthCase[] = [
	site('Hugo config.toml: n blank lines', hugo(), 4096, n => times('\n', n)),
	site('Hugo config.toml: n blank lines, then baseURL', hugo(), 4096, n => `${times('\n', n)}baseURL = "https://a/"\n`),
	site('Hugo config.toml: n lines of spaces', hugo(), 1024, n => times('    \n', n)),
	site('Hugo config.toml: baseURL over n spaces', hugo(), 4096, n => `baseURL${times(' ', n)}x\n`),
	site('Hugo config.toml: n settings', hugo(), 256, n => `baseURL = "https://a/"\n${times('a = "b"\n', n)}`),
	site(
		'Hugo config.toml: an unclosed string over n spaces',
		hugo(),
		4096,
		n => `baseURL = "https://a/"\ntitle = "a${times(' ', n)}\n`,
	),
	site(
		'Hugo config.toml: n languages',
		hugo(),
		128,
		n => `baseURL = "https://a/"\n${Array.from({length: n}, (_, index) => language(index)).join('')}`,
	),
	site(
		'Hugo config.toml: mainSections of n names',
		hugo(),
		512,
		n => `baseURL = "https://a/"\nmainSections = [${times('"a", ', n)}"b"]\n`,
	),
	site('Hugo hugo.yaml: n blank lines', hugo('hugo.yaml'), 4096, n => `${times('\n', n)}baseURL: https://a/\n`),
	site('Hugo hugo.json: n spaces', hugo('hugo.json'), 4096, n => `{"baseURL":${times(' ', n)}"https://a/"}`),
	site('Zola config.toml: n blank lines, then base_url', zola, 4096, n => `${times('\n', n)}base_url = "https://a/"\n`),
	site('Jekyll _config.yml: n blank lines', jekyll, 4096, n => times('\n', n)),
	site('Jekyll _config.yml: n settings', jekyll, 256, n => times('a: b\n', n)),
	site(
		'Jekyll _config.yml: excerpt_separator over n spaces',
		jekyll,
		4096,
		n => `excerpt_separator:${times(' ', n)}x\n`,
	),
	site(
		'Jekyll _config.yml: an unclosed quote over n spaces',
		jekyll,
		4096,
		n => `excerpt_separator: "a${times(' ', n)}\n`,
	),
];

/** Plain text in bulk: anything that scans a post more than once per line or block shows here. */
const bulk: GrowthCase[] = [
	{name: 'a run of n spaces', kind: 'markdown', n: 8192, text: n => `a${times(' ', n)}b`},
	{name: 'n blank lines', kind: 'markdown', n: 8192, text: n => `a${times('\n', n)}b`},
	{name: 'n lines of spaces', kind: 'markdown', n: 1024, text: n => `a\n${times('    \n', n)}b`},
	{name: 'a line of n words', kind: 'markdown', n: 1024, text: n => times('word ', n)},
	{name: 'n tabs', kind: 'markdown', n: 4096, text: n => `a${times('\t', n)}b`},
];

export const growthCases: GrowthCase[] = [...constructs.flatMap(shapes), ...bulk, ...postFiles, ...sites];

const theme = createTheme(3);
const post = normalisePost({
	relativePath: 'growth.md',
	absolutePath: '/growth/growth.md',
	data: {},
	body: '',
	warnings: [],
});

/**
 * What times a case's text, made ready: a thunk that does the work once (the text written first for a site,
 * outside what is timed), and what to clear after.
 */
export function prepareCase(growthCase: GrowthCase, text: string): {run: () => void; done: () => void} {
	if (growthCase.kind === 'markdown')
		return {run: () => renderPostPage(post, text, {width: 80, theme, hyperlinks: false}), done: () => {}};
	if (growthCase.kind === 'post file')
		return {
			run: () => {
				const {data, body, warnings} = parseFrontMatter(text);
				normalisePost({relativePath: 'growth.md', absolutePath: '/growth/growth.md', data, body, warnings});
			},
			done: () => {},
		};
	const where = growthCase.site ?? hugo();
	const root = mkdtempSync(path.join(tmpdir(), 'blogread-growth-'));
	mkdirSync(path.join(root, where.folder), {recursive: true});
	writeFileSync(path.join(root, where.file), text);
	return {
		run: () => detectLayout(root),
		done: () => rmSync(root, {recursive: true, force: true}),
	};
}
