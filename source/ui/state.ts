import {bindingsForInput, keyLabel, type Action as KeyAction, type KeyFlags, type View} from '../keymap.js';
import {clampIndex, clampTop, keepInView} from './viewport.js';

export type State = {
	view: View;
	showHelp: boolean;
	/** Index of the selected post in the list. */
	selected: number;
	/** First list row on screen. */
	listTop: number;
	/** First reader line on screen. */
	readerTop: number;
	/** A one-off message for the status line; cleared by the next key. */
	notice: string | null;
	/** Set by the quit keys; the app exits when it sees it. */
	quitting: boolean;
	/** Going back from the reader quits: blogread was opened on one post. */
	backQuits: boolean;
};

export function initialState(openFirst = false): State {
	return {view: openFirst ? 'reader' : 'list', showHelp: false, selected: 0, listTop: 0, readerTop: 0, notice: null, quitting: false, backQuits: openFirst};
}

/** What the reducer needs to know about the screen to move within it. */
export type Layout = {
	postCount: number;
	/** List rows that fit on screen. */
	listHeight: number;
	/** Lines of the open post, header included. */
	readerLines: number;
	/** Reader lines that fit on screen. */
	readerHeight: number;
};

export type Action =
	| {type: 'input'; input: string; flags: KeyFlags; layout: Layout}
	| {type: 'relayout'; layout: Layout};

function moveSelection(state: State, to: number, layout: Layout): State {
	const selected = clampIndex(to, layout.postCount);
	return {...state, selected, listTop: clampTop(keepInView(selected, state.listTop, layout.listHeight), layout.postCount, layout.listHeight)};
}

function scrollReader(state: State, to: number, layout: Layout): State {
	return {...state, readerTop: clampTop(to, layout.readerLines, layout.readerHeight)};
}

function listKey(state: State, action: KeyAction, layout: Layout): State {
	switch (action) {
		case 'down': return moveSelection(state, state.selected + 1, layout);
		case 'up': return moveSelection(state, state.selected - 1, layout);
		case 'pageDown': return moveSelection(state, state.selected + layout.listHeight, layout);
		case 'pageUp': return moveSelection(state, state.selected - layout.listHeight, layout);
		case 'halfDown': return moveSelection(state, state.selected + Math.ceil(layout.listHeight / 2), layout);
		case 'halfUp': return moveSelection(state, state.selected - Math.ceil(layout.listHeight / 2), layout);
		case 'top': return moveSelection(state, 0, layout);
		case 'bottom': return moveSelection(state, layout.postCount - 1, layout);
		case 'open': return layout.postCount > 0 ? {...state, view: 'reader', readerTop: 0} : state;
		default: return state;
	}
}

function readerKey(state: State, action: KeyAction, layout: Layout): State {
	const page = Math.max(1, layout.readerHeight - 1);
	const half = Math.max(1, Math.floor(layout.readerHeight / 2));
	switch (action) {
		case 'down': return scrollReader(state, state.readerTop + 1, layout);
		case 'up': return scrollReader(state, state.readerTop - 1, layout);
		case 'pageDown': return scrollReader(state, state.readerTop + page, layout);
		case 'pageUp': return scrollReader(state, state.readerTop - page, layout);
		case 'halfDown': return scrollReader(state, state.readerTop + half, layout);
		case 'halfUp': return scrollReader(state, state.readerTop - half, layout);
		case 'top': return scrollReader(state, 0, layout);
		case 'bottom': return scrollReader(state, layout.readerLines, layout);
		case 'back': return {...state, view: 'list'};
		default: return state;
	}
}

function applyKey(state: State, action: KeyAction, layout: Layout): State {
	if (action === 'quit' || (action === 'back' && (state.view === 'list' || state.backQuits))) return {...state, quitting: true};
	if (action === 'help') return {...state, showHelp: true};
	return state.view === 'list' ? listKey(state, action, layout) : readerKey(state, action, layout);
}

/** The one state machine for the screens: every key and resize goes through here. */
export function reducer(state: State, action: Action): State {
	switch (action.type) {
		case 'relayout':
			return {
				...state,
				listTop: clampTop(keepInView(state.selected, state.listTop, action.layout.listHeight), action.layout.postCount, action.layout.listHeight),
				readerTop: clampTop(state.readerTop, action.layout.readerLines, action.layout.readerHeight),
			};
		case 'input': {
			// Any key closes help (and does nothing else).
			if (state.showHelp) return {...state, showHelp: false};
			let next: State = {...state, notice: null};
			// One binding per typed character: a chunk like "jjj" moves three lines.
			for (const binding of bindingsForInput(state.view, action.input, action.flags)) {
				if (!binding.ready) {
					next = {...next, notice: `${binding.keys.map(keyLabel).join(' ')}: ${binding.description} is coming in a later version`};
					continue;
				}

				next = applyKey(next, binding.action, action.layout);
				if (next.quitting || next.showHelp) break;
			}

			return next;
		}
	}
}
