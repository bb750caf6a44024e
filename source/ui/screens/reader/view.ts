// The reader: the lines of the open post that fit on screen, find matches
// marked (the current one underlined too); a placeholder while it renders, and
// what to say when its file was deleted.
import type {Post} from '../../../blog/model/model.js';
import {lineWithPicture} from '../../../pictures/picture-store.js';
import {cleanLine} from '../../../text/sanitize.js';
import {wrapStyled} from '../../../text/width.js';
import {markRanges} from '../../state/hits.js';
import {hitsFor, readerTop} from '../../state/selectors.js';
import {lineRange, positionLabel} from '../../state/viewport.js';
import {joined, type ScreenView, type StatusText, type ViewContext} from '../view.js';

/** The find's hits on the page, once a find is done typing. */
function hitsOf({state, page}: ViewContext) {
	return page && state.find.query !== '' && !state.find.editing ? hitsFor(page, state.find.query) : [];
}

/** The reader's status: finding, or the post's title; and where in the post the screen is. */
export function readerStatus(context: ViewContext, post: Post): StatusText {
	const {state, screen, page, theme, height} = context;
	const {glyphs} = theme;
	if (!page) return {left: post.title, right: joined(theme, 'rendering', '? help')};
	const top = readerTop(state, screen);
	const hits = hitsOf(context).length;
	const {find} = state;
	let left = post.title;
	if (find.editing)
		left = joined(theme, `/${find.query}${glyphs.cursor} find`, 'Enter goes to the next match', 'Esc stops');
	else if (find.query !== '' && hits > 0)
		left = joined(theme, `hit ${find.current + 1}/${hits} "${find.query}"`, 'n N next/previous', post.title);
	else if (find.query !== '') left = joined(theme, `not found: "${find.query}"`, post.title);
	// A partial page's length is not the post's: a position in it would mislead.
	const where = page.partial
		? `rendering the rest${glyphs.ellipsis}`
		: `${lineRange(top, page.lines.length, height)} ${positionLabel(top, page.lines.length, height)}`;
	return {left, right: joined(theme, where, '? help')};
}

export function readerView(context: ViewContext): ScreenView {
	const {state, screen, page, post, theme, height, readerMargin} = context;
	if (!post) return {lines: [], status: {left: '', right: ''}};
	const status = readerStatus(context, post);
	if (!page) return {lines: [theme.muted(` Rendering "${post.title}"${theme.glyphs.ellipsis}`)], status};
	const top = readerTop(state, screen);
	const hits = hitsOf(context);
	const indent = ' '.repeat(readerMargin);
	const {pictureOf} = context;
	const withPictures =
		pictureOf && page.pictures.length > 0
			? (line: string, index: number) => lineWithPicture(line, index, page.pictures, pictureOf, theme.muted)
			: (line: string) => line;
	const lines = page.lines.slice(top, top + height).map((shown, offset) => {
		const line = withPictures(shown, top + offset);
		const ranges = hits.flatMap((hit, index) =>
			hit.line === top + offset
				? [{...hit, ...(index === state.find.current ? theme.currentHitCodes : theme.hitCodes)}]
				: [],
		);
		return indent + markRanges(line, ranges);
	});
	return {lines, status};
}

/** The open post's file was deleted: say so, and that it comes back with its file. */
export function deletedView({state, theme, width}: ViewContext): ScreenView {
	const deleted = state.deleted;
	if (!deleted) return {lines: [], status: {left: '', right: ''}};
	const back = state.backQuits ? 'q quits' : 'q goes back to the list';
	const lines = [
		'',
		...wrapStyled(`"${deleted.title}" was deleted (${cleanLine(deleted.path)} is no longer there).`, width - 2),
		...wrapStyled(theme.muted(`It shows here again if its file comes back; ${back}.`), width - 2),
	].map(line => ` ${line}`);
	return {
		lines,
		status: {
			left: joined(theme, deleted.title, 'deleted on disk'),
			right: joined(theme, state.backQuits ? 'q quits' : 'q back', '? help'),
		},
	};
}
