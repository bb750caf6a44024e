import {fenceTracker} from '../text/fences.js';

/** How much of a large post is rendered at once, so its first screen shows while the rest renders. */
export const HEAD_CHARS = 16 * 1024;

// Link reference and footnote definitions: they may come after the cut, and the head needs them.
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:.*$/gm;

/**
 * The beginning of a Markdown body, cut at a blank line outside fenced code
 * once `chars` are taken, followed by every link and footnote definition of
 * the whole body, so references in the head render as they will in full.
 * Undefined when the body is not longer than that, or has no such line.
 */
export function markdownHead(markdown: string, chars = HEAD_CHARS): string | undefined {
	if (markdown.length <= chars) return undefined;
	const inFence = fenceTracker();
	let start = 0;
	while (start < markdown.length) {
		const end = markdown.indexOf('\n', start);
		const line = markdown.slice(start, end === -1 ? undefined : end);
		if (!inFence(line) && start >= chars && line.trim() === '') {
			const definitions = markdown.slice(start).match(DEFINITION) ?? [];
			return `${markdown.slice(0, start)}\n${definitions.join('\n\n')}\n`;
		}

		if (end === -1) break;
		start = end + 1;
	}

	return undefined;
}
