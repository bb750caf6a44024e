// The tag picker: tags and categories with their counts; Space chooses, Enter applies.

import {termKey, termLabel, termLabelLength} from '../../../blog/query/model.js';
import type {TermEntry} from '../../../blog/query/term-index.js';
import {padEnd, truncate} from '../../../text/width.js';
import {pickerRows} from '../../state/selectors.js';
import {scrollToShow} from '../../state/viewport.js';
import {listStatus} from '../list/view.js';
import {joined, type ScreenView, type ViewContext} from '../view.js';

/** Rows the picker uses around its list: title, narrowing field, key hint. */
export const PICKER_CHROME_ROWS = 3;

// Measured over every row, not those on screen, so the columns don't move as the list scrolls;
// by numbers, once per list of rows: 10,000 tags made 20,000 strings a frame.
const widthsOf = new WeakMap<TermEntry[], {count: number; label: number}>();
function columnWidths(rows: TermEntry[]): {count: number; label: number} {
	const known = widthsOf.get(rows);
	if (known) return known;
	let count = 0;
	let label = Number.NEGATIVE_INFINITY;
	for (const row of rows) {
		count = Math.max(count, row.count);
		label = Math.max(label, termLabelLength(row.term));
	}

	const widths = {count: String(count).length, label};
	widthsOf.set(rows, widths);
	return widths;
}

export function pickerView(context: ViewContext): ScreenView {
	const {state, screen, theme, width, height} = context;
	const picker = state.picker;
	if (!picker) return {lines: [], status: {left: '', right: ''}};
	const rows = pickerRows(state, picker, screen);
	const top = scrollToShow(picker.cursor, picker.top, rows.length, screen.pickerHeight);
	const chosen = new Set(picker.chosen.map(termKey));
	const listHeight = Math.max(1, height - PICKER_CHROME_ROWS);
	const widths = columnWidths(rows);
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
	const visible = rows.slice(top, top + listHeight);
	if (visible.length === 0)
		lines.push(
			theme.muted(
				rows.length === 0 && picker.query === '' ? 'No tags in this blog.' : `No tag matches "${picker.query}".`,
			),
		);
	visible.forEach((row, offset) => {
		const index = top + offset;
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
	const hints = joined(
		theme,
		'Space choose',
		'Enter apply',
		'Esc cancel',
		'Tab all/any',
		`${glyphs.arrows.upDown} move`,
	);
	lines.push(truncate(theme.muted(hints), width, ellipsis));
	return {
		lines: lines.slice(0, height),
		status: {left: listStatus(context), right: `${picker.chosen.length} chosen`},
	};
}
