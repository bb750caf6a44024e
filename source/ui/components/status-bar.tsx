import {Text} from 'ink';
import {cleanLine} from '../../text/sanitize.js';
import {displayWidth, truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {statusLeftRoom, statusRight} from '../screens/view.js';

/**
 * One inverse line: `left` is cut to fit, `right` always stays whole. What it
 * shows comes from the disk too (folder names, titles): controls are shown, not sent.
 */
export function StatusBar({left, right, width, theme}: {left: string; right: string; width: number; theme: Theme}) {
	const rightText = statusRight(right);
	const room = statusLeftRoom(width, right);
	const {ellipsis} = theme.glyphs;
	const leftText = truncate(` ${cleanLine(left)}`, room, ellipsis);
	const gap = ' '.repeat(Math.max(0, room - displayWidth(leftText)));
	const line = truncate(leftText + gap + rightText, width, ellipsis);
	return <Text wrap="truncate-end">{theme.status(line)}</Text>;
}
