// The help's keys: it scrolls; the quit keys quit; any other key closes it.
import {type KeyFlags, keyEvents} from '../../keys/keymap.js';
import type {Screen, State} from '../../state/model.js';
import {clampTop, moved} from '../../state/viewport.js';

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
