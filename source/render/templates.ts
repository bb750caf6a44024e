import type {TokenizerAndRendererExtension} from 'marked';
import type {Theme} from '../theme/palette.js';

// Static site generators' template tags. A code block tag (Hugo highlight,
// Liquid highlight, Hexo codeblock) becomes a code block, a Hugo figure an
// image; anything else is shown dimmed as written, never read as Markdown.
const HUGO_HIGHLIGHT = new RegExp(
	/^\{\{[<%]\s*highlight\s+([\w+#.-]+)[^\n]*?[>%]\}\}[ \t]*\n/.source +
		/([\s\S]*?)\n?\{\{[<%]\s*\/highlight\s*[>%]\}\}[ \t]*(?:\n|$)/.source,
);
const LIQUID_HIGHLIGHT =
	/^\{%-?\s*highlight\s+([\w+#.-]+)[^\n]*?-?%\}[ \t]*\n?([\s\S]*?)\n?\{%-?\s*endhighlight\s*-?%\}[ \t]*(?:\n|$)/;
const HEXO_CODEBLOCK = /^\{%\s*codeblock\b([^\n]*?)%\}[ \t]*\n([\s\S]*?)\n?\{%\s*endcodeblock\s*%\}[ \t]*(?:\n|$)/;
const HUGO_FIGURE = /^\{\{[<%]\s*figure\s+([^\n]*?)\s*\/?[>%]\}\}/;
const TEMPLATE_TAG = /^(?:\{\{[<%][^\n]*?[>%]\}\}|\{%[^\n]*?%\}|\{\{[^\n]*?\}\})/;

function attribute(attributes: string, name: string): string | undefined {
	return new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|(\\S+))`)
		.exec(attributes)
		?.slice(1)
		.find(value => value !== undefined);
}

/** Marked extensions for template tags; `plain` makes a tag's text safe to show. */
export function templateExtensions(theme: Theme, plain: (text: string) => string): TokenizerAndRendererExtension[] {
	return [
		{
			name: 'templateCode',
			level: 'block',
			// Only up to the next blank line: marked asks at every block, and a search
			// of the whole rest of the post each time would make rendering quadratic.
			start(source: string) {
				const end = source.indexOf('\n\n');
				return (end === -1 ? source : source.slice(0, end)).match(
					/^(?:\{\{[<%]\s*highlight\b|\{%-?\s*(?:highlight|codeblock)\b)/m,
				)?.index;
			},
			tokenizer(source: string) {
				const hugo = HUGO_HIGHLIGHT.exec(source) ?? LIQUID_HIGHLIGHT.exec(source);
				if (hugo) return {type: 'code', raw: hugo[0], lang: hugo[1] ?? '', text: hugo[2] ?? ''};
				const hexo = HEXO_CODEBLOCK.exec(source);
				if (hexo)
					return {
						type: 'code',
						raw: hexo[0],
						lang: /\blang:([\w+#.-]+)/.exec(hexo[1] ?? '')?.[1] ?? '',
						text: hexo[2] ?? '',
					};
				return undefined;
			},
		},
		// marked tries the extensions added last first: the figure must win over the generic tag.
		{
			name: 'templateTag',
			level: 'inline',
			start: (source: string) => source.match(/\{[{%]/)?.index,
			tokenizer(source: string) {
				const tag = TEMPLATE_TAG.exec(source);
				return tag ? {type: 'templateTag', raw: tag[0], text: tag[0]} : undefined;
			},
			renderer(token) {
				return theme.muted(plain(String(token['text'])));
			},
		},
		{
			name: 'templateFigure',
			level: 'inline',
			start: (source: string) => source.match(/\{\{[<%]\s*figure\b/)?.index,
			tokenizer(source: string) {
				const figure = HUGO_FIGURE.exec(source);
				if (!figure) return undefined;
				const attributes = figure[1] ?? '';
				const text =
					attribute(attributes, 'alt') ??
					attribute(attributes, 'caption') ??
					attribute(attributes, 'title') ??
					'figure';
				return {
					type: 'image',
					raw: figure[0],
					href: attribute(attributes, 'src') ?? '',
					title: attribute(attributes, 'caption') ?? null,
					text,
					tokens: [],
				};
			},
		},
	];
}
