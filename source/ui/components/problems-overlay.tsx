import {cleanLine} from '../../text/sanitize.js';
import {displayWidth, padEnd, truncate, wrapStyled} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {maxOf} from '../../util/arrays.js';
import type {ProblemRow} from '../state/problems.js';
import {overlayRows} from '../state/viewport.js';
import {Lines} from './lines.js';

type Props = {rows: ProblemRow[]; top: number; width: number; height: number; theme: Theme};

/**
 * What loading left out and what is wrong with the posts, one row each: the
 * file or post, then why. File names come from the disk: controls are shown, not sent.
 */
export function ProblemsOverlay({rows, top, width, height, theme}: Props) {
	const room = overlayRows(height);
	const entries = rows.flatMap(row => (row.kind === 'entry' ? [cleanLine(row.text)] : []));
	// Notes line up after the longest name, unless that would leave them too little room.
	const nameWidth = Math.min(maxOf(entries.map(displayWidth), 0), Math.max(10, Math.floor((width - 4) / 2)));
	const line = (row: ProblemRow): string => {
		if (row.kind === 'gap') return '';
		if (row.kind === 'section') return theme.heading3(truncate(row.text, width));
		const name = padEnd(truncate(cleanLine(row.text), nameWidth), nameWidth);
		return truncate(`  ${name}  ${theme.muted(cleanLine(row.note))}`, width);
	};

	const body =
		rows.length === 0
			? wrapStyled(
					'Nothing was left out: every folder was read, every Markdown file is listed, no post has a warning.',
					width,
				)
			: rows.slice(top, top + room).map(line);
	const lines = [theme.heading2('Problems'), ...body];
	while (lines.length < height - 1) lines.push('');
	lines.push(
		truncate(
			theme.muted(
				['Esc closes', `${theme.glyphs.arrows.upDown} scroll`, 'a skipped file opens alone: blogread FILE'].join(
					` ${theme.glyphs.separator} `,
				),
			),
			width,
		),
	);
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
