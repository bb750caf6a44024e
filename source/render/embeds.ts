// Shortcodes and tags that embed something from another site (a video, a
// gist, a post): a browser shows the thing, a terminal can say what it is and
// where it lives. Hugo's built-in `youtube`, `vimeo`, `gist`, `tweet`/`x`,
// `instagram`; Eleventy's and Jekyll's `{% youtube %}`, `{% youTube %}`, `{% codepen %}`.
import {isBlankLineAt, isHugoOpen, isSpace, isWord, skipSpaces} from './template-scan.js';
import {shortcodeParameters} from './templates-parameters.js';

/** What an embed is and where it lives, or undefined for any other tag. */
export type Embed = {label: string; url: string};

/**
 * A whole tag's name and parameters, as these read it (in one pass):
 * `^\{\{[<%]\s*([\w-]+)\s*((?:[^\n]|\n(?![ \t]*\n))*?)\s*[>%]\}\}$` and
 * `^\{%-?\s*([\w-]+)\s*((?:[^\n]|\n(?![ \t]*\n))*?)\s*-?%\}$`.
 */
function tagParts(tag: string): {name: string; parameters: string} | undefined {
	const hugo = isHugoOpen(tag, 0);
	if (!hugo && !tag.startsWith('{%')) return undefined;
	const nameStart = skipSpaces(tag, hugo ? 3 : tag.charCodeAt(2) === 45 ? 3 : 2);
	let nameEnd = nameStart;
	while (nameEnd < tag.length && (isWord(tag.charCodeAt(nameEnd)) || tag.charCodeAt(nameEnd) === 45)) nameEnd++;
	if (nameEnd === nameStart) return undefined;
	const start = skipSpaces(tag, nameEnd);
	// The closer is the tag's last characters; the parameters end before it, its `-` and the spaces before.
	let end = tag.length - (hugo ? 3 : 2);
	if (end < start) return undefined;
	if (hugo) {
		const first = tag.charCodeAt(end);
		if (!((first === 62 || first === 37) && tag.endsWith('}}'))) return undefined;
	} else {
		if (!tag.endsWith('%}')) return undefined;
		if (end > start && tag.charCodeAt(end - 1) === 45) end--;
	}

	while (end > start && isSpace(tag.charCodeAt(end - 1))) end--;
	// No blank line inside the parameters.
	for (let at = tag.indexOf('\n', start); at !== -1 && at < end; at = tag.indexOf('\n', at + 1)) {
		if (isBlankLineAt(tag, at)) return undefined;
	}

	return {name: tag.slice(nameStart, nameEnd), parameters: tag.slice(start, end)};
}

const URL = /^https?:\/\/[^\s\u0000-\u001F\u007F-\u009F]+$/i;

/** An id that goes into an address: letters, digits and a few marks, or nothing. */
const ID = /^[\w.-]{1,200}$/;

type Site = {name: string; label: string; url: (id: string, second?: string) => string};

const SITES: Record<string, Site> = {
	youtube: {name: 'YouTube', label: 'video', url: id => `https://www.youtube.com/watch?v=${id}`},
	vimeo: {name: 'Vimeo', label: 'video', url: id => `https://vimeo.com/${id}`},
	instagram: {name: 'Instagram', label: 'post', url: id => `https://www.instagram.com/p/${id}/`},
	gist: {name: 'GitHub', label: 'gist', url: (user, id) => `https://gist.github.com/${user}/${id ?? ''}`},
	tweet: {
		name: 'X',
		label: 'post',
		url: (id, user) => (user ? `https://x.com/${user}/status/${id}` : `https://x.com/i/status/${id}`),
	},
	codepen: {name: 'CodePen', label: 'pen', url: id => `https://codepen.io/pen/${id}`},
};

/** The embed a whole template tag (`{{< youtube abc >}}`, `{% youTube "abc" %}`) stands for, if any. */
export function embedOf(tag: string): Embed | undefined {
	const parts = tagParts(tag);
	if (!parts) return undefined;
	const kind = parts.name.toLowerCase();
	const site = SITES[kind === 'x' ? 'tweet' : kind];
	if (!site) return undefined;
	const {named, positional} = shortcodeParameters(parts.parameters);
	const first = named.get('id') ?? named.get('url') ?? named.get('src') ?? positional[0] ?? '';
	// A full address given (Eleventy's plugins take one): shown as it is, when it is a web address.
	if (URL.test(first)) return {label: `${site.label}: ${site.name}`, url: first};
	if (kind === 'gist') {
		const user = named.get('user') ?? positional[0] ?? '';
		const id = named.get('id') ?? positional[1] ?? '';
		return ID.test(user) && ID.test(id) ? {label: `gist: ${user}/${id}`, url: site.url(user, id)} : undefined;
	}

	if (!ID.test(first)) return undefined;
	const user = named.get('user');
	return {
		label: `${site.label}: ${site.name} ${first}`,
		url: site.url(first, user !== undefined && ID.test(user) ? user : undefined),
	};
}
