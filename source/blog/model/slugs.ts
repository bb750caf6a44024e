// A post's slug from its front matter: `slug` (Hugo, Jekyll, Hexo, Eleventy),
// `postSlug` (AstroPaper), or the last part of `permalink` / `url`. A slug is
// typed on the command line (`--print SLUG`) and printed in lists, so it is
// made one safe word: lower case, letters, digits and `-` `_` `.`, nothing else.
import {trimRuns} from './trim.js';

/** Longest slug kept: a slug is a name to type, not a place for text. */
const MAX_SLUG = 200;

/**
 * Text as a slug: lower case, every run of other characters (`/`, spaces,
 * controls) one `-`; null when nothing is left.
 */
export function toSlug(value: unknown): string | null {
	if (typeof value !== 'string' && typeof value !== 'number') return null;
	const slug = String(value)
		.slice(0, MAX_SLUG * 4)
		.normalize('NFC')
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
		.replace(/-{2,}/g, '-');
	const trimmed = trimRuns(slug, '-.').slice(0, MAX_SLUG);
	return trimmed === '' ? null : trimmed;
}

/** Percent-escapes decoded (`caf%C3%A9` → `café`), or the text as it is when they are not valid. */
function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/**
 * The last part of a permalink or URL: `/2021/11/my-post/` and
 * `/blog/my-post.html` give `my-post`. A template (`/:year/:title/`,
 * `{{ page.fileSlug }}`) names no slug of its own.
 */
export function lastPathPart(value: unknown): string | null {
	if (typeof value !== 'string' || /[:{}]/.test(value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))) return null;
	const parts = value
		.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
		.replace(/[?#].*$/s, '')
		.split('/')
		.map(part => decoded(part).replace(/\.html?$/i, ''))
		.filter(part => part !== '' && part !== 'index');
	return parts.at(-1) ?? null;
}

/** The slug the front matter gives the post, if any. */
export function frontMatterSlug(data: Record<string, unknown>): string | null {
	return toSlug(data['slug']) ?? toSlug(data['postSlug']) ?? toSlug(lastPathPart(data['permalink'] ?? data['url']));
}
