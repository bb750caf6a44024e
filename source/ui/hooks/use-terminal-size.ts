import {useStdout} from 'ink';
import {useEffect, useState} from 'react';
import {sizeOf} from '../screen-writer.js';

export type TerminalSize = {columns: number; rows: number};

/** The terminal's size, updated on resize; streams that don't know (pipes, tests) give 80x24. */
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
