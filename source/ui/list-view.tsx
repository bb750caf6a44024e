import React from 'react';
import stripAnsi from 'strip-ansi';
import type {Post} from '../posts/types.js';
import {listRow, type ListColumns} from '../render/list-row.js';
import {padEnd} from '../render/text-width.js';
import type {Theme} from '../theme.js';
import {Lines} from './lines.js';

type Props = {
	posts: Post[];
	columns: ListColumns;
	selected: number;
	top: number;
	height: number;
	width: number;
	theme: Theme;
};

/** The visible slice of the post list; the selected row is marked and shown in inverse video. */
export function ListView({posts, columns, selected, top, height, width, theme}: Props) {
	const lines = posts.slice(top, top + height).map((post, offset) => {
		const isSelected = top + offset === selected;
		const row = listRow(post, columns, theme);
		// A marker as well as inverse video, so the selection shows without colour.
		return isSelected
			? theme.selectedMarker('›') + ' ' + theme.selected(padEnd(stripAnsi(row), width - 2))
			: '  ' + row;
	});
	return <Lines lines={lines} height={height} />;
}
