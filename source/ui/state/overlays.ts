// The overlays over a screen: the reader's contents, the list's problems
// (help needs no keys of its own).
import type {Command} from '../../keymap.js';
import type {ContentsState, ProblemsViewState, ReaderPage, Screen, State} from './model.js';
import {problemRows} from './problems.js';
import {jumpTo} from './reader.js';
import {clampIndex, clampTop, contentsRows, problemsRows, scrollToShow} from './viewport.js';

/** Keys in the contents overlay. */
export function contentsKey(
	state: State,
	page: ReaderPage,
	contents: ContentsState,
	command: Command | undefined,
	screen: Screen,
): State {
	const count = page.headings.length;
	const rows = contentsRows(screen.readerHeight);
	const move = (to: number): State => {
		const cursor = clampIndex(to, count);
		return {...state, contents: {cursor, top: scrollToShow(cursor, contents.top, count, rows)}};
	};

	switch (command) {
		case 'down':
			return move(contents.cursor + 1);
		case 'up':
			return move(contents.cursor - 1);
		case 'top':
			return move(0);
		case 'bottom':
			return move(count - 1);
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

/** Keys in the problems overlay: it scrolls, and closes. */
export function problemsKey(
	state: State,
	problems: ProblemsViewState,
	command: Command | undefined,
	screen: Screen,
): State {
	const total = problemRows(state).length;
	const rows = problemsRows(screen.listHeight);
	const scroll = (to: number): State => ({...state, problems: {top: clampTop(to, total, rows)}});
	switch (command) {
		case 'down':
			return scroll(problems.top + 1);
		case 'up':
			return scroll(problems.top - 1);
		case 'pageDown':
			return scroll(problems.top + rows);
		case 'pageUp':
			return scroll(problems.top - rows);
		case 'top':
			return scroll(0);
		case 'bottom':
			return scroll(total);
		case 'cancel':
			return {...state, problems: null};
		default:
			return state;
	}
}
