import {isGuessedDate, type Post} from './model.js';
import {localToday} from './normalise.js';
import {loadPostFile} from './read-post.js';

/**
 * A listed post read again from its file (edited in blogread's editor, or
 * changed on disk), keeping what came from around the file: its slug, its
 * translations, a drafts folder, a guessed date (an edit is not a commit).
 */
export function rereadPost(post: Post): Post {
	const fresh = loadPostFile(post.absolutePath, post.path, {folder: post.folder});
	const drafted = /(?:^|\/)_drafts\//.test(post.path) || (fresh.date !== null && fresh.date > localToday());
	const guess = fresh.date === null && isGuessedDate(post) ? {date: post.date, dateSource: post.dateSource} : {};
	return {...fresh, ...guess, slug: post.slug, languages: post.languages, draft: fresh.draft || drafted};
}
