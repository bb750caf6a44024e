// Read marks: which posts were read (their end reached, or marked with N), and
// which changed since. A post is read while its content hash is the one it had
// when it was read; a read post whose hash moved on is "updated".
import type {Post} from '../../blog/model/model.js';
import {memoizeLast} from './memo.js';
import type {State} from './model.js';

export type ReadMark = 'unread' | 'updated' | 'read';

/** The hash a read mark keeps for a post ('' when its file gave none). */
const hashOf = (post: Post): string => post.hash ?? '';

export function readMark(read: Record<string, string>, post: Post): ReadMark {
	const kept = Object.hasOwn(read, post.path) ? read[post.path] : undefined;
	if (kept === undefined) return 'unread';
	return kept === hashOf(post) ? 'read' : 'updated';
}

export function withMark(read: Record<string, string>, post: Post, isRead: boolean): Record<string, string> {
	if (isRead) return {...read, [post.path]: hashOf(post)};
	return Object.fromEntries(Object.entries(read).filter(([path]) => path !== post.path));
}

/**
 * The list without the posts read, but for `kept`: the post just read while
 * it is selected, so marking it (or reading it to the end) doesn't pull it away.
 */
export const unreadOnly = memoizeLast(([posts, read, kept]: readonly [Post[], Record<string, string>, string | null]) =>
	posts.filter(post => post.path === kept || readMark(read, post) !== 'read'),
);

/** `N` on the list: a read post becomes unread; an unread or updated one, read. */
export function toggleRead(state: State, post: Post | undefined): State {
	if (!state.marks) return {...state, notice: 'read marks are off (--no-state)'};
	if (!post) return state;
	const isRead = readMark(state.read, post) !== 'read';
	const read = withMark(state.read, post, isRead);
	return {...state, read, justRead: isRead ? post.path : null, notice: isRead ? 'marked read' : 'marked unread'};
}
