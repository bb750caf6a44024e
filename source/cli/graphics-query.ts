// Asking the terminal how it draws pictures, for printed output (the app asks
// through its own key reader). A terminal that answers nothing is not waited
// for long: the question ends with device attributes, which every terminal
// answers, so the wait is one round trip.
import {readFileSync} from 'node:fs';
import {GRAPHICS_QUERY, type GraphicsReplies, withReply} from '../pictures/graphics.js';
import {createKeyReader} from '../ui/keys/key-reader.js';

/** How long a reply is waited for: a slow ssh link's round trip, and more. */
const WAIT_MS = 1000;

/**
 * Whether this process is in its terminal's foreground (Linux's /proc says; elsewhere it is taken to
 * be). A background job that set its terminal's mode, or read it, would be stopped by the shell.
 */
export function inForeground(stat = () => readFileSync('/proc/self/stat', 'utf8')): boolean {
	try {
		// After the command's name (in parentheses, which may hold anything): state, ppid, pgrp, session, tty, tpgid.
		const fields = stat()
			.slice(stat().lastIndexOf(')') + 2)
			.split(' ');
		const [group, foreground] = [Number(fields[2]), Number(fields[5])];
		return !(group > 0 && foreground > 0) || group === foreground;
	} catch {
		return true;
	}
}

/** What the terminal on `stdin` (and stdout, `write`) answers to GRAPHICS_QUERY, within `waitMs`. */
export async function askTerminal(
	stdin: NodeJS.ReadStream,
	write: (text: string) => void,
	waitMs = WAIT_MS,
	foreground: () => boolean = inForeground,
): Promise<GraphicsReplies> {
	if (!stdin.isTTY || typeof stdin.setRawMode !== 'function' || !foreground()) return {};
	let replies: GraphicsReplies = {};
	let answered: () => void = () => {};
	const reader = createKeyReader({
		onReply: sequence => {
			replies = withReply(replies, sequence);
			if (replies.done) answered();
		},
	});
	const onData = (chunk: Buffer | string) => {
		reader.push(String(chunk));
	};
	const wasRaw = stdin.isRaw;
	stdin.setRawMode(true);
	stdin.on('data', onData);
	try {
		write(GRAPHICS_QUERY);
		await new Promise<void>(resolve => {
			const timer = setTimeout(resolve, waitMs);
			answered = () => {
				clearTimeout(timer);
				resolve();
			};
		});
	} finally {
		stdin.off('data', onData);
		stdin.setRawMode(wasRaw);
		stdin.pause();
	}

	return replies;
}
