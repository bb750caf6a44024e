// MDX is Markdown with JavaScript: import/export lines and JSX components.
// blogread reads it as Markdown: the code lines go, and each component shows
// as a short placeholder, never as raw tags.

import {fenceTracker} from '../text/fences.js';

const IMPORT_EXPORT = /^(?:import|export)\s/;
const SELF_CLOSING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?\/>/g;
const OPENING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?>/g;
const CLOSING = /<\/[A-Z][\w.]*\s*>/g;

/**
 * Where a line's code spans are, as CommonMark reads them: a run of backticks
 * opens one, the next run of the same length closes it; a run with no such
 * match is text. One pass over the runs, however many there are.
 */
function codeSpans(line: string): Array<[start: number, end: number]> {
	const runs = [...line.matchAll(/`+/g)].map(match => ({start: match.index, end: match.index + match[0].length}));
	// For each run length, the runs of that length in order, and how far the search has come.
	const byLength = new Map<number, {runs: number[]; next: number}>();
	runs.forEach((run, index) => {
		const length = run.end - run.start;
		const same = byLength.get(length) ?? {runs: [], next: 0};
		same.runs.push(index);
		byLength.set(length, same);
	});
	const spans: Array<[number, number]> = [];
	for (let index = 0; index < runs.length; index++) {
		const open = runs[index];
		const same = open ? byLength.get(open.end - open.start) : undefined;
		if (!open || !same) continue;
		while ((same.runs[same.next] ?? Number.POSITIVE_INFINITY) <= index) same.next++;
		const closing = same.runs[same.next];
		const close = closing === undefined ? undefined : runs[closing];
		if (closing === undefined || !close) continue;
		spans.push([open.start, close.end]);
		index = closing;
	}

	return spans;
}

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

/** MDX source → Markdown: code lines dropped, components as `[Name]`. */
export function mdxToMarkdown(source: string): string {
	const inFence = fenceTracker();
	const lines: string[] = [];
	for (const line of source.split('\n')) {
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
