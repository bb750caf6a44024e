// The links: every link of the post, numbered in reading order, text then
// where it goes. Addresses come from the post: controls are shown, never sent;
// one that is not a web or mail address is marked as one Enter won't open.
import {isLinkable, linkedPost} from '../../../render/link.js';
import {cleanLine} from '../../../text/sanitize.js';
import {truncate} from '../../../text/width.js';
import {overlayRows, scrollToShow} from '../../state/viewport.js';
import {joined, type ScreenView, type ViewContext, withFooter} from '../view.js';

export function linksView({state, theme, width, height, page, post}: ViewContext): ScreenView {
	const links = page?.links ?? [];
	const cursor = state.links?.cursor ?? 0;
	const rows = overlayRows(height);
	const top = scrollToShow(cursor, state.links?.top ?? 0, links.length, rows);
	const numberWidth = String(links.length).length;
	const lines = [
		theme.heading2(`Links (${links.length})`),
		...links.slice(top, top + rows).map((link, offset) => {
			const index = top + offset;
			const number = `${String(index + 1).padStart(numberWidth)}.`;
			const text = cleanLine(link.text);
			const target = cleanLine(link.href);
			const closed = isLinkable(link.href)
				? ''
				: linkedPost(link.href) !== undefined
					? ' [a post here]'
					: ' [not opened]';
			const row = truncate(
				`${number} ${text === '' || text === target ? '' : `${text} → `}${target}${closed}`,
				width - 2,
			);
			return index === cursor ? `${theme.selectedMarker(theme.glyphs.pointer)} ${theme.selected(row)}` : `  ${row}`;
		}),
	];
	const hint = truncate(
		theme.muted(joined(theme, 'Enter opens', 'y copies', 'Esc closes')),
		width,
		theme.glyphs.ellipsis,
	);
	return {
		lines: withFooter(lines, hint, height),
		status: {
			left: `Links of ${post?.title ?? ''}`,
			right: joined(theme, `${cursor + 1}/${links.length}`, 'Esc closes'),
		},
	};
}
