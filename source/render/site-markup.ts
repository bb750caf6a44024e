// What a Jekyll page shows of its template variables and kramdown's attribute
// lists, read before lexing: the site's address in a link's destination is the
// site's root (`[x]({{ site.url }}/x/)` links to `/x/`), an attribute list is
// nothing, and `{% post_url %}` is a link to that post, which blogread opens.
// Code is verbatim: fenced and indented blocks and code spans keep all of it
// (Jekyll's own docs show `{{ site.url }}` in code to explain it).
import {codeLineTracker, indentedCodeTracker} from '../text/code-lines.js';
import {codeSpans} from '../text/inline-code.js';
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
