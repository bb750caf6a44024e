import {type Dispatch, type RefObject, useEffect, useRef} from 'react';
import type {Blog, Post} from '../../posts/model.js';
import {cleanLine} from '../../text/sanitize.js';
import type {Action, Request, Screen} from '../state/model.js';

type Options = {
	request: Request | null;
	posts: Post[];
	dispatch: Dispatch<Action>;
	screen: RefObject<Screen>;
	translations: Blog['translations'];
	onEdit: ((post: Post) => Promise<Post>) | undefined;
};

/**
 * Carries out what the state machine asks for and can't do itself: `e` (the
 * post in an editor, then re-read) and `L` (its next translation). Each
 * request is carried out once, with the posts as they are when it is made.
 */
export function useRequests({request, posts, dispatch, screen, translations, onEdit}: Options): void {
	const world = useRef({posts, translations, onEdit});
	world.current = {posts, translations, onEdit};
	useEffect(() => {
		if (!request) return;
		const {posts: current, translations: versionsOf, onEdit: edit} = world.current;
		const target = current.find(candidate => candidate.path === request.path);
		const replace = (post: Post, notice: string) => {
			dispatch({type: 'replaced', path: request.path, post, notice, screen: screen.current});
		};

		if (!target) {
			dispatch({type: 'refused', notice: 'that post is no longer listed'});
		} else if (request.kind === 'edit') {
			if (edit) void edit(target).then(edited => replace(edited, `re-read ${cleanLine(edited.path)} after editing`));
			else dispatch({type: 'refused', notice: 'no editor here'});
		} else {
			const versions = versionsOf?.get(target.path) ?? [];
			const next =
				versions[(versions.findIndex(version => version.path === target.path) + 1) % Math.max(1, versions.length)];
			if (next && next !== target)
				replace(next, `${next.lang ?? 'another language'} (${versions.map(version => version.lang).join(', ')})`);
			else dispatch({type: 'refused', notice: 'this post has no translation'});
		}
	}, [request, dispatch, screen]);
}
