import {decodeHTMLStrict} from 'entities';
import type {MarkedExtension, Token, TokenizerAndRendererExtension, Tokens} from 'marked';
import {Marked} from 'marked';
import {markedTerminal} from 'marked-terminal';
import {get as emojilibNamed} from 'node-emoji';
import {UNSAFE_CHARACTERS} from '../text/sanitize.js';
import type {Theme} from '../theme/palette.js';
import {blankCode} from './code-spans.js';
import {gemojiNames} from './emoji-table.js';
import {footnotes} from './footnote-refs.js';
import {type InlinePiece, renderInlineHtml} from './html.js';
import {inlineStyles} from './inline-styles.js';
import {RunLexer} from './lexing-runs.js';
import {type LinkRecorder, renderImage, renderLink} from './link.js';
import {blockMath, blockMathStart, inlineMath, inlineMathStart, mathText} from './math.js';
import {plainRun, proseParagraph} from './plain-prose.js';
import {MARK_CHARACTERS, REF_END, REF_START, shownText} from './refs.js';
import {rulePrechecks} from './rule-prechecks.js';
import {templateExtensions} from './templates.js';
import {textLines} from './text-lines.js';

export {REF_END, REF_SENTINELS, REF_START} from './refs.js';

// Character references as CommonMark reads them: a name HTML5 defines, ended
// by `;`, or a number of at most 7 decimal or 6 hex digits. A number that is
// no character (0, a surrogate, past U+10FFFF) and an unknown name stay as written.
const REFERENCE = /&(?:#[xX]([\da-fA-F]{1,6})|#(\d{1,7})|[a-zA-Z][a-zA-Z\d]{0,31});/g;
// XML's five, the ones most posts use, without loading the HTML5 table (a file of its own in the bin).
const XML_ENTITIES: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'"};

/** Marked leaves entities encoded in token text; a terminal wants characters. */
export function decodeEntities(text: string): string {
	if (!text.includes('&')) return text;
	return text.replace(REFERENCE, (match, hex: string | undefined, decimal: string | undefined) => {
		if (hex === undefined && decimal === undefined) return XML_ENTITIES[match] ?? decodeHTMLStrict(match);
		const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
		return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : match;
	});
}

/** Post text made safe for the terminal: entities decoded, then controls made visible. */
export function plainText(text: string): string {
	return shownText(decodeEntities(text));
}

/**
 * `:tada:` → 🎉, by GitHub's names (gemoji), then emojilib's (node-emoji's, which
 * has a few more); unknown names and things like `10:30:00` stay as written.
 */
export function replaceEmojiShortcodes(text: string): string {
	return text.replace(
		/:([a-z\d_+-]+):/gi,
		(match: string, name: string) => gemojiNames().get(name) ?? emojilibNamed(match) ?? match,
	);
}

/**
 * Text with nothing `textShown` would change: no line break, no `:` (emoji
 * names), no `&` (references), no control or bidi character (sanitize.ts), no
 * renderer mark (refs.ts). Most of a post's text: one look instead of five.
 */
const UNCHANGED_TEXT = new RegExp(`^[^\\n:&${UNSAFE_CHARACTERS}${MARK_CHARACTERS}]*$`);

/**
 * A text token's source as shown: line breaks are soft (the text re-wraps),
 * emoji names become emoji, the rest is made safe.
 */
export function textShown(source: string): string {
	if (UNCHANGED_TEXT.test(source)) return source;
	return plainText(replaceEmojiShortcodes(source.replace(/\n/g, ' ')));
}

export type InlineOptions = {
	/** Emit OSC 8 hyperlinks (the terminal supports them and colour is on). */
	hyperlinks: boolean;
	/** Told of every link drawn, Markdown or `<a href>`, in order. */
	recordLink?: LinkRecorder;
	/**
	 * Lex plain prose without marked's rules, and check before running its costliest
	 * (plain-prose.ts, rule-prechecks.ts); off only to test these shortcuts against marked.
	 */
	shortcuts?: boolean;
};

/**
 * Inline HTML among Markdown: marked gives each tag as a token of its own, so
 * a token list holding any is drawn as one run (`<a href>` … `</a>` around
 * Markdown text, `<script>` … `</script>` hidden); lists inside its tokens are grouped first.
 */
function groupInlineHtml(tokens: Token[]): Token[] {
	let html = false;
	for (const token of tokens) {
		if (token.type === 'html') html = true;
		else if (token.type !== 'htmlRun' && 'tokens' in token && Array.isArray(token.tokens))
			token.tokens = groupInlineHtml(token.tokens);
	}

	if (!html) return tokens;
	return [{type: 'htmlRun', raw: tokens.map(token => token.raw).join(''), tokens}];
}

/**
 * LaTeX maths (render/math.ts): inline formulas in the code style, as Unicode
 * where it can be; display maths as a paragraph of its own. Read before
 * emphasis, so `$a_1 * b_2$` keeps its stars.
 */
function mathExtensions(theme: Theme): TokenizerAndRendererExtension[] {
	return [
		{
			name: 'math',
			level: 'inline',
			start: inlineMathStart,
			tokenizer(source: string) {
				const math = inlineMath(source);
				return math ? {type: 'math', raw: math.raw, text: math.tex} : undefined;
			},
			renderer(token) {
				return theme.code(shownText(mathText(String(token['text']))));
			},
		},
		{
			name: 'mathBlock',
			level: 'block',
			start: blockMathStart,
			tokenizer(source: string): Tokens.Paragraph | undefined {
				const math = blockMath(source);
				if (!math) return undefined;
				const inline = {type: 'math', raw: math.raw, text: math.tex};
				return {type: 'paragraph', raw: math.raw, text: math.tex, tokens: [inline as unknown as Tokens.Generic]};
			},
		},
	];
}

export type InlineRenderer = {
	/** The lexer (with footnotes) that produced tokens for `render`. */
	marked: Marked;
	/** A post's tokens, lexed by `marked` with what its extensions find ahead remembered (lexing-runs.ts). */
	lex(markdown: string): Token[];
	render(tokens: Token[]): string;
};

/**
 * A Marked instance that renders inline tokens to styled terminal text:
 * marked-terminal's span styles, with overrides where it falls short
 * (nested tokens in list-item text, entities, footnote references, links,
 * images and inline HTML).
 */
export function createInlineRenderer(theme: Theme, options: InlineOptions = {hyperlinks: false}): InlineRenderer {
	const marked = new Marked({gfm: true});
	const {recordLink} = options;
	const htmlOptions = {theme, hyperlinks: options.hyperlinks, ...(recordLink ? {recordLink} : {})};
	const styles = inlineStyles(theme);
	// marked tries the extensions added last first. marked-footnote's block rule must see the
	// first block, whatever it is (it puts its notes token first, where its reference rule looks
	// for it): it is added after the others, whose blocks never start as a note does.
	if (options.shortcuts !== false)
		marked.use({extensions: [plainRun, proseParagraph, textLines], tokenizer: rulePrechecks});
	marked.use({extensions: templateExtensions(theme, plainText)});
	marked.use({extensions: mathExtensions(theme)});
	marked.use(footnotes());
	// @types/marked-terminal describes an older API; the function returns a MarkedExtension.
	marked.use(
		markedTerminal({
			strong: styles.strong,
			em: styles.em,
			del: styles.del,
			codespan: styles.code,
			emoji: false,
			unescape: false,
			reflowText: false,
		}) as unknown as MarkedExtension,
	);
	marked.use({
		renderer: {
			text(token: Tokens.Text | Tokens.Escape) {
				if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
				// marked decodes numeric references in text itself, one that is no character
				// as U+FFFD; read from the source, such a reference stays as written.
				return textShown(token.type === 'text' ? token.raw : token.text);
			},
			codespan(token: Tokens.Codespan) {
				// Code is shown as written: marked 18 hands over its text unescaped, entities and all.
				const shown = shownText(token.text.replace(/\n/g, ' '));
				// Code of only spaces (`` ` ` ``) looks the same uncoloured (the code style is a foreground colour).
				// Coloured, each is words of escapes and no width, which wrap-ansi piles onto one row, measuring
				// the whole row again at each (blankCode in code-spans.ts).
				return blankCode(shown, theme) ? shown : styles.code(shown);
			},
			br() {
				return '\n';
			},
			html(token: Tokens.HTML | Tokens.Tag) {
				return renderInlineHtml([{html: token.text}], htmlOptions);
			},
			link(token: Tokens.Link) {
				const text = this.parser.parseInline(token.tokens);
				return renderLink(text, decodeEntities(token.href), theme, options.hyperlinks, recordLink);
			},
			image(token: Tokens.Image) {
				return renderImage(decodeEntities(token.text), decodeEntities(token.href), theme);
			},
			checkbox() {
				// Task markers are drawn by the list renderer.
				return '';
			},
		},
		extensions: [
			{
				name: 'footnoteRef',
				renderer(token) {
					return REF_START + theme.footnote(`[${String(token['id'])}]`) + REF_END;
				},
			},
			{
				name: 'htmlRun',
				renderer(token) {
					const pieces = (token.tokens ?? []).map(
						(child): InlinePiece =>
							child.type === 'html' ? {html: child.text} : {rendered: this.parser.parseInline([child])},
					);
					return renderInlineHtml(pieces, htmlOptions);
				},
			},
		],
	});

	return {
		marked,
		lex: markdown => new RunLexer(marked.defaults).lex(markdown),
		render(tokens) {
			// Most paragraphs are one run of text (see plain-prose.ts): drawn as marked's parser would draw it.
			const [only] = tokens;
			if (tokens.length === 1 && only?.type === 'text' && !only.tokens) return textShown(only.raw);
			return marked.Parser.parseInline(groupInlineHtml(tokens), marked.defaults);
		},
	};
}
