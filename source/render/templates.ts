import type {TokenizerAndRendererExtension, Tokens} from 'marked';
import type {Theme} from '../theme/palette.js';
import {startBeforeBlankLine} from './block-start.js';
import {type Embed, embedOf} from './embeds.js';
import {shortcodeParameters} from './templates-parameters.js';

// Static site generators' template tags. A code block tag (Hugo highlight,
// Liquid highlight, Hexo codeblock, a mermaid tag) becomes a code block, a Hugo figure an
// image with its caption; anything else is shown dimmed as written, never
// read as Markdown.

// Hugo reads `{{<` / `{{%`, spaces, an optional `/` (closing) and spaces again
// before a shortcode's name, so `{{< /x >}}`, `{{</ x >}}` and `{{< / x >}}` are one tag.
/** A tag's inside: on one line, or on several with no blank line between (render/template-lines.ts). */
const INSIDE = /(?:[^\n]|\n(?![ \t]*\n)){0,2000}?/.source;
const HUGO_HIGHLIGHT = new RegExp(
	`^\\{\\{[<%]\\s*highlight(?=[\\s>%])(${INSIDE})\\s*[>%]\\}\\}[ \\t]*(?:\\n|(?=\\S))` +
		/([\s\S]*?)\n?[ \t]*\{\{[<%]\s*\/\s*highlight\s*[>%]\}\}[ \t]*(?:\n|$)/.source,
);
const LIQUID_HIGHLIGHT =
	/^\{%-?\s*highlight\s+([\w+#.-]+)[^\n]*?-?%\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{%-?\s*endhighlight\s*-?%\}[ \t]*(?:\n|$)/;
// Hexo's tag has two names: codeblock … endcodeblock and code … endcode.
const HEXO_CODEBLOCK =
	/^\{%\s*(codeblock|code)\b([^\n]*?)%\}[ \t]*\n([\s\S]*?)\n?[ \t]*\{%\s*end\1\s*%\}[ \t]*(?:\n|$)/;
// A Mermaid diagram in Hugo's shortcode or Hexo's tag: drawn as a ```mermaid fence is (render/diagram.ts).
const HUGO_MERMAID =
	/^\{\{[<%]\s*mermaid\b[^\n]*?[>%]\}\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{\{[<%]\s*\/\s*mermaid\s*[>%]\}\}[ \t]*(?:\n|$)/;
const HEXO_MERMAID =
	/^\{%-?\s*mermaid\b[^\n]*?-?%\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{%-?\s*endmermaid\s*-?%\}[ \t]*(?:\n|$)/;
const HUGO_COMMENT = /^\{\{[<%]\s*comment\s*[>%]\}\}[\s\S]*?\{\{[<%]\s*\/\s*comment\s*[>%]\}\}[ \t]*(?:\n|$)/;
const HUGO_FIGURE = new RegExp(`^\\{\\{[<%]\\s*figure\\s+(${INSIDE})\\s*\\/?\\s*[>%]\\}\\}`);
const TEMPLATE_TAG = new RegExp(`^(?:\\{\\{[<%]${INSIDE}[>%]\\}\\}|\\{%${INSIDE}%\\}|\\{\\{[^\\n]*?\\}\\})`);

/** The language of a Hugo highlight: its first positional parameter, or `lang=`. */
function highlightLanguage(parameters: string): string {
	const {named, positional} = shortcodeParameters(parameters);
	return positional[0] ?? named.get('lang') ?? '';
}

// Hexo's own options of a code block, which are not its caption.
const HEXO_OPTION = /^(?:lang|line_number|line_threshold|highlight|first_line|mark|wrap):/;

/**
 * Hexo's `{% codeblock Title lang:js http://url Link %}`: the language, and
 * the caption as the label line shows it (`Title · Link (http://url)`; the
 * link's text is "link" when only an address is given).
 */
export function hexoCodeblock(parameters: string, separator = '·'): {lang: string; caption: string} {
	const words = parameters.trim().split(/\s+/).filter(Boolean);
	const lang = /^lang:(.*)$/.exec(words.find(word => word.startsWith('lang:')) ?? '')?.[1] ?? '';
	const rest = words.filter(word => !HEXO_OPTION.test(word));
	const address = rest.findIndex(word => /^https?:\/\//i.test(word));
	if (address === -1) return {lang, caption: rest.join(' ')};
	const title = rest.slice(0, address).join(' ');
	const link = `${rest.slice(address + 1).join(' ') || 'link'} (${rest[address] ?? ''})`;
	return {lang, caption: [title, link].filter(Boolean).join(` ${separator} `)};
}

/** A code token from a template tag, with the caption its tag gave, if any. */
export type CaptionedCode = Tokens.Code & {caption?: string};

/** Marked extensions for template tags; `plain` makes a tag's text safe to show. */
export function templateExtensions(theme: Theme, plain: (text: string) => string): TokenizerAndRendererExtension[] {
	return [
		{
			// Hugo's comment shortcode: what is between its tags is for the site's authors, never shown.
			name: 'templateComment',
			level: 'block',
			start: (source: string) => startBeforeBlankLine(source, /^\{\{[<%]\s*comment\s*[>%]\}\}/m),
			// A space token: the page has nothing where it was.
			tokenizer(source: string): Tokens.Space | undefined {
				const comment = HUGO_COMMENT.exec(source);
				return comment ? {type: 'space', raw: comment[0]} : undefined;
			},
		},
		{
			name: 'templateCode',
			level: 'block',
			start: (source: string) =>
				startBeforeBlankLine(
					source,
					/^(?:\{\{[<%]\s*(?:highlight|mermaid)\b|\{%-?\s*(?:highlight|codeblock|code|mermaid)\b)/m,
				),
			tokenizer(source: string): CaptionedCode | undefined {
				// Tried at every block: the patterns all start with a brace.
				if (!source.startsWith('{')) return undefined;
				const hugo = HUGO_HIGHLIGHT.exec(source);
				if (hugo) return {type: 'code', raw: hugo[0], lang: highlightLanguage(hugo[1] ?? ''), text: hugo[2] ?? ''};
				const mermaid = HUGO_MERMAID.exec(source) ?? HEXO_MERMAID.exec(source);
				if (mermaid) return {type: 'code', raw: mermaid[0], lang: 'mermaid', text: mermaid[1] ?? ''};
				const liquid = LIQUID_HIGHLIGHT.exec(source);
				if (liquid) return {type: 'code', raw: liquid[0], lang: liquid[1] ?? '', text: liquid[2] ?? ''};
				const hexo = HEXO_CODEBLOCK.exec(source);
				if (!hexo) return undefined;
				const {lang, caption} = hexoCodeblock(hexo[2] ?? '', theme.glyphs.separator);
				return {type: 'code', raw: hexo[0], lang, text: hexo[3] ?? '', ...(caption ? {caption: plain(caption)} : {})};
			},
		},
		// marked tries the extensions added last first: the figure must win over the generic tag.
		{
			name: 'templateTag',
			level: 'inline',
			start: (source: string) => source.match(/\{[{%]/)?.index,
			tokenizer(source: string) {
				const tag = TEMPLATE_TAG.exec(source);
				if (!tag) return undefined;
				const embed = embedOf(tag[0]);
				return {type: 'templateTag', raw: tag[0], text: tag[0], ...(embed ? {embed} : {})};
			},
			renderer(token) {
				// An embed (a video, a gist, a post elsewhere) is a link to what it shows.
				const embed = token['embed'] as Embed | undefined;
				if (embed) {
					const text = `[${embed.label}]`;
					const link: Tokens.Link = {
						type: 'link',
						raw: String(token.raw),
						href: embed.url,
						title: null,
						text,
						tokens: [{type: 'text', raw: text, text}],
					};
					return this.parser.parseInline([link]);
				}

				// A tag written over several lines is shown on one, as written otherwise.
				return theme.muted(plain(String(token['text']).replace(/[ \t]*\n[ \t]*/g, ' ')));
			},
		},
		{
			name: 'templateFigure',
			level: 'inline',
			start: (source: string) => source.match(/\{\{[<%]\s*figure\b/)?.index,
			tokenizer(source: string) {
				const figure = HUGO_FIGURE.exec(source);
				if (!figure) return undefined;
				const {named} = shortcodeParameters(figure[1] ?? '');
				const alt = named.get('alt');
				const title = named.get('title');
				const caption = named.get('caption');
				const text = alt ?? title ?? caption ?? 'figure';
				// Whatever of the title and caption is not the image's text goes on a line below it.
				const attribution = named.get('attr');
				const attrlink = named.get('attrlink');
				const below = [
					title === text ? undefined : title,
					caption === text ? undefined : caption,
					attribution && attrlink ? `${attribution} (${attrlink})` : (attribution ?? attrlink),
				].filter((part): part is string => part !== undefined && part.trim() !== '');
				const image: Tokens.Image = {
					type: 'image',
					raw: figure[0],
					href: named.get('src') ?? '',
					title: null,
					text,
					tokens: [],
				};
				return {type: 'templateFigure', raw: figure[0], image, below: below.join(` ${theme.glyphs.separator} `)};
			},
			renderer(token) {
				const image = this.parser.parseInline([token['image'] as Tokens.Image]);
				const below = String(token['below']);
				return below === '' ? image : `${image}\n${theme.muted(plain(below))}`;
			},
		},
	];
}
