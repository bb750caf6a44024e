// The help: every key of the screen under it, generated from the keymap.

import {truncate} from '../../../text/width.js';
import type {View} from '../../keys/keymap.js';
import {activeView} from '../../state/selectors.js';
import {clampTop, positionLabel} from '../../state/viewport.js';
import {joined, type ScreenView, type ViewContext} from '../view.js';
import {helpLayout} from './layout.js';

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

/** The keys of the screen under the help, from its line `helpTop` on (layout.ts lays them out). */
export function helpView({state, theme, width, height, without}: ViewContext): ScreenView {
	const view = activeView(state);
	const {body, footer, room} = helpLayout(view, width, height, theme.glyphs, without);
	const top = clampTop(state.helpTop, body.length, room);
	const shown = body.slice(top, top + room).map(cells =>
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
	return {
		lines: lines.slice(0, height),
		status: {left: 'Help', right: joined(theme, positionLabel(top, body.length, room), 'q closes')},
	};
}
