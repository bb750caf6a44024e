// The command line as operands and flag values. meow reads every command line
// with an option in it; one of operands only (`blogread`, `blogread ~/blog`,
// the usual start) has nothing for a parser to read, and skips meow's load,
// about a tenth of the app's start on Node 20.
import {checkArguments, type FlagValues, meowFlags, parseFlags} from './flags.js';

export type CommandLine = {input: string[]; flags: FlagValues};

/** What meow names the process: `ps` and `top` show blogread, not node. */
const PROCESS_TITLE = 'blogread';

/** Whether no argument is an option: none starts with `-`, so each is an operand as it stands. */
export function onlyOperands(args: readonly string[]): boolean {
	return args.every(arg => !arg.startsWith('-'));
}

/** The command line as meow reads it, checked (an unknown flag or a missing value is a usage error). */
export async function meowCommandLine(args: string[]): Promise<CommandLine> {
	const {meowReading} = await import('./meow-reading.js');
	const read = meowReading(args, meowFlags(), PROCESS_TITLE);
	checkArguments(args, Object.keys(read.flags));
	return {input: read.input, flags: parseFlags(read.flags)};
}

/** The command line read: by meow when it holds an option, as it stands when it holds none. */
export async function readCommandLine(args: string[]): Promise<CommandLine> {
	if (!onlyOperands(args)) return meowCommandLine(args);
	process.title = PROCESS_TITLE;
	return {input: [...args], flags: parseFlags({})};
}
