import type {Token} from 'marked';

/**
 * The line (from 0) each top-level token starts on in `markdown`. Tokens keep
 * their source text in `raw`, in order; each is looked for from where the last
 * one ended, so the search is linear in the body. A token not found (marked
 * rewrote its text) has no line, and the next one is looked for from the same place.
 */
export function sourceLineOf(markdown: string, tokens: Token[]): Map<Token, number> {
	const lines = new Map<Token, number>();
	let offset = 0;
	let line = 0;
	for (const token of tokens) {
		if (token.raw === '') continue;
		const at = markdown.indexOf(token.raw, offset);
		if (at === -1) continue;
		line += countNewlines(markdown, offset, at);
		// A blank line before the block belongs to it in marked's `raw`: the block starts after it.
		const leading = /^[ \t]*\n/.exec(token.raw) && token.type !== 'space' ? leadingBlankLines(token.raw) : 0;
		lines.set(token, line + leading);
		line += countNewlines(markdown, at, at + token.raw.length);
		offset = at + token.raw.length;
	}

	return lines;
}

function countNewlines(text: string, from: number, to: number): number {
	let count = 0;
	for (let index = text.indexOf('\n', from); index !== -1 && index < to; index = text.indexOf('\n', index + 1)) count++;
	return count;
}

function leadingBlankLines(raw: string): number {
	return (/^(?:[ \t]*\n)*/.exec(raw)?.[0].split('\n').length ?? 1) - 1;
}
