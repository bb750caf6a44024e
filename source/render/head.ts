import {fenceTracker} from '../text/fences.js';

/** How much of a large post is rendered at once (a screen or two), so its first screen shows while the rest renders. */
export const HEAD_CHARS = 4 * 1024;

// Link reference and footnote definitions: they may come after the cut, and the head needs them.
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:.*$/gm;

/**
 * The beginning of a Markdown body, cut at a blank line outside fenced code
 * once `chars` are taken, followed by every link and footnote definition of
 * the whole body, so references in the head render as they will in full.
 * When no such line comes within twice `chars`, it is cut at a line's end,
 * or inside one very long line: the head is rendered while keys wait, so it
 * stays small. Undefined when the body is not longer than that.
 */
export function markdownHead(markdown: string, chars = HEAD_CHARS): string | undefined {
	if (markdown.length <= chars) return undefined;
	const limit = chars * 2;
	const inFence = fenceTracker();
	let cut: number | undefined;
	let lineEnd: number | undefined;
	for (let start = 0; start < markdown.length && cut === undefined; ) {
		const end = markdown.indexOf('\n', start);
		const line = markdown.slice(start, end === -1 ? undefined : Math.min(end, start + limit));
		if (!inFence(line) && start >= chars && line.trim() === '') cut = start;
		else if (start > limit) cut = lineEnd !== undefined && lineEnd <= limit ? lineEnd : limit;
		else if (start >= chars) lineEnd ??= start;
		if (end === -1) break;
		start = end + 1;
	}

	if (cut === undefined) {
		if (markdown.length <= limit) return undefined;
		cut = limit;
	}

	// Not between the two halves of a surrogate pair.
	if (/[\uD800-\uDBFF]/.test(markdown[cut - 1] ?? '')) cut--;
	// Looked for only where a definition's `]:` is: most posts have none, and the rest is megabytes.
	const definitions = markdown.includes(']:', cut) ? (markdown.slice(cut).match(DEFINITION) ?? []) : [];
	return `${markdown.slice(0, cut)}\n${definitions.join('\n\n')}\n`;
}
