// What the output blogread writes to can take: colour, links, width, the
// full-screen app; and writing printed output, through a pager when asked.
import {detectColorLevel, resolveThemeName} from '../theme/choice.js';
import {localeIsUnicode} from '../theme/glyphs.js';
import {createTheme, type Theme} from '../theme/palette.js';
import {UserError} from '../util/errors.js';
import {childEnvironment, neutralFolder} from '../util/programs.js';
import {MIN_WIDTH} from './flags.js';
import type {Io} from './io.js';
import type {Options} from './options.js';

const DEFAULT_WIDTH = 80;

/**
 * The theme for printed output, or for the app (`forApp`: inverse video stays
 * without colour): its colours from the flags and the terminal, its glyphs from the locale.
 */
export function makeTheme(options: Options, io: Io, forApp = false): Theme {
	const isTTY = io.stdout.isTTY === true;
	const level = detectColorLevel({color: options.color, isTTY, env: io.env, supported: io.colors});
	return createTheme(level, resolveThemeName(options.theme, io.env), {
		inverseWithoutColor: forApp,
		ascii: !localeIsUnicode(io.env),
	});
}

/** Clickable links only where the terminal says it supports them, and never without colour. */
export function hyperlinks(theme: Theme, io: Io): boolean {
	return theme.level > 0 && io.hyperlinks;
}

/** --width, else the terminal's width (a pseudo-terminal may report 0: then $COLUMNS), else 80. */
export function printWidth(options: Options, io: Io): number {
	if (options.width !== undefined) return options.width;
	const columns = (io.stdout.isTTY ? io.stdout.columns : 0) || Number(io.env['COLUMNS']) || DEFAULT_WIDTH;
	return Math.max(MIN_WIDTH, columns);
}

/** A terminal that can take the full-screen app: the process's own, not a pipe, and not TERM=dumb. */
export function interactive(io: Io): boolean {
	return io.own && io.stdout.isTTY === true && io.env['TERM'] !== 'dumb';
}

/** Writes printed output, through $PAGER when asked and stdout is the process's own terminal. */
export async function output(text: string, options: Options, io: Io): Promise<void> {
	if (!options.pager || !io.own || !io.stdout.isTTY) {
		io.stdout.write(text);
		return;
	}

	const pager = io.env['PAGER'] || 'less -R';
	const {spawn} = await import('node:child_process');
	// The shell finds the pager on $PATH's absolute entries, from outside the blog: never a `bin/less` of the blog's.
	const child = spawn(pager, {
		shell: true,
		stdio: ['pipe', 'inherit', 'inherit'],
		cwd: neutralFolder(io.env),
		env: childEnvironment(io.env),
	});
	child.stdin.on('error', () => {
		// The pager quit before reading everything: that is the user's choice.
	});
	child.stdin.end(text);
	const code = await new Promise<number | null>(resolve => {
		child.on('close', resolve);
		child.on('error', () => {
			resolve(null);
		});
	});
	if (code === null) throw new UserError(`could not run the pager "${pager}" (set PAGER)`);
}
