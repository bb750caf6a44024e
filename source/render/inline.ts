import {Marked, type MarkedExtension, type Token, type Tokens} from 'marked';
import markedFootnote from 'marked-footnote';
import {markedTerminal} from 'marked-terminal';
import {showControls} from '../sanitize.js';
import type {Theme} from '../theme.js';

const NAMED_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0'};

/** Marked leaves some entities encoded in token text; a terminal wants characters. */
export function decodeEntities(text: string): string {
	return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
		if (name.startsWith('#')) {
			const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
			return code > 0 && code <= 0x10FFFF ? String.fromCodePoint(code) : match;
		}

		return NAMED_ENTITIES[name.toLowerCase()] ?? match;
	});
}

/** Post text made safe for the terminal: entities decoded, then controls made visible. */
export function plainText(text: string): string {
	return showControls(decodeEntities(text));
}

/** Inline HTML: line breaks kept, tags and comments dropped, their text kept. */
function inlineHtml(html: string): string {
	if (/^<br\s*\/?>$/i.test(html.trim())) return '\n';
	return plainText(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[a-z][^>]*>/gi, ''));
}

export type InlineRenderer = {
	/** The lexer (with footnotes) that produced tokens for `render`. */
	marked: Marked;
	render(tokens: Token[]): string;
};

/**
 * A Marked instance that renders inline tokens to styled terminal text:
 * marked-terminal's span styles, with overrides where it falls short
 * (nested tokens in list-item text, entities, footnote references, links,
 * images and inline HTML).
 */
export function createInlineRenderer(theme: Theme): InlineRenderer {
	const marked = new Marked({gfm: true});
	marked.use(markedFootnote({refMarkers: false}));
	// @types/marked-terminal describes an older API; the function returns a MarkedExtension.
	marked.use(markedTerminal({
		strong: theme.strong,
		em: theme.em,
		del: theme.del,
		codespan: theme.code,
		emoji: false,
		unescape: false,
		reflowText: false,
	}) as unknown as MarkedExtension);
	marked.use({
		renderer: {
			text(token: Tokens.Text | Tokens.Escape) {
				if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
				// A newline inside a paragraph is a soft break: the text re-wraps.
				return plainText(token.text.replace(/\n/g, ' '));
			},
			codespan(token: Tokens.Codespan) {
				return theme.code(plainText(token.text.replace(/\n/g, ' ')));
			},
			br() {
				return '\n';
			},
			html(token: Tokens.HTML | Tokens.Tag) {
				return inlineHtml(token.text);
			},
			link(token: Tokens.Link) {
				const text = this.parser.parseInline(token.tokens);
				const href = showControls(token.href);
				const plain = decodeEntities(token.text);
				if (plain === href || `mailto:${plain}` === href) return theme.link(text);
				return `${theme.link(text)} ${theme.url(`(${href})`)}`;
			},
			image(token: Tokens.Image) {
				const alt = plainText(token.text) || 'image';
				return theme.muted(`[image: ${alt}] (${showControls(token.href)})`);
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
					return theme.footnote(`[${String(token['id'])}]`);
				},
			},
		],
	});

	return {
		marked,
		render(tokens) {
			return marked.Parser.parseInline(tokens, marked.defaults);
		},
	};
}
