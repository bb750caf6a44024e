import {errorCode} from '../util/errors.js';
import {frontMatterBody} from './front-matter.js';
import type {Post} from './model.js';
import {readPostText} from './read-file.js';

/** A post's Markdown body as read now, or why it could not be read. */
export type Body = {markdown: string; problem: string | null};

/** How a post's warnings begin when its file could not be read. */
export const UNREADABLE = 'could not read the file';

/** Why a post's file could not be read, as its warning says it. */
export function unreadable(error: unknown): string {
	return `${UNREADABLE} (${errorCode(error)})`;
}

/**
 * Reads a post's Markdown body from its file: bodies are not kept in memory
 * between uses (ten thousand posts would all sit there). The front matter was
 * parsed when the post was loaded; here it is only located and skipped.
 */
export function readBody(post: Pick<Post, 'absolutePath'>): Body {
	try {
		return {markdown: frontMatterBody(readPostText(post.absolutePath).text), problem: null};
	} catch (error) {
		return {markdown: '', problem: unreadable(error)};
	}
}
