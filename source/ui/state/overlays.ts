// The overlays over a screen: the reader's contents, the list's problems, and the help.
import {type Command, type KeyFlags, keyEvents} from '../../keymap.js';
import type {ContentsState, ProblemsViewState, ReaderPage, Screen, State} from './model.js';
import {problemRows} from './problems.js';
import {jumpTo} from './reader.js';
import {clampIndex, clampTop, moved, overlayRows, scrollToShow} from './viewport.js';

/** The help's first line, kept so the help never scrolls past its end. */
export function helpTopIn(top: number, screen: Screen): number {
	return clampTop(top, screen.help?.lines ?? 0, screen.help?.height ?? 1);
}

/**
 * Keys while the help is open: its own scroll and close keys, the quit keys;
 * any other key closes it and does nothing else.
 */
export function helpKey(state: State, input: string, flags: KeyFlags, screen: Screen): State {
	const page = Math.max(1, (screen.help?.height ?? 1) - 1);
	let top = state.helpTop;
	const events = keyEvents('help', input, flags);
	if (events.length === 0) return {...state, showHelp: false};
	for (const {binding} of events) {
		if (binding?.command === 'quit') return {...state, showHelp: false, quitting: true};
		const to = moved(binding?.command, top, page);
		if (to === undefined) return {...state, showHelp: false};
		top = helpTopIn(to, screen);
	}

	return {...state, helpTop: top};
}

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
