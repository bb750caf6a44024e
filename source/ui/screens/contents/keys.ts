// The contents overlay's keys: a cursor over the post's headings; Enter goes to one.
import type {Command} from '../../keys/keymap.js';
import type {ContentsState, ReaderPage, Screen, State} from '../../state/model.js';
import {clampIndex, moved, overlayRows, scrollToShow} from '../../state/viewport.js';
import {jumpTo} from '../reader/keys.js';

/** Keys in the contents overlay. */
export function contentsKey(
	state: State,
	page: ReaderPage,
	contents: ContentsState,
	command: Command | undefined,
	screen: Screen,
): State {
	const count = page.headings.length;
	const rows = overlayRows(screen.readerHeight);
	const move = (to: number): State => {
		const cursor = clampIndex(to, count);
		return {...state, contents: {cursor, top: scrollToShow(cursor, contents.top, count, rows)}};
	};

	const to = moved(command, contents.cursor, rows);
	if (to !== undefined) return move(to);
	switch (command) {
		case 'submit': {
			const heading = page.headings[contents.cursor];
			return heading ? {...jumpTo(state, page, heading.line, screen), contents: null} : {...state, contents: null};
		}

		case 'cancel':
			return {...state, contents: null};
		default:
			return state;
	}
}
