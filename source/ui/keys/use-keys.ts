import {useStdin} from 'ink';
import {useEffect, useRef} from 'react';
import {createKeyReader, type KeyInput} from './key-reader.js';

/**
 * Calls `onKey` for every key typed, read from the terminal by blogread's own
 * key reader instead of Ink's: terminal replies and other sequences that are
 * not keys never reach it (they go to `onReply`), and Esc typed just before a
 * key is both keys.
 */
export function useKeys(onKey: (key: KeyInput) => void, onReply?: (sequence: string) => void): void {
	const {stdin} = useStdin();
	const handler = useRef(onKey);
	handler.current = onKey;
	const replyHandler = useRef(onReply);
	replyHandler.current = onReply;
	useEffect(() => {
		const reader = createKeyReader({onReply: sequence => replyHandler.current?.(sequence)});
		let wait: NodeJS.Timeout | undefined;
		const deliver = (keys: KeyInput[]) => {
			for (const key of keys) handler.current(key);
		};

		const onData = (chunk: string | Buffer) => {
			clearTimeout(wait);
			deliver(reader.push(String(chunk)));
			const due = reader.due();
			if (due !== undefined) wait = setTimeout(() => deliver(reader.expire()), due);
		};

		// Text, not bytes: a character split between two reads is put back together first.
		stdin.setEncoding('utf8');
		stdin.on('data', onData);
		return () => {
			clearTimeout(wait);
			stdin.off('data', onData);
			stdin.pause();
		};
	}, [stdin]);
}
