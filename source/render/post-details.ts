// What the list shows of the selected post beside it (a preview pane, on a wide
// terminal) or under it (a few detail lines): its full title, excerpt, tags and
// path, which the list's row may cut short.
import {isGuessedDate, type Post} from '../blog/model/model.js';
import {cleanLine} from '../text/sanitize.js';
import {truncate, wrapStyled} from '../text/width.js';
import type {Glyphs} from '../theme/glyphs.js';
import type {Theme} from '../theme/palette.js';
import {tagsText} from './list-row.js';

/** The first `count` of `lines`; when some are left out, the last one kept ends in `…`. */
function firstLines(lines: string[], count: number, width: number, ellipsis: string): string[] {
	if (lines.length <= count) return lines;
	const kept = lines.slice(0, Math.max(0, count));
	const last = kept.pop();
	return last === undefined ? [] : [...kept, truncate(`${last} ${ellipsis}`, width, ellipsis)];
}

/** Tags, then categories as the tag picker names them. */
function termsText(post: Post): string {
	return [tagsText(post), ...post.categories.map(category => `category:${category}`)].filter(Boolean).join(' ');
}

/** Date, author and reading time, as the reader's header has them. */
function bylineText(post: Post, glyphs: Glyphs): string {
	// A guessed date keeps its `~`, as in the list's row.
	const date = post.date === null ? 'undated' : `${post.date}${isGuessedDate(post) ? '~' : ''}`;
	return [date, post.author, `${post.readingMinutes} min read`].filter(Boolean).join(` ${glyphs.separator} `);
}

/**
 * Exactly `rows` lines under the list (none when `rows` is 0): a rule when
 * there is room, the title (two lines at most), the excerpt in what is left,
 * and a last line with the path and the tags. A person looking for a post
 * wants its whole title first, then where it is.
 */
export function detailLines(post: Post, width: number, rows: number, theme: Theme): string[] {
	if (rows <= 0) return [];
	const rule = rows >= 4 ? [theme.muted(theme.glyphs.rule.repeat(width))] : [];
	const room = rows - rule.length - 1;
	const title = firstLines(wrapStyled(post.title, width), Math.min(2, room), width, theme.glyphs.ellipsis);
	const excerpt = post.excerpt
		? firstLines(wrapStyled(post.excerpt, width), room - title.length, width, theme.glyphs.ellipsis)
		: [];
	const terms = termsText(post);
	const where = truncate(
		`${theme.muted(cleanLine(post.path))}${terms === '' ? '' : `  ${theme.tag(terms)}`}`,
		width,
		theme.glyphs.ellipsis,
	);
	const lines = [...rule, ...title.map(line => theme.strong(line)), ...excerpt.map(line => theme.em(line))];
	while (lines.length < rows - 1) lines.push('');
	return [...lines.slice(0, rows - 1), where];
}

/**
 * The preview pane: the title, byline, tags and path first, so they show on any
 * height, then the excerpt in the rows left. At most `rows` lines.
 */
export function previewLines(post: Post, width: number, rows: number, theme: Theme): string[] {
	const terms = termsText(post);
	const head = [
		...wrapStyled(theme.title(post.title), width),
		...wrapStyled(theme.muted(bylineText(post, theme.glyphs)), width),
		...(terms === '' ? [] : wrapStyled(theme.tag(terms), width)),
		...wrapStyled(theme.muted(cleanLine(post.path)), width),
	];
	const excerpt = post.excerpt ? ['', ...wrapStyled(theme.em(post.excerpt), width)] : [];
	const warnings = post.warnings.map(warning =>
		truncate(theme.warning(`${theme.glyphs.warning} ${warning}`), width, theme.glyphs.ellipsis),
	);
	const lines = [...head, ...warnings, ...excerpt];
	return firstLines(lines, rows, width, theme.glyphs.ellipsis);
}
