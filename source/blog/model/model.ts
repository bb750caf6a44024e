// The post model, declared once: each field with the check its value must
// pass, whether `--list --json` prints it and whether the index keeps it. The
// Post type, the JSON summary, the index row and the row's validation are all
// derived from this table.
import {hasControls} from '../../text/sanitize.js';
import {isContentHash} from '../load/content-hash.js';

/** Why a file was not read as a post (the problems view shows it beside the file). */
export type SkipReason =
	| 'section page'
	| 'site page'
	| 'repository file'
	/** A page of a Zola section whose `_index.md` says `render = false`. */
	| 'hidden section'
	/** A Zola page whose `template` is not the posts'. */
	| 'page template'
	/** A Zola page with no title or date, outside the section of the posts. */
	| 'untitled page';

/** A file left out of the list, and why. */
export type SkippedFile = {path: string; reason: SkipReason};

/** Longest text a one-line field may hold (titles, tags, excerpts): more is not a post's, it is an attack. */
export const MAX_LINE = 4096;
/** Most items a list field may hold (tags, warnings). */
export const MAX_ITEMS = 1000;

const isLine = (value: unknown): value is string =>
	typeof value === 'string' && value.length <= MAX_LINE && !hasControls(value);
const isLineOrNull = (value: unknown): value is string | null => value === null || isLine(value);
const isLines = (value: unknown): value is string[] =>
	Array.isArray(value) && value.length <= MAX_ITEMS && value.every(isLine);
const isDateOrNull = (value: unknown): value is string | null =>
	value === null || (typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value));
/** Where a post's date came from: its front matter, its file name, or, for an undated post, a guess. */
export const DATE_SOURCES = ['front-matter', 'permalink', 'file-name', 'git', 'modified'] as const;
export type DateSource = (typeof DATE_SOURCES)[number];
/** Whether a post's date is a guess (its file's last commit or modification), not one the post gives. */
export const isGuessedDate = (post: {dateSource: DateSource | null}): boolean =>
	post.dateSource === 'git' || post.dateSource === 'modified';
const isDateSourceOrNull = (value: unknown): value is DateSource | null =>
	value === null || DATE_SOURCES.includes(value as DateSource);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** A path inside the blog as the walk gives it: relative, `/`-separated, never leaving the folder. */
export const isBlogPath = (value: unknown): value is string =>
	typeof value === 'string' &&
	value !== '' &&
	value.length <= MAX_LINE &&
	!value.includes('\u0000') &&
	!value.startsWith('/') &&
	// Splitting every path is most of checking an index row: most paths have no `..` at all.
	!(value.includes('..') && value.split('/').includes('..'));

type Field = {
	check: (value: unknown) => boolean;
	/** Printed by `--list --json` (DESIGN.md §1). */
	json: boolean;
	/** Kept in the index: false for what is worked out after loading (translations). */
	indexed: boolean;
};

const field = <Value>(check: (value: unknown) => value is Value, json = true, indexed = true) => ({
	check,
	json,
	indexed,
});

/** Every field of a post, in the order `--list --json` prints them. */
export const postFields = {
	title: field(isLine),
	/** Calendar date as written, `YYYY-MM-DD`, or null when the post has none. */
	date: field(isDateOrNull),
	/**
	 * Where the date came from: `front-matter`, `file-name` (`2021-11-29-post.md`, a bundle's folder), or
	 * for a post with neither, a guess: `git` (the file's last commit) or `modified` (its modification time).
	 * The index keeps only the first two: guesses are made again at every load (posts/guessed-dates.ts).
	 */
	dateSource: field(isDateSourceOrNull),
	/** When it was last changed (`lastmod`, `updated`, `updatedDate`, `modDatetime`, …). */
	updated: field(isDateOrNull),
	tags: field(isLines),
	categories: field(isLines),
	author: field(isLineOrNull),
	excerpt: field(isLineOrNull),
	cover: field(isLineOrNull),
	lang: field(isLineOrNull),
	/** Every language the post is written in, when it has translations (`post.en.md`, `post.fr.md`); else empty. */
	languages: field(isLines, true, false),
	/** Path relative to the folder given, with `/` separators. */
	path: field(isBlogPath),
	slug: field(isLine),
	draft: field(isBoolean),
	words: field(isCount),
	readingMinutes: field(isCount),
	/** What was wrong with this post, e.g. broken front matter. */
	warnings: field(isLines),
	/** The title was taken from the body's first `# heading` (which the reader then does not repeat). */
	titleFromHeading: field(isBoolean, false),
	/** The title was made from the file's name: the post gives none. */
	titleFromFile: field(isBoolean, false),
	/** The template the front matter names (Zola, Hugo `layout`), or null: a page's is not the posts'. */
	template: field(isLineOrNull, false),
	/** A hash of the file's bytes (null when it could not be read): a post read before and changed since shows so. */
	hash: field((value: unknown): value is string | null => value === null || isContentHash(value), false),
} satisfies Record<string, Field>;

export type FieldName = keyof typeof postFields;
type ValueOf<Name extends FieldName> = (typeof postFields)[Name]['check'] extends (
	value: unknown,
) => value is infer Value
	? Value
	: never;

/**
 * A post as listed: its fields, where its file is, and the real path of the
 * blog's folder, outside which it is never read. Its body is read from the
 * file when needed (load/body.ts).
 */
export type Post = {[Name in FieldName]: ValueOf<Name>} & {absolutePath: string; folder: string};

type JsonName = {[Name in FieldName]: (typeof postFields)[Name]['json'] extends true ? Name : never}[FieldName];

/** The `--list --json` shape: the post model without its internals. */
export type PostSummary = {[Name in JsonName]: ValueOf<Name>};

/** Every field of a post, in the model's order. */
export const fieldNames = Object.keys(postFields) as FieldName[];
/** The fields of `--list --json`, in its order. */
export const jsonNames = fieldNames.filter(name => postFields[name].json) as JsonName[];

export function summarise(post: Post): PostSummary {
	const summary: Record<string, unknown> = {};
	for (const name of jsonNames) summary[name] = post[name];
	return summary as PostSummary;
}

/** The fields the index keeps, in row order; `path` is the row's key and comes first. */
const indexedNames = fieldNames.filter(name => postFields[name].indexed && name !== 'path');

/** What an index row says about the file it was read from: it is used only while these still hold. */
export type RowStamp = {size: number; mtimeMs: number; ctimeMs: number; context: string};

/** One post as an index row: `[path, size, mtimeMs, context, ...indexed fields]`, half the size of keyed objects. */
export type Row = unknown[];

export function toRow(post: Post, stamp: RowStamp): Row {
	return [post.path, stamp.size, stamp.mtimeMs, stamp.ctimeMs, stamp.context, ...indexedNames.map(name => post[name])];
}

const ROW_HEAD = 5;

/** Where a field sits in an index row. */
export function rowPosition(name: FieldName): number {
	return name === 'path' ? 0 : ROW_HEAD + indexedNames.indexOf(name);
}
const postShape = Object.fromEntries([...fieldNames, 'absolutePath', 'folder'].map(name => [name, null]));

/**
 * A row read back from the index, checked field by field as strictly as a
 * post: anything that does not fit (edited, from another version, crafted)
 * gives undefined, and the post is read from its file again.
 */
export function fromRow(row: unknown, absolutePath: string, folder: string): {post: Post; stamp: RowStamp} | undefined {
	if (!Array.isArray(row) || row.length !== ROW_HEAD + indexedNames.length) return undefined;
	const [path, size, mtimeMs, ctimeMs, context] = row as unknown[];
	if (!isBlogPath(path) || !isCount(size) || typeof mtimeMs !== 'number' || typeof ctimeMs !== 'number')
		return undefined;
	if (typeof context !== 'string') return undefined;
	// Every post object gets the same shape, fields in table order: property reads stay fast in sorting and listing.
	const post: Record<string, unknown> = {...postShape, path, languages: [], absolutePath, folder};
	for (let index = 0; index < indexedNames.length; index++) {
		const name = indexedNames[index] as FieldName;
		const value: unknown = row[ROW_HEAD + index];
		if (!postFields[name].check(value)) return undefined;
		post[name] = value;
	}

	return {post: post as Post, stamp: {size, mtimeMs, ctimeMs, context}};
}

/** Whether a post's fields all pass their checks (what normalising produces always does). */
export function isValidPost(post: Post): boolean {
	return fieldNames.every(name => postFields[name].check(post[name]));
}

/** The loaded blog. */
export type Blog = {
	/** The folder or file the user pointed at, as given. */
	root: string;
	posts: Post[];
	/** Posts hidden because they are drafts (shown with --drafts). */
	hiddenDrafts: number;
	/** The static site generator whose layout was recognised, and where its posts are ("Hugo: content/posts"). */
	layout?: string | null;
	/** The language versions of each translated post, by the path of any of them. */
	translations?: Map<string, Post[]>;
	/** What could not be read (folders, with why), shown so nothing is skipped silently. */
	problems?: string[];
	/** Markdown files that are not posts (section and site pages, a README), with why: the problems view lists them. */
	skipped?: SkippedFile[];
};
