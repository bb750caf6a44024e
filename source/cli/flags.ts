// The command line's flags as data, like the keymap for keys: meow's spec, the
// check of each value, the parsed flags' type and the help section all come
// from this one table, so they cannot disagree.
import {IMAGE_MODES, type ImageMode, isImageMode} from '../pictures/mode.js';
import {THEME_CHOICES, type ThemeChoice} from '../theme/choice.js';
import {UserError} from '../util/errors.js';
import {helpRow} from './help-columns.js';
import {FORMAT_FIELDS, parseListFormat} from './list-format.js';

export const MIN_WIDTH = 20;
export const MAX_WIDTH = 1000;

type FlagKind = 'boolean' | 'string' | 'list';

export type FlagSpec<Kind extends FlagKind = FlagKind, Value = unknown> = {
	kind: Kind;
	short?: string;
	/** What the value is called in the help (`--tag <tag>`); value flags only. */
	value?: string;
	/** The help text; a line break continues it on the next line, aligned. */
	help: string;
	/** Booleans shown in their negative form (`--no-color`): on unless turned off. */
	negated?: boolean;
	/** The value as typed → the value used; a bad one throws a usage error. */
	parse?: (raw: string) => Value;
};

const usage = (message: string): never => {
	throw new UserError(message, 2);
};

const nonEmpty = (flag: string, what: string) => (raw: string) =>
	raw.trim() === '' ? usage(`--${flag} needs ${what}`) : raw;

function parseWidth(raw: string): number {
	const value = Number(raw);
	if (raw.trim() === '' || !Number.isInteger(value) || value < MIN_WIDTH || value > MAX_WIDTH) {
		return usage(`--width must be a whole number of columns from ${MIN_WIDTH} to ${MAX_WIDTH}, got "${raw}"`);
	}

	return value;
}

function parseImages(raw: string): ImageMode {
	const mode = raw.trim().toLowerCase();
	return isImageMode(mode) ? mode : usage(`--images must be ${IMAGE_MODES.join(', ')}, got "${raw}"`);
}

function parseTheme(raw: string): ThemeChoice {
	const theme = raw.trim().toLowerCase();
	return (THEME_CHOICES as readonly string[]).includes(theme)
		? (theme as ThemeChoice)
		: usage(`--theme must be dark, light or auto, got "${raw}"`);
}

/** Words on lines of at most `width` columns, for a help text that lists names. */
function wrapWords(words: readonly string[], width: number): string {
	const lines: string[] = [];
	for (const word of words) {
		const last = lines.length - 1;
		const line = lines[last];
		if (line !== undefined && line.length + 1 + word.length <= width) lines[last] = `${line} ${word}`;
		else lines.push(word);
	}

	return lines.join('\n');
}

const boolean = (
	help: string,
	more: Omit<FlagSpec<'boolean'>, 'kind' | 'help' | 'parse'> = {},
): FlagSpec<'boolean', boolean> => ({kind: 'boolean', help, ...more});

function valued<Value = string>(
	value: string,
	help: string,
	more: {short?: string; parse?: (raw: string) => Value} = {},
): FlagSpec<'string', Value> {
	return {kind: 'string', value, help, ...more};
}

export const flags = {
	tag: {
		kind: 'list',
		short: 't',
		value: 'tag',
		help: 'only posts with this tag (repeat: every tag must match)',
		parse: (raw: string) => nonEmpty('tag', 'a tag name')(raw.trim().replace(/^#/, '')),
	} satisfies FlagSpec<'list', string>,
	search: valued('text', 'only posts matching the text (title, excerpt, tags, author, body)', {short: 's'}),
	list: boolean('print the matching posts and exit', {short: 'l'}),
	json: boolean('with --list: print a JSON array instead of lines'),
	format: valued(
		'layout',
		"with --list: one line per post in this layout, e.g. '{date}  {title}'\n" +
			`({field} is one of these fields, \\t a tab):\n${wrapWords(FORMAT_FIELDS, 66)}`,
		{parse: parseListFormat},
	),
	print: valued(
		'post',
		'print one rendered post and exit: a file path, a slug,\na file name, or the start of a title',
		{
			short: 'p',
			parse: nonEmpty('print', 'a post: a file path or a slug'),
		},
	),
	width: valued('cols', 'wrap width for printed output (default: terminal width, else 80)', {
		short: 'w',
		parse: parseWidth,
	}),
	drafts: boolean('include drafts (draft: true, published: false)'),
	color: boolean('plain text (NO_COLOR=1 does the same; FORCE_COLOR forces colour)', {negated: true}),
	pager: boolean('show printed output through $PAGER (default: less -R)'),
	center: boolean('centre the reading column in a wide terminal'),
	state: boolean('keep no reading state (positions, read marks) between runs', {negated: true}),
	section: {
		kind: 'list',
		value: 'name',
		help: "a section of the site's content that holds its posts,\nwhen blogread's guess is wrong (repeat it for more)",
		parse: (raw: string) => nonEmpty('section', 'a section name, like blog')(raw.trim().replace(/^\/+|\/+$/g, '')),
	} satisfies FlagSpec<'list', string>,
	lang: valued('code', 'for translated posts (post.en.md, post.fr.md), the language to show', {
		parse: raw => raw.trim() || undefined,
	}),
	theme: valued(
		'name',
		'dark, light or auto (default: $BLOGREAD_THEME, else dark;\nauto reads the background from COLORFGBG)',
		{parse: parseTheme},
	),
	images: valued(
		'mode',
		"pictures in posts: auto (the terminal's own graphics where it\n" +
			'has them, else half blocks where colour works), blocks,\n' +
			'kitty, iterm, sixel, or off (a line each: [image: alt] (src))',
		{parse: parseImages},
	),
	remoteImages: boolean(
		'fetch pictures posts name by web address (http, https; public\naddresses only; the server sees you read the post)',
	),
	help: boolean('show this help', {short: 'h'}),
	version: boolean('show the version', {short: 'v'}),
	verbose: boolean('with --version: also Node, colours, terminal and folders'),
} as const;

export type FlagName = keyof typeof flags;

type ValueOf<Spec> = Spec extends FlagSpec<FlagKind, infer Value> ? Value : never;

/** The flags as parsed: a flag not given is undefined (so a config file may decide it); lists are empty. */
export type FlagValues = {
	[Name in FlagName]: (typeof flags)[Name] extends {kind: 'list'}
		? Array<ValueOf<(typeof flags)[Name]>>
		: ValueOf<(typeof flags)[Name]> | undefined;
};

/** meow's flag spec. Booleans have no default: absent stays undefined. */
export function meowFlags(): Record<FlagName, {type: 'boolean' | 'string'; shortFlag?: string; isMultiple?: boolean}> {
	const entries = Object.entries(flags).map(([name, spec]: [string, FlagSpec]) => [
		name,
		{
			type: spec.kind === 'boolean' ? 'boolean' : 'string',
			...(spec.short === undefined ? {} : {shortFlag: spec.short}),
			...(spec.kind === 'list' ? {isMultiple: true} : {}),
		},
	]);
	return Object.fromEntries(entries) as ReturnType<typeof meowFlags>;
}

/** How a flag is written on the command line, as a person would type it. */
export function spelling(name: string): string {
	const dashed = name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);
	return name.length === 1 ? `-${dashed}` : `--${dashed}`;
}

/** A flag of the table as help, completion and the man page write it: `--remote-images`, `--no-color`. */
export function longSpelling(name: string, spec: FlagSpec): string {
	return spec.negated ? `--no-${spelling(name).slice(2)}` : spelling(name);
}

/**
 * Checks what meow cannot: an unknown flag, and a value flag given without a
 * value (`blogread -t`, `--print --list`), which meow drops silently. Both are
 * usage errors.
 */
export function checkArguments(args: readonly string[], parsedNames: readonly string[]): void {
	const unknown = parsedNames.find(name => !Object.hasOwn(flags, name));
	if (unknown !== undefined) usage(`unknown option ${spelling(unknown)}`);
	const needsValue = new Map<string, string>();
	for (const [name, spec] of Object.entries(flags) as Array<[string, FlagSpec]>) {
		if (spec.kind === 'boolean') continue;
		needsValue.set(`--${name}`, `--${name}`);
		if (spec.short !== undefined) needsValue.set(`-${spec.short}`, `--${name}`);
	}

	for (const [index, arg] of args.entries()) {
		const next = args[index + 1];
		const name = needsValue.get(arg);
		if (name !== undefined && (next === undefined || (next.startsWith('-') && next.length > 1)))
			usage(`${name} needs a value`);
	}
}

/** meow's raw flags → checked values; a bad value throws a usage error naming the flag. */
export function parseFlags(raw: Record<string, unknown>): FlagValues {
	const values: Record<string, unknown> = {};
	for (const [name, spec] of Object.entries(flags) as Array<[string, FlagSpec]>) {
		const given = raw[name];
		if (spec.kind === 'list') {
			const items = Array.isArray(given) ? given.map(String) : [];
			values[name] = spec.parse ? items.map(item => spec.parse?.(item)) : items;
		} else if (spec.kind === 'boolean') {
			values[name] = typeof given === 'boolean' ? given : undefined;
		} else {
			values[name] = given === undefined ? undefined : spec.parse ? spec.parse(String(given)) : String(given);
		}
	}

	return values as FlagValues;
}

const HELP_COLUMN = 27;

/** The Options section of --help, one flag per line (continued lines aligned). */
export function flagHelp(): string {
	return (Object.entries(flags) as Array<[string, FlagSpec]>)
		.map(([name, spec]) => {
			const short = spec.short === undefined ? '    ' : `-${spec.short}, `;
			const long = `${longSpelling(name, spec)}${spec.value === undefined ? '' : ` <${spec.value}>`}`;
			return helpRow(`    ${short}${long}`, spec.help, HELP_COLUMN);
		})
		.join('\n');
}
