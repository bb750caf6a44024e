// The least an Ink app can do, the floor of blogread's first frame: one line
// drawn (ending in `? help`, which the benchmark waits for), `Q` to leave.
// Bundled as the bin is (scripts/bundle.mjs), so what differs is only what
// blogread does before and around its first frame.
import {Box, render, Text, useApp, useInput} from 'ink';

function Floor() {
	const {exit} = useApp();
	useInput(input => {
		if (input === 'Q') exit();
	});
	return (
		<Box flexDirection="column">
			<Text>a two-line Ink app</Text>
			<Text inverse>? help</Text>
		</Box>
	);
}

render(<Floor />, {debug: true, patchConsole: false, exitOnCtrlC: false});
