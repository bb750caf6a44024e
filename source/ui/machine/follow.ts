// The blog's files changed while the app runs (the folder is watched), or its
// first read fills the list: the posts are swapped, and the selection, the open
// post and the reading position stay on what the person was looking at.
import type {Post} from '../../blog/model/model.js';
import {refilter} from '../screens/list/keys.js';
import type {LeftOut, Screen, State} from '../state/model.js';
import {listOf, postAt} from '../state/selectors.js';
import {scrollToShow} from '../state/viewport.js';

/**
 * Where the selection goes when its post is no longer there: to the post it
 * was renamed to (when the change was one file out and one in), else in the
 * list, to the post now in its place; in the reader, nowhere (the reader says
 * the post was deleted, and shows it again if the file comes back).
 */
function followSelection(state: State, posts: Post[], screen: Screen): Pick<State, 'selectedPath' | 'deleted'> {
	const selected = state.selectedPath;
	if (selected === null || postAt(posts, selected)) return {selectedPath: selected, deleted: null};
	const after = new Set(posts.map(post => post.path));
	const before = new Set(state.posts.map(post => post.path));
	const removed = state.posts.filter(post => !after.has(post.path));
	const added = posts.filter(post => !before.has(post.path));
	const renamed = removed.length === 1 && added.length === 1 ? added[0] : undefined;
	if (renamed) return {selectedPath: renamed.path, deleted: null};
	if (state.view === 'reader') {
		const open = postAt(state.posts, selected) ?? state.deleted;
		return {selectedPath: selected, deleted: open};
	}

	const index = listOf(state, screen).findIndex(post => post.path === selected);
	const shown = listOf({...state, posts}, screen);
	return {selectedPath: shown[Math.min(Math.max(0, index), shown.length - 1)]?.path ?? null, deleted: null};
}

/** The posts read again: the selection kept (or moved to its neighbour), the open post's position kept. */
export function postsChanged(state: State, posts: Post[], leftOut: LeftOut, screen: Screen): State {
	const {selectedPath, deleted} = followSelection(state, posts, screen);
	const open = (list: Post[], path: string | null) => list.find(post => post.path === path);
	// A post renamed while open keeps its place; its remembered position goes with it.
	const left = state.selectedPath === null ? undefined : state.positions[state.selectedPath];
	const positions =
		left && selectedPath !== null && selectedPath !== state.selectedPath
			? {...state.positions, [selectedPath]: left}
			: state.positions;
	const rewritten = open(state.posts, state.selectedPath) !== open(posts, selectedPath);
	const next: State = {
		...state,
		posts,
		leftOut,
		selectedPath,
		deleted,
		positions,
		// Files changing are not a new query: the selection stays on its post, not on the new first row.
		followsTop: false,
		// The contents overlay points at headings of the text it was opened on.
		contents: rewritten ? null : state.contents,
	};
	if (state.view === 'reader') return next;
	if (selectedPath !== state.selectedPath) {
		const shown = listOf(next, screen);
		const index = shown.findIndex(post => post.path === selectedPath);
		return {...next, listTop: scrollToShow(index, next.listTop, shown.length, screen.listHeight)};
	}

	return refilter(next, screen);
}

/**
 * The first read goes on: the posts read so far are listed (the selection on
 * the first row until a key moves it, then on its post), and the status says
 * how far the read has come. The read's end swaps in the blog (postsChanged).
 */
export function postsRead(
	state: State,
	{posts, done, total, screen}: {posts?: Post[]; done: number; total: number; screen: Screen},
): State {
	if (!posts) return {...state, firstRead: {done, total}};
	const next = {...state, posts, firstRead: {done, total}};
	return next.view === 'list' ? refilter(next, screen) : next;
}
