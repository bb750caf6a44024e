import assert from 'node:assert/strict';
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {Marked} from 'marked';
import markedFootnote from 'marked-footnote';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../../source/blog/load/load.js';
import type {Post} from '../../source/blog/model/model.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {bodyOptions} from '../../source/render/post-header.js';
import {createTheme} from '../../source/theme/palette.js';
import {FIXTURES, ROOT, SAMPLE_BLOG} from '../helpers/paths.js';
import {bodyOf, makePost} from '../helpers/posts.js';
import {
	decoderOfEntities,
	htmlToText,
	outsideCode,
	outsideCodeSpans,
	outsideFences,
} from '../helpers/reference-text.js';
import {type Missing, missingWords, recallOf, words} from '../helpers/words.js';

// Word recall: every word a reader of the post's web page would read must be on
// blogread's page. The reference is marked's own HTML for the same body (GFM and
// footnotes, nothing of blogread's) reduced to text; blogread's page is the body
// rendered without colour at 80 columns, as `--print` writes it. Recall is one-way:
// blogread may add words (image and link addresses, "Notes", code labels, callout labels).

const sites = path.join(FIXTURES, 'sites');
const folders = [
	SAMPLE_BLOG,
	path.join(FIXTURES, 'corpus'),
	path.join(FIXTURES, 'blog'),
	path.join(FIXTURES, 'golden'),
	...(existsSync(sites) ? readdirSync(sites).map(site => path.join(sites, site)) : []),
].filter(folder => existsSync(folder));

const WIDTH = 80;
const theme = createTheme(0);
const decode = await decoderOfEntities();

/** A code block written as a fence no backtick run inside it can close. */
function fence(language: string, code: string): string {
	const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map(run => run[0].length));
	const marks = '`'.repeat(longest + 1);
	return `\n${marks}${language}\n${code}\n${marks}\n`;
}

/** The value of `name="…"` (or '…', or unquoted) in a tag's attributes. */
function attribute(attributes: string, name: string): string | undefined {
	const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"']+))`).exec(attributes);
	return match?.slice(1).find(value => value !== undefined);
}

/** Hexo: `{% codeblock [title] [lang:x] [url] [link text] [option:value…] %}`; what the page shows above the code. */
function hexoCaption(args: string): string {
	const parts = args
		.trim()
		.split(/\s+/)
		.filter(part => part !== '' && !/^[\w-]+:(?!\/\/)/.test(part));
	const url = parts.findIndex(part => /^[a-z][\w+.-]*:\/\//i.test(part));
	return url === -1 ? parts.join(' ') : [...parts.slice(0, url), ...parts.slice(url + 1), parts[url]].join(' ');
}

type Absent = {
	/** What is legitimately not on blogread's page. */
	what: string;
	/** Why a reader loses nothing. */
	why: string;
	/** The Markdown the reference renders, outside fenced code (the generator's work, done before Markdown). */
	markdown?: (markdown: string, post: Post) => string;
	/** marked's HTML, before it is reduced to text. */
	html?: (html: string) => string;
};

/** The one list of words the reference has and blogread may lack, each with its reason. */
const ABSENT: Absent[] = [
	{
		what: 'front matter',
		why: 'it is not the body: both sides render the body as the loader read it (bodyOf), so nothing is removed here',
	},
	{
		what: 'HTML comments',
		why: 'a browser does not show them either',
		html: html => html.replace(/<!--[\s\S]*?(?:-->|$)/g, ' '),
	},
	{
		what: 'contents of <script> and <style>',
		why: 'a browser runs or applies them; nobody reads them',
		html: html => html.replace(/<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' '),
	},
	{
		what: 'the "Footnotes" heading of marked-footnote',
		why: 'it is visually hidden (class sr-only); blogread heads its notes "Notes"',
		html: html => html.replace(/<(h[1-6])\b[^>]*\bclass="sr-only"[^>]*>[\s\S]*?<\/\1>/g, ' '),
	},
	{
		what: "the back-links of marked-footnote's notes (↩, ↩2 for a note referenced twice)",
		why: 'they lead back to the references on a web page; blogread moves between notes and references with keys',
		html: html => html.replace(/<a\b[^>]*\bdata-footnote-backref\b[^>]*>[\s\S]*?<\/a>/g, ' '),
	},
	{
		what: "a note's lazy continuation lines, cut off by marked-footnote",
		why:
			'GitHub and pandoc keep unindented lines after `[^1]: …` in the note, up to a blank line or the next ' +
			'note; the reference indents them as its page would read them',
		markdown: markdown => {
			let inNote = false;
			return markdown
				.split('\n')
				.map(line => {
					if (/^\[\^[^\]]+\]:/.test(line)) inNote = true;
					else if (line.trim() === '' || /^(?:#|>|[-*+] |\d+[.)] )/.test(line)) inNote = false;
					else if (inNote && !line.startsWith('    ')) return `    ${line.trimStart()}`;
					return line;
				})
				.join('\n');
		},
	},
	{
		what: 'a Hugo {{< comment >}} block, Jekyll site variables ({{ site.url }}), kramdown attribute lists, raw markers',
		why:
			'a site shows none of them: the comment is for its authors, the variables become its address, ' +
			'the lists classes for its CSS, the markers keep code from being a template',
		markdown: markdown =>
			markdown
				.replace(/\{\{[<%]\s*comment\s*[>%]\}\}[\s\S]*?\{\{[<%]\s*\/\s*comment\s*[>%]\}\}/g, ' ')
				.replace(/\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\}/g, '')
				.replace(/\{%-?\s*post_url\s+[^%\n]*%\}/g, '/post/')
				.replace(/\{\{[<%]\s*param\s+[^>%\n]*[>%]\}\}/g, 'value')
				.replace(/\{:[^}\n]*\}/g, ''),
		// The raw markers are in code, which the markdown rules pass over; a progress bar shows no fallback text.
		html: html =>
			html.replace(/\{%-?\s*(?:end)?raw\s*-?%\}/g, '').replace(/(<(progress|meter)\b[^>]*>)[\s\S]*?(<\/\2>)/g, '$1$3'),
	},
	{
		what: 'LaTeX formulas ($…$, $$…$$, \\(…\\), \\[…\\])',
		why: 'a page typesets them (KaTeX, MathJax) into symbols, as blogread turns them into Unicode: `\\frac` is no word',
		markdown: markdown =>
			markdown
				.replace(/\$\$[\s\S]+?\$\$|\\\[[\s\S]+?\\\]|\\\([\s\S]+?\\\)/g, ' ')
				.replace(/\$(?![\s$])[^$\n]*?[^\s\\]\$(?!\d)/g, ' '),
	},
	{
		what: 'MDX import and export lines (.mdx only)',
		why: 'they are JavaScript for the site build, not prose',
		markdown: (markdown, post) =>
			post.path.toLowerCase().endsWith('.mdx') ? markdown.replace(/^(?:import|export)\s.*$/gm, '') : markdown,
	},
	{
		what:
			'code-block template tags: Hugo {{< highlight go opts >}}…{{< / highlight >}} (any spacing, < or %), ' +
			'Liquid {% highlight %}…{% endhighlight %}, Hexo {% codeblock %}…{% endcodeblock %}',
		why:
			'the generator makes a code block of them: the tag, its language and options are not text; ' +
			'a Hexo caption and link are, and stay',
		markdown: markdown =>
			markdown
				.replace(
					new RegExp(
						/\{\{[<%]\s*highlight\s+([^\s>%]+)(?:[^\n]|\n(?!\s*\n))*?[>%]\}\}[ \t]*\n([\s\S]*?)\n?/.source +
							/[ \t]*\{\{[<%]\s*\/\s*highlight\s*[>%]\}\}/.source,
						'g',
					),
					(_, language: string, code: string) => fence(language, code),
				)
				.replace(
					/\{%-?\s*highlight\s+(\S+)[^\n]*?-?%\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{%-?\s*endhighlight\s*-?%\}/g,
					(_, language: string, code: string) => fence(language, code),
				)
				.replace(
					/\{%\s*(?:codeblock|code)\b([^\n]*?)%\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{%\s*end(?:codeblock|code)\s*%\}/g,
					(_, args: string, code: string) =>
						`\n${hexoCaption(args)}\n${fence(/\blang:(\S+)/.exec(args)?.[1] ?? '', code)}`,
				),
	},
	{
		what: 'a Mermaid diagram (a ```mermaid fence, Hugo {{< mermaid >}}, Hexo {% mermaid %}): its source',
		why:
			'the site draws it (mermaid.js), as blogread does in text: its syntax (graph, -->, participant, ids) is ' +
			'not read; the labels a reader sees are checked by the diagram tests (test/render/diagram.test.ts)',
		markdown: markdown =>
			markdown
				.replace(/\{\{[<%]\s*mermaid\b[\s\S]*?\{\{[<%]\s*\/\s*mermaid\s*[>%]\}\}/g, ' ')
				.replace(/\{%-?\s*mermaid\b[\s\S]*?\{%-?\s*endmermaid\s*-?%\}/g, ' '),
		html: html => html.replace(/<pre><code class="language-mermaid">[\s\S]*?<\/code><\/pre>/g, ' '),
	},
	{
		what: 'the Hugo figure tag {{< figure … >}} itself: its name and attribute names, and link, class, width',
		why: 'the site shows the image (alt text, address) with its title, caption and attribution, which stay',
		markdown: markdown =>
			outsideCodeSpans(markdown, text =>
				text.replace(
					/\{\{[<%]\s*figure\b((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>%]+))*)\s*\/?\s*[>%]\}\}/g,
					(_, attributes: string) =>
						['src', 'alt', 'title', 'caption', 'attr']
							.map(name => attribute(attributes, name))
							.filter(value => value !== undefined)
							.join(' '),
				),
			),
	},
	{
		what: 'emoji shortcodes such as :tada: outside code',
		why: 'blogread shows a known one as its emoji: its name is not text (an unknown one stays as written)',
		html: html =>
			outsideCode(html, text =>
				text.replace(/(?<![\w:])(?::(?:[a-z\d_+-]*[a-z+-][a-z\d_+-]*|100|1234):)+(?![\w:])/gi, ' '),
			),
	},
];

/** The words a reader of the web page reads: marked's HTML of the body, less what the table above lists. */
function referenceText(post: Post, body: string): string {
	// Line endings as marked reads them, so the rules below see one kind.
	let markdown = body.replace(/\r\n?/g, '\n');
	for (const rule of ABSENT) {
		const {markdown: change} = rule;
		if (change) markdown = outsideFences(markdown, part => change(part, post));
	}

	const marked = new Marked({gfm: true});
	marked.use(markedFootnote());
	let html = marked.parse(markdown, {async: false});
	for (const rule of ABSENT) if (rule.html) html = rule.html(html);
	return htmlToText(html, decode);
}

/**
 * blogread's page for the body, as `--print` writes it without colour: lines
 * end trimmed, and a code line broken at the width (the next line's gutter is
 * `│↪`) is joined back exactly as shown, so a lost space shows as two words run
 * together. A title taken from the body's first heading is shown above it.
 */
function renderedText(post: Post, body: string): string {
	const {lines} = renderMarkdown(body, bodyOptions(post, {width: WIDTH, theme, hyperlinks: false}));
	const shown: string[] = post.titleFromHeading ? [post.title] : [];
	for (const line of lines.map(line => stripAnsi(line).trimEnd())) {
		const continued = /^[ │]*│↪(.*)$/.exec(line);
		if (continued && shown.length > 0) shown[shown.length - 1] += continued[1] ?? '';
		else shown.push(line);
	}

	return shown.join('\n');
}

function report(missing: Missing[]): string {
	return missing.map(({word, count}) => (count > 1 ? `${word} ×${count}` : word)).join(', ');
}

/** Every post of a folder, each language version of a translated post included. */
async function postsOf(folder: string): Promise<Post[]> {
	const blog = await loadBlog(folder, {drafts: true});
	const posts = new Map(blog.posts.map(post => [post.absolutePath, post]));
	for (const group of blog.translations?.values() ?? []) for (const post of group) posts.set(post.absolutePath, post);
	return [...posts.values()];
}

describe('word recall against marked’s HTML', () => {
	it('counts words as a reader would', () => {
		assert.deepEqual(words('Ünïcode café, naïve; x86_64 v1.2 — «ok»'), [
			'ünïcode',
			'café',
			'naïve',
			'x86',
			'64',
			'v1',
			'2',
			'ok',
		]);
		assert.deepEqual(words('漢字とカナ, 한국어 text'), ['漢', '字', 'と', 'カ', 'ナ', '한국어', 'text']);
	});

	it('finds a word a wrap or a mark split, and no word that is gone', () => {
		assert.deepEqual(missingWords(['vecs', 'unbelievable', 'one', 'two'], '`Vec`s unbeliev\nable onetwo'), [
			{word: 'one', count: 1},
			{word: 'two', count: 1},
		]);
		assert.deepEqual(missingWords(['go', 'go', 'go'], 'go go'), [{word: 'go', count: 1}]);
	});

	it('reads a code line broken at the width back whole', () => {
		// If the gutter of a continued line changes, this fails rather than the check of lost spaces going quiet.
		const line = `${'a'.repeat(78)}${'b'.repeat(78)}${'c'.repeat(30)}`;
		const body = `\`\`\`text\n${line}\n\`\`\`\n`;
		assert.ok(
			renderedText(makePost({title: 'Wrapped'}, body), body)
				.split('\n')
				.includes(`│ ${line}`),
		);
	});

	it('reduces HTML to the text a browser shows', () => {
		const html =
			'<p>Tea<sup>1</sup> &amp; <code>&amp;#x3D;</code> <img src="a.png" alt="A cup"> ' +
			'<a href="https://example.com/x">docs</a> <a href="https://www.example.org/">example.org</a></p>' +
			'<ol><li>One</li><li>Two</li></ol><script>var hidden = 1;</script>';
		assert.equal(
			htmlToText(
				ABSENT.reduce((text, rule) => rule.html?.(text) ?? text, html),
				decode,
			)
				.replace(/\s+/g, ' ')
				.trim(),
			'Tea1 & &#x3D; A cup a.png docs https://example.com/x example.org One Two',
		);
	});

	for (const folder of folders) {
		describe(path.relative(ROOT, folder), async () => {
			for (const post of await postsOf(folder)) {
				it(post.path, t => {
					const body = bodyOf(post);
					const reference = words(referenceText(post, body));
					const missing = missingWords(reference, renderedText(post, body));
					const recall = recallOf(reference.length, missing);
					t.diagnostic(`recall ${(recall * 100).toFixed(2)}% of ${reference.length} words`);
					assert.deepEqual(
						missing,
						[],
						`${post.path}: recall ${(recall * 100).toFixed(2)}%, missing: ${report(missing)}`,
					);
				});
			}
		});
	}
});
