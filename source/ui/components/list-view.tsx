import type {Post} from '../../posts/model.js';
import {type ListColumns, listRow} from '../../render/list-row.js';
import {detailLines, previewLines} from '../../render/post-details.js';
import {padEnd} from '../../text/width.js';
import {createTheme, type Theme} from '../../theme/palette.js';
import type {ListLayout} from '../layout.js';
import {readMark} from '../state/read-marks.js';
import {Lines} from './lines.js';

type Props = {
	posts: Post[];
	columns: ListColumns;
	selected: number;
	top: number;
	/** Where the list and the selected post's details go. */
	layout: ListLayout;
	/** Rows of the whole screen above the status line. */
	height: number;
	theme: Theme;
	/** Search words, highlighted where they occur. */
	words: string[];
	/** Read marks by path (ui/state/read-marks.ts); absent: no mark column (--no-state). */
	read?: Record<string, string> | undefined;
};

/** Columns the mark takes with its space, when marks are shown. */
export const READ_MARK_WIDTH = 2;

/** Detail lines start under the list's dates. */
const DETAIL_INDENT = '  ';

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

/**
 * The visible slice of the post list, the selected row marked and in inverse
 * video; with the selected post's details in a pane on the right or under it.
 */
export function ListView({posts, columns, selected, top, layout, height, theme, words, read}: Props) {
	const {listWidth, listHeight, detailRows, previewWidth} = layout;
	// The marks' shapes say it without colour.
	const marks = {...theme.glyphs.readMarks, read: ' '};
	const markOf = (post: Post) => (read === undefined ? '' : `${theme.selectedMarker(marks[readMark(read, post)])} `);
	const rows = posts.slice(top, top + listHeight).map((post, offset) => {
		if (top + offset !== selected) return `  ${markOf(post)}${cachedRow(post, columns, theme, words, false)}`;
		const row = cachedRow(post, columns, theme, words, true);
		const room = listWidth - 2 - (read === undefined ? 0 : READ_MARK_WIDTH);
		// A marker as well as inverse video, so the selection shows without colour.
		return `${theme.selectedMarker(theme.glyphs.pointer)} ${markOf(post)}${theme.selected(padEnd(row, room))}`;
	});
	const post = posts[selected];
	if (post && previewWidth > 0) {
		const pane = previewLines(post, previewWidth, height, theme);
		const rule = `${theme.muted(theme.glyphs.bar)} `;
		const lines = Array.from(
			{length: height},
			(_, row) => padEnd(rows[row] ?? '', listWidth) + rule + (pane[row] ?? ''),
		);
		return <Lines lines={lines} height={height} />;
	}

	if (post && detailRows > 0) {
		while (rows.length < listHeight) rows.push('');
		const details = detailLines(post, listWidth - DETAIL_INDENT.length, detailRows, theme);
		rows.push(...details.map(line => DETAIL_INDENT + line));
	}

	return <Lines lines={rows} height={height} />;
}
