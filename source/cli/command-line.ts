// The command line as operands and flag values. meow reads every command line
// it has to: one of operands and the table's flags as they are spelled
// (`blogread ~/blog`, `--list posts`, `-p post.md -w 80`), the usual starts, is
// read here instead, which skips meow's load, about a tenth of a start on Node 20.
// Anything else (`--width=80`, `-lt go`, `--no-list`, `--`, a boolean before
// `true`) is meow's. The tests hold the two readings equal.
import {errorMessage, UserError} from '../util/errors.js';
import {checkArguments, type FlagSpec, type FlagValues, flags, meowFlags, parseFlags, spelling} from './flags.js';

export type CommandLine = {input: string[]; flags: FlagValues};

/** What meow names the process: `ps` and `top` show blogread, not node. */
const PROCESS_TITLE = 'blogread';

type Spelled = {name: string; spec: FlagSpec; value?: boolean};

/** Each flag as it is spelled in full (`--remote-images`, `--no-color` too) or short (`-t`), and what it sets. */
const SPELLED: ReadonlyMap<string, Spelled> = new Map(
	(Object.entries(flags) as Array<[string, FlagSpec]>).flatMap(([name, spec]) => {
		const given: Spelled = {name, spec, ...(spec.kind === 'boolean' ? {value: true} : {})};
		const spellings: Array<[string, Spelled]> = [[spelling(name), given]];
		if (spec.short !== undefined) spellings.push([`-${spec.short}`, given]);
		if (spec.negated) spellings.push([`--no-${spelling(name).slice(2)}`, {name, spec, value: false}]);
		return spellings;
	}),
);

/** An argument taken as it stands: it does not start with `-`. */
const isOperand = (arg: string | undefined): arg is string => arg !== undefined && !arg.startsWith('-');

/**
 * The operands and raw flags of a command line of operands and flags as the table spells them, each value
 * flag followed by a value that is not an option; undefined for any other, which meow reads.
 */
export function plainReading(args: readonly string[]): {input: string[]; flags: Record<string, unknown>} | undefined {
	const input: string[] = [];
	const raw: Record<string, unknown> = {};
	for (let index = 0; index < args.length; index++) {
		const arg = args[index] as string;
		if (isOperand(arg)) {
			input.push(arg);
			continue;
		}

		const flag = SPELLED.get(arg);
		if (flag === undefined) return undefined;
		const {name, spec, value} = flag;
		if (value !== undefined) {
			// meow takes `true` or `false` after a boolean as its value; and a flag given twice is its to settle.
			if (name in raw || args[index + 1] === 'true' || args[index + 1] === 'false') return undefined;
			raw[name] = value;
			continue;
		}

		const given = args[++index];
		if (!isOperand(given)) return undefined;
		if (spec.kind === 'list') raw[name] = [...((raw[name] as string[] | undefined) ?? []), given];
		else if (name in raw) return undefined;
		else raw[name] = given;
	}

	return {input, flags: raw};
}

/** The command line as meow reads it, checked (an unknown flag or a missing value is a usage error). */
export async function meowCommandLine(args: string[]): Promise<CommandLine> {
	const {meowReading} = await import('./meow-reading.js');
	let read: ReturnType<typeof meowReading>;
	try {
		read = meowReading(args, meowFlags(), PROCESS_TITLE);
	} catch (error) {
		// What meow refuses is the command line (`--print a --print b`: "The flag --print can only be set once.").
		throw new UserError(errorMessage(error).replace(/\.$/, ''), 2);
	}

	checkArguments(args, Object.keys(read.flags));
	return {input: read.input, flags: parseFlags(read.flags)};
}

/** The command line read: here when it is plain (plainReading), else by meow. */
export async function readCommandLine(args: string[]): Promise<CommandLine> {
	const plain = plainReading(args);
	if (plain === undefined) return meowCommandLine(args);
	process.title = PROCESS_TITLE;
	return {input: plain.input, flags: parseFlags(plain.flags)};
}
