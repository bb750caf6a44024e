// Reading one post file into the post model (load.ts, and reread.ts for a post edited while shown).

import type {Post} from '../model/model.js';
import {normalisePost} from '../model/normalise.js';
import {countWordsInUtf8} from '../model/reading-time.js';
import {unreadable} from './body.js';
import {contentHash} from './content-hash.js';
import type {FoundFile} from './discover.js';
import {parseFrontMatter} from './front-matter.js';
import type {TermStrings} from './layout.js';
import {type FileStamp, readPostText} from './read-file.js';

/**
 * How a file is read: the blog's real folder (it is read only inside it), a
 * drafts folder, and the generator's excerpt separator and rule for tag strings.
 */
export type FileContext = {
	folder?: string;
	inDraftFolder?: boolean;
	excerptSeparator?: string | null;
	termStrings?: TermStrings;
	folderCategories?: boolean;
	/** The language of the folder the file is in, for a post that names none (Hugo's `contentDir`). */
	lang?: string;
};

/** A post file to read: where the walk found it, and how. */
export type FileToRead = FoundFile & FileContext;

/** A post as read from its file, with the stamp of what was read (none when the file could not be read). */
type ReadPost = {post: Post; stamp?: FileStamp};

/**
 * Reads and normalises one post file, with the stamp of what was read; a file
 * that can't be read becomes a post with a warning.
 */
export function readPostFile(
	absolutePath: string,
	relativePath: string,
	context: FileContext = {},
	realPath?: string,
): ReadPost {
	try {
		const file = readPostText(absolutePath, context.folder, realPath);
		const front = parseFrontMatter(file.text);
		// The body is the end of the text, and of the bytes too unless line ends were normalised (CR);
		// as many bytes as characters means ASCII only, where the body's bytes need no counting.
		const words =
			file.utf8 && !file.text.includes('\r')
				? countWordsInUtf8(
						file.utf8,
						file.utf8.length === file.text.length
							? file.text.length - front.body.length
							: file.utf8.length - Buffer.byteLength(front.body),
					)
				: undefined;
		const post = normalisePost({
			relativePath,
			absolutePath,
			data: front.data,
			body: front.body,
			warnings: [...file.warnings, ...front.warnings],
			...context,
			...(words === undefined ? {} : {words}),
			hash: contentHash(file.utf8 ?? file.text),
		});
		return {post, stamp: file.stamp};
	} catch (error) {
		const warnings = [unreadable(error)];
		return {post: normalisePost({relativePath, absolutePath, data: {}, body: '', warnings, ...context})};
	}
}

export function loadPostFile(absolutePath: string, relativePath: string, context: FileContext = {}): Post {
	return readPostFile(absolutePath, relativePath, context).post;
}
