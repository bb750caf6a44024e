import {Box, Text} from 'ink';

/**
 * Pre-rendered lines, one Text each; an empty line still takes its row. Lines
 * come cut to the width (and each Text truncates anyway), so only rows are
 * clipped: clipping columns too made Ink re-slice every line of every frame.
 */
export function Lines({lines, height}: {lines: string[]; height: number}) {
	return (
		<Box flexDirection="column" height={height} overflowY="hidden">
			{lines.map((line, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: lines are positional, the same index is the same row on screen.
				<Text key={index} wrap="truncate-end">
					{line === '' ? ' ' : line}
				</Text>
			))}
		</Box>
	);
}
