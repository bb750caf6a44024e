// The post list and its search field.

import {noFilters, SORT_KEYS, type SortKey} from '../../../blog/query/model.js';
import type {Command} from '../../keys/keymap.js';
import {topOfPost} from '../../state/anchor.js';
import {noFind, type Screen, type State} from '../../state/model.js';
import {toggleRead} from '../../state/read-marks.js';
import {listOf, positionOf, selectedIndex, termOrder} from '../../state/selectors.js';
import {clampIndex, scrollToShow} from '../../state/viewport.js';

export function moveSelection(state: State, to: number, screen: Screen): State {
	const shown = listOf(state, screen);
	const index = clampIndex(to, shown.length);
	return {
		...state,
		selectedPath: shown[index]?.path ?? null,
		listTop: scrollToShow(index, state.listTop, shown.length, screen.listHeight),
		followsTop: false,
	};
}

/** The filters or the sort changed: the best match, row 1, is selected, and stays so as the list is ranked again. */
export function selectBest(state: State, screen: Screen): State {
	return {...state, selectedPath: listOf(state, screen)[0]?.path ?? null, listTop: 0, followsTop: true};
}

/**
 * The list changed under the same filters (more bodies read, an edited post,
 * a resize): the best match stays selected if nothing moved the selection since
 * the filters changed; else the selected post stays if it is shown, else row 1.
 */
export function refilter(state: State, screen: Screen): State {
	if (state.followsTop) return selectBest(state, screen);
	const shown = listOf(state, screen);
	const index = positionOf(shown, state.selectedPath, state.listTop);
	if (index === -1) return {...state, selectedPath: shown[0]?.path ?? null, listTop: 0};
	return moveSelection(state, index, screen);
}

/** Opens a post where it was left, or at its top. */
export function openPost(state: State, path: string | null): State {
	if (path === null) return state;
	return {
		...state,
		view: 'reader',
		selectedPath: path,
		followsTop: false,
		readerAnchor: state.positions[path] ?? topOfPost,
		jumps: [],
		find: noFind,
		contents: null,
		links: null,
	};
}

export function sortLabel(sort: SortKey): string {
	return sort === 'date' ? 'date, newest first' : sort === 'title' ? 'title' : 'reading time, shortest first';
}

export function listKey(state: State, command: Command, screen: Screen): State {
	const index = selectedIndex(state, listOf(state, screen));
	const half = Math.ceil(screen.listHeight / 2);
	switch (command) {
		case 'down':
			return moveSelection(state, index + 1, screen);
		case 'up':
			return moveSelection(state, index - 1, screen);
		case 'pageDown':
			return moveSelection(state, index + screen.listHeight, screen);
		case 'pageUp':
			return moveSelection(state, index - screen.listHeight, screen);
		case 'halfDown':
			return moveSelection(state, index + half, screen);
		case 'halfUp':
			return moveSelection(state, index - half, screen);
		case 'top':
			return moveSelection(state, 0, screen);
		case 'bottom':
			return moveSelection(state, Number.MAX_SAFE_INTEGER, screen);
		case 'open':
			return openPost(state, state.selectedPath);
		case 'search':
			return {...state, searching: true};
		case 'tags': {
			const {terms: chosen, mode} = state.filters;
			return {...state, picker: {query: '', cursor: 0, top: 0, chosen, mode, order: termOrder(state, screen)}};
		}

		case 'problems':
			return {...state, problems: {top: 0}};
		case 'details':
			return {...state, details: !state.details, notice: state.details ? 'details hidden: i shows them' : null};
		case 'clearFilters':
			return selectBest({...state, filters: noFilters, unreadOnly: false, notice: 'filters cleared'}, screen);
		case 'toggleRead':
			return toggleRead(state, listOf(state, screen)[index]);
		case 'unreadOnly': {
			if (!state.marks) return {...state, notice: 'read marks are off (--no-state)'};
			const notice = state.unreadOnly ? 'showing every post' : 'showing unread posts only (U shows every post)';
			return selectBest({...state, unreadOnly: !state.unreadOnly, justRead: null, notice}, screen);
		}
		case 'sort': {
			const sort = SORT_KEYS[(SORT_KEYS.indexOf(state.sort) + 1) % SORT_KEYS.length] ?? 'date';
			return selectBest({...state, sort, notice: `sorted by ${sortLabel(sort)}`}, screen);
		}

		default:
			return state;
	}
}

function setQuery(state: State, query: string, screen: Screen): State {
	if (query === state.filters.query) return state;
	return selectBest({...state, filters: {...state.filters, query}}, screen);
}

/** Keys while the search field is open: typing narrows, the list keys still move. */
export function searchKey(state: State, command: Command | undefined, typed: string, screen: Screen): State {
	switch (command) {
		case undefined:
			return setQuery(state, state.filters.query + typed, screen);
		case 'deleteChar':
			return setQuery(state, [...state.filters.query].slice(0, -1).join(''), screen);
		case 'submit':
			return {...state, searching: false};
		case 'cancel':
			return setQuery({...state, searching: false}, '', screen);
		default:
			return listKey(state, command, screen);
	}
}
