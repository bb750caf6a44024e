// What a Jekyll page shows of its template variables and kramdown's attribute
// lists, read before lexing: the site's address in a link's destination is the
// site's root (`[x]({{ site.url }}/x/)` links to `/x/`), an attribute list is
// nothing, and `{% post_url %}` is a link to that post, which blogread opens.
// Code is verbatim: fenced and indented blocks and code spans keep all of it
// (Jekyll's own docs show `{{ site.url }}` in code to explain it).

import {isWhiteSpace} from '../text/char-codes.js';
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

/** A reference definition's start, up to its destination: `[id]: `, `[id]: <`. */
const REFERENCE_START = /^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*<?/;
/** How a link's or a picture's destination starts in Markdown and in HTML. */
const DESTINATION_ENDS = ['](', '](<', 'href=', 'src=', 'href="', 'src="', "href='", "src='"];
const LONGEST_DESTINATION_END = Math.max(...DESTINATION_ENDS.map(end => end.length));

/** Whether a text may hold any of the markup read here. */
const mayHoldMarkup = (text: string) => text.includes('{{') || text.includes('{:') || text.includes('post_url');

/** Where the white space that ends `text` begins. */
function whiteSpaceStart(text: string): number {
	let end = text.length;
	while (end > 0 && isWhiteSpace(text.charCodeAt(end - 1))) end--;
	return end;
}

/**
 * The line's site markup read as the site shows it, code spans left as they
 * are. Whether a variable starts a destination is read from the end of what
 * the line has become before it, kept as it grows: reading all of it again at
 * each variable would take as long as the line for each.
 */
function lineWithoutMarkup(line: string): string {
	const spans = codeSpans(line);
	const reference = REFERENCE_START.exec(line)?.[0];
	const referenceEnd = reference === undefined ? -1 : whiteSpaceStart(reference);
	const parts: string[] = [];
	// The output's length, where its trailing white space starts, and its last characters before that (lower case).
	let length = 0;
	let textEnd = 0;
	let tail = '';
	const append = (part: string) => {
		parts.push(part);
		const end = whiteSpaceStart(part);
		if (end > 0) {
			tail = (tail + part.slice(Math.max(0, end - LONGEST_DESTINATION_END), end).toLowerCase()).slice(
				-LONGEST_DESTINATION_END,
			);
			textEnd = length + end;
		}

		length += part.length;
	};
	const atDestination = () => DESTINATION_ENDS.some(end => tail.endsWith(end)) || textEnd === referenceEnd;

	let span = 0;
	let from = 0;
	for (const match of line.matchAll(MARKUP)) {
		const at = match.index;
		while (span < spans.length && (spans[span]?.[1] ?? 0) <= at) span++;
		if (span < spans.length && (spans[span]?.[0] ?? 0) <= at) continue;
		append(line.slice(from, at));
		from = at + match[0].length;
		const [text] = match;
		if (text.startsWith('{:')) continue;
		const post = match[1];
		if (post !== undefined) append(`${POST_LINK}${post}`);
		else if (!atDestination()) append(text);
	}

	if (from === 0) return line;
	append(line.slice(from));
	return parts.join('');
}

/** The post's Markdown with Jekyll's site markup read as its site shows it, outside code. */
export function withoutSiteMarkup(markdown: string): string {
	if (!mayHoldMarkup(markdown)) return markdown;
	const inCode = codeLineTracker();
	const inIndentedCode = indentedCodeTracker();
	let changed = false;
	const lines = markdown.split('\n').map(line => {
		// Both trackers see every line.
		const code = inCode(line);
		if (inIndentedCode(line) || code) return line;
		if (!mayHoldMarkup(line)) return line;
		const plain = lineWithoutMarkup(line);
		changed ||= plain !== line;
		return plain;
	});
	return changed ? lines.join('\n') : markdown;
}
