// Where a run of the command line reads its environment and writes its output:
// the process, or (for an SSH session, or a test) something else. Only the
// full-screen app needs the process's own terminal.
import {supportsColor} from 'chalk';
import supportsHyperlinks from 'supports-hyperlinks';
import {cleanLine} from '../text/sanitize.js';
import type {ColorLevel} from '../theme/choice.js';

export type Output = {write(text: string): unknown; isTTY?: boolean; columns?: number; rows?: number};

export type Io = {
	stdout: Output;
	stderr: Output;
	env: NodeJS.ProcessEnv;
	/** The colours a terminal on stdout says it takes, before --no-color, NO_COLOR and FORCE_COLOR. */
	colors: ColorLevel;
	/** The terminal on stdout shows OSC 8 links. */
	hyperlinks: boolean;
	/** This is the process's own terminal: the full-screen app and a pager can use it. */
	own: boolean;
};

export function processIo(): Io {
	return {
		stdout: process.stdout,
		stderr: process.stderr,
		env: process.env,
		colors: supportsColor === false ? 0 : supportsColor.level,
		hyperlinks: supportsHyperlinks.stdout,
		own: true,
	};
}

/** The longest message blogread prints on stderr: what it quotes from files is cut to fit. */
const MAX_MESSAGE = 1000;

/**
 * One line on stderr, as every message blogread prints there; whatever it
 * quotes is shown, not obeyed, and a long one loses its middle (a path a
 * thousand folders deep), keeping what it is about and what is wrong.
 */
export function say(io: Io, line: string): void {
	const clean = cleanLine(line);
	const half = MAX_MESSAGE / 2;
	io.stderr.write(
		`blogread: ${clean.length > MAX_MESSAGE ? `${clean.slice(0, half)}…${clean.slice(-half)}` : clean}\n`,
	);
}
