import {isLinkable} from '../../render/link.js';
import type {PageLink} from '../../render/markdown.js';
import {cleanLine} from '../../text/sanitize.js';
import {truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {overlayRows} from '../state/viewport.js';
import {Lines} from './lines.js';

type Props = {links: PageLink[]; cursor: number; top: number; width: number; height: number; theme: Theme};

/**
 * The post's links, numbered in reading order: text, then where it goes.
 * Addresses come from the post: controls are shown, never sent; one that is
 * not a web or mail address is marked as one Enter won't open.
 */
export function LinksOverlay({links, cursor, top, width, height, theme}: Props) {
	const rows = overlayRows(height);
	const numberWidth = String(links.length).length;
	const lines = [
		theme.heading2(`Links (${links.length})`),
		...links.slice(top, top + rows).map((link, offset) => {
			const index = top + offset;
			const number = `${String(index + 1).padStart(numberWidth)}.`;
			const text = cleanLine(link.text);
			const target = cleanLine(link.href);
			const closed = isLinkable(link.href) ? '' : ' [not opened]';
			const row = truncate(
				`${number} ${text === '' || text === target ? '' : `${text} → `}${target}${closed}`,
				width - 2,
			);
			return index === cursor ? `${theme.selectedMarker(theme.glyphs.pointer)} ${theme.selected(row)}` : `  ${row}`;
		}),
	];
	while (lines.length < height - 1) lines.push('');
	lines.push(
		truncate(
			theme.muted(['Enter opens', 'y copies', 'Esc closes'].join(` ${theme.glyphs.separator} `)),
			width,
			theme.glyphs.ellipsis,
		),
	);
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
