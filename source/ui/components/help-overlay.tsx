import {helpRows, type View} from '../../keymap.js';
import {padEnd, truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {maxOf} from '../../util/arrays.js';
import {Lines} from './lines.js';

const VIEW_NAMES: Record<View, string> = {
	list: 'Post list',
	reader: 'Reader',
	search: 'Search',
	picker: 'Tag picker',
	find: 'Find',
	contents: 'Contents',
};

/** Every key of the current view, generated from the keymap; in two columns when one is too tall. */
export function HelpOverlay({view, width, height, theme}: {view: View; width: number; height: number; theme: Theme}) {
	const {glyphs} = theme;
	const rows = helpRows(view, glyphs);
	const room = Math.max(1, height - 3);
	const columns = rows.length > room && width >= 80 ? 2 : 1;
	const perColumn = Math.ceil(rows.length / columns);
	const columnWidth = Math.floor((width - (columns - 1) * 2) / columns);
	const keysWidth = Math.min(maxOf(rows.map(row => row.keys.length)), Math.floor(columnWidth / 2));
	const cell = (index: number) => {
		const row = rows[index];
		return row
			? padEnd(
					truncate(
						`${theme.tag(padEnd(truncate(row.keys, keysWidth, glyphs.ellipsis), keysWidth))}  ${row.description}`,
						columnWidth,
						glyphs.ellipsis,
					),
					columnWidth,
				)
			: '';
	};

	const body = Array.from({length: perColumn}, (_, line) =>
		Array.from({length: columns}, (_, column) => cell(column * perColumn + line))
			.join('  ')
			.trimEnd(),
	);
	const shown =
		body.length > room
			? [
					...body.slice(0, room - 1),
					theme.muted(`${glyphs.ellipsis} ${rows.length - (room - 1) * columns} more: make the window taller`),
				]
			: body;
	const lines = [
		theme.heading2(`${VIEW_NAMES[view]} keys`),
		'',
		...shown,
		theme.muted('Press any key to close this help.'),
	];
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
