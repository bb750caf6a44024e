import {useMemo} from 'react';
import {type TermEntry, termKey, termLabel, termLabelLength} from '../../posts/filter.js';
import {padEnd, truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import type {PickerState} from '../state/model.js';
import {Lines} from './lines.js';

/** Rows the picker uses around its list: title, narrowing field, key hint. */
export const PICKER_CHROME_ROWS = 3;

type Props = {rows: TermEntry[]; picker: PickerState; width: number; height: number; theme: Theme};

/** Tags and categories with their counts; Space chooses, Enter applies. */
export function TagPicker({rows, picker, width, height, theme}: Props) {
	const chosen = new Set(picker.chosen.map(termKey));
	const listHeight = Math.max(1, height - PICKER_CHROME_ROWS);
	// Measured over every row, not those on screen, so the columns don't move as the list scrolls;
	// by numbers, once per list of rows: 10,000 tags made 20,000 strings a frame.
	const widths = useMemo(() => {
		let count = 0;
		let label = Number.NEGATIVE_INFINITY;
		for (const row of rows) {
			count = Math.max(count, row.count);
			label = Math.max(label, termLabelLength(row.term));
		}

		return {count: String(count).length, label};
	}, [rows]);
	const countWidth = widths.count;
	const labelWidth = Math.max(4, Math.min(width - countWidth - 8, widths.label));
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
