// The reader: scrolling, finding, jumps between headings and notes, and moving
// to the next post. Every function here is given the open post's page.
import type {Command} from '../../keys/keymap.js';
import {type Anchor, anchorAt} from '../../state/anchor.js';
import {type Hit, hitFrom} from '../../state/hits.js';
import {noFind, type ReaderPage, type Screen, type State} from '../../state/model.js';
import {readMark, withMark} from '../../state/read-marks.js';
import {hitsFor, listOf, openPage, postAt, readerTop, selectedIndex} from '../../state/selectors.js';
import {clampTop, overlayRows, scrollToShow} from '../../state/viewport.js';
import {copyCode, openLinks} from '../links/keys.js';
import {openPost, refilter} from '../list/keys.js';

const JUMP_STACK_LIMIT = 50;

function anchorOf(page: ReaderPage, line: number): Anchor {
	return anchorAt(page.blockStarts, page.lines.length, line);
}

function scrollTo(state: State, page: ReaderPage, line: number, screen: Screen): State {
	return {...state, readerAnchor: anchorOf(page, clampTop(line, page.lines.length, screen.readerHeight))};
}

/** Moves to `line`, remembering where we were so ' can come back. */
export function jumpTo(state: State, page: ReaderPage, line: number, screen: Screen): State {
	const here = anchorOf(page, readerTop(state, screen));
	return {...scrollTo(state, page, line, screen), jumps: [...state.jumps, here].slice(-JUMP_STACK_LIMIT)};
}

/** Leaves the open post, remembering where it was left (when its page is there to say). */
export function leavePost(state: State, screen: Screen, page: ReaderPage | undefined): State {
	if (state.selectedPath === null || !page) return state;
	const anchor = anchorOf(page, readerTop(state, screen));
	return {...state, positions: {...state.positions, [state.selectedPath]: anchor}};
}

/** Back on the list: the post read stays selected if it is still shown (an edit may have filtered it out). */
export function backToList(state: State, screen: Screen, page: ReaderPage | undefined): State {
	return refilter({...leavePost(state, screen, page), view: 'list', find: noFind, pending: []}, screen);
}

/** Once the open post's last line is on screen, it is read (a partial page has no last line yet). */
export function markIfEnded(state: State, screen: Screen): State {
	if (!state.marks || state.view !== 'reader' || state.selectedPath === null) return state;
	const page = openPage(state, screen);
	if (!page || page.partial || readerTop(state, screen) + screen.readerHeight < page.lines.length) return state;
	const post = postAt(state.posts, state.selectedPath);
	if (!post || readMark(state.read, post) === 'read') return state;
	return {...state, read: withMark(state.read, post, true), justRead: post.path};
}

/** Shows hit `index`: scrolls only if it is off screen, then leaves a little context above it. */
function showHit(state: State, page: ReaderPage, hits: Hit[], index: number, screen: Screen, jump: boolean): State {
	const hit = hits[index];
	if (!hit) return state;
	const top = readerTop(state, screen);
	const found = {...state, find: {...state.find, editing: false, current: index}};
	if (hit.line >= top && hit.line < top + screen.readerHeight) return found;
	const target = Math.max(0, hit.line - 2);
	return jump ? jumpTo(found, page, target, screen) : scrollTo(found, page, target, screen);
}

function stepHit(state: State, page: ReaderPage, step: 1 | -1, screen: Screen): State {
	if (state.find.query === '') return {...state, notice: 'nothing to find yet: press / first'};
	const hits = hitsFor(page, state.find.query);
	if (hits.length === 0) return {...state, notice: `not found: "${state.find.query}"`};
	let next: number;
	let wrapped: boolean;
	if (state.find.current === -1) {
		// No current hit: the first one from the top of the screen on (or, going back, the last one above it).
		const top = readerTop(state, screen);
		const below = hits.findIndex(hit => hit.line >= top);
		const above = hits.findLastIndex(hit => hit.line < top);
		next = step === 1 ? (below === -1 ? 0 : below) : above === -1 ? hits.length - 1 : above;
		wrapped = step === 1 ? below === -1 : above === -1;
	} else {
		next = (state.find.current + step + hits.length) % hits.length;
		wrapped = step === 1 ? next <= state.find.current : next >= state.find.current;
	}

	const shown = showHit(state, page, hits, next, screen, false);
	return wrapped && hits.length > 1
		? {...shown, notice: step === 1 ? 'search wrapped to the top' : 'search wrapped to the bottom'}
		: shown;
}

function switchPost(state: State, page: ReaderPage, step: 1 | -1, screen: Screen): State {
	const shown = listOf(state, screen);
	const index = selectedIndex(state, shown) + step;
	const next = shown[index];
	if (!next)
		return {...state, notice: step === 1 ? 'this is the last post of the list' : 'this is the first post of the list'};
	const listTop = scrollToShow(index, state.listTop, shown.length, screen.listHeight);
	return {...openPost(leavePost(state, screen, page), next.path), listTop};
}

/** Keys in the reader. */
export function readerKey(state: State, page: ReaderPage, command: Command, screen: Screen): State {
	const top = readerTop(state, screen);
	const height = screen.readerHeight;
	const go = (line: number) => scrollTo(state, page, line, screen);
	switch (command) {
		case 'down':
			return go(top + 1);
		case 'up':
			return go(top - 1);
		case 'pageDown':
			return go(top + Math.max(1, height - 1));
		case 'pageUp':
			return go(top - Math.max(1, height - 1));
		case 'halfDown':
			return go(top + Math.max(1, Math.floor(height / 2)));
		case 'halfUp':
			return go(top - Math.max(1, Math.floor(height / 2)));
		case 'top':
			return go(0);
		case 'bottom':
			return go(page.lines.length);
		case 'back':
		case 'escape':
			return backToList(state, screen, page);
		case 'find':
			return {...state, find: {query: '', editing: true, current: -1}};
		case 'findNext':
			return stepHit(state, page, 1, screen);
		case 'findPrevious':
			return stepHit(state, page, -1, screen);
		case 'nextHeading': {
			const heading = page.headings.find(candidate => candidate.line > top);
			return heading ? go(heading.line) : {...state, notice: 'no heading below'};
		}

		case 'previousHeading': {
			const heading = page.headings.findLast(candidate => candidate.line < top);
			return heading ? go(heading.line) : go(0);
		}

		case 'contents': {
			if (page.headings.length === 0) return {...state, notice: 'this post has no headings'};
			const cursor = Math.max(
				0,
				page.headings.findLastIndex(heading => heading.line <= top),
			);
			return {...state, contents: {cursor, top: scrollToShow(cursor, 0, page.headings.length, overlayRows(height))}};
		}

		case 'footnote': {
			const ref = page.footnoteRefs.find(candidate => candidate.line >= top && candidate.line < top + height);
			const note = ref ? page.noteLines[ref.note - 1] : undefined;
			return note === undefined
				? {...state, notice: 'no footnote reference on this screen'}
				: {...jumpTo(state, page, note, screen), notice: `note ${ref?.note ?? ''}: ' goes back`};
		}

		case 'jumpBack': {
			const anchor = state.jumps.at(-1);
			return anchor
				? {...state, readerAnchor: anchor, jumps: state.jumps.slice(0, -1)}
				: {...state, notice: 'no earlier position to go back to'};
		}

		case 'links':
			return openLinks(state, page, screen);
		case 'copyCode':
			return copyCode(state, page, screen);
		case 'pictures':
			return {
				...state,
				pictures: !state.pictures,
				notice: state.pictures ? 'pictures and diagrams as text (i draws them)' : 'pictures and diagrams drawn',
			};
		case 'nextPost':
			return switchPost(state, page, 1, screen);
		case 'previousPost':
			return switchPost(state, page, -1, screen);
		default:
			return state;
	}
}

/** Keys while typing what to find. */
export function findKey(
	state: State,
	page: ReaderPage,
	command: Command | undefined,
	typed: string,
	screen: Screen,
): State {
	const {find} = state;
	switch (command) {
		case undefined:
			return {...state, find: {...find, query: find.query + typed}};
		case 'deleteChar':
			return {...state, find: {...find, query: [...find.query].slice(0, -1).join('')}};
		case 'cancel':
			return {...state, find: noFind};
		case 'submit': {
			if (find.query === '') return {...state, find: noFind};
			const hits = hitsFor(page, find.query);
			if (hits.length === 0)
				return {...state, find: {...find, editing: false, current: -1}, notice: `not found: "${find.query}"`};
			return showHit(state, page, hits, hitFrom(hits, readerTop(state, screen)), screen, true);
		}

		default:
			return state;
	}
}
