// The links overlay over the reader: every link of the post, numbered in
// order; Enter asks for the one under the cursor to be opened, y to be copied.

import {codeBlockOnScreen} from '../../../render/source-lines.js';
import type {Command} from '../../keys/keymap.js';
import type {LinksState, ReaderPage, Screen, State} from '../../state/model.js';
import {readerTop} from '../../state/selectors.js';
import {clampIndex, moved, overlayRows, scrollToShow} from '../../state/viewport.js';

/**
 * Opens the links at the first one of the block on top of the screen, or of a
 * block below it (or the last link, when all are above). A link's line is its block's.
 */
export function openLinks(state: State, page: ReaderPage, screen: Screen): State {
	const {links} = page;
	if (links.length === 0) return {...state, notice: 'this post has no links'};
	const top = readerTop(state, screen);
	// A loop, not Math.max(...): a large post has more blocks than a call takes arguments.
	let blockTop = 0;
	for (const line of [page.blockStarts, page.noteLines].flat()) if (line <= top && line > blockTop) blockTop = line;
	const onScreen = links.findIndex(link => link.line >= blockTop);
	const cursor = onScreen === -1 ? links.length - 1 : onScreen;
	return {
		...state,
		links: {cursor, top: scrollToShow(cursor, 0, links.length, overlayRows(screen.readerHeight))},
	};
}

/** Keys in the links overlay. */
export function linksKey(
	state: State,
	page: ReaderPage,
	links: LinksState,
	command: Command | undefined,
	screen: Screen,
): State {
	const count = page.links.length;
	const rows = overlayRows(screen.readerHeight);
	const move = (to: number): State => {
		const cursor = clampIndex(to, count);
		return {...state, links: {cursor, top: scrollToShow(cursor, links.top, count, rows)}};
	};

	const to = moved(command, links.cursor, rows);
	if (to !== undefined) return move(to);
	const link = page.links[links.cursor];
	switch (command) {
		case 'submit':
			return link ? {...state, request: {kind: 'openLink', url: link.href}} : state;
		case 'copyLink':
			return link ? {...state, request: {kind: 'copyLink', url: link.href}} : state;
		case 'cancel':
			return {...state, links: null};
		default:
			return state;
	}
}

/** `y` in the reader: the code block on screen, exactly as written. */
export function copyCode(state: State, page: ReaderPage, screen: Screen): State {
	const block = codeBlockOnScreen(page, readerTop(state, screen), screen.readerHeight);
	if (!block) return {...state, notice: 'no code block on this screen'};
	return {...state, request: {kind: 'copy', text: block.code, what: 'the code block'}};
}
