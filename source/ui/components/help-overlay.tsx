import type {View} from '../../keymap.js';
import {truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {helpLayout} from '../help-layout.js';
import {clampTop} from '../state/viewport.js';
import {Lines} from './lines.js';

const VIEW_NAMES: Record<View, string> = {
	list: 'Post list',
	reader: 'Reader',
	search: 'Search',
	picker: 'Tag picker',
	find: 'Find',
	contents: 'Contents',
	links: 'Links',
	problems: 'Problems',
	help: 'Help',
};

type Props = {
	view: View;
	top: number;
	width: number;
	height: number;
	theme: Theme;
	/** Commands this app can't carry out, left out (help-layout.ts). */
	without: string;
};

/** Every key of the current view, generated from the keymap, from line `top` on (help-layout.ts lays it out). */
export function HelpOverlay({view, top, width, height, theme, without}: Props) {
	const {body, footer, room} = helpLayout(view, width, height, theme.glyphs, without);
	const first = clampTop(top, body.length, room);
	const shown = body.slice(first, first + room).map(cells =>
		cells
			.map(cell => `${theme.tag(cell.keys)}  ${cell.description}`)
			.join('  ')
			.trimEnd(),
	);
	while (shown.length < room) shown.push('');
	const lines = [
		truncate(theme.heading2(`${VIEW_NAMES[view]} keys`), width),
		'',
		...shown,
		...footer.map(line => theme.muted(line)),
	];
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
