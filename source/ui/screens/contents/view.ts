// The contents: the post's headings, indented by level; the section being read is marked.
import {truncate} from '../../../text/width.js';
import {minOf} from '../../../util/arrays.js';
import {readerTop} from '../../state/selectors.js';
import {overlayRows, scrollToShow} from '../../state/viewport.js';
import {readerStatus} from '../reader/view.js';
import {joined, type ScreenView, type ViewContext, withFooter} from '../view.js';

export function contentsView(context: ViewContext): ScreenView {
	const {state, screen, theme, width, height, page, post} = context;
	const headings = page?.headings ?? [];
	const cursor = state.contents?.cursor ?? 0;
	const rows = overlayRows(height);
	const top = scrollToShow(cursor, state.contents?.top ?? 0, headings.length, rows);
	const readingAt = readerTop(state, screen);
	const current = headings.findLastIndex(heading => heading.line <= readingAt);
	// Indent relative to the shallowest heading: a post of ## and ### starts at the margin.
	const shallowest = minOf(headings.map(heading => heading.depth));
	const {glyphs} = theme;
	const lines = [
		theme.heading2('Contents'),
		...headings.slice(top, top + rows).map((heading, offset) => {
			const index = top + offset;
			const here = index === current ? theme.selectedMarker(glyphs.current) : ' ';
			const indent = '  '.repeat(Math.max(0, heading.depth - shallowest));
			const text = truncate(`${indent}${heading.text}`, width - 4, glyphs.ellipsis);
			return index === cursor
				? `${theme.selectedMarker(glyphs.pointer)}${here} ${theme.selected(text)}`
				: ` ${here} ${text}`;
		}),
	];
	const hint = joined(theme, 'Enter goes there', 'Esc closes', `${glyphs.current} marks where you are`);
	return {
		lines: withFooter(lines, truncate(theme.muted(hint), width, glyphs.ellipsis), height),
		status: post ? readerStatus(context, post) : {left: '', right: ''},
	};
}
