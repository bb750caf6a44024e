import {Text} from 'ink';
import {displayWidth, truncate} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';

/** One inverse line: `left` is cut to fit, `right` always stays whole. */
export function StatusBar({left, right, width, theme}: {left: string; right: string; width: number; theme: Theme}) {
	const rightText = ` ${right} `;
	const room = Math.max(0, width - displayWidth(rightText));
	const leftText = truncate(` ${left}`, room);
	const gap = ' '.repeat(Math.max(0, room - displayWidth(leftText)));
	const line = truncate(leftText + gap + rightText, width);
	return <Text wrap="truncate-end">{theme.status(line)}</Text>;
}
