import type {Post} from '../../posts/model.js';
import {type ListColumns, listRow} from '../../render/list-row.js';
import {padEnd} from '../../text/width.js';
import {createTheme, type Theme} from '../../theme/palette.js';
import {Lines} from './lines.js';

type Props = {
	posts: Post[];
	columns: ListColumns;
	selected: number;
	top: number;
	height: number;
	width: number;
	theme: Theme;
	/** Search words, highlighted where they occur. */
	words: string[];
};

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

/** The visible slice of the post list; the selected row is marked and shown in inverse video. */
export function ListView({posts, columns, selected, top, height, width, theme, words}: Props) {
	const lines = posts.slice(top, top + height).map((post, offset) => {
		if (top + offset !== selected) return `  ${cachedRow(post, columns, theme, words, false)}`;
		const row = cachedRow(post, columns, theme, words, true);
		// A marker as well as inverse video, so the selection shows without colour.
		return `${theme.selectedMarker(theme.glyphs.pointer)} ${theme.selected(padEnd(row, width - 2))}`;
	});
	return <Lines lines={lines} height={height} />;
}
