import {existsSync, statSync} from 'node:fs';
import os from 'node:os';
import type {SortKey} from '../blog/query/model.js';
import type {ImageMode} from '../pictures/mode.js';
import {isThemeChoice, type ThemeChoice} from '../theme/choice.js';
import {UserError} from '../util/errors.js';
import type {Config} from './config.js';
import type {FlagValues} from './flags.js';
import type {ListFormat} from './list-format.js';

/** What one run of blogread is asked to do: flags, then the environment, then the config file, then defaults. */
export type Options = {
	/** The folder or file to read. */
	target: string;
	tags: string[];
	search: string;
	list: boolean;
	json: boolean;
	/** --format: the layout of each --list line. */
	format: ListFormat | undefined;
	/** The post to print (a path or a slug), when --print was given. */
	print: string | undefined;
	width: number | undefined;
	drafts: boolean;
	color: boolean;
	/** --theme, else BLOGREAD_THEME, else the config's, else dark. */
	theme: ThemeChoice;
	/** The list's first sort order (from the config). */
	sort: SortKey;
	/** Centre the reading column in a wide terminal (else it sits on the left). */
	center: boolean;
	/** Show output through $PAGER. */
	pager: boolean;
	/** For translated posts, the language to list (and print). */
	lang: string | undefined;
	/** The site's sections that hold its posts (--section, the config's `section`), when blogread's guess is wrong. */
	sections: string[];
	/** Keep the reading state between runs (the app only: --list and --print write nothing). */
	state: boolean;
	/** How pictures are shown: --images, else the config's, else auto. */
	images: ImageMode;
	/** Fetch the pictures posts name by web addresses: --remote-images, else the config's, else no. */
	remoteImages: boolean;
};

/** The blog a run reads when no path is given: $BLOGREAD_DIR, the config's folder, ./posts, else here. */
export function defaultTarget(env: NodeJS.ProcessEnv, config: Config): string {
	const fromEnv = env['BLOGREAD_DIR'];
	if (fromEnv) return fromEnv;
	if (config.folder) return config.folder.replace(/^~(?=\/|$)/, os.homedir());
	return existsSync('posts') && statSync('posts').isDirectory() ? 'posts' : '.';
}

/** Checked flags, the path argument, the environment and the config → the options of this run. */
export function resolveOptions(
	input: readonly string[],
	flags: FlagValues,
	env: NodeJS.ProcessEnv = process.env,
	config: Config = {},
): Options {
	if (input.length > 1) throw new UserError(`expected one path, got ${input.length}: ${input.join(' ')}`, 2);
	if (flags.json === true && flags.format !== undefined) {
		throw new UserError('--json and --format do not go together: --json prints every field', 2);
	}

	const envTheme = env['BLOGREAD_THEME']?.trim().toLowerCase() ?? '';
	return {
		target: input[0] ?? defaultTarget(env, config),
		tags: flags.tag,
		search: flags.search ?? '',
		list: flags.list === true || flags.json === true || flags.format !== undefined,
		json: flags.json === true,
		format: flags.format,
		print: flags.print,
		width: flags.width ?? config.width,
		drafts: flags.drafts ?? config.drafts ?? false,
		color: flags.color !== false,
		theme: flags.theme ?? (isThemeChoice(envTheme) ? envTheme : undefined) ?? config.theme ?? 'dark',
		sort: config.sort ?? 'date',
		center: flags.center ?? config.center ?? false,
		pager: flags.pager === true,
		lang: flags.lang,
		sections: flags.section.length > 0 ? flags.section : (config.section ?? []),
		state: flags.state ?? config.state ?? true,
		images: flags.images ?? config.images ?? 'auto',
		remoteImages: flags.remoteImages ?? config.remoteImages ?? false,
	};
}
