import type {MarkedExtension, Token, Tokens} from 'marked';
import {Marked} from 'marked';
import markedFootnote from 'marked-footnote';
import {markedTerminal} from 'marked-terminal';
import {get as emojilibNamed} from 'node-emoji';
import stripAnsi from 'strip-ansi';
import {showControls} from '../text/sanitize.js';
import type {Theme} from '../theme/palette.js';
import {gemojiNames} from './emoji-table.js';
import {inlineStyles} from './inline-styles.js';
import {templateExtensions} from './templates.js';

const NAMED_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0'};

/** Marked leaves some entities encoded in token text; a terminal wants characters. */
export function decodeEntities(text: string): string {
	return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
		if (name.startsWith('#')) {
			const code =
				name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
			return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
		}

		return NAMED_ENTITIES[name.toLowerCase()] ?? match;
	});
}

// Footnote references are wrapped in two invisible characters (zero columns
// wide, so wrapping is unchanged) while a post is rendered, so their final
// line can be found; they are removed before anything is shown, and dropped
// from post text.
export const REF_START = '\u2063';
export const REF_END = '\u2064';
export const REF_SENTINELS = /[\u2063\u2064]/g;

/** Post text made safe for the terminal: entities decoded, then controls made visible. */
export function plainText(text: string): string {
	return showControls(decodeEntities(text)).replace(REF_SENTINELS, '');
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

/** Only web and mail links become clickable; anything else is shown, not linked. */
function isLinkable(href: string): boolean {
	return /^(?:https?:\/\/|mailto:)[^\s\u0000-\u001F\u007F-\u009F]*$/i.test(href);
}

/** An OSC 8 hyperlink (BEL-terminated, the form wrap-ansi carries across line breaks). */
function hyperlink(href: string, text: string): string {
	return `\u001B]8;;${href}\u0007${text}\u001B]8;;\u0007`;
}

/**
 * Link text that claims a destination: an address with any scheme
 * (`https:`, `mailto:`), `www.`, a mail address, or a bare host name
 * (`paypal.com`, `paypal.com/login`).
 */
const CLAIMS_ADDRESS =
	/^(?:[a-z][a-z\d+.-]*:|www\.|[^\s@/]+@[^\s@/]+\.[a-z]{2,}$|(?:[a-z\d-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$))/i;

/** An address as text and target are compared: no scheme, no `www.`, no trailing slash, in lower case. */
function addressKey(address: string): string {
	return address
		.trim()
		.toLowerCase()
		.replace(/^mailto:/, '')
		.replace(/^[a-z][a-z\d+.-]*:\/\//, '')
		.replace(/^www\./, '')
		.replace(/\/+$/, '');
}

/**
 * Link text as a reader sees it, to be checked for a claim: formatting and
 * escapes gone (it is the rendered text), look-alike characters folded
 * (full-width `ＨＴＴＰＳ` is `HTTPS`).
 */
function seenText(rendered: string): string {
	return stripAnsi(rendered).replace(REF_SENTINELS, '').normalize('NFKC').trim();
}

export type InlineOptions = {
	/** Emit OSC 8 hyperlinks (the terminal supports them and colour is on). */
	hyperlinks: boolean;
};

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
export function createInlineRenderer(theme: Theme, options: InlineOptions = {hyperlinks: false}): InlineRenderer {
	const marked = new Marked({gfm: true});
	const styles = inlineStyles(theme);
	marked.use(markedFootnote({refMarkers: false}));
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
				// A newline inside a paragraph is a soft break: the text re-wraps.
				return plainText(replaceEmojiShortcodes(token.text.replace(/\n/g, ' ')));
			},
			codespan(token: Tokens.Codespan) {
				return styles.code(plainText(token.text.replace(/\n/g, ' ')));
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
				const seen = seenText(text);
				const textIsTarget = addressKey(seen) === addressKey(token.href);
				// Text that claims another address must not hide where the link goes.
				const linked = options.hyperlinks && isLinkable(token.href);
				const showTarget = !textIsTarget && (!linked || CLAIMS_ADDRESS.test(seen));
				const shown = linked ? hyperlink(token.href, theme.link(text)) : theme.link(text);
				return showTarget ? `${shown} ${theme.url(`(${href})`)}` : shown;
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
					return REF_START + theme.footnote(`[${String(token['id'])}]`) + REF_END;
				},
			},
		],
	});

	marked.use({extensions: templateExtensions(theme, plainText)});
	return {
		marked,
		render(tokens) {
			return marked.Parser.parseInline(tokens, marked.defaults);
		},
	};
}
