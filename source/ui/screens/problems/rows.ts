// What the problems overlay lists, worked out from the state: folders that
// could not be read, files that were not read as posts and why, and posts
// with warnings. Nothing is dropped without a row here.
import type {Post, SkipReason} from '../../../blog/model/model.js';
import {memoizeLast} from '../../state/memo.js';
import type {LeftOut, State} from '../../state/model.js';

/** A row of the overlay: a section's heading, an entry (what, and what about it), or a gap. */
export type ProblemRow = {kind: 'section'; text: string} | {kind: 'entry'; text: string; note: string} | {kind: 'gap'};

const REASONS: Record<SkipReason, string> = {
	'section page': "section page (lists a section's posts)",
	'site page': "site page (the site's own, at its content root)",
	'hidden section': 'page of a section not rendered (its _index.md says render = false)',
	'page template': "page (its template is not the posts')",
	'untitled page': "page (no title or date, outside the posts' section)",
	'repository file': 'repository file (at the top of the folder)',
};

/** The counts the status line gives: folders unreadable, files skipped, posts with warnings. */
export type ProblemCounts = {unreadable: number; skipped: number; warned: number};

const warnedPosts = memoizeLast(([posts]: readonly [Post[]]) => posts.filter(post => post.warnings.length > 0));

export function problemCounts(state: Pick<State, 'leftOut' | 'posts'>): ProblemCounts {
	return {
		unreadable: state.leftOut.unreadable.length,
		skipped: state.leftOut.skipped.length,
		warned: warnedPosts(state.posts).length,
	};
}

const rowsOf = memoizeLast(([leftOut, posts]: readonly [LeftOut, Post[]]): ProblemRow[] => {
	const sections: ProblemRow[][] = [];
	if (leftOut.unreadable.length > 0) {
		sections.push([
			{kind: 'section', text: `Folders that could not be read (${leftOut.unreadable.length})`},
			...leftOut.unreadable.map(problem => {
				// "path: why": the path is the entry, what went wrong its note (a folder's name may hold ": ").
				const colon = problem.lastIndexOf(': ');
				return colon === -1
					? {kind: 'entry' as const, text: problem, note: ''}
					: {kind: 'entry' as const, text: problem.slice(0, colon), note: problem.slice(colon + 2)};
			}),
		]);
	}

	if (leftOut.skipped.length > 0) {
		sections.push([
			{kind: 'section', text: `Not posts, so not listed (${leftOut.skipped.length})`},
			...leftOut.skipped.map(file => ({kind: 'entry' as const, text: file.path, note: REASONS[file.reason]})),
		]);
	}

	const warned = warnedPosts(posts);
	if (warned.length > 0) {
		sections.push([
			{kind: 'section', text: `Posts with warnings (${warned.length})`},
			...warned.flatMap(post =>
				post.warnings.map(warning => ({kind: 'entry' as const, text: post.title, note: warning})),
			),
		]);
	}

	return sections.flatMap((section, index) => (index === 0 ? section : [{kind: 'gap' as const}, ...section]));
});

/** The overlay's rows, in order: unreadable folders, skipped files, posts with warnings. */
export function problemRows(state: Pick<State, 'leftOut' | 'posts'>): ProblemRow[] {
	return rowsOf(state.leftOut, state.posts);
}
