import type {Post} from '../posts/types.js';
import type {Theme} from '../theme.js';
import {markMatches} from './mark-matches.js';
import {displayWidth, padEnd, truncate} from './text-width.js';

const DATE_WIDTH = 10;
const GAP = '  ';

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
	return `${post.title}${languages}${post.draft ? ' [draft]' : ''}`;
}

// Each post's title and tags widths, measured once: the columns are worked out
// again for every keystroke of a search, over every post that matches.
const measured = new WeakMap<Post, {title: number; tags: number}>();

function measure(post: Post): {title: number; tags: number} {
	let widths = measured.get(post);
	if (!widths) {
		widths = {title: displayWidth(titleText(post)), tags: displayWidth(tagsText(post))};
		measured.set(post, widths);
	}

	return widths;
}

/** Column widths shared by every row, so titles and tags line up. */
export function listColumns(posts: Post[], width: number | null): ListColumns {
	let longestTitle = 0;
	let longestTags = 0;
	for (const post of posts) {
		const widths = measure(post);
		longestTitle = Math.max(longestTitle, widths.title);
		longestTags = Math.max(longestTags, widths.tags);
	}

	if (width === null) return {width, titleWidth: longestTitle, tagsWidth: longestTags};

	const rest = Math.max(0, width - DATE_WIDTH - GAP.length);
	const tagsWidth = Math.min(longestTags, Math.floor(rest * 0.35));
	const titleWidth = Math.min(longestTitle, rest - (tagsWidth > 0 ? tagsWidth + GAP.length : 0));
	return {width, titleWidth: Math.max(0, titleWidth), tagsWidth};
}

/** Search words to show up in a row, and how. */
export type RowMarks = {words: string[]; style: (match: string) => string};

/** One post as a list row: date, title, tags, then the excerpt (or author) where room is left. */
export function listRow(post: Post, columns: ListColumns, theme: Theme, marks?: RowMarks): string {
	const mark = (text: string) => (marks ? markMatches(text, marks.words, marks.style) : text);
	const date = post.date ?? '—'.padEnd(DATE_WIDTH);
	const title = truncate(mark(titleText(post)), columns.titleWidth);
	let row = `${theme.date(date)}${GAP}${theme.strong(padEnd(title, columns.titleWidth))}`;
	let used = DATE_WIDTH + GAP.length + columns.titleWidth;

	const tags = tagsText(post);
	if (columns.tagsWidth > 0) {
		row += GAP + theme.tag(padEnd(truncate(mark(tags), columns.tagsWidth), columns.tagsWidth));
		used += GAP.length + columns.tagsWidth;
	}

	const extra = post.excerpt ?? post.author;
	if (columns.width === null) return row.trimEnd();
	const room = columns.width - used - GAP.length;
	if (extra && room >= 12) row += GAP + theme.muted(truncate(mark(extra), room));
	return truncate(row, columns.width);
}
