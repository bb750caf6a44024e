import {fenceTracker} from '../text/fences.js';

/** How much of a large post is rendered at once (a screen or two), so its first screen shows while the rest renders. */
export const HEAD_CHARS = 4 * 1024;

// Link reference and footnote definitions: they may come after the cut, and the head needs them.
const DEFINITION = /^ {0,3}\[([^\]\n]+)\]:.*$/gm;

/** A label as CommonMark matches them: case and runs of white space aside. */
const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Every text written in brackets in `text` (`[label]`, `[^note]`, the second half of `[text][label]`),
 * as labelKey gives it: the definitions the text may use. One pass: each `]` closes the last `[`.
 */
function bracketedLabels(text: string): Set<string> {
	const labels = new Set<string>();
	let open = -1;
	for (let at = text.indexOf('['); at !== -1 && at < text.length; at++) {
		const char = text[at];
		if (char === '[') open = at;
		else if (char === ']' && open !== -1) {
			labels.add(labelKey(text.slice(open + 1, at)));
			open = -1;
		}
	}

	return labels;
}

/**
 * The beginning of a Markdown body, cut at a blank line outside fenced code
 * once `chars` are taken, followed by the link and footnote definitions of the
 * whole body that it uses, so references in the head render as they will in full.
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
	// Looked for only where a definition's `]:` is: most posts have none, and the rest is megabytes. Only
	// those the head uses come along: a post of 100,000 notes would otherwise render them all in its head.
	const head = markdown.slice(0, cut);
	const used = markdown.includes(']:', cut) ? bracketedLabels(head) : new Set<string>();
	const definitions: string[] = [];
	for (const [definition, label = ''] of used.size > 0 ? markdown.slice(cut).matchAll(DEFINITION) : [])
		if (used.has(labelKey(label))) definitions.push(definition);
	return `${head}\n${definitions.join('\n\n')}\n`;
}
