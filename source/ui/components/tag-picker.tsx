import {type TermEntry, termKey, termLabel} from '../../posts/filter.js';
import {padEnd, truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {maxOf} from '../../util/arrays.js';
import type {PickerState} from '../state/model.js';
import {Lines} from './lines.js';

/** Rows the picker uses around its list: title, narrowing field, key hint. */
export const PICKER_CHROME_ROWS = 3;

type Props = {rows: TermEntry[]; picker: PickerState; width: number; height: number; theme: Theme};

/** Tags and categories with their counts; Space chooses, Enter applies. */
export function TagPicker({rows, picker, width, height, theme}: Props) {
	const chosen = new Set(picker.chosen.map(termKey));
	const listHeight = Math.max(1, height - PICKER_CHROME_ROWS);
	const countWidth = maxOf(
		rows.map(row => String(row.count).length),
		1,
	);
	const labelWidth = Math.max(4, Math.min(width - countWidth - 8, maxOf(rows.map(row => termLabel(row.term).length))));
	const mode = picker.mode === 'and' ? 'posts with ALL chosen tags (Tab: any)' : 'posts with ANY chosen tag (Tab: all)';
	const {glyphs} = theme;
	const {ellipsis} = glyphs;
	const lines = [
		truncate(`${theme.heading2('Filter by tag')}  ${theme.muted(mode)}`, width, ellipsis),
		truncate(
			picker.query === ''
				? theme.muted(`Type to narrow the tags${ellipsis}`)
				: `Narrow: ${theme.match(picker.query)}${glyphs.cursor}`,
			width,
			ellipsis,
		),
	];
	const visible = rows.slice(picker.top, picker.top + listHeight);
	if (visible.length === 0)
		lines.push(
			theme.muted(
				rows.length === 0 && picker.query === '' ? 'No tags in this blog.' : `No tag matches "${picker.query}".`,
			),
		);
	visible.forEach((row, offset) => {
		const index = picker.top + offset;
		const box = chosen.has(row.key) ? '[x]' : '[ ]';
		const label = padEnd(truncate(termLabel(row.term), labelWidth, ellipsis), labelWidth);
		const count = String(row.count).padStart(countWidth);
		// A count of 0 is a dead end: choosing this tag would show nothing.
		const text = `${box} ${label}  ${row.count === 0 ? theme.muted(count) : count}`;
		lines.push(
			index === picker.cursor
				? `${theme.selectedMarker(glyphs.pointer)} ${theme.selected(text)}`
				: `  ${row.term.kind === 'category' ? theme.muted(text) : text}`,
		);
	});
	while (lines.length < height - 1) lines.push('');
	const hints = ['Space choose', 'Enter apply', 'Esc cancel', 'Tab all/any', `${glyphs.arrows.upDown} move`];
	lines.push(truncate(theme.muted(hints.join(` ${glyphs.separator} `)), width, ellipsis));
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
