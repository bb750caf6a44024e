// How links and images are shown, for Markdown and raw HTML alike: the
// address a link really goes to is never hidden behind text claiming another.

import stripAnsi from 'strip-ansi';
import {cleanLine} from '../text/sanitize.js';
import type {Theme} from '../theme/palette.js';
import {REF_SENTINELS, shownText} from './refs.js';

/** Only web and mail links become clickable; anything else is shown, not linked. */
export function isLinkable(href: string): boolean {
	return /^(?:https?:\/\/|mailto:)[^\s\u0000-\u001F\u007F-\u009F]*$/i.test(href);
}

/** An OSC 8 hyperlink (BEL-terminated, the form wrap-ansi carries across line breaks). */
function hyperlink(href: string, text: string): string {
	return `\u001B]8;;${href}\u0007${text}\u001B]8;;\u0007`;
}

/**
 * Link text that claims a destination: an address with any scheme
 * (`https:`, `mailto:`), `www.`, a mail address, or a bare host name
 * (`paypal.com`, `paypal.com/login`).
 */
const CLAIMS_ADDRESS =
	/^(?:[a-z][a-z\d+.-]*:|www\.|[^\s@/]+@[^\s@/]+\.[a-z]{2,}$|(?:[a-z\d-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$))/i;

/** An address as text and target are compared: no scheme, no `www.`, no trailing slash, in lower case. */
function addressKey(address: string): string {
	const key = address
		.trim()
		.toLowerCase()
		.replace(/^mailto:/, '')
		.replace(/^[a-z][a-z\d+.-]*:\/\//, '')
		.replace(/^www\./, '');
	// The trailing slashes, from the end: `/\/+$/` would try each run of slashes to its end.
	let end = key.length;
	while (end > 0 && key.charCodeAt(end - 1) === 47) end--;
	return key.slice(0, end);
}

/**
 * Link text as a reader sees it, to be checked for a claim: formatting and
 * escapes gone (it is the rendered text), look-alike characters folded
 * (full-width `ＨＴＴＰＳ` is `HTTPS`).
 */
function seenText(rendered: string): string {
	return stripAnsi(rendered).replace(REF_SENTINELS, '').normalize('NFKC').trim();
}

/** Called with each link as it is drawn (its text as seen, its address as written), in reading order. */
export type LinkRecorder = (text: string, href: string) => void;

/** A link: its (already rendered) text, then its address unless the text is that address; `record` is told of it. */
/** Where a link to another post of the blog points (Jekyll's `{% post_url %}`): opened in blogread itself. */
export const POST_LINK = 'blogread:post/';

/** The post a link names, when it is a link to another post of the blog. */
export function linkedPost(href: string): string | undefined {
	return href.startsWith(POST_LINK) ? href.slice(POST_LINK.length) : undefined;
}

export function renderLink(
	text: string,
	href: string,
	theme: Theme,
	hyperlinks: boolean,
	record?: LinkRecorder,
): string {
	const seen = seenText(text);
	record?.(seen, href);
	const textIsTarget = addressKey(seen) === addressKey(href);
	// Text that claims another address must not hide where the link goes.
	const linked = hyperlinks && isLinkable(href);
	const showTarget = !textIsTarget && (!linked || CLAIMS_ADDRESS.test(seen));
	const shown = linked ? hyperlink(href, theme.link(text)) : theme.link(text);
	const post = linkedPost(href);
	if (post !== undefined) return `${shown} ${theme.url(`(post ${shownText(post)})`)}`;
	return showTarget ? `${shown} ${theme.url(`(${shownText(href)})`)}` : shown;
}

/** A `data:` URL is shown by its media type: its payload (often kilobytes of base64) says nothing to a reader. */
function shownAddress(href: string): string {
	const data = /^data:([^,]{0,100}),/i.exec(href);
	return data ? `data:${data[1]},…` : href;
}

/** An image as one muted line: `[image: alt] (address)`. */
export function renderImage(alt: string, href: string, theme: Theme): string {
	return theme.muted(`[image: ${shownText(cleanLine(alt)) || 'image'}] (${shownText(shownAddress(href))})`);
}
