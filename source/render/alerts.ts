// GitHub alerts: a quote whose first line is `[!NOTE]`, `[!TIP]`,
// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) is a callout of
// that kind. Found in marked's tokens (marked-alert does the same in
// walkTokens, which the lexer alone never runs, for an HTML renderer).
import type {Token, Tokens} from 'marked';
import type {AlertKind} from '../theme/glyphs.js';

const MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)?/i;

export const ALERT_TITLES: Record<AlertKind, string> = {
	note: 'Note',
	tip: 'Tip',
	important: 'Important',
	warning: 'Warning',
	caution: 'Caution',
};

export type Alert = {kind: AlertKind; body: Token[]};

/**
 * Drops the first `count` characters from leading text tokens. Undefined when
 * they are not all plain text (the marker was not text, so this is no alert).
 */
function withoutLeadingText(tokens: Token[], count: number): Token[] | undefined {
	const rest = [...tokens];
	let left = count;
	while (left > 0) {
		const first = rest[0];
		if (first?.type !== 'text' || ('tokens' in first && first.tokens)) return undefined;
		const text = (first as Tokens.Text).text;
		if (text.length <= left) {
			rest.shift();
			left -= text.length;
		} else {
			rest[0] = {...first, raw: text.slice(left), text: text.slice(left)} as Tokens.Text;
			left = 0;
		}
	}

	return rest;
}

/** The alert a quote is, with its body (the marker taken out), or undefined for a plain quote. */
export function alertOf(quote: Tokens.Blockquote): Alert | undefined {
	const [first, ...others] = quote.tokens;
	if (first?.type !== 'paragraph') return undefined;
	const paragraph = first as Tokens.Paragraph;
	const marker = MARKER.exec(paragraph.text);
	if (!marker) return undefined;
	const kind = (marker[1] ?? '').toLowerCase() as AlertKind;
	const rest = withoutLeadingText(paragraph.tokens, marker[0].length);
	if (!rest) return undefined;
	const body = rest.length > 0 ? [{...paragraph, tokens: rest} as Tokens.Paragraph, ...others] : others;
	return {kind, body};
}
