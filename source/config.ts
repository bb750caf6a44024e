import {readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {errorMessage} from './errors.js';
import {MAX_WIDTH, MIN_WIDTH} from './options.js';
import {SORT_KEYS, type SortKey} from './posts/filter.js';
import {isThemeChoice, type ThemeChoice} from './theme.js';

/** Defaults a user may set in ~/.config/blogread/config.json; flags override them. */
export type Config = {
	folder?: string;
	theme?: ThemeChoice;
	width?: number;
	sort?: SortKey;
	center?: boolean;
	drafts?: boolean;
};

export function configPath(env: NodeJS.ProcessEnv): string {
	const base = env['XDG_CONFIG_HOME'] || path.join(env['HOME'] || os.homedir(), '.config');
	return path.join(base, 'blogread', 'config.json');
}

export type LoadedConfig = {config: Config; problem?: string};

/** Checks each setting; a wrong one is named and left out, the rest are used. */
export function validateConfig(value: unknown): LoadedConfig {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return {config: {}, problem: 'not a JSON object'};
	const raw = value as Record<string, unknown>;
	const config: Config = {};
	const problems: string[] = [];
	for (const [key, setting] of Object.entries(raw)) {
		if (key === 'folder' && typeof setting === 'string' && setting !== '') config.folder = setting;
		else if (key === 'theme' && typeof setting === 'string' && isThemeChoice(setting)) config.theme = setting;
		else if (key === 'width' && typeof setting === 'number' && Number.isInteger(setting) && setting >= MIN_WIDTH && setting <= MAX_WIDTH) config.width = setting;
		else if (key === 'sort' && typeof setting === 'string' && (SORT_KEYS as string[]).includes(setting)) config.sort = setting as SortKey;
		else if ((key === 'center' || key === 'drafts') && typeof setting === 'boolean') config[key] = setting;
		else problems.push(`"${key}": ${JSON.stringify(setting)}`);
	}

	return problems.length > 0 ? {config, problem: `ignored ${problems.join(', ')} (expected folder, theme dark|light|auto, width 20-1000, sort date|title|reading, center, drafts)`} : {config};
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
