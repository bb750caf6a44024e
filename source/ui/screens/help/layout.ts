// The help screen's lines at a given size, worked out from the keymap: two
// columns when one is too tall and both fit whole, else one column whose keys
// and descriptions wrap. Nothing is left out or cut: the help scrolls instead.

import {displayWidth, padEnd, wrapStyled} from '../../../text/width.js';
import {type Glyphs, UNICODE_GLYPHS} from '../../../theme/glyphs.js';
import {maxOf} from '../../../util/arrays.js';
import {helpRows, keyLabel, keymap, type View} from '../../keys/keymap.js';
import {memoizeLast} from '../../state/memo.js';

/** One column of a help line: keys and what they do, each already fitted to its column. */
export type HelpCell = {keys: string; description: string};

export type HelpLayout = {
	/** Lines of the help's body; each holds one cell per column. */
	body: HelpCell[][];
	/** The hint under the body (how to scroll and close), wrapped. */
	footer: string[];
	/** Body lines that show at once. */
	room: number;
};

/** Columns between keys and description, and between two columns. */
const GAP = 2;

/** The hint under the help, from the help's own bindings: the first key of each way to scroll. */
function footerText(glyphs: Glyphs): string {
	const scroll = keymap
		.filter(binding => binding.views.includes('help') && binding.command !== 'cancel' && binding.command !== 'quit')
		.flatMap(binding => (binding.keys[0] ? [keyLabel(binding.keys[0], glyphs)] : []));
	const close = keymap.find(binding => binding.views.includes('help') && binding.command === 'cancel');
	const closeKeys = close?.keys.map(key => keyLabel(key, glyphs)).join(' ') ?? 'q';
	return `${scroll.join(' ')} scroll ${glyphs.separator} ${closeKeys} or any other key closes`;
}

function layOut([view, width, height, glyphs, without]: readonly [View, number, number, Glyphs, string]): HelpLayout {
	const rows = helpRows(view, glyphs, without.split(' '));
	const footer = wrapStyled(footerText(glyphs), width);
	// A title line and a blank line above the body, the footer under it.
	const room = Math.max(1, height - 2 - footer.length);
	const keysWidth = maxOf(
		rows.map(row => displayWidth(row.keys)),
		0,
	);
	const descriptionWidth = maxOf(
		rows.map(row => displayWidth(row.description)),
		0,
	);
	const columnWidth = keysWidth + GAP + descriptionWidth;

	if (rows.length > room && 2 * columnWidth + GAP <= width) {
		const perColumn = Math.ceil(rows.length / 2);
		const body = Array.from({length: perColumn}, (_, line) =>
			[rows[line], rows[line + perColumn]].flatMap(row =>
				row ? [{keys: padEnd(row.keys, keysWidth), description: padEnd(row.description, descriptionWidth)}] : [],
			),
		);
		return {body, footer, room};
	}

	// One column: keys take up to a third of the width, descriptions the rest; both wrap.
	const keysColumn = Math.max(1, Math.min(keysWidth, Math.floor((width - GAP) / 3)));
	const descriptionColumn = Math.max(1, width - keysColumn - GAP);
	const body = rows.flatMap(row => {
		const keys = wrapStyled(row.keys, keysColumn);
		const description = wrapStyled(row.description, descriptionColumn);
		return Array.from({length: Math.max(keys.length, description.length)}, (_, line) => [
			{keys: padEnd(keys[line] ?? '', keysColumn), description: description[line] ?? ''},
		]);
	});
	return {body, footer, room};
}

const layOutOnce = memoizeLast(layOut);

/**
 * The help of `view` on a screen area of `width` by `height`, drawn with `glyphs`;
 * `without`: commands this app can't carry out (space-separated), left out.
 */
export function helpLayout(
	view: View,
	width: number,
	height: number,
	glyphs: Glyphs = UNICODE_GLYPHS,
	without = '',
): HelpLayout {
	return layOutOnce(view, width, height, glyphs, without);
}
