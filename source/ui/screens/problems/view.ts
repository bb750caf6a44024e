// The problems: what loading left out and what is wrong with the posts, one
// row each, the file or post, then why. File names come from the disk:
// controls are shown, not sent.
import {plural} from '../../../text/counts.js';
import {cleanLine} from '../../../text/sanitize.js';
import {displayWidth, padEnd, truncate, wrapStyled} from '../../../text/width.js';
import type {Theme} from '../../../theme/palette.js';
import {maxOf} from '../../../util/arrays.js';
import type {State} from '../../state/model.js';
import {clampTop, overlayRows, positionLabel} from '../../state/viewport.js';
import {joined, type ScreenView, type ViewContext, withFooter} from '../view.js';
import {type ProblemRow, problemCounts, problemRows} from './rows.js';

/** What the list left out and what is wrong, for the list's status line ("5 skipped · 1 post with warnings"), or ''. */
export function problemsStatus(state: State, theme: Theme): string {
	const counts = problemCounts(state);
	return joined(
		theme,
		counts.unreadable > 0 ? `${plural(counts.unreadable, 'folder')} unreadable` : '',
		counts.skipped > 0 ? `${counts.skipped} skipped` : '',
		counts.warned > 0 ? `${plural(counts.warned, 'post')} with warnings` : '',
	);
}

export function problemsView({state, theme, width, height}: ViewContext): ScreenView {
	const rows = problemRows(state);
	const room = overlayRows(height);
	const top = clampTop(state.problems?.top ?? 0, rows.length, room);
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
	const hint = joined(
		theme,
		'Esc closes',
		`${theme.glyphs.arrows.upDown} scroll`,
		'a skipped file opens alone: blogread FILE',
	);
	return {
		lines: withFooter([theme.heading2('Problems'), ...body], truncate(theme.muted(hint), width), height),
		status: {left: 'Problems', right: joined(theme, positionLabel(top, rows.length, room), 'Esc closes')},
	};
}
