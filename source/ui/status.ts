// The status line's text for what is on screen: pure, from the state.
import {describeFilters} from '../posts/filter.js';
import type {Blog, Post} from '../posts/model.js';
import {sortLabel} from './state/list.js';
import type {ReaderPage, State} from './state/model.js';
import {problemCounts} from './state/problems.js';
import {lineRange, positionLabel} from './state/viewport.js';

export type StatusText = {left: string; right: string};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the list left out and what is wrong, for the status line ("5 skipped · 1 post with warnings"), or ''. */
export function problemsStatus(state: State): string {
	const counts = problemCounts(state);
	return [
		counts.unreadable > 0 ? `${plural(counts.unreadable, 'folder')} unreadable` : '',
		counts.skipped > 0 ? `${counts.skipped} skipped` : '',
		counts.warned > 0 ? `${plural(counts.warned, 'post')} with warnings` : '',
	]
		.filter(part => part !== '')
		.join(' · ');
}

/** The list's status: where the posts come from, the filters, how many are shown, what is hidden or left out. */
export function listStatus(blog: Blog, state: State, shown: number, searchComplete: boolean): string {
	const filterText = describeFilters(state.filters);
	const sortText = state.sort === 'date' ? '' : ` · by ${sortLabel(state.sort)}`;
	const problems = problemsStatus(state);
	const hidden =
		(blog.hiddenDrafts > 0 ? ` · ${plural(blog.hiddenDrafts, 'draft')} hidden` : '') +
		(problems === '' ? '' : ` · ${problems}`);
	const where = blog.layout ? `${blog.root} (${blog.layout})` : blog.root;
	const reading = state.filters.query.trim() !== '' && !searchComplete ? ' · reading posts…' : '';
	if (state.searching)
		return `/${state.filters.query}▏ ${shown} of ${state.posts.length}${reading} · Enter keeps · Esc clears`;
	const filtered = filterText === '' ? '' : ` · ${filterText}`;
	return `${where}${filtered} · ${shown} of ${state.posts.length} posts${sortText}${hidden}${reading}`;
}

/** The reader's status: finding, or the post's title; and where in the post the screen is. */
export function readerStatus(
	state: State,
	post: Post,
	page: ReaderPage | undefined,
	top: number,
	height: number,
	hits: number,
): StatusText {
	if (!page) return {left: post.title, right: 'rendering · ? help'};
	const {find} = state;
	let left = post.title;
	if (find.editing) left = `/${find.query}▏ find · Enter goes to the next match · Esc stops`;
	else if (find.query !== '' && hits > 0)
		left = `hit ${find.current + 1}/${hits} "${find.query}" · n N next/previous · ${post.title}`;
	else if (find.query !== '') left = `not found: "${find.query}" · ${post.title}`;
	// A partial page's length is not the post's: a position in it would mislead.
	const right = page.partial
		? 'rendering the rest… · ? help'
		: `${lineRange(top, page.lines.length, height)} ${positionLabel(top, page.lines.length, height)} · ? help`;
	return {left, right};
}

/** The reader's status when the open post's file was deleted. */
export function deletedStatus(post: Post, backQuits: boolean): StatusText {
	return {left: `${post.title} · deleted on disk`, right: `${backQuits ? 'q quits' : 'q back'} · ? help`};
}
