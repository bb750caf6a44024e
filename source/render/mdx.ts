// MDX is Markdown with JavaScript: import/export lines and JSX components.
// blogread reads it as Markdown: the code lines go, and each component shows
// as a short placeholder, never as raw tags.

import {fenceTracker} from '../text/fences.js';

const IMPORT_EXPORT = /^(?:import|export)\s/;
const SELF_CLOSING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?\/>/g;
const OPENING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?>/g;
const CLOSING = /<\/[A-Z][\w.]*\s*>/g;

/** MDX source → Markdown: code lines dropped, components as `[Name]`. */
export function mdxToMarkdown(source: string): string {
	const inFence = fenceTracker();
	const lines: string[] = [];
	for (const line of source.split('\n')) {
		if (inFence(line)) {
			lines.push(line);
			continue;
		}

		if (IMPORT_EXPORT.test(line)) continue;
		lines.push(line.replace(SELF_CLOSING, '[$1]').replace(OPENING, '[$1] ').replace(CLOSING, ''));
	}

	return lines.join('\n');
}
