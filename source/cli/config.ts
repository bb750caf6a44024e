import {readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {SORT_KEYS, type SortKey} from '../blog/query/model.js';
import {IMAGE_MODES, type ImageMode, isImageMode} from '../pictures/mode.js';
import {isThemeChoice, type ThemeChoice} from '../theme/choice.js';
import {errorMessage} from '../util/errors.js';
import {MAX_WIDTH, MIN_WIDTH} from './flags.js';

/** Defaults a user may set in ~/.config/blogread/config.json; flags override them. */
export type Config = {
	folder?: string;
	theme?: ThemeChoice;
	width?: number;
	sort?: SortKey;
	center?: boolean;
	drafts?: boolean;
	/** Keep the reading state (positions, read marks) between runs; false is --no-state. */
	state?: boolean;
	/** The sections of the site that hold its posts (as --section): a name, or a list of them. */
	section?: string[];
	/** How pictures are shown (as --images). */
	images?: ImageMode;
	/** Fetch pictures a post names by a web address (as --remote-images). */
	remoteImages?: boolean;
};

type Setting = {
	[Key in keyof Config]: {check: (value: unknown) => value is NonNullable<Config[Key]>; expected: string};
};

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

// Each setting and what it accepts: the check, and how the problem line describes it.
const settings: Setting = {
	folder: {check: (value): value is string => typeof value === 'string' && value !== '', expected: 'folder'},
	theme: {
		check: (value): value is ThemeChoice => typeof value === 'string' && isThemeChoice(value),
		expected: 'theme dark|light|auto',
	},
	width: {
		check: (value): value is number =>
			Number.isInteger(value) && (value as number) >= MIN_WIDTH && (value as number) <= MAX_WIDTH,
		expected: `width ${MIN_WIDTH}-${MAX_WIDTH}`,
	},
	sort: {
		check: (value): value is SortKey => typeof value === 'string' && (SORT_KEYS as string[]).includes(value),
		expected: 'sort date|title|reading',
	},
	center: {check: isBoolean, expected: 'center'},
	drafts: {check: isBoolean, expected: 'drafts'},
	state: {check: isBoolean, expected: 'state'},
	images: {check: isImageMode, expected: `images ${IMAGE_MODES.join('|')}`},
	remoteImages: {check: isBoolean, expected: 'remoteImages'},
	section: {
		check: (value): value is string[] =>
			Array.isArray(value) && value.length > 0 && value.every(item => typeof item === 'string' && item !== ''),
		expected: 'section ["blog", …]',
	},
};

/** A key or value of the file as a problem line quotes it: in JSON, and short. */
function quote(value: unknown): string {
	const json = JSON.stringify(value) ?? String(value);
	return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

export function configPath(env: NodeJS.ProcessEnv): string {
	const base = env['XDG_CONFIG_HOME'] || path.join(env['HOME'] || os.homedir(), '.config');
	return path.join(base, 'blogread', 'config.json');
}

export type LoadedConfig = {config: Config; problem?: string};

/** Checks each setting; a wrong one is named and left out, the rest are used. */
export function validateConfig(value: unknown): LoadedConfig {
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return {config: {}, problem: 'not a JSON object'};
	const config: Record<string, unknown> = {};
	const problems: string[] = [];
	for (const [key, setting] of Object.entries(value)) {
		const known = Object.hasOwn(settings, key) ? settings[key as keyof Config] : undefined;
		if (known?.check(setting)) config[key] = setting;
		else problems.push(`${quote(key)}: ${quote(setting)}`);
	}

	if (problems.length === 0) return {config};
	const expected = Object.values(settings)
		.map(setting => setting.expected)
		.join(', ');
	return {config, problem: `ignored ${problems.join(', ')} (expected ${expected})`};
}

/** The user's config; a missing file is no config, a broken one is reported and ignored. */
export function loadConfig(env: NodeJS.ProcessEnv): LoadedConfig {
	const file = configPath(env);
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch {
		return {config: {}};
	}

	try {
		const loaded = validateConfig(JSON.parse(text) as unknown);
		return loaded.problem ? {...loaded, problem: `${file}: ${loaded.problem}`} : loaded;
	} catch (error) {
		return {config: {}, problem: `${file}: not valid JSON (${errorMessage(error)}); ignored`};
	}
}
