import {existsSync, statSync} from 'node:fs';
import os from 'node:os';
import type {Config} from './config.js';
import {UserError} from './errors.js';
import type {SortKey} from './posts/filter.js';
import {isThemeChoice, type ThemeChoice} from './theme.js';

export type Options = {
	/** The folder or file to read. */
	target: string;
	tags: string[];
	search: string;
	list: boolean;
	json: boolean;
	/** The post to print (a path or a slug), when --print was given. */
	print: string | undefined;
	width: number | undefined;
	drafts: boolean;
	color: boolean;
	/** --theme, else BLOGREAD_THEME, else the config's; undefined means dark. */
	theme: ThemeChoice | undefined;
	/** The list's first sort order (from the config). */
	sort: SortKey;
	/** Centre the reading column in a wide terminal (else it sits on the left). */
	center: boolean;
	/** Show output through $PAGER. */
	pager: boolean;
	/** For translated posts, the language to list (and print). */
	lang: string | undefined;
};

export type RawFlags = {
	tag?: string[] | undefined;
	search?: string | undefined;
	list?: boolean | undefined;
	json?: boolean | undefined;
	print?: string | undefined;
	width?: string | undefined;
	drafts?: boolean | undefined;
	color?: boolean | undefined;
	theme?: string | undefined;
	center?: boolean | undefined;
	pager?: boolean | undefined;
	lang?: string | undefined;
};

export const MIN_WIDTH = 20;
export const MAX_WIDTH = 1000;

function defaultTarget(env: NodeJS.ProcessEnv, config: Config): string {
	const fromEnv = env['BLOGREAD_DIR'];
	if (fromEnv) return fromEnv;
	if (config.folder) return config.folder.replace(/^~(?=\/|$)/, os.homedir());
	return existsSync('posts') && statSync('posts').isDirectory() ? 'posts' : '.';
}

/** Flags and arguments → validated options; bad values are usage errors (exit 2). */
export function parseOptions(input: Array<string | number>, flags: RawFlags, env: NodeJS.ProcessEnv = process.env, config: Config = {}): Options {
	if (input.length > 1) throw new UserError(`expected one path, got ${input.length}: ${input.join(' ')}`, 2);

	let width: number | undefined = config.width;
	if (flags.width !== undefined) {
		const value = Number(flags.width);
		if (flags.width.trim() === '' || !Number.isInteger(value) || value < MIN_WIDTH || value > MAX_WIDTH) {
			throw new UserError(`--width must be a whole number of columns from ${MIN_WIDTH} to ${MAX_WIDTH}, got "${flags.width}"`, 2);
		}

		width = value;
	}

	if (flags.print !== undefined && flags.print.trim() === '') throw new UserError('--print needs a post: a file path or a slug', 2);
	const tags = (flags.tag ?? []).map(tag => tag.trim().replace(/^#/, ''));
	if (tags.some(tag => tag === '')) throw new UserError('--tag needs a tag name', 2);

	const theme = flags.theme?.trim().toLowerCase();
	if (theme !== undefined && !isThemeChoice(theme)) throw new UserError(`--theme must be dark, light or auto, got "${flags.theme}"`, 2);
	const envTheme = env['BLOGREAD_THEME']?.trim().toLowerCase() ?? '';

	return {
		target: input[0] === undefined ? defaultTarget(env, config) : String(input[0]),
		tags,
		search: flags.search ?? '',
		list: flags.list === true || flags.json === true,
		json: flags.json === true,
		print: flags.print,
		width,
		drafts: flags.drafts ?? config.drafts ?? false,
		color: flags.color !== false,
		theme: theme ?? (isThemeChoice(envTheme) ? envTheme : config.theme),
		sort: config.sort ?? 'date',
		center: flags.center ?? config.center ?? false,
		pager: flags.pager === true,
		lang: flags.lang?.trim() === '' ? undefined : flags.lang?.trim(),
	};
}
