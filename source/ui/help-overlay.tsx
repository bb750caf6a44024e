import React from 'react';
import {helpRows, type View} from '../keymap.js';
import {padEnd, truncate} from '../render/text-width.js';
import type {Theme} from '../theme.js';
import {Lines} from './lines.js';

const VIEW_NAMES: Record<View, string> = {list: 'Post list', reader: 'Reader', search: 'Search', picker: 'Tag picker'};

/** Every key of the current view, generated from the keymap. */
export function HelpOverlay({view, width, height, theme}: {view: View; width: number; height: number; theme: Theme}) {
	const rows = helpRows(view);
	const keysWidth = Math.min(Math.max(...rows.map(row => row.keys.length)), Math.floor(width / 2));
	const lines = [
		theme.heading2(`${VIEW_NAMES[view]} keys`),
		'',
		...rows.map(row => truncate(`${theme.tag(padEnd(truncate(row.keys, keysWidth), keysWidth))}  ${row.description}`, width)),
		'',
		theme.muted('Press any key to close this help.'),
	];
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
