// The post list: the visible rows, the selected one marked and in inverse
// video, with its details in a pane on the right or under the list; or, when
// there is nothing to list, why and what to do.
import {POST_EXTENSION_LIST} from '../../../blog/load/discover.js';
import type {Post} from '../../../blog/model/model.js';
import {countVisible} from '../../../blog/query/filters.js';
import {describeFilters, type Filters, queryWords, termLabel} from '../../../blog/query/model.js';
import type {SearchText} from '../../../blog/search/search.js';
import {type ListColumns, listRow} from '../../../render/list-row.js';
import {detailLines, previewLines} from '../../../render/post-details.js';
import {countText, plural} from '../../../text/counts.js';
import {progressLine} from '../../../text/progress-line.js';
import {cleanLine} from '../../../text/sanitize.js';
import {padEnd, wrapStyled} from '../../../text/width.js';
import {createTheme, type Theme} from '../../../theme/palette.js';
import {memoizeLast} from '../../state/memo.js';
import {readMark} from '../../state/read-marks.js';
import {positionLabel} from '../../state/viewport.js';
import {problemsStatus} from '../problems/view.js';
import {joined, type ScreenView, statusLeftRoom, type ViewContext} from '../view.js';
import {sortLabel} from './keys.js';

/** Columns the mark takes with its space, when marks are shown. */
export const READ_MARK_WIDTH = 2;

/** Detail lines start under the list's dates. */
const DETAIL_INDENT = '  ';

/** The list's status: where the posts come from, the filters, how many are shown, what is hidden or left out. */
export function listStatus({blog, state, shown, search, theme}: ViewContext, room = Number.POSITIVE_INFINITY): string {
	const {glyphs} = theme;
	const dot = ` ${glyphs.separator} `;
	if (state.firstRead) {
		// First, so a narrow status line cuts the folder's name, not how far the read has come.
		const {done, total} = state.firstRead;
		// Until the walk has found the files, there is nothing to count.
		const progress =
			total === 0 ? `finding posts${glyphs.ellipsis}` : progressLine(done, total, room, glyphs.ascii, true);
		return `${progress}${dot}${blog.root}`;
	}

	const filterText = describeFilters(state.filters, glyphs.separator);
	const sortText = state.sort === 'date' ? '' : `${dot}by ${sortLabel(state.sort)}`;
	const problems = problemsStatus(state, theme);
	const hidden =
		(blog.hiddenDrafts > 0 ? `${dot}${plural(blog.hiddenDrafts, 'draft')} hidden` : '') +
		(problems === '' ? '' : `${dot}${problems}`);
	const where = blog.layout ? `${blog.root} (${blog.layout})` : blog.root;
	const reading = state.filters.query.trim() !== '' && !search.complete ? `${dot}reading posts${glyphs.ellipsis}` : '';
	const count = `${countText(shown.length)} of ${countText(state.posts.length)}`;
	if (state.searching) {
		const typed = `/${state.filters.query}${glyphs.cursor}`;
		return `${typed} ${count}${reading}${dot}Enter keeps${dot}Esc clears`;
	}

	const filtered = (filterText === '' ? '' : `${dot}${filterText}`) + (state.unreadOnly ? `${dot}unread only` : '');
	return `${where}${filtered}${dot}${count} posts${sortText}${hidden}${reading}`;
}

function statusOf(context: ViewContext) {
	const {state, theme, shown, listTop, listLayout, width} = context;
	// The key to the problems view stays in sight: the left side is cut on a narrow terminal.
	const right = joined(
		theme,
		positionLabel(listTop, shown.length, listLayout.listHeight),
		problemsStatus(state, theme) === '' ? '' : '! why',
		'? help',
	);
	// The room the left side's text has: its leading space is the status line's.
	return {left: listStatus(context, statusLeftRoom(width, right) - 1), right};
}

// The selected row is drawn in one inverse colour, so its parts are not coloured (with the theme's glyphs).
const uncoloured = {unicode: createTheme(0), ascii: createTheme(0, 'dark', {ascii: true})};

// Rows are the same from one keypress to the next; only the selection moves.
const rows = new WeakMap<Post, {key: string; row: string}>();
const themeIds = new WeakMap<Theme, number>();
let nextThemeId = 1;

function themeId(theme: Theme): number {
	const known = themeIds.get(theme);
	if (known !== undefined) return known;
	themeIds.set(theme, nextThemeId);
	return nextThemeId++;
}

function cachedRow(post: Post, columns: ListColumns, theme: Theme, words: string[], selected: boolean): string {
	const key = [columns.width, columns.titleWidth, columns.tagsWidth, themeId(theme), selected, words.join(' ')].join(
		':',
	);
	const hit = rows.get(post);
	if (hit?.key === key) return hit.row;
	const row = selected
		? listRow(post, columns, theme.glyphs.ascii ? uncoloured.ascii : uncoloured.unicode, {
				words,
				style: theme.matchSelected,
			})
		: listRow(post, columns, theme, {words, style: theme.match});
	rows.set(post, {key, row});
	return row;
}

export function listView(context: ViewContext): ScreenView {
	const {state, theme, shown, selected, listTop: top, listLayout, listColumns, height} = context;
	if (state.posts.length === 0) return state.firstRead ? {lines: [], status: statusOf(context)} : emptyView(context);
	if (shown.length === 0) return {lines: filteredEmptyLines(context), status: statusOf(context)};
	const {listWidth, listHeight, detailRows, previewWidth} = listLayout;
	const words = queryWords(state.filters.query);
	const read = state.marks ? state.read : undefined;
	// The marks' shapes say it without colour.
	const marks = {...theme.glyphs.readMarks, read: ' '};
	const markOf = (post: Post) => (read === undefined ? '' : `${theme.selectedMarker(marks[readMark(read, post)])} `);
	const lines = shown.slice(top, top + listHeight).map((post, offset) => {
		if (top + offset !== selected) return `  ${markOf(post)}${cachedRow(post, listColumns, theme, words, false)}`;
		const row = cachedRow(post, listColumns, theme, words, true);
		const room = listWidth - 2 - (read === undefined ? 0 : READ_MARK_WIDTH);
		// A marker as well as inverse video, so the selection shows without colour.
		return `${theme.selectedMarker(theme.glyphs.pointer)} ${markOf(post)}${theme.selected(padEnd(row, room))}`;
	});
	const post = shown[selected];
	if (post && previewWidth > 0) {
		const pane = previewLines(post, previewWidth, height, theme);
		const rule = `${theme.muted(theme.glyphs.bar)} `;
		const withPane = Array.from(
			{length: height},
			(_, row) => padEnd(lines[row] ?? '', listWidth) + rule + (pane[row] ?? ''),
		);
		return {lines: withPane, status: statusOf(context)};
	}

	if (post && detailRows > 0) {
		while (lines.length < listHeight) lines.push('');
		const details = detailLines(post, listWidth - DETAIL_INDENT.length, detailRows, theme);
		lines.push(...details.map(line => DETAIL_INDENT + line));
	}

	return {lines, status: statusOf(context)};
}

/** What an empty folder shows: what was searched, and how to point blogread elsewhere. */
function emptyView({state, blog, theme, width, height}: ViewContext): ScreenView {
	const {hiddenDrafts} = blog;
	const leftOut = state.leftOut.skipped.length + state.leftOut.unreadable.length;
	const drafts =
		hiddenDrafts === 1
			? '1 draft is hidden: run with --drafts to see it.'
			: `${hiddenDrafts} drafts are hidden: run with --drafts to see them.`;
	const text = [
		theme.heading2(`No posts in ${cleanLine(blog.root)}`),
		'',
		`blogread looked for Markdown files (${POST_EXTENSION_LIST}) in this folder and its subfolders.`,
		hiddenDrafts === 0 ? '' : drafts,
		leftOut === 0
			? ''
			: `${leftOut === 1 ? '1 file or folder was' : `${leftOut} files or folders were`} left out: ` +
				'! shows which, and why.',
		'',
		'Point it at a blog: blogread ~/src/my-blog, or set BLOGREAD_DIR.',
		'',
		theme.muted(
			leftOut === 0
				? joined(theme, 'q quits', '? shows the keys')
				: joined(theme, 'q quits', '! shows what was left out', '? shows the keys'),
		),
	];
	const lines = text.flatMap(line => (line === '' ? [''] : wrapStyled(line, width)));
	return {
		lines: lines.slice(0, height),
		status: {left: joined(theme, blog.root, 'no posts'), right: joined(theme, '? help', 'q quit')},
	};
}

// With the read posts hidden, how many there are; and without the search, the count of posts the
// other filters leave: the same at every key typed, so each is worked out once.
const readHidden = memoizeLast(([posts, filters, search]: readonly [Post[], Filters, SearchText]) =>
	countVisible(posts, filters, search),
);
const withoutQuery = memoizeLast(
	([posts, terms, mode, search]: readonly [Post[], Filters['terms'], Filters['mode'], SearchText]) =>
		countVisible(posts, {terms, mode, query: ''}, search),
);

/** Nothing matches: which filters are active and what dropping each would show. */
function filteredEmptyLines({state, search, theme, width, height}: ViewContext): string[] {
	const {posts, filters} = state;
	const read = state.unreadOnly ? readHidden(posts, filters, search) : 0;
	const wrapped = (text: string[]) =>
		text.flatMap(line => (line === '' ? [''] : wrapStyled(line, width))).slice(0, height);
	if (read > 0) {
		return wrapped([
			theme.heading2('No unread posts here'),
			'',
			`  read: ${plural(read, 'post')}`,
			'',
			theme.muted(joined(theme, 'U shows read posts too', 'N on a post marks it unread')),
		]);
	}

	const hints = filters.terms.map(term => {
		const without = countVisible(posts, {...filters, terms: filters.terms.filter(other => other !== term)}, search);
		return `  without ${termLabel(term)}: ${plural(without, 'post')}`;
	});
	if (filters.query.trim() !== '') {
		const count = withoutQuery(posts, filters.terms, filters.mode, search);
		hints.push(`  without "${filters.query.trim()}": ${plural(count, 'post')}`);
	}

	return wrapped([
		theme.heading2(`No posts match ${describeFilters(filters, theme.glyphs.separator)}`),
		'',
		...hints,
		'',
		theme.muted(joined(theme, 'x clears all filters', 't changes the tags', '/ changes the search')),
	]);
}
