import {errorMessage, UserError} from '../util/errors.js';
import {type Io, say} from './io.js';

/**
 * The exit code of a run: what `work` gives (0 done), or for a failure 1 (at
 * run time) or 2 (a usage error, followed by `usage`). A failure is one line on
 * stderr, never a stack trace.
 */
export async function exitCodeOf(work: () => Promise<number>, io: Io, usage: string): Promise<number> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof UserError) {
			say(io, error.message);
			if (error.exitCode === 2) io.stderr.write(`${usage}\n`);
			return error.exitCode;
		}

		say(io, `unexpected error: ${errorMessage(error)}`);
		return 1;
	}
}
