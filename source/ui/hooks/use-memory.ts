import {useEffect, useRef} from 'react';
import type {MemorySnapshot} from '../../reading/reading-memory.js';
import type {ReadingState} from '../../reading/reading-state.js';
import type {State} from '../state/model.js';

/** Where the app's reading state goes between runs (reading/reading-memory.ts in the bin; a fake in tests). */
export type MemoryHost = {
	readonly initial: ReadingState;
	update: (snapshot: MemorySnapshot) => void;
	flush: () => void;
};

/**
 * Hands the memory each new reading state (a reference: no work on a key),
 * and has it written after the frame when a post was left or a mark changed;
 * quitting, suspending and signals write it too (ui/run.tsx).
 */
export function useMemory(memory: MemoryHost | undefined, state: State): void {
	const {positions, read} = state;
	const open = useRef<MemorySnapshot['open']>(undefined);
	open.current =
		state.view === 'reader' && state.selectedPath !== null
			? {path: state.selectedPath, position: state.readerAnchor}
			: undefined;
	useEffect(() => {
		memory?.update({positions, read, open: open.current});
	});
	useEffect(() => {
		if (!memory) return;
		const later = setImmediate(() => {
			memory.update({positions, read, open: open.current});
			memory.flush();
		});
		return () => {
			clearImmediate(later);
		};
	}, [memory, positions, read]);
}
