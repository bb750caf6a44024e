import {isGuessedDate, type Post} from '../blog/model/model.js';
import {markMatches} from '../text/mark-matches.js';
import {displayWidth, truncate} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {allSteps, stepEnds} from '../util/slices.js';

const DATE_WIDTH = 10;
const GAP = '  ';
/** After a date that is a guess (the file's last commit or modification time). */
const GUESS_MARK = '~';
const DRAFT_MARK = ' [draft]';

export type ListColumns = {
	/** Total width of a row, or null for no limit (a pipe). */
	width: number | null;
	titleWidth: number;
	tagsWidth: number;
};

export function tagsText(post: Post): string {
	return post.tags.map(tag => `#${tag}`).join(' ');
}

function titleText(post: Post): string {
	const languages = post.languages.length > 1 ? ` [${post.languages.join(' ')}]` : '';
	return `${post.title}${languages}${post.draft ? DRAFT_MARK : ''}`;
}

/** The width of titleText(post), the text not made. */
function titleWidthOf(post: Post): number {
	const languages = post.languages.length > 1 ? displayWidth(post.languages.join(' ')) + 3 : 0;
	return displayWidth(post.title) + languages + (post.draft ? DRAFT_MARK.length : 0);
}

/** The width of tagsText(post), the text not made: each tag, its `#`, a space between. */
function tagsWidthOf(post: Post): number {
	let width = Math.max(0, post.tags.length - 1);
	for (const tag of post.tags) width += 1 + displayWidth(tag);
	return width;
}

/** A post's title and tags as a row shows them, with their widths. */
type Measured = {title: string; titleWidth: number; tags: string; tagsWidth: number};

// Measured once per post drawn: a row is drawn again at every key that
// moves or filters the list, and a --list pads ten thousand rows.
const measured = new WeakMap<Post, Measured>();

function measure(post: Post): Measured {
	let widths = measured.get(post);
	if (!widths) {
		const title = titleText(post);
		const tags = tagsText(post);
		widths = {title, titleWidth: displayWidth(title), tags, tagsWidth: displayWidth(tags)};
		measured.set(post, widths);
	}

	return widths;
}

/**
 * Text cut to `column` columns, ending in the ellipsis when cut, and the same
 * with its matches marked in what is kept: marked text is never cut (slicing
 * through escapes cost a search keystroke most of its frame).
 */
function cutMarked(text: string, column: number, ellipsis: string, marks?: RowMarks): {cut: string; marked: string} {
	const cut = truncate(text, column, ellipsis);
	if (!marks) return {cut, marked: cut};
	const kept = text.startsWith(cut) ? cut.length : cut.length - ellipsis.length;
	return {cut, marked: markMatches(text, marks.words, marks.style, kept) + cut.slice(kept)};
}

/** Text of a known width, cut or padded to exactly `column` columns. */
function fitted(text: string, width: number, column: number, ellipsis: string, marks?: RowMarks): string {
	if (width <= column) return (marks ? markMatches(text, marks.words, marks.style) : text) + ' '.repeat(column - width);
	const {cut, marked} = cutMarked(text, column, ellipsis, marks);
	return marked + ' '.repeat(Math.max(0, column - displayWidth(cut)));
}

/** The widest title and tags of a list, kept with it: the app sizes its columns by every post at each new list. */
type Widest = {title: number; tags: number};
const widestOf = new WeakMap<readonly Post[], Widest>();

/**
 * The widest title and tags of `posts`, a step at a time (see util/slices.ts),
 * remembered with the list. Measured without the texts a row is drawn from
 * (rows measure themselves): over 100,000 posts those were a string and an
 * entry a post, a tenth of the app's first frame.
 */
export function* measureColumns(posts: readonly Post[]): Generator<void, Widest> {
	let widest = widestOf.get(posts);
	if (widest) return widest;
	widest = {title: 0, tags: 0};
	for (const [index, post] of posts.entries()) {
		widest.title = Math.max(widest.title, measured.get(post)?.titleWidth ?? titleWidthOf(post));
		widest.tags = Math.max(widest.tags, measured.get(post)?.tagsWidth ?? tagsWidthOf(post));
		if (stepEnds(index)) yield;
	}

	widestOf.set(posts, widest);
	return widest;
}

/** Column widths shared by every row, so titles and tags line up. */
export function listColumns(posts: Post[], width: number | null): ListColumns {
	const {title: longestTitle, tags: longestTags} = allSteps(measureColumns(posts));
	if (width === null) return {width, titleWidth: longestTitle, tagsWidth: longestTags};

	const rest = Math.max(0, width - DATE_WIDTH - GAP.length);
	const tagsWidth = Math.min(longestTags, Math.floor(rest * 0.35));
	const titleWidth = Math.min(longestTitle, rest - (tagsWidth > 0 ? tagsWidth + GAP.length : 0));
	return {width, titleWidth: Math.max(0, titleWidth), tagsWidth};
}

/** The date and the gap after it; a guessed date is dimmed and marked with `~`, in the gap so columns stay put. */
function dateCell(post: Post, theme: Theme): string {
	if (post.date === null) return theme.date(theme.glyphs.dash.padEnd(DATE_WIDTH)) + GAP;
	if (!isGuessedDate(post)) return theme.date(post.date) + GAP;
	return theme.guessedDate(post.date + GUESS_MARK) + GAP.slice(GUESS_MARK.length);
}

/** Search words to show up in a row, and how. */
export type RowMarks = {words: string[]; style: (match: string) => string};

/** One post as a list row: date, title, tags, then the excerpt (or author) where room is left. */
export function listRow(post: Post, columns: ListColumns, theme: Theme, marks?: RowMarks): string {
	const {title, titleWidth, tags, tagsWidth} = measure(post);
	const {ellipsis} = theme.glyphs;
	const date = dateCell(post, theme);
	let row = `${date}${theme.strong(fitted(title, titleWidth, columns.titleWidth, ellipsis, marks))}`;
	let used = DATE_WIDTH + GAP.length + columns.titleWidth;

	if (columns.tagsWidth > 0) {
		row += GAP + theme.tag(fitted(tags, tagsWidth, columns.tagsWidth, ellipsis, marks));
		used += GAP.length + columns.tagsWidth;
	}

	const extra = post.excerpt ?? post.author;
	if (columns.width === null) return row.trimEnd();
	const room = columns.width - used - GAP.length;
	if (extra && room >= 12) row += GAP + theme.muted(cutMarked(extra, room, ellipsis, marks).marked);
	return truncate(row, columns.width, ellipsis);
}
