import {errorCode, errorMessage} from '../util/errors.js';
import {frontMatterBody} from './front-matter.js';
import type {Post} from './model.js';
import {readPostText} from './read-file.js';

/** A post's Markdown body as read now, or why it could not be read. */
export type Body = {markdown: string; problem: string | null};

/** How a post's warnings begin when its file could not be read. */
export const UNREADABLE = 'could not read the file';

/** Why a post's file could not be read, as its warning says it: the system's code, or what is wrong with it. */
export function unreadable(error: unknown): string {
	const code = errorCode(error);
	const reason = code === 'EOUTSIDE' || code === 'ENOTFILE' ? errorMessage(error) : code;
	return `${UNREADABLE} (${reason})`;
}

/**
 * Reads a post's Markdown body from its file: bodies are not kept in memory
 * between uses (ten thousand posts would all sit there). The front matter was
 * parsed when the post was loaded; here it is only located and skipped. The
 * file is checked again as it is opened: still a regular file in the blog.
 */
export function readBody(post: Pick<Post, 'absolutePath' | 'folder'>): Body {
	try {
		return {markdown: frontMatterBody(readPostText(post.absolutePath, post.folder).text), problem: null};
	} catch (error) {
		return {markdown: '', problem: unreadable(error)};
	}
}
