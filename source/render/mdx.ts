// MDX is Markdown with JavaScript: import/export lines and JSX components.
// blogread reads it as Markdown: the code lines go, and each component shows
// as a short placeholder, never as raw tags.

import {fenceTracker} from '../text/fences.js';
import {codeSpans} from '../text/inline-code.js';

const IMPORT_EXPORT = /^(?:import|export)\s/;
const SELF_CLOSING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?\/>/g;
const OPENING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?>/g;
const CLOSING = /<\/[A-Z][\w.]*\s*>/g;

/** `line` with `change` applied to the text outside its code spans, which are kept as written. */
function outsideCode(line: string, change: (text: string) => string): string {
	let result = '';
	let from = 0;
	for (const [start, end] of codeSpans(line)) {
		result += change(line.slice(from, start)) + line.slice(start, end);
		from = end;
	}

	return result + change(line.slice(from));
}

/** A fence opened further in than Markdown's three spaces: in MDX, inside a component's children. */
const INDENTED_FENCE = /^[ \t]{4,}(`{3,}|~{3,})/;

/**
 * The lines with each fence written inside a component (`<TabItem>` then an
 * indented fence) moved to the line's start, its code by as much. MDX has no
 * indented code, so indentation there is only layout; read as Markdown, the
 * fence went on the placeholder's paragraph and its code became one line.
 */
function withFencesOut(lines: string[]): string[] {
	let open: {fence: string; indent: number} | undefined;
	const inFence = fenceTracker();
	return lines.map(line => {
		if (open) {
			const indent = Math.min(open.indent, line.length - line.trimStart().length);
			const code = line.slice(indent);
			const fence = /^(`{3,}|~{3,})\s*$/.exec(line.trim())?.[1];
			if (fence !== undefined && fence[0] === open.fence[0] && fence.length >= open.fence.length) {
				open = undefined;
				return line.trim();
			}

			return code;
		}

		if (inFence(line)) return line;
		const fence = INDENTED_FENCE.exec(line)?.[1];
		if (fence === undefined) return line;
		open = {fence, indent: line.length - line.trimStart().length};
		return line.trimStart();
	});
}

/** MDX source → Markdown: code lines dropped, components as `[Name]`, fences inside components read as fences. */
export function mdxToMarkdown(source: string): string {
	const inFence = fenceTracker();
	const lines: string[] = [];
	for (const line of withFencesOut(source.split('\n'))) {
		if (inFence(line)) {
			lines.push(line);
			continue;
		}

		// An empty line keeps the lines where they were: an editor is opened at the line read.
		if (IMPORT_EXPORT.test(line)) {
			lines.push('');
			continue;
		}

		lines.push(
			outsideCode(line, text => text.replace(SELF_CLOSING, '[$1]').replace(OPENING, '[$1] ').replace(CLOSING, '')),
		);
	}

	return lines.join('\n');
}
