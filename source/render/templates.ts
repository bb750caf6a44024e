import type {TokenizerAndRendererExtension, Tokens} from 'marked';
import {RestSearch} from '../text/rest-search.js';
import type {Theme} from '../theme/palette.js';
import {type Embed, embedOf} from './embeds.js';
import {
	blockStart,
	findFigureOpen,
	findsOf,
	findTagOpen,
	type InlineFinds,
	isHugoOpen,
	onOneLine,
	readableCode,
	readableComment,
	readComment,
	readFigure,
	readTagBlock,
	readTemplateTag,
	tagSearches,
} from './template-scan.js';
import {shortcodeParameters} from './templates-parameters.js';

// Static site generators' template tags. A code block tag (Hugo highlight,
// Liquid highlight, Hexo codeblock, a mermaid tag) becomes a code block, a Hugo figure an
// image with its caption; anything else is shown dimmed as written, never
// read as Markdown.

// Hugo reads `{{<` / `{{%`, spaces, an optional `/` (closing) and spaces again
// before a shortcode's name, so `{{< /x >}}`, `{{</ x >}}` and `{{< / x >}}` are one tag.
// The tags are read by one-pass scanners (render/template-scan.ts), each of
// which says which regular expression it reads as: a tag's inside (INSIDE) is
// on one line, or on several with no blank line between
// (render/template-lines.ts), at most 2000 characters.

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

/**
 * A search of the rest of a text for what `find` finds, remembered (text/rest-search.ts); `opening` is how a
 * match starts.
 */
function restSearch(find: (text: string, from: number) => number, opening: string): RestSearch {
	return new RestSearch(find, (text, at) => text.startsWith(opening, at));
}

/**
 * Which text marked is lexing: the token list its tokenizers are given (one
 * per lexing of one string). marked calls the block (inline) tokenizers at a
 * place before it asks the `start` functions about the rest after it, so a
 * `start` given a rest one shorter than the tokenizers last saw is in the same
 * lexing; anything else is told apart by its lexer.
 */
class Lexing {
	private tokens: object | undefined;
	private length = -1;

	seen(source: string, tokens: object): void {
		this.tokens = tokens;
		this.length = source.length;
	}

	/** The lexing `rest` belongs to (by its lexer when marked gives none, as a caller outside a lexing may). */
	of(rest: string, lexer: object | undefined): object {
		return this.tokens !== undefined && rest.length + 1 === this.length ? this.tokens : (lexer ?? this);
	}
}

/** Marked extensions for template tags; `plain` makes a tag's text safe to show. */
export function templateExtensions(theme: Theme, plain: (text: string) => string): TokenizerAndRendererExtension[] {
	const block = tagSearches();
	const inline = {
		...tagSearches(),
		percentClose: restSearch((text, from) => text.indexOf('%}', from), '%}'),
		braceClose: restSearch((text, from) => text.indexOf('}}', from), '}}'),
		newline: restSearch((text, from) => text.indexOf('\n', from), '\n'),
		tagOpen: restSearch(findTagOpen, '{'),
		figureOpen: restSearch(findFigureOpen, '{{'),
	};
	const blockLexing = new Lexing();
	const inlineLexing = new Lexing();
	const commentStart = blockStart(readableComment);
	const codeStart = blockStart(readableCode);
	const inlineFinds = (source: string, tokens: object): InlineFinds => ({
		...findsOf(inline, source, tokens),
		percentClose: from => inline.percentClose.first(source, tokens, from),
		braceClose: from => inline.braceClose.first(source, tokens, from),
		newline: from => inline.newline.first(source, tokens, from),
	});
	return [
		{
			// Hugo's comment shortcode: what is between its tags is for the site's authors, never shown.
			name: 'templateComment',
			level: 'block',
			start(source: string) {
				return commentStart(source, blockLexing.of(source, this.lexer));
			},
			// A space token: the page has nothing where it was.
			tokenizer(source: string, tokens): Tokens.Space | undefined {
				blockLexing.seen(source, tokens);
				if (!isHugoOpen(source, 0)) return undefined;
				const comment = readComment(source, tokens, block.closers);
				return comment === undefined ? undefined : {type: 'space', raw: comment};
			},
		},
		{
			name: 'templateCode',
			level: 'block',
			start(source: string) {
				return codeStart(source, blockLexing.of(source, this.lexer));
			},
			tokenizer(source: string, tokens): CaptionedCode | undefined {
				blockLexing.seen(source, tokens);
				// Tried at every block: the tags all start with a brace.
				if (!source.startsWith('{')) return undefined;
				const tag = readTagBlock(source, tokens, block.closers, findsOf(block, source, tokens));
				if (!tag) return undefined;
				if (tag.name === 'highlight' && source.startsWith('{{')) {
					return {type: 'code', raw: tag.raw, lang: highlightLanguage(tag.parameters), text: tag.text};
				}

				if (tag.name === 'mermaid') return {type: 'code', raw: tag.raw, lang: 'mermaid', text: tag.text};
				if (tag.name === 'highlight') return {type: 'code', raw: tag.raw, lang: tag.parameters, text: tag.text};
				const {lang, caption} = hexoCodeblock(tag.parameters, theme.glyphs.separator);
				return {type: 'code', raw: tag.raw, lang, text: tag.text, ...(caption ? {caption: plain(caption)} : {})};
			},
		},
		// marked tries the extensions added last first: the figure must win over the generic tag.
		{
			name: 'templateTag',
			level: 'inline',
			start(source: string) {
				const at = inline.tagOpen.first(source, inlineLexing.of(source, this.lexer));
				return at === -1 ? undefined : at;
			},
			tokenizer(source: string, tokens) {
				inlineLexing.seen(source, tokens);
				if (source.charCodeAt(0) !== 123) return undefined;
				const tag = readTemplateTag(source, inlineFinds(source, tokens));
				if (tag === undefined) return undefined;
				const embed = embedOf(tag);
				return {type: 'templateTag', raw: tag, text: tag, ...(embed ? {embed} : {})};
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
				return theme.muted(plain(onOneLine(String(token['text']))));
			},
		},
		{
			name: 'templateFigure',
			level: 'inline',
			start(source: string) {
				const at = inline.figureOpen.first(source, inlineLexing.of(source, this.lexer));
				return at === -1 ? undefined : at;
			},
			tokenizer(source: string, tokens) {
				inlineLexing.seen(source, tokens);
				if (!isHugoOpen(source, 0)) return undefined;
				const figure = readFigure(source, findsOf(inline, source, tokens));
				if (!figure) return undefined;
				const {named} = shortcodeParameters(figure.parameters);
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
					raw: figure.raw,
					href: named.get('src') ?? '',
					title: null,
					text,
					tokens: [],
				};
				return {type: 'templateFigure', raw: figure.raw, image, below: below.join(` ${theme.glyphs.separator} `)};
			},
			renderer(token) {
				const image = this.parser.parseInline([token['image'] as Tokens.Image]);
				const below = String(token['below']);
				return below === '' ? image : `${image}\n${theme.muted(plain(below))}`;
			},
		},
	];
}
