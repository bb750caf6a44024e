// Every program blogread starts (git, the editor, the pager, a browser opener)
// is found on the absolute entries of $PATH only, and starts in a folder the
// blog does not control. An entry like `bin`, `./node_modules/.bin` or an empty
// one (the current folder) would otherwise let a cloned blog that holds `bin/git`
// choose what runs when blogread is started inside it.
import {accessSync, constants, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Environment = Record<string, string | undefined>;

/** $PATH's absolute entries, in order, each once; relative and empty entries are left out. */
export function absolutePathEntries(env: Environment): string[] {
	const entries = (env['PATH'] ?? '').split(path.delimiter).filter(entry => path.isAbsolute(entry));
	return [...new Set(entries)];
}

/** The environment a child gets: the user's, with $PATH cut to its absolute entries (the child's own lookups too). */
export function childEnvironment(env: Environment): NodeJS.ProcessEnv {
	return {...env, PATH: absolutePathEntries(env).join(path.delimiter)};
}

function isExecutableFile(file: string): boolean {
	try {
		accessSync(file, constants.X_OK);
		return statSync(file).isFile();
	} catch {
		return false;
	}
}

/**
 * The absolute path of the program `command` names, or undefined: a bare name
 * is looked up on $PATH's absolute entries; an absolute path is taken as it
 * is. A relative path (`./x`, `bin/x`) names nothing: it would be read from
 * whatever folder blogread was started in, which may be the blog.
 */
export function findProgram(command: string, env: Environment): string | undefined {
	if (command === '') return undefined;
	if (path.isAbsolute(command)) return isExecutableFile(command) ? command : undefined;
	if (command.includes('/') || command.includes(path.sep)) return undefined;
	for (const folder of absolutePathEntries(env)) {
		const candidate = path.join(folder, command);
		if (isExecutableFile(candidate)) return candidate;
	}

	return undefined;
}

/** Where a child starts: the home folder (a blog may be the current folder), else the root. */
export function neutralFolder(env: Environment): string {
	for (const candidate of [env['HOME'], os.homedir()]) {
		if (candidate && path.isAbsolute(candidate)) {
			try {
				if (statSync(candidate).isDirectory()) return candidate;
			} catch {
				// Not there: the next.
			}
		}
	}

	return path.parse(process.cwd()).root;
}
