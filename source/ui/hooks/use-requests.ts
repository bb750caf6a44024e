import {type Dispatch, type RefObject, useEffect, useRef} from 'react';
import type {Blog, Post} from '../../blog/model/model.js';
import {resolvePost} from '../../blog/query/resolve-post.js';
import {linkedPost} from '../../render/link.js';
import {cleanLine} from '../../text/sanitize.js';
import {errorMessage} from '../../util/errors.js';
import type {LinkHost} from '../host/opener.js';
import type {Action, Request, Screen} from '../state/model.js';

/** What only the process running the app can do: hand the terminal to an editor, or stop for a while. */
export type Host = {
	/**
	 * Opens a post in an editor (at the body's line `bodyLine`, from 0, when given) and gives it
	 * back re-read; throws when no editor could be run.
	 */
	edit?: (post: Post, bodyLine?: number) => Promise<Post>;
	/** Opens links and copies text (a browser, the clipboard by OSC 52). */
	links?: LinkHost;
	/** Stops blogread as Ctrl-Z does in a shell, and comes back when it is continued. */
	suspend?: () => Promise<void>;
};

type Options = {
	request: Request | null;
	posts: Post[];
	dispatch: Dispatch<Action>;
	screen: RefObject<Screen>;
	translations: Blog['translations'];
	host: Host;
};

/**
 * Carries out what the state machine asks for and can't do itself: `e` (the
 * post in an editor, then re-read), `L` (its next translation) and Ctrl-Z.
 * Each request is carried out once, with the posts as they are when it is made.
 */
export function useRequests({request, posts, dispatch, screen, translations, host}: Options): void {
	const world = useRef({posts, translations, host});
	world.current = {posts, translations, host};
	useEffect(() => {
		if (!request) return;
		const answer = (notice: string | null) => {
			dispatch({type: 'answered', notice});
		};

		const {posts: current, translations: versionsOf, host: here} = world.current;
		if (request.kind === 'suspend') {
			if (here.suspend) void here.suspend().then(() => answer(null));
			else answer('suspending is not possible here');
			return;
		}

		if (request.kind === 'copy' || request.kind === 'copyLink') {
			const {links} = here;
			if (!links) answer('no clipboard here');
			else answer(request.kind === 'copy' ? links.copy(request.text, request.what) : links.copyLink(request.url));
			return;
		}

		// A link to another post of the blog (Jekyll's post_url) opens that post here.
		const post = request.kind === 'openLink' ? linkedPost(request.url) : undefined;
		if (post !== undefined) {
			const found = resolvePost(post, {posts: current, cwd: process.cwd()});
			if (found.kind === 'found') dispatch({type: 'openPost', path: found.post.path});
			else answer(`no post ${cleanLine(post)} in this blog`);
			return;
		}

		if (request.kind === 'openLink') {
			if (here.links)
				void here.links.openLink(request.url).then(answer, (error: unknown) => answer(errorMessage(error)));
			else answer('links cannot be opened here');
			return;
		}

		const target = current.find(candidate => candidate.path === request.path);
		const replace = (post: Post, notice: string) => {
			dispatch({type: 'replaced', path: request.path, post, notice, screen: screen.current});
		};

		if (!target) {
			answer('that post is no longer listed');
		} else if (request.kind === 'edit') {
			if (!here.edit) answer('no editor here');
			else {
				here.edit(target, request.bodyLine).then(
					edited => replace(edited, `re-read ${cleanLine(edited.path)} after editing`),
					(error: unknown) => answer(errorMessage(error)),
				);
			}
		} else {
			const versions = versionsOf?.get(target.path) ?? [];
			const next =
				versions[(versions.findIndex(version => version.path === target.path) + 1) % Math.max(1, versions.length)];
			if (next && next !== target)
				replace(next, `${next.lang ?? 'another language'} (${versions.map(version => version.lang).join(', ')})`);
			else answer('this post has no translation');
		}
	}, [request, dispatch, screen]);
}
