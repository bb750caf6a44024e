import {Box, Text} from 'ink';

/**
 * Pre-rendered lines, as one text of `height` rows. Lines come cut to the
 * width, so only rows are clipped: clipping columns too made Ink re-slice every
 * line of every frame. One text, not one per line: each element is a node Ink
 * lays out and walks at every frame, most of a keystroke's drawing.
 */
export function Lines({lines, height}: {lines: string[]; height: number}) {
	return (
		<Box flexDirection="column" height={height} overflowY="hidden">
			<Text>{lines.join('\n')}</Text>
		</Box>
	);
}
