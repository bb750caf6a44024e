// The tag picker: narrow, choose, apply.

import {termKey} from '../../../blog/query/model.js';
import type {Command} from '../../keys/keymap.js';
import type {PickerState, Screen, State} from '../../state/model.js';
import {pickerRows} from '../../state/selectors.js';
import {clampIndex, scrollToShow} from '../../state/viewport.js';
import {selectBest} from '../list/keys.js';

export function pickerKey(
	state: State,
	picker: PickerState,
	command: Command | undefined,
	typed: string,
	screen: Screen,
): State {
	const rows = pickerRows(state, picker, screen);
	const moveCursor = (to: number): State => {
		const cursor = clampIndex(to, rows.length);
		return {
			...state,
			picker: {...picker, cursor, top: scrollToShow(cursor, picker.top, rows.length, screen.pickerHeight)},
		};
	};

	const narrow = (query: string): State => ({...state, picker: {...picker, query, cursor: 0, top: 0}});
	// j and k move until narrowing has begun; after that they are letters.
	if ((command === 'down' || command === 'up') && typed !== '' && picker.query !== '')
		return narrow(picker.query + typed);
	switch (command) {
		case undefined:
			return narrow(picker.query + typed);
		case 'deleteChar':
			return narrow([...picker.query].slice(0, -1).join(''));
		case 'down':
			return moveCursor(picker.cursor + 1);
		case 'up':
			return moveCursor(picker.cursor - 1);
		case 'toggle': {
			const term = rows[picker.cursor]?.term;
			if (!term) return state;
			const key = termKey(term);
			const chosen = picker.chosen.some(item => termKey(item) === key)
				? picker.chosen.filter(item => termKey(item) !== key)
				: [...picker.chosen, term];
			return {...state, picker: {...picker, chosen}};
		}

		case 'switchMode':
			return {...state, picker: {...picker, mode: picker.mode === 'and' ? 'or' : 'and'}};
		case 'submit': {
			const same =
				picker.mode === state.filters.mode &&
				picker.chosen.map(termKey).join('\n') === state.filters.terms.map(termKey).join('\n');
			if (same) return {...state, picker: null};
			return selectBest(
				{...state, picker: null, filters: {...state.filters, terms: picker.chosen, mode: picker.mode}},
				screen,
			);
		}

		case 'cancel':
			return {...state, picker: null};
		default:
			return state;
	}
}
