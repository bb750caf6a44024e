// The problems overlay's keys: it scrolls, and closes.
import type {Command} from '../../keys/keymap.js';
import type {ProblemsViewState, Screen, State} from '../../state/model.js';
import {clampTop, moved, overlayRows} from '../../state/viewport.js';
import {problemRows} from './rows.js';

/** Keys in the problems overlay: it scrolls, and closes. */
export function problemsKey(
	state: State,
	problems: ProblemsViewState,
	command: Command | undefined,
	screen: Screen,
): State {
	const total = problemRows(state).length;
	// The overlay takes the whole area above the status line, as the reader does (the list may share it with details).
	const rows = overlayRows(screen.readerHeight);
	const scroll = (to: number): State => ({...state, problems: {top: clampTop(to, total, rows)}});
	const to = moved(command, problems.top, rows);
	if (to !== undefined) return scroll(to);
	switch (command) {
		case 'cancel':
			return {...state, problems: null};
		default:
			return state;
	}
}
