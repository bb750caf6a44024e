import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export type TerminalSize = {columns: number; rows: number};

/** The size of a stream; streams that don't know (pipes, tests) get 80x24. */
function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
	return {columns: stdout.columns || 80, rows: stdout.rows || 24};
}

/** The terminal's size, updated on resize. */
export function useTerminalSize(): TerminalSize {
	const {stdout} = useStdout();
	const [size, setSize] = useState(() => sizeOf(stdout));
	useEffect(() => {
		const onResize = () => {
			setSize(sizeOf(stdout));
		};

		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}
