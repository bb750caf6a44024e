// What a Jekyll page shows of its template variables and kramdown's attribute
// lists, read before lexing: the site's address in a link's destination is the
// site's root (`[x]({{ site.url }}/x/)` links to `/x/`), an attribute list is
// nothing, and `{% post_url %}` is a link to that post, which blogread opens.
// Code is verbatim: fenced and indented blocks and code spans keep all of it
// (Jekyll's own docs show `{{ site.url }}` in code to explain it).
import {codeLineTracker, indentedCodeTracker} from '../text/code-lines.js';
import {POST_LINK} from './link.js';

/** Jekyll's site address: `{{ site.url }}`, `{{ site.baseurl }}`. */
const SITE_ADDRESS = /\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\}/g;
/** Jekyll's link to another post, `{% post_url 2011-04-27-x %}`: a link blogread opens itself (render/link.ts). */
const POST_URL = /\{%-?\s*post_url\s+([\w./-]{1,200})\s*-?%\}/g;
/** kramdown's attribute lists, `{: .align-center}` after a block or an image: classes for the site's CSS. */
const ATTRIBUTE_LIST = /\{:[^}\n]{0,200}\}/g;
const MARKUP = new RegExp(`${SITE_ADDRESS.source}|${POST_URL.source}|${ATTRIBUTE_LIST.source}`, 'g');

/** A reference definition's start up to its destination: `[id]: `, `[id]: <`. */
const REFERENCE_START = /^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*<?$/;
/** How a link's or a picture's destination starts in Markdown and in HTML. */
const DESTINATION_ENDS = ['](', '](<', 'href=', 'src=', 'href="', 'src="', "href='", "src='"];

/** Whether a destination starts where `before` (the line so far, the site's address left out) ends. */
function atDestination(before: string): boolean {
	const end = before.trimEnd().toLowerCase();
	return DESTINATION_ENDS.some(start => end.endsWith(start)) || REFERENCE_START.test(before);
}

/**
 * Where the line's code spans are, as [start, end) pairs: a run of backticks
 * opens one that the next run of the same length closes, as in CommonMark; a
 * run no such run follows is text. In one pass over the runs.
 */
export function codeSpans(line: string): Array<[number, number]> {
	const runs: Array<[number, number]> = [];
	for (let at = line.indexOf('`'); at !== -1; ) {
		let end = at;
		while (line.charCodeAt(end) === 96) end++;
		// A backslash before a run takes its first backtick out of it.
		const start = at > 0 && line.charCodeAt(at - 1) === 92 ? at + 1 : at;
		if (end > start) runs.push([start, end]);
		at = line.indexOf('`', end);
	}

	// The next run of the same length after each, found from the end.
	const nextOfLength = new Map<number, number>();
	const next: number[] = new Array(runs.length).fill(-1);
	for (let index = runs.length - 1; index >= 0; index--) {
		const [start, end] = runs[index] as [number, number];
		next[index] = nextOfLength.get(end - start) ?? -1;
		nextOfLength.set(end - start, index);
	}

	const spans: Array<[number, number]> = [];
	for (let index = 0; index < runs.length; ) {
		const closer = next[index] ?? -1;
		if (closer === -1) {
			index++;
			continue;
		}

		spans.push([(runs[index] as [number, number])[0], (runs[closer] as [number, number])[1]]);
		index = closer + 1;
	}

	return spans;
}

/** The line's site markup read as the site shows it, code spans left as they are. */
function lineWithoutMarkup(line: string): string {
	const spans = codeSpans(line);
	let span = 0;
	let out = '';
	let from = 0;
	for (const match of line.matchAll(MARKUP)) {
		const at = match.index;
		while (span < spans.length && (spans[span]?.[1] ?? 0) <= at) span++;
		if (span < spans.length && (spans[span]?.[0] ?? 0) <= at) continue;
		out += line.slice(from, at);
		from = at + match[0].length;
		const [text] = match;
		if (text.startsWith('{:')) continue;
		const post = match[1];
		if (post !== undefined) out += `${POST_LINK}${post}`;
		else if (!atDestination(out)) out += text;
	}

	return from === 0 ? line : out + line.slice(from);
}

/** The post's Markdown with Jekyll's site markup read as its site shows it, outside code. */
export function withoutSiteMarkup(markdown: string): string {
	if (!markdown.includes('{{') && !markdown.includes('{:') && !markdown.includes('post_url')) return markdown;
	const inCode = codeLineTracker();
	const inIndentedCode = indentedCodeTracker();
	let changed = false;
	const lines = markdown.split('\n').map(line => {
		// Both trackers see every line.
		const code = inCode(line);
		if (inIndentedCode(line) || code) return line;
		if (!line.includes('{{') && !line.includes('{:') && !line.includes('post_url')) return line;
		const plain = lineWithoutMarkup(line);
		changed ||= plain !== line;
		return plain;
	});
	return changed ? lines.join('\n') : markdown;
}
