// meow, loaded only for a command line with an option in it (command-line.ts). A file of the
// bundle's own (scripts/bundle.mjs, LATER), so the start's files stay as they were without it.
import meow from 'meow';
import type {meowFlags} from './flags.js';

/** The operands and raw flags meow reads from `args` by the flag spec. */
export function meowReading(
	args: string[],
	flags: ReturnType<typeof meowFlags>,
	name: string,
): {input: string[]; flags: Record<string, unknown>} {
	const cli = meow({
		argv: args,
		importMeta: import.meta,
		// meow would find the name by reading package.json up from here: the name is all it needs, and nothing is read.
		pkg: {name},
		autoHelp: false,
		autoVersion: false,
		// Unknown flags are reported by checkArguments, as one line and exit code 2.
		allowUnknownFlags: true,
		// A boolean not given stays undefined, so the config file can decide it.
		booleanDefault: undefined,
		flags,
	});
	return {input: cli.input.map(String), flags: cli.flags};
}
