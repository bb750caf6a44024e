import {useEffect, type Dispatch, type SetStateAction} from 'react';
import type {Blog, Post} from '../posts/types.js';
import {cleanLine} from '../sanitize.js';
import type {Action, State} from './state.js';

/**
 * Carries out the two requests that change a post in the list: `e` (the
 * post, edited and re-read) and `L` (its next translation).
 */
export function usePostSwaps(
	{state, dispatch, posts, setPosts, translations, onEdit}: {
		state: State;
		dispatch: Dispatch<Action>;
		posts: Post[];
		setPosts: Dispatch<SetStateAction<Post[]>>;
		translations: Blog['translations'];
		onEdit: ((post: Post) => Promise<Post>) | undefined;
	},
): void {
	useEffect(() => {
		const target = posts.find(candidate => candidate.path === state.editRequest);
		if (!target) return;
		if (!onEdit) {
			dispatch({type: 'replaced', path: target.path, notice: 'no editor here'});
			return;
		}

		void onEdit(target).then(edited => {
			setPosts(current => current.map(candidate => (candidate === target ? edited : candidate)));
			dispatch({type: 'replaced', path: edited.path, notice: `re-read ${cleanLine(edited.path)} after editing`});
		});
	}, [state.editRequest]);

	useEffect(() => {
		if (!state.languageRequest) return;
		const current = posts.find(candidate => candidate.path === state.selectedPath);
		const versions = current ? translations?.get(current.path) ?? [] : [];
		const next = versions[(versions.findIndex(version => version.path === current?.path) + 1) % Math.max(1, versions.length)];
		if (!current || !next || next === current) {
			dispatch({type: 'replaced', path: state.selectedPath ?? '', notice: 'this post has no translation'});
			return;
		}

		setPosts(list => list.map(candidate => (candidate === current ? next : candidate)));
		dispatch({type: 'replaced', path: next.path, notice: `${next.lang ?? 'another language'} (${versions.map(version => version.lang).join(', ')})`});
	}, [state.languageRequest]);
}
