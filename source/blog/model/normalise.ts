import path from 'node:path';
import {codeLineTracker} from '../../text/code-lines.js';
import {cleanLine} from '../../text/sanitize.js';
import type {TermStrings} from '../load/layout.js';
import {addressDate, datedName, toCalendarDate} from './dates.js';
import {keptText, ownText} from './kept-text.js';
import {type DateSource, MAX_ITEMS, MAX_LINE, type Post} from './model.js';
import {countWords, readingMinutes, type WordCount} from './reading-time.js';
import {frontMatterSlug} from './slugs.js';
import {spacedStart} from './white-space.js';

/**
 * One-line text cut to what the post model accepts (a post is not a place for a megabyte title),
 * as a post keeps it: shared or copied (kept-text.ts).
 */
function clip(text: string, keep: (text: string) => string = keptText): string {
	return keep(text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);
}

/** A tags or categories string, read by the generator's rule (layout.ts, TermStrings). */
function splitTerms(text: string, strings: TermStrings): string[] {
	if (strings === 'whole') return [text];
	if (text.includes(',')) return text.split(',');
	return strings === 'words' ? text.split(/\s+/) : [text];
}

/** Tags or categories from a list, or a string read by the generator's rule (default: at commas). */
export function toTerms(value: unknown, strings: TermStrings = 'commas'): string[] {
	let raw: unknown[] = [];
	// Two levels of lists at most (Hexo nests categories), and a bounded number of items.
	if (Array.isArray(value))
		raw = value.slice(0, 200).flatMap(item => (Array.isArray(item) ? item.slice(0, 200) : [item]));
	else if (typeof value === 'string') raw = splitTerms(value, strings);
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
function toText(value: unknown, keep: (text: string) => string = keptText, nested = false): string | null {
	if (typeof value === 'string' || typeof value === 'number') {
		const text = clip(cleanLine(String(value)), keep);
		return text === '' ? null : text;
	}

	if (nested) return null;
	if (Array.isArray(value)) {
		const parts = value
			.slice(0, 50)
			.map(item => toText(item, keep, true))
			.filter((item): item is string => item !== null);
		return parts.length > 0 ? parts.join(', ') : null;
	}

	if (typeof value === 'object' && value !== null && 'name' in value) {
		return toText((value as {name: unknown}).name, keep, true);
	}

	return null;
}

/**
 * The text of the body's first `# heading`, reading only as far as it. Lines
 * inside code (fences, code-block template tags) and raw HTML blocks are
 * passed over as the renderer passes them: a `# comment` there is no title.
 */
function firstHeading(body: string): string | null {
	const inCode = codeLineTracker();
	for (let start = 0; start < body.length; ) {
		const end = body.indexOf('\n', start);
		const line = body.slice(start, end === -1 ? body.length : end);
		start = end === -1 ? body.length : end + 1;
		if (inCode(line)) continue;
		const text = headingText(line);
		if (text !== null) return text;
	}

	return null;
}

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';

/**
 * The text of a line that is a `# heading`, its closing run of # taken off (it needs a space before it:
 * `# Learn C#` keeps its #); null for any other line. What `/^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/`
 * captures, found without it: after a lazy capture, that pattern retried from every space of a long run,
 * and a heading with 40,000 spaces in it took 2 s (test/blog/model/normalise.test.ts holds the two equal).
 */
export function headingText(line: string): string | null {
	const opening = /^ {0,3}#[ \t]+/.exec(line)?.[0];
	if (opening === undefined) return null;
	const rest = line.slice(opening.length);
	if (/[\r\u2028\u2029]/.test(rest)) return null;
	// Only blanks after the #: the pattern took the last of them as the text, when there were two.
	if (rest === '') return opening.length - opening.indexOf('#') > 2 ? (line.at(-1) ?? null) : null;
	let end = rest.length;
	while (isBlank(rest[end - 1])) end--;
	let closing = end;
	while (rest[closing - 1] === '#') closing--;
	if (closing < end && isBlank(rest[closing - 1])) {
		end = closing;
		while (isBlank(rest[end - 1])) end--;
	}

	return rest.slice(0, end);
}

/** `my-first_post` → `My first post`. */
function readableName(stem: string): string {
	const words = stem.replace(/[-_]+/g, ' ').trim();
	return words === '' ? stem : words.charAt(0).toUpperCase() + words.slice(1);
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
	/** How the generator reads a tags or categories string (default: at commas). */
	termStrings?: TermStrings;
	/** A plain folder of notes: a post without categories takes its first folder as one. */
	folderCategories?: boolean;
	/** The language of the post's folder, for a post that names none. */
	lang?: string;
	/** The body's words, when counted already (from the file's bytes). */
	words?: WordCount;
	/** The hash of the file's bytes (posts/content-hash.ts), when it was read. */
	hash?: string | null;
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

/**
 * Where the next `char` is at or after `from`, found again only once `from` has passed the last one found:
 * each search starts where the text has not been read, so asking from every position reads it once.
 */
function nextOf(text: string, char: string): (from: number) => number {
	let found = -2;
	return from => {
		if (found !== -1 && found < from) found = text.indexOf(char, from);
		return found;
	};
}

/**
 * Links and images as their text: what `.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')` gives, in one pass.
 * That pattern read from each `[` to the text's last `]` or `)` when the link was never closed, and a post
 * of 40,000 `[a](` before its `<!--more-->` took seconds to list. At a `[` (or `![`) the link is the first
 * `]`, a `(` right after it, and the first `)` after that: the pattern could match no other way.
 */
export function withoutLinks(text: string): string {
	const closeBracket = nextOf(text, ']');
	const closeParen = nextOf(text, ')');
	let out = '';
	let copied = 0;
	for (let at = text.indexOf('['); at !== -1; ) {
		const bracket = closeBracket(at + 1);
		if (bracket === -1) break;
		const paren = text.charCodeAt(bracket + 1) === 0x28 ? closeParen(bracket + 2) : -1;
		if (paren === -1) {
			at = text.indexOf('[', at + 1);
			continue;
		}

		const start = at > 0 && text.charCodeAt(at - 1) === 0x21 && at - 1 >= copied ? at - 1 : at;
		out += text.slice(copied, start) + text.slice(at + 1, bracket);
		copied = paren + 1;
		at = text.indexOf('[', copied);
	}

	return out + text.slice(copied);
}

/** Tags each as a space: what `.replace(/<[^>]+>/g, ' ')` gives, in one pass (the same trap at each `<`). */
export function withoutTags(text: string): string {
	const closeAngle = nextOf(text, '>');
	let out = '';
	let copied = 0;
	for (let at = text.indexOf('<'); at !== -1; ) {
		const close = text.charCodeAt(at + 1) === 0x3e ? -1 : closeAngle(at + 2);
		if (close === -1) {
			at = text.indexOf('<', at + 1);
			continue;
		}

		out += `${text.slice(copied, at)} `;
		copied = close + 1;
		at = text.indexOf('<', copied);
	}

	return out + text.slice(copied);
}

/** The text before an excerpt separator (`<!--more-->`), as one plain line. */
export function excerptBefore(body: string, separator: string): string | null {
	const at = body.indexOf(separator);
	if (at <= 0) return null;
	// Code says nothing about what a post is about: its lines are left out.
	const inCode = codeLineTracker();
	const text = body
		.slice(0, at)
		.split('\n')
		.filter(line => !inCode(line))
		.join('\n');
	const plain = withoutTags(withoutLinks(text))
		.replace(/^[#>\s*-]+/gm, '')
		.replace(/[*_`~]/g, '');
	// 301 characters tell a line that is cut from one that is not.
	const line = spacedStart(cleanLine(plain), 301);
	return line === '' ? null : line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

// Where the publication date and the last change may be, in the order they are
// read: what Jekyll, Hugo, Hexo, Zola, Astro (and AstroPaper), Eleventy, Ghost
// and note apps write. Keys are compared ignoring case, `_` and `-`, as Hugo
// does for case, so `publish_date`, `PublishDate` and `publishDate` are one key.
const DATE_KEYS = [
	'date',
	'pubDate',
	'pubDatetime',
	'publishDate',
	'published',
	'publishedAt',
	'publishedOn',
	'posted',
	'created',
	'createdAt',
	'dateCreated',
];
const UPDATED_KEYS = [
	'lastmod',
	'updated',
	'updatedDate',
	'modDatetime',
	'lastUpdated',
	'modified',
	'lastModified',
	'updatedAt',
	'modifiedAt',
	'dateModified',
];
const keyName = (key: string) => key.toLowerCase().replace(/[-_]/g, '');
const DATE_NAMES = DATE_KEYS.map(keyName);
const UPDATED_NAMES = UPDATED_KEYS.map(keyName);

/** The front matter's keys by their compared name (keyName), the first of each name. */
function keysByName(data: Record<string, unknown>): Map<string, string> {
	const present = new Map<string, string>();
	for (const key of Object.keys(data)) {
		const name = keyName(key);
		if (!present.has(name)) present.set(name, key);
	}

	return present;
}

/**
 * The first of the keys named `names` in the front matter that holds a date,
 * and a warning for each before it that has a value but no date in it. Empty
 * values and booleans (`published: false`) are no dates, and say nothing.
 */
function findDate(
	data: Record<string, unknown>,
	present: Map<string, string>,
	names: string[],
	warnings: string[],
): string | null {
	for (const name of names) {
		const key = present.get(name);
		const value = key === undefined ? undefined : data[key];
		if (key === undefined || value === undefined || value === null || typeof value === 'boolean' || value === '')
			continue;
		const date = toCalendarDate(value);
		if (date !== null) return date;
		warnings.push(`${cleanLine(key)}: "${clip(cleanLine(String(value)))}" is not a date`);
	}

	return null;
}

/**
 * A note's categories, or, in a plain folder of notes (`vim/`, `git/`…), the
 * first folder it is in when it names none: the folders are how such notes are
 * kept apart. A page bundle at the top (`my-note/index.md`) is not in a folder.
 */
function orFolderCategory(categories: string[], raw: RawPost): string[] {
	if (categories.length > 0 || !raw.folderCategories) return categories;
	const parts = raw.relativePath.split('/');
	const bundle = parts.length === 2 && /^_?index\.[^.]+$/i.test(parts[1] ?? '');
	return parts.length < 2 || bundle ? categories : toTerms(parts[0], 'whole');
}

/** Where a post's address is kept, in the order it is looked for a date in. */
const ADDRESS_NAMES = ['path', 'permalink', 'url', 'slug'];

/** The date in the post's address (see addressDate), or null. */
function permalinkDate(data: Record<string, unknown>, present: Map<string, string>): string | null {
	for (const name of ADDRESS_NAMES) {
		const key = present.get(keyName(name));
		const value = key === undefined ? undefined : data[key];
		if (typeof value !== 'string') continue;
		const date = addressDate(value, name === 'slug');
		if (date !== null) return date;
	}

	return null;
}

/** Front matter and file name → the post model (DESIGN.md §2). */
export function normalisePost(raw: RawPost): Post {
	const {data, body} = raw;
	const warnings = [...raw.warnings];
	const extension = path.posix.extname(raw.relativePath);
	let stem = path.posix.basename(raw.relativePath, extension);
	const suffix = LANGUAGE_SUFFIX.exec(stem);
	if (suffix?.[1]) stem = suffix[1];
	// A page bundle (`2021-11-29-my-post/index.md`) is named after its folder, found
	// from the file itself, so a bundle opened alone has the same name as when listed.
	if (stem === 'index' || stem === '_index') stem = path.basename(path.dirname(raw.absolutePath)) || stem;

	const named = datedName(stem);
	const slugStem = named?.rest ?? stem;

	// In a plain folder, a post named as Jekyll names them (`2021-03-04-slug.md`, as when its `_posts`
	// folder is opened alone) reads tag strings as Jekyll does, at spaces.
	const termStrings = (raw.termStrings ?? 'commas') === 'commas' && named?.rest ? 'words' : raw.termStrings;
	const present = keysByName(data);
	let date = findDate(data, present, DATE_NAMES, warnings);
	let dateSource: DateSource | null = date === null ? null : 'front-matter';
	if (date === null) {
		date = permalinkDate(data, present);
		if (date !== null) dateSource = 'permalink';
	}

	if (date === null && named) {
		date = named.date;
		dateSource = 'file-name';
	}

	const updated = findDate(data, present, UPDATED_NAMES, warnings);
	// Zola keeps tags and categories in a [taxonomies] table.
	const taxonomies =
		typeof data['taxonomies'] === 'object' && data['taxonomies'] !== null
			? (data['taxonomies'] as Record<string, unknown>)
			: {};
	const separator =
		typeof data['excerpt_separator'] === 'string' ? data['excerpt_separator'] : (raw.excerptSeparator ?? '<!--more-->');

	const frontTitle = toText(data['title'], ownText);
	// The first heading matters only when the front matter has no title; a daily note's date is its name.
	const heading = frontTitle === null ? firstHeading(body) : null;
	const fileTitle = named && named.rest === null ? stem : readableName(slugStem);
	const title = frontTitle ?? clip(cleanLine(heading || fileTitle), ownText);

	const words = raw.words ?? countWords(body);
	// Key order is the order --json prints them in.
	return {
		title: title === '' ? clip(cleanLine(raw.relativePath), ownText) : title,
		date: date === null ? null : keptText(date),
		dateSource,
		updated: updated === null ? null : keptText(updated),
		// A plural key is read by the generator's rule; `tag` and `category` name one term.
		tags:
			data['tags'] === undefined && data['tag'] !== undefined
				? toTerms(data['tag'], 'whole')
				: toTerms(data['tags'] ?? taxonomies['tags'], termStrings),
		categories: orFolderCategory(
			data['categories'] === undefined && data['category'] !== undefined
				? toTerms(data['category'], 'whole')
				: toTerms(data['categories'] ?? taxonomies['categories'], termStrings),
			raw,
		),
		author: toText(data['author'] ?? data['authors'] ?? taxonomies['authors']),
		excerpt:
			toText(data['excerpt'] ?? data['summary'] ?? data['description'], ownText) ?? excerptBefore(body, separator),
		cover: toText(data['cover'] ?? data['image'] ?? data['heroImage'], ownText),
		lang: toText(data['lang'] ?? data['language']) ?? suffix?.[2]?.toLowerCase() ?? raw.lang ?? null,
		languages: [],
		path: raw.relativePath,
		slug: frontMatterSlug(data) ?? clip(cleanLine(slugStem.toLowerCase()), ownText),
		// Drafts: marked so, unpublished, or in a drafts folder (future dates: see loadBlog).
		draft: data['draft'] === true || data['published'] === false || raw.inDraftFolder === true,
		words: words.words,
		readingMinutes: readingMinutes(words),
		warnings,
		absolutePath: raw.absolutePath,
		folder: raw.folder ?? path.dirname(raw.absolutePath),
		titleFromHeading: frontTitle === null && heading !== null,
		titleFromFile: frontTitle === null && heading === null,
		template: toText(data['template']),
		hash: raw.hash ?? null,
	};
}
