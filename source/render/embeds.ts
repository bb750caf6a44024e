// Shortcodes and tags that embed something from another site (a video, a
// gist, a post): a browser shows the thing, a terminal can say what it is and
// where it lives. Hugo's built-in `youtube`, `vimeo`, `gist`, `tweet`/`x`,
// `instagram`; Eleventy's and Jekyll's `{% youtube %}`, `{% youTube %}`, `{% codepen %}`.
import {shortcodeParameters} from './templates-parameters.js';

/** What an embed is and where it lives, or undefined for any other tag. */
export type Embed = {label: string; url: string};

const HUGO_TAG = /^\{\{[<%]\s*([\w-]+)\s*((?:[^\n]|\n(?![ \t]*\n))*?)\s*[>%]\}\}$/;
const LIQUID_TAG = /^\{%-?\s*([\w-]+)\s*((?:[^\n]|\n(?![ \t]*\n))*?)\s*-?%\}$/;
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
	const match = HUGO_TAG.exec(tag) ?? LIQUID_TAG.exec(tag);
	if (!match) return undefined;
	const kind = (match[1] ?? '').toLowerCase();
	const site = SITES[kind === 'x' ? 'tweet' : kind];
	if (!site) return undefined;
	const {named, positional} = shortcodeParameters(match[2] ?? '');
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
