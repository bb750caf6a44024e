import {realpathSync} from 'node:fs';
import path from 'node:path';
import {isGuessedDate, type Post} from '../model/model.js';
import {localToday} from '../model/normalise.js';
import {detectLayout} from './layout.js';
import {loadPostFile} from './read-post.js';

const DRAFTS_FOLDER = /(?:^|\/)_drafts\//;

/** In a drafts folder by its name in the blog, or by where its file really is (a link into `_drafts`). */
function inDraftsFolder(post: Post): boolean {
	if (DRAFTS_FOLDER.test(post.path)) return true;
	try {
		return DRAFTS_FOLDER.test(
			path.relative(post.folder, realpathSync.native(post.absolutePath)).split(path.sep).join('/'),
		);
	} catch {
		return false;
	}
}

/**
 * A listed post read again from its file (edited in blogread's editor, or
 * changed on disk), keeping what came from around the file: its slug, its
 * translations, a drafts folder, a guessed date (an edit is not a commit).
 */
export function rereadPost(post: Post): Post {
	// Read as the blog was: with its generator's excerpt separator and rule for tag strings.
	const layout = detectLayout(post.folder);
	const fresh = loadPostFile(post.absolutePath, post.path, {
		folder: post.folder,
		excerptSeparator: layout.excerptSeparator,
		termStrings: layout.termStrings,
		folderCategories: layout.name === null,
	});
	const drafted = inDraftsFolder(post) || (fresh.date !== null && fresh.date > localToday());
	const guess = fresh.date === null && isGuessedDate(post) ? {date: post.date, dateSource: post.dateSource} : {};
	return {...fresh, ...guess, slug: post.slug, languages: post.languages, draft: fresh.draft || drafted};
}
