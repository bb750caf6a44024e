// `blogread completion …`: the script for a shell, or (for the script) the
// blog's values for a flag being completed.
import {cleanLine} from '../../text/sanitize.js';
import {UserError} from '../../util/errors.js';
import {type Io, processIo} from '../io.js';
import {exitCodeOf} from '../outcome.js';
import {completionScript, SHELLS, type Shell} from './scripts.js';
import {completionValues} from './values.js';

const USAGE = 'Usage: blogread completion bash|zsh|fish (prints the script to load; the README says where)';

const isShell = (word: string | undefined): word is Shell => (SHELLS as readonly string[]).includes(word ?? '');

/**
 * `completion SHELL` prints its script; `completion tags|posts [--prefix TEXT] -- WORDS…`
 * prints the values that start with TEXT, a line each, of the blog WORDS (the command
 * line typed so far) name. A blog that can't be read gives no values and no message:
 * the shell is mid-line.
 */
export async function runCompletion(args: readonly string[], io: Io): Promise<number> {
	const [what, ...rest] = args;
	if (isShell(what) && rest.length === 0) {
		io.stdout.write(completionScript(what));
		return 0;
	}

	if (what === 'tags' || what === 'posts') {
		let words = rest;
		let prefix = '';
		if (words[0] === '--prefix') {
			prefix = words[1] ?? '';
			words = words.slice(2);
		}

		if (words[0] === '--') words = words.slice(1);
		const values = await completionValues(what, prefix, words, io.env).catch(() => []);
		if (values.length > 0) io.stdout.write(`${values.join('\n')}\n`);
		return 0;
	}

	const given = what === undefined ? '' : `, not "${cleanLine(args.join(' '))}"`;
	throw new UserError(`completion needs a shell: bash, zsh or fish${given}`, 2);
}

/** The bin's `blogread completion ARGS`. */
export async function completionMain(args: readonly string[]): Promise<void> {
	const io = processIo();
	process.exitCode = await exitCodeOf(() => runCompletion(args, io), io, USAGE);
}
