import type {Heading} from '../../render/markdown.js';
import {truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {minOf} from '../../util/arrays.js';
import {overlayRows} from '../state/viewport.js';
import {Lines} from './lines.js';

type Props = {
	headings: Heading[];
	cursor: number;
	top: number;
	current: number;
	width: number;
	height: number;
	theme: Theme;
};

/** The post's headings, indented by level; the section being read is marked with •. */
export function ContentsOverlay({headings, cursor, top, current, width, height, theme}: Props) {
	const rows = overlayRows(height);
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
	while (lines.length < height - 1) lines.push('');
	const hints = ['Enter goes there', 'Esc closes', `${glyphs.current} marks where you are`];
	lines.push(truncate(theme.muted(hints.join(` ${glyphs.separator} `)), width, glyphs.ellipsis));
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
