// The status line's text for what is on screen: pure, from the state.
import {describeFilters} from '../posts/filter.js';
import type {Blog, Post} from '../posts/model.js';
import {type Glyphs, UNICODE_GLYPHS} from '../theme/glyphs.js';
import {sortLabel} from './state/list.js';
import type {ReaderPage, State} from './state/model.js';
import {problemCounts} from './state/problems.js';
import {lineRange, positionLabel} from './state/viewport.js';

export type StatusText = {left: string; right: string};

/** The glyphs a status line is written with. */
type StatusGlyphs = Pick<Glyphs, 'separator' | 'ellipsis' | 'cursor'>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the list left out and what is wrong, for the status line ("5 skipped · 1 post with warnings"), or ''. */
export function problemsStatus(state: State, separator = UNICODE_GLYPHS.separator): string {
	const counts = problemCounts(state);
	return [
		counts.unreadable > 0 ? `${plural(counts.unreadable, 'folder')} unreadable` : '',
		counts.skipped > 0 ? `${counts.skipped} skipped` : '',
		counts.warned > 0 ? `${plural(counts.warned, 'post')} with warnings` : '',
	]
		.filter(part => part !== '')
		.join(` ${separator} `);
}

/** The list's status: where the posts come from, the filters, how many are shown, what is hidden or left out. */
export function listStatus(
	blog: Blog,
	state: State,
	shown: number,
	searchComplete: boolean,
	glyphs: StatusGlyphs = UNICODE_GLYPHS,
): string {
	const dot = ` ${glyphs.separator} `;
	const filterText = describeFilters(state.filters, glyphs.separator);
	const sortText = state.sort === 'date' ? '' : `${dot}by ${sortLabel(state.sort)}`;
	const problems = problemsStatus(state, glyphs.separator);
	const hidden =
		(blog.hiddenDrafts > 0 ? `${dot}${plural(blog.hiddenDrafts, 'draft')} hidden` : '') +
		(problems === '' ? '' : `${dot}${problems}`);
	const where = blog.layout ? `${blog.root} (${blog.layout})` : blog.root;
	const reading = state.filters.query.trim() !== '' && !searchComplete ? `${dot}reading posts${glyphs.ellipsis}` : '';
	if (state.searching) {
		const typed = `/${state.filters.query}${glyphs.cursor}`;
		return `${typed} ${shown} of ${state.posts.length}${reading}${dot}Enter keeps${dot}Esc clears`;
	}
	const filtered = (filterText === '' ? '' : `${dot}${filterText}`) + (state.unreadOnly ? `${dot}unread only` : '');
	return `${where}${filtered}${dot}${shown} of ${state.posts.length} posts${sortText}${hidden}${reading}`;
}

/** The reader's status: finding, or the post's title; and where in the post the screen is. */
export function readerStatus(
	state: State,
	post: Post,
	page: ReaderPage | undefined,
	top: number,
	height: number,
	hits: number,
	glyphs: StatusGlyphs = UNICODE_GLYPHS,
): StatusText {
	const dot = ` ${glyphs.separator} `;
	if (!page) return {left: post.title, right: `rendering${dot}? help`};
	const {find} = state;
	let left = post.title;
	if (find.editing) left = `/${find.query}${glyphs.cursor} find${dot}Enter goes to the next match${dot}Esc stops`;
	else if (find.query !== '' && hits > 0)
		left = `hit ${find.current + 1}/${hits} "${find.query}"${dot}n N next/previous${dot}${post.title}`;
	else if (find.query !== '') left = `not found: "${find.query}"${dot}${post.title}`;
	// A partial page's length is not the post's: a position in it would mislead.
	const right = page.partial
		? `rendering the rest${glyphs.ellipsis}${dot}? help`
		: `${lineRange(top, page.lines.length, height)} ${positionLabel(top, page.lines.length, height)}${dot}? help`;
	return {left, right};
}

/** The reader's status when the open post's file was deleted. */
export function deletedStatus(post: Post, backQuits: boolean): StatusText {
	return {left: `${post.title} · deleted on disk`, right: `${backQuits ? 'q quits' : 'q back'} · ? help`};
}
