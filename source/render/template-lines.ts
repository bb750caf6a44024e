// Template tags written over several lines, as Hugo reads them: a shortcode's
// parameters may go on the lines after its name (`{{% figure` / `src="…"` /
// `%}}`). Markdown would read those lines on their own: a closing `>}}` at a
// line's start begins a quote, and a `{{< highlight go` whose parameters go on
// gave prose instead of code. Each line inside such a tag is indented by four
// spaces before lexing, so it goes on the paragraph the tag started (indented
// code never breaks a paragraph), and the tag is read whole. Lines are only
// ever indented: each keeps its place (render/source-lines.ts).
import {codeLineTracker} from '../text/code-lines.js';

/**
 * A tag opened on a line and not closed on it: Hugo's `{{<` / `{{%`, Liquid's
 * and Hexo's `{%`. The first opener after which no closer (`[>%]}}`, `%}`)
 * starts, as `/(\{\{[<%]|\{%)(?![^\n]*?(?:[>%]\}\}|%\}))/` finds it, in
 * one pass: a closer after an opener is one before the line's last closer.
 */
export function openedOn(line: string): '{{<' | '{{%' | '{%' | undefined {
	if (!line.includes('{')) return undefined;
	const lastCloser = Math.max(line.lastIndexOf('%}'), line.lastIndexOf('>}}'));
	for (let at = line.indexOf('{'); at !== -1; at = line.indexOf('{', at + 1)) {
		const next = line.charCodeAt(at + 1);
		const third = line.charCodeAt(at + 2);
		if (next === 123 && (third === 60 || third === 37)) {
			if (lastCloser < at + 3) return third === 60 ? '{{<' : '{{%';
		} else if (next === 37 && lastCloser < at + 2) {
			return '{%';
		}
	}

	return undefined;
}

/** Whether a line holds the closer of a tag opened with `opener`. */
const closes = (opener: string, line: string) => (opener === '{%' ? line.includes('%}') : /[>%]\}\}/.test(line));
/** A tag is not written over more lines than this: an opener that never closes is text. */
const MAX_TAG_LINES = 20;
const CONTINUATION = '    ';

export function withTemplateLines(markdown: string): string {
	if (!markdown.includes('{{') && !markdown.includes('{%')) return markdown;
	const lines = markdown.split('\n');
	const inCode = codeLineTracker();
	let changed = false;
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index] ?? '';
		if (inCode(line)) continue;
		const opener = openedOn(line);
		if (opener === undefined) continue;
		// The lines up to the one that closes the tag, none of them blank (each line is looked at
		// by the openers of the MAX_TAG_LINES lines before it at most).
		let end = index + 1;
		while (end < lines.length && end - index <= MAX_TAG_LINES && !closes(opener, lines[end] ?? '')) {
			if ((lines[end] ?? '').trim() === '') break;
			end++;
		}

		if (end >= lines.length || end - index > MAX_TAG_LINES || !closes(opener, lines[end] ?? '')) continue;
		for (let inside = index + 1; inside <= end; inside++) {
			const text = lines[inside] ?? '';
			if (!text.startsWith(CONTINUATION)) {
				lines[inside] = CONTINUATION + text.trimStart();
				changed = true;
			}
		}

		index = end;
	}

	return changed ? lines.join('\n') : markdown;
}
