import type {Token} from 'marked';

/**
 * The line (from 0) each top-level token starts on in `markdown`. Tokens keep
 * their source text in `raw`, in order; each is looked for from where the last
 * one ended, so the search is linear in the body. A token not found (marked
 * rewrote its text) has no line, and the next one is looked for from the same place.
 */
export function sourceLineOf(markdown: string, tokens: Token[]): Map<Token, {source: number; count: number}> {
	const lines = new Map<Token, {source: number; count: number}>();
	let offset = 0;
	let line = 0;
	for (const token of tokens) {
		const {raw} = token;
		if (raw === '') continue;
		// Nearly always where the last one ended: looked for further only when not.
		const at = markdown.startsWith(raw, offset) ? offset : markdown.indexOf(raw, offset);
		if (at === -1) continue;
		line += countNewlines(markdown, offset, at);
		// A blank line before the block belongs to it in marked's `raw`: the block starts after it.
		const leading = token.type !== 'space' && /^[ \t]*\n/.test(raw) ? leadingBlankLines(raw) : 0;
		// Its own lines: without the blank lines marked's `raw` keeps around it.
		const own = raw.trim();
		lines.set(token, {source: line + leading, count: countNewlines(own, 0, own.length) + 1});
		line += countNewlines(raw, 0, raw.length);
		offset = at + raw.length;
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

type Mapped = {sourceLines: Array<{line: number; source: number; count: number}>};

/**
 * The body's line (from 0) shown at page line `top`: the block's first line,
 * plus how far into the block `top` is, but never past the block's last line
 * (a wrapped paragraph has more page lines than source lines; a code block, as many).
 */
export function sourceLineAt(page: Mapped, top: number): number {
	const index = page.sourceLines.findLastIndex(entry => entry.line <= top);
	const entry = page.sourceLines[index];
	if (!entry) return page.sourceLines[0]?.source ?? 0;
	return entry.source + Math.min(top - entry.line, entry.count - 1);
}

type Blocks = {codeBlocks: Array<{start: number; end: number; code: string}>};

/** The code block the screen's first line is in, else the first one that starts on the screen. */
export function codeBlockOnScreen<T extends Blocks>(
	page: T,
	top: number,
	height: number,
): T['codeBlocks'][number] | undefined {
	return (
		page.codeBlocks.find(block => block.start <= top && top < block.end) ??
		page.codeBlocks.find(block => block.start >= top && block.start < top + height)
	);
}
