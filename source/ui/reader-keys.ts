import type {Action as KeyAction} from '../keymap.js';
import {findHits, hitFrom, type Hit} from '../reader/find.js';
import {anchorAt, type Anchor} from '../reader/position.js';
import {clampIndex, clampTop, contentsRows, scrollToShow} from './viewport.js';
import {leavePost, noFind, openPost, readerTop, refilter, selectedIndex, shownPosts, type Layout, type ReaderPage, type State} from './state.js';

const JUMP_STACK_LIMIT = 50;

let lastHits: {plain: string[]; query: string; hits: Hit[]} | undefined;

/** Matches of the find query in the open post; the last answer is kept. */
export function hitsFor(page: ReaderPage, query: string): Hit[] {
	if (lastHits?.plain !== page.plain || lastHits.query !== query) lastHits = {plain: page.plain, query, hits: findHits(page.plain, query)};
	return lastHits.hits;
}

function anchorOf(page: ReaderPage, line: number): Anchor {
	return anchorAt(page.blockStarts, page.lines.length, line);
}

function scrollTo(state: State, page: ReaderPage, line: number, layout: Layout): State {
	return {...state, readerAnchor: anchorOf(page, clampTop(line, page.lines.length, layout.readerHeight))};
}

/** Moves to `line`, remembering where we were so ' can come back. */
function jumpTo(state: State, page: ReaderPage, line: number, layout: Layout): State {
	const here = anchorOf(page, readerTop(state, layout));
	return {...scrollTo(state, page, line, layout), jumps: [...state.jumps, here].slice(-JUMP_STACK_LIMIT)};
}

/** Shows hit `index`: scrolls only if it is off screen, then leaves a little context above it. */
function showHit(state: State, page: ReaderPage, hits: Hit[], index: number, layout: Layout, jump: boolean): State {
	const hit = hits[index];
	if (!hit) return state;
	const top = readerTop(state, layout);
	const found = {...state, find: {...state.find, editing: false, current: index}};
	if (hit.line >= top && hit.line < top + layout.readerHeight) return found;
	const target = Math.max(0, hit.line - 2);
	return jump ? jumpTo(found, page, target, layout) : scrollTo(found, page, target, layout);
}

function stepHit(state: State, page: ReaderPage, step: 1 | -1, layout: Layout): State {
	if (state.find.query === '') return {...state, notice: 'nothing to find yet: press / first'};
	const hits = hitsFor(page, state.find.query);
	if (hits.length === 0) return {...state, notice: `not found: "${state.find.query}"`};
	let next: number;
	let wrapped: boolean;
	if (state.find.current === -1) {
		// No current hit: the first one from the top of the screen on (or, going back, the last one above it).
		const top = readerTop(state, layout);
		const below = hits.findIndex(hit => hit.line >= top);
		const above = hits.findLastIndex(hit => hit.line < top);
		next = step === 1 ? (below === -1 ? 0 : below) : (above === -1 ? hits.length - 1 : above);
		wrapped = step === 1 ? below === -1 : above === -1;
	} else {
		next = (state.find.current + step + hits.length) % hits.length;
		wrapped = step === 1 ? next <= state.find.current : next >= state.find.current;
	}

	const shown = showHit(state, page, hits, next, layout, false);
	return wrapped && hits.length > 1 ? {...shown, notice: step === 1 ? 'search wrapped to the top' : 'search wrapped to the bottom'} : shown;
}

function switchPost(state: State, step: 1 | -1, layout: Layout): State {
	const shown = shownPosts(layout.posts, state.filters, state.sort);
	const index = selectedIndex(state, shown) + step;
	const next = shown[index];
	if (!next) return {...state, notice: step === 1 ? 'this is the last post of the list' : 'this is the first post of the list'};
	const listTop = scrollToShow(index, state.listTop, shown.length, layout.listHeight);
	return {...openPost(leavePost(state, layout), next.path), listTop};
}

/** Keys in the reader. */
export function readerKey(state: State, action: KeyAction, layout: Layout): State {
	const page = layout.pageOf(state.selectedPath);
	if (!page) return action === 'back' ? {...state, view: 'list'} : state;
	const top = readerTop(state, layout);
	const height = layout.readerHeight;
	const go = (line: number) => scrollTo(state, page, line, layout);
	switch (action) {
		case 'down': return go(top + 1);
		case 'up': return go(top - 1);
		case 'pageDown': return go(top + Math.max(1, height - 1));
		case 'pageUp': return go(top - Math.max(1, height - 1));
		case 'halfDown': return go(top + Math.max(1, Math.floor(height / 2)));
		case 'halfUp': return go(top - Math.max(1, Math.floor(height / 2)));
		case 'top': return go(0);
		case 'bottom': return go(page.lines.length);
		// Back on the list: the post read stays selected if it is still shown (an edit may have filtered it out).
		case 'back': return refilter({...leavePost(state, layout), view: 'list', find: noFind}, layout);
		case 'find': return {...state, find: {query: '', editing: true, current: -1}};
		case 'findNext': return stepHit(state, page, 1, layout);
		case 'findPrevious': return stepHit(state, page, -1, layout);
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
			const cursor = Math.max(0, page.headings.findLastIndex(heading => heading.line <= top));
			return {...state, contents: {cursor, top: scrollToShow(cursor, 0, page.headings.length, contentsRows(height))}};
		}

		case 'footnote': {
			const ref = page.footnoteRefs.find(candidate => candidate.line >= top && candidate.line < top + height);
			const note = ref ? page.noteLines[ref.note - 1] : undefined;
			return note === undefined ? {...state, notice: 'no footnote reference on this screen'} : {...jumpTo(state, page, note, layout), notice: `note ${ref?.note ?? ''}: ' goes back`};
		}

		case 'jumpBack': {
			const anchor = state.jumps.at(-1);
			return anchor ? {...state, readerAnchor: anchor, jumps: state.jumps.slice(0, -1)} : {...state, notice: 'no earlier position to go back to'};
		}

		case 'nextPost': return switchPost(state, 1, layout);
		case 'previousPost': return switchPost(state, -1, layout);
		default: return state;
	}
}

/** Keys while typing what to find. */
export function findKey(state: State, action: KeyAction | undefined, typed: string, layout: Layout): State {
	const page = layout.pageOf(state.selectedPath);
	const {find} = state;
	switch (action) {
		case undefined: return {...state, find: {...find, query: find.query + typed}};
		case 'deleteChar': return {...state, find: {...find, query: [...find.query].slice(0, -1).join('')}};
		case 'cancel': return {...state, find: noFind};
		case 'submit': {
			if (!page || find.query === '') return {...state, find: noFind};
			const hits = hitsFor(page, find.query);
			if (hits.length === 0) return {...state, find: {...find, editing: false, current: -1}, notice: `not found: "${find.query}"`};
			return showHit(state, page, hits, hitFrom(hits, readerTop(state, layout)), layout, true);
		}

		default: return state;
	}
}

/** Keys in the contents overlay. */
export function contentsKey(state: State, contents: {cursor: number; top: number}, action: KeyAction | undefined, layout: Layout): State {
	const page = layout.pageOf(state.selectedPath);
	if (!page) return {...state, contents: null};
	const count = page.headings.length;
	const rows = contentsRows(layout.readerHeight);
	const move = (to: number): State => {
		const cursor = clampIndex(to, count);
		return {...state, contents: {cursor, top: scrollToShow(cursor, contents.top, count, rows)}};
	};

	switch (action) {
		case 'down': return move(contents.cursor + 1);
		case 'up': return move(contents.cursor - 1);
		case 'top': return move(0);
		case 'bottom': return move(count - 1);
		case 'submit': {
			const heading = page.headings[contents.cursor];
			return heading ? {...jumpTo(state, page, heading.line, layout), contents: null} : {...state, contents: null};
		}

		case 'cancel': return {...state, contents: null};
		default: return state;
	}
}
