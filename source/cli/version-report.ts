// `blogread --version --verbose`: what a bug report needs to know about this
// run's surroundings, a line each: Node, the colours and the terminal it saw,
// and the folders it keeps things in (and whether it trusts them).
import {existsSync} from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import {chooseProtocol, type Protocol, worthAsking} from '../pictures/graphics.js';
import type {ImageMode} from '../pictures/mode.js';
import {cacheFolderPath, privateFolder, stateFolderPath} from '../storage/private-folder.js';
import {cleanLine} from '../text/sanitize.js';
import {type ColorReason, colorDecision} from '../theme/choice.js';
import {localeIsUnicode} from '../theme/glyphs.js';
import {errorMessage} from '../util/errors.js';
import {configPath, type LoadedConfig} from './config.js';
import {version} from './help.js';
import type {Io} from './io.js';
import type {Options} from './options.js';
import {hyperlinks, makeTheme} from './terminal.js';

const LEVELS = ['none', '16 colours', '256 colours', '24-bit colour'] as const;

/** An environment variable as the report shows it: cleaned of controls, or "unset". */
const variable = (env: NodeJS.ProcessEnv, name: string) => {
	const value = env[name];
	return value === undefined ? `${name} unset` : `${name}=${cleanLine(value).slice(0, 80)}`;
};

/** Why output to stdout has the colours it has, as the report says it. */
function colourReason(options: Options, io: Io): string {
	const {reason} = colorDecision({color: options.color, isTTY: io.stdout.isTTY === true, env: io.env, supported: 0});
	const said: Record<ColorReason, string> = {
		flag: '--no-color',
		NO_COLOR: 'NO_COLOR is set',
		FORCE_COLOR: variable(io.env, 'FORCE_COLOR'),
		'not a terminal': 'stdout is not a terminal',
		'TERM=dumb': 'TERM=dumb',
		terminal: 'what the terminal says it takes',
	};
	return said[reason];
}

/** A private folder as blogread would use it: not made here (a report changes nothing), but judged if it exists. */
function folderLine(folder: string): string {
	if (!existsSync(folder)) return `${folder} (not made yet)`;
	const judged = privateFolder(folder, () => {});
	return judged.problem === undefined ? `${folder} (private: used)` : `${folder} (not used: ${judged.problem})`;
}

function compileCacheLine(env: NodeJS.ProcessEnv): string {
	if (typeof (module as {enableCompileCache?: unknown}).enableCompileCache !== 'function') {
		return 'none in this Node (22.1 and later have one)';
	}

	if (env['NODE_DISABLE_COMPILE_CACHE']) return 'off (NODE_DISABLE_COMPILE_CACHE)';
	return folderLine(path.join(cacheFolderPath(env), 'compiled'));
}

/** A protocol as the report names it. */
const PROTOCOL_NAMES: Record<Protocol, string> = {
	blocks: 'half blocks',
	kitty: "kitty's graphics",
	iterm: "iTerm2's images",
	sixel: 'sixel',
};

/** How pictures are drawn here in the reader and in --print, from the mode and the environment. */
function drawnAs(mode: Exclude<ImageMode, 'off'>, env: NodeJS.ProcessEnv): string {
	const [app, print] = [chooseProtocol(mode, 'app', env), chooseProtocol(mode, 'print', env)];
	const how =
		app === print ? PROTOCOL_NAMES[app] : `${PROTOCOL_NAMES[app]} (reader), ${PROTOCOL_NAMES[print]} (--print)`;
	return worthAsking(mode, 'app', env) ? `${how}, unless the terminal says it has its own graphics` : how;
}

/** How pictures are shown, and why: the mode, colour, the decoder (sharp) loading here, web pictures. */
function imagesLine(options: Options, level: number, env: NodeJS.ProcessEnv): string {
	if (options.images === 'off') return 'shown as a line each (--images off, or the config)';
	if (level === 0) return 'shown as a line each (no colour)';
	const web = options.remoteImages ? '; pictures on the web fetched (--remote-images)' : '';
	try {
		const sharp = module.createRequire(import.meta.url)('sharp') as {versions?: {sharp?: string; vips?: string}};
		const versions = `sharp ${sharp.versions?.sharp ?? '?'}, libvips ${sharp.versions?.vips ?? '?'}`;
		return `drawn in ${drawnAs(options.images, env)} (${versions})${web}`;
	} catch (error) {
		const reason = cleanLine(errorMessage(error).split('\n')[0] ?? '');
		return `shown as a line each: sharp, the picture decoder, could not be loaded (${reason.slice(0, 160)})`;
	}
}

/** The report, a field a line. */
export function versionReport(options: Options, io: Io, loaded: LoadedConfig): string {
	const {env} = io;
	const theme = makeTheme(options, io);
	const size = io.stdout.isTTY ? `a terminal of ${io.stdout.columns ?? '?'} columns` : 'not a terminal';
	const config = configPath(env);
	const configState = loaded.problem ? `problem: ${loaded.problem}` : existsSync(config) ? 'read' : 'none';
	const fields: Array<[string, string]> = [
		['node', `${process.version} (${process.platform} ${process.arch})`],
		['colour', `${LEVELS[theme.level]} (${colourReason(options, io)}); theme ${theme.name}`],
		['terminal', `stdout ${size}; ${variable(env, 'TERM')}, ${variable(env, 'COLORTERM')}`],
		['glyphs', localeIsUnicode(env) ? 'Unicode (a UTF-8 locale)' : 'ASCII (the locale is not UTF-8)'],
		['links', hyperlinks(theme, io) ? 'clickable (OSC 8)' : 'plain text'],
		['clipboard', 'copies through the terminal (OSC 52), over ssh and tmux too'],
		['images', imagesLine(options, theme.level, env)],
		['config', `${config} (${configState})`],
		['cache', folderLine(cacheFolderPath(env))],
		['compile cache', compileCacheLine(env)],
		['state', folderLine(stateFolderPath(env))],
	];
	const width = Math.max(...fields.map(([name]) => name.length)) + 2;
	return `blogread ${version()}\n${fields.map(([name, value]) => `${name.padEnd(width)}${value}`).join('\n')}\n`;
}
