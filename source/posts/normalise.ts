import path from 'node:path';
import {fenceTracker} from '../text/fences.js';
import {cleanLine} from '../text/sanitize.js';
import {MAX_ITEMS, MAX_LINE, type Post} from './model.js';

const WORDS_PER_MINUTE = 230;

/** `YYYY-MM-DD` at the start of a date or date-time, as written (no time-zone shift). */
const CALENDAR_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/;
const JEKYLL_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

function validDate(year: number, month: number, day: number): string | null {
	if (month < 1 || month > 12 || day < 1 || day > 31) return null;
	const probe = new Date(Date.UTC(year, month - 1, day));
	if (probe.getUTCMonth() !== month - 1) return null;
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The calendar date a value names. Strings and TOML dates keep the date as
 * written; a JS Date (only from a parser that made one) is read in UTC, where
 * YAML parsers put a bare date.
 */
export function toCalendarDate(value: unknown): string | null {
	if (value instanceof Date) {
		// TOML dates print themselves as written, offset included.
		const written = value.toISOString();
		const match = CALENDAR_DATE.exec(written);
		return match ? validDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
	}

	if (typeof value === 'string') {
		const match = CALENDAR_DATE.exec(value.trim());
		return match ? validDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
	}

	return null;
}

/** One-line text cut to what the post model accepts (a post is not a place for a megabyte title). */
function clip(text: string): string {
	return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text;
}

/** Tags or categories from a list, or a comma- (or, Jekyll-style, space-) separated string. */
export function toTerms(value: unknown): string[] {
	let raw: unknown[] = [];
	// Two levels of lists at most (Hexo nests categories), and a bounded number of items.
	if (Array.isArray(value))
		raw = value.slice(0, 200).flatMap(item => (Array.isArray(item) ? item.slice(0, 200) : [item]));
	else if (typeof value === 'string') raw = value.includes(',') ? value.split(',') : value.split(/\s+/);
	else if (typeof value === 'number') raw = [value];

	const seen = new Set<string>();
	const terms: string[] = [];
	for (const item of raw) {
		if (typeof item !== 'string' && typeof item !== 'number') continue;
		const term = clip(cleanLine(String(item)));
		const key = term.toLowerCase();
		if (term === '' || seen.has(key)) continue;
		seen.add(key);
		terms.push(term);
		if (terms.length === MAX_ITEMS) break;
	}

	return terms;
}

/** A single line of text from a scalar, a list of scalars or a `{name: …}` object; deeper data is ignored. */
function toText(value: unknown, nested = false): string | null {
	if (typeof value === 'string' || typeof value === 'number') {
		const text = clip(cleanLine(String(value)));
		return text === '' ? null : text;
	}

	if (nested) return null;
	if (Array.isArray(value)) {
		const parts = value
			.slice(0, 50)
			.map(item => toText(item, true))
			.filter((item): item is string => item !== null);
		return parts.length > 0 ? parts.join(', ') : null;
	}

	if (typeof value === 'object' && value !== null && 'name' in value) {
		return toText((value as {name: unknown}).name, true);
	}

	return null;
}

/** The text of the body's first `# heading` outside code fences, reading only as far as it. */
function firstHeading(body: string): string | null {
	const inFence = fenceTracker();
	for (let start = 0; start < body.length; ) {
		const end = body.indexOf('\n', start);
		const line = body.slice(start, end === -1 ? body.length : end);
		start = end === -1 ? body.length : end + 1;
		if (inFence(line)) continue;
		// A closing run of # needs a space before it: `# Learn C#` keeps its #.
		const match = /^#\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
		if (match?.[1]) return match[1];
	}

	return null;
}

/** `my-first_post` → `My first post`. */
function readableName(stem: string): string {
	const words = stem.replace(/[-_]+/g, ' ').trim();
	return words === '' ? stem : words.charAt(0).toUpperCase() + words.slice(1);
}

/** ASCII letters and digits; with everything beyond ASCII, they make a run of non-space characters a word. */
function isWordCode(code: number): boolean {
	return code > 0x7f || (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
}

/**
 * Words in UTF-8 text, from `start`: runs of non-space characters with at
 * least one letter or digit (or any non-ASCII character). Spaces, tabs, line
 * breaks (and other controls) and the no-break space (C2 A0) end a word; every
 * byte of another non-ASCII character is above 0x7F. Counting the bytes is
 * much quicker than reading the decoded text, which matters for ten thousand posts.
 */
export function countWordsInUtf8(bytes: Uint8Array, start = 0): number {
	let words = 0;
	let inWord = false;
	let counted = false;
	for (let index = start; index < bytes.length; index++) {
		const code = bytes[index] ?? 0;
		if (code <= 0x20 || (code === 0xc2 && bytes[index + 1] === 0xa0)) {
			if (code === 0xc2) index++;
			inWord = false;
			continue;
		}

		if (!inWord) {
			inWord = true;
			counted = false;
		}

		if (!counted && isWordCode(code)) {
			words++;
			counted = true;
		}
	}

	return words;
}

/** Words in a text (see countWordsInUtf8), for text whose file bytes are not at hand. */
export function countWords(body: string): number {
	return countWordsInUtf8(Buffer.from(body, 'utf8'));
}

export type RawPost = {
	relativePath: string;
	absolutePath: string;
	/** The real path of the blog's folder (default: the file's own folder). */
	folder?: string;
	data: Record<string, unknown>;
	body: string;
	warnings: string[];
	/** The post is in a drafts folder (Jekyll `_drafts`). */
	inDraftFolder?: boolean;
	/** A site-wide excerpt separator (Jekyll's `excerpt_separator`). */
	excerptSeparator?: string | null;
	/** The body's words, when counted already (from the file's bytes). */
	words?: number;
};

// ISO 639-1 codes, less `ts` and `io`, which are far more often file types
// (`config.ts.md`) than Tsonga or Ido; `go`, `js`, `py` and `md` aren't codes.
const LANGUAGE_CODES = new Set(
	[
		'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de',
		'dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id',
		'ie ig ii ik is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv',
		'mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm',
		'rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr tt',
		'tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu',
	]
		.join(' ')
		.split(' '),
);

/** A language suffix on a file name: `post.en.md`, `index.zh-cn.md`; `tips.go.md` has none. */
export const LANGUAGE_SUFFIX = new RegExp(`^(.+)\\.((?:${[...LANGUAGE_CODES].join('|')})(?:-[a-z]{2,4})?)$`, 'i');

/** Today's date where blogread runs, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
	const twoDigits = (value: number) => String(value).padStart(2, '0');
	return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** The text before an excerpt separator (`<!--more-->`), as one plain line. */
export function excerptBefore(body: string, separator: string): string | null {
	const at = body.indexOf(separator);
	if (at <= 0) return null;
	const text = body
		.slice(0, at)
		.replace(/```[\s\S]*?```/g, ' ')
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]+>/g, ' ')
		.replace(/^[#>\s*-]+/gm, '')
		.replace(/[*_`~]/g, '');
	const line = cleanLine(text).replace(/\s+/g, ' ');
	return line === '' ? null : line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Front matter and file name → the post model (DESIGN.md §2). */
export function normalisePost(raw: RawPost): Post {
	const {data, body} = raw;
	const warnings = [...raw.warnings];
	const extension = path.posix.extname(raw.relativePath);
	let stem = path.posix.basename(raw.relativePath, extension);
	const suffix = LANGUAGE_SUFFIX.exec(stem);
	if (suffix?.[1]) stem = suffix[1];
	if (stem === 'index' || stem === '_index') stem = path.posix.basename(path.posix.dirname(raw.relativePath)) || stem;

	const jekyll = JEKYLL_NAME.exec(stem);
	const slugStem = jekyll?.[4] ?? stem;

	let date: string | null = null;
	for (const key of ['date', 'pubDate', 'publishDate', 'published', 'created']) {
		const value = data[key];
		if (value === undefined || value === null || typeof value === 'boolean') continue;
		date = toCalendarDate(value);
		if (date === null) warnings.push(`${key}: "${clip(cleanLine(String(value)))}" is not a date`);
		break;
	}

	if (date === null && jekyll) date = validDate(Number(jekyll[1]), Number(jekyll[2]), Number(jekyll[3]));
	const updatedValue = data['lastmod'] ?? data['updated'] ?? data['updatedDate'] ?? data['modified'];
	const updated = updatedValue === undefined ? null : toCalendarDate(updatedValue);
	// Zola keeps tags and categories in a [taxonomies] table.
	const taxonomies =
		typeof data['taxonomies'] === 'object' && data['taxonomies'] !== null
			? (data['taxonomies'] as Record<string, unknown>)
			: {};
	const separator =
		typeof data['excerpt_separator'] === 'string' ? data['excerpt_separator'] : (raw.excerptSeparator ?? '<!--more-->');

	const frontTitle = toText(data['title']);
	// The first heading matters only when the front matter has no title.
	const heading = frontTitle === null ? firstHeading(body) : null;
	const title = clip(frontTitle ?? (heading ? cleanLine(heading) : null) ?? cleanLine(readableName(slugStem)));

	const words = raw.words ?? countWords(body);
	// Key order is the order --json prints them in.
	return {
		title: title === '' ? clip(cleanLine(raw.relativePath)) : title,
		date,
		updated,
		tags: toTerms(data['tags'] ?? taxonomies['tags']),
		categories: toTerms(data['categories'] ?? data['category'] ?? taxonomies['categories']),
		author: toText(data['author'] ?? data['authors']),
		excerpt: toText(data['excerpt'] ?? data['summary'] ?? data['description']) ?? excerptBefore(body, separator),
		cover: toText(data['cover'] ?? data['image'] ?? data['heroImage']),
		lang: toText(data['lang'] ?? data['language']) ?? suffix?.[2]?.toLowerCase() ?? null,
		languages: [],
		path: raw.relativePath,
		slug: clip(cleanLine(slugStem.toLowerCase())),
		// Drafts: marked so, unpublished, or in a drafts folder (future dates: see loadBlog).
		draft: data['draft'] === true || data['published'] === false || raw.inDraftFolder === true,
		words,
		readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
		warnings,
		absolutePath: raw.absolutePath,
		folder: raw.folder ?? path.dirname(raw.absolutePath),
		titleFromHeading: frontTitle === null && heading !== null,
	};
}
