// A command a reader runs over ssh (`ssh host --list | grep go`): printed
// output only. The command is blogread's own flags, never a shell's: words
// are split here, and only the flags that print are taken.
import {parseArgs} from 'node:util';
import {type FlagValues, parseFlags} from '../cli/flags.js';
import {type Options, resolveOptions} from '../cli/options.js';
import {errorMessage} from '../util/errors.js';

export type ExecRequest =
	| {kind: 'list'; options: Options}
	| {kind: 'print'; name: string; options: Options}
	| {kind: 'help'}
	| {kind: 'refused'; why: string};

/** What a served command may be, as the refusal says it. */
export const SERVED_COMMANDS = 'list, json, print POST, help (or their flags: --list, --json, --print POST)';

/**
 * Commands as words: OpenSSH reads options after the host too, so `ssh host --list`
 * is ssh's unknown option. `ssh host list` (or `ssh host -- --list`) reaches the server.
 */
const COMMAND_WORDS: Record<string, string> = {list: '--list', json: '--json', print: '--print', help: '--help'};

/** The flags a served command may use: the printing ones and their filters. No path, no --drafts, no pager. */
const servedFlags = {
	tag: {type: 'string', short: 't', multiple: true},
	search: {type: 'string', short: 's'},
	list: {type: 'boolean', short: 'l'},
	json: {type: 'boolean'},
	format: {type: 'string'},
	print: {type: 'string', short: 'p'},
	width: {type: 'string', short: 'w'},
	'no-color': {type: 'boolean'},
	help: {type: 'boolean', short: 'h'},
} as const;

/** A command's words, split as a shell would split plain words and quotes, and nothing more: no `$`, no globs. */
export function commandWords(command: string): string[] | undefined {
	const words: string[] = [];
	let word: string | undefined;
	let quote: '"' | "'" | undefined;
	for (let index = 0; index < command.length; index++) {
		const character = command[index] as string;
		if (quote) {
			if (character === quote) quote = undefined;
			else if (character === '\\' && quote === '"' && /["\\]/.test(command[index + 1] ?? '')) {
				word = (word ?? '') + command[++index];
			} else word = (word ?? '') + character;
		} else if (character === '"' || character === "'") {
			quote = character;
			word ??= '';
		} else if (/\s/.test(character)) {
			if (word !== undefined) words.push(word);
			word = undefined;
		} else if (character === '\\' && index + 1 < command.length) {
			word = (word ?? '') + command[++index];
		} else word = (word ?? '') + character;
	}

	if (quote) return undefined;
	if (word !== undefined) words.push(word);
	return words;
}

/** The command a reader sent → what to print, or why not; `target` and `drafts` are the server's, not the reader's. */
export function parseExecCommand(command: string, target: string, drafts: boolean): ExecRequest {
	const words = commandWords(command);
	if (words === undefined) return {kind: 'refused', why: 'a quote is not closed'};
	// `ssh host blogread --list`: the program's own name is allowed, and means nothing.
	if (words[0] === 'blogread') words.shift();
	const first = words[0];
	if (first !== undefined && Object.hasOwn(COMMAND_WORDS, first)) words[0] = COMMAND_WORDS[first] as string;
	let values: Record<string, unknown>;
	try {
		const parsed = parseArgs({args: words, options: servedFlags, allowPositionals: false, strict: true});
		values = parsed.values;
	} catch (error) {
		const code = (error as {code?: string}).code;
		const what =
			code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
				? `not a command here: ${words.join(' ')}`
				: (errorMessage(error).split('\n')[0] ?? '').replace(/\.(?: To specify .*)?$/, '');
		return {kind: 'refused', why: `${what}; this server runs ${SERVED_COMMANDS}`};
	}

	if (values['help'] === true) return {kind: 'help'};
	let flags: FlagValues;
	try {
		flags = parseFlags({...values, color: values['no-color'] === true ? false : undefined});
	} catch (error) {
		return {kind: 'refused', why: errorMessage(error)};
	}

	const printing = flags.list || flags.json || flags.format !== undefined || flags.print !== undefined;
	if (!printing) return {kind: 'refused', why: `this server runs ${SERVED_COMMANDS}`};
	let options: Options;
	try {
		options = {...resolveOptions([target], flags, {}, {}), drafts, state: false, pager: false};
	} catch (error) {
		return {kind: 'refused', why: errorMessage(error)};
	}

	return options.print === undefined ? {kind: 'list', options} : {kind: 'print', name: options.print, options};
}
