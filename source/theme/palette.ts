import {Chalk, type ChalkInstance} from 'chalk';

import type {ColorLevel, ThemeName} from './choice.js';
import {type Glyphs, glyphsFor} from './glyphs.js';

export type {ColorLevel, ThemeName} from './choice.js';

/** What a piece of text is; components and the renderer ask for roles, never colours. */
export type Role =
	| 'title'
	| 'heading1'
	| 'heading2'
	| 'heading3'
	| 'strong'
	| 'em'
	| 'del'
	| 'code'
	| 'codeFrame'
	| 'link'
	| 'url'
	| 'quote'
	| 'footnote'
	| 'muted'
	| 'date'
	| 'guessedDate'
	| 'tag'
	| 'selected'
	| 'selectedMarker'
	| 'match'
	| 'matchSelected'
	| 'status'
	| 'warning'
	| 'error'
	| 'alertNote'
	| 'alertTip'
	| 'alertImportant'
	| 'alertWarning'
	| 'alertCaution';

type Style = (text: string) => string;
/** Codes put around find matches in the reader (inside already styled text). */
export type MarkCodes = {open: string; close: string};
export type Theme = Record<Role, Style> & {
	name: ThemeName;
	level: ColorLevel;
	highlight: Record<string, Style>;
	hitCodes: MarkCodes;
	currentHitCodes: MarkCodes;
	/** The characters frames, rules, bullets and markers are drawn with. */
	glyphs: Glyphs;
	/** How the theme was made, so a renderer process can make the same one. */
	options: ThemeOptions;
};

export type ThemeOptions = {
	/**
	 * For the full-screen app: without colour, selection, the status line and
	 * find matches still use inverse video, which is not colour. Print mode
	 * leaves this off and writes no escape sequence at all.
	 */
	inverseWithoutColor?: boolean;
	/** Draw with ASCII only: the locale's character set is not UTF-8 (glyphs.ts). */
	ascii?: boolean;
};

const INVERSE: MarkCodes = {open: '\u001B[7m', close: '\u001B[27m'};
const INVERSE_UNDERLINE: MarkCodes = {open: '\u001B[7m\u001B[4m', close: '\u001B[24m\u001B[27m'};
const NO_MARK: MarkCodes = {open: '', close: ''};

type Modifier =
	| 'bold'
	| 'dim'
	| 'italic'
	| 'underline'
	| 'inverse'
	| 'strikethrough'
	| 'red'
	| 'green'
	| 'yellow'
	| 'blue'
	| 'magenta'
	| 'cyan'
	| 'gray'
	| 'redBright'
	| 'greenBright'
	| 'yellowBright'
	| 'blueBright'
	| 'magentaBright'
	| 'cyanBright';

// Only the 16 standard colours, so both palettes read the same on any terminal.
const dark: Record<Role, Modifier[]> = {
	title: ['bold', 'magentaBright'],
	heading1: ['bold', 'magentaBright'],
	heading2: ['bold', 'cyanBright'],
	heading3: ['bold', 'cyan'],
	strong: ['bold'],
	em: ['italic'],
	del: ['strikethrough', 'dim'],
	code: ['yellow'],
	codeFrame: ['gray'],
	link: ['underline', 'blueBright'],
	url: ['gray'],
	quote: ['italic', 'gray'],
	footnote: ['cyan'],
	muted: ['gray'],
	date: ['green'],
	// A date the post does not give (its file's last commit or modification): dimmer than a real one.
	guessedDate: ['gray'],
	tag: ['yellow'],
	selected: ['inverse'],
	selectedMarker: ['bold', 'magentaBright'],
	match: ['bold', 'underline', 'yellowBright'],
	matchSelected: ['bold', 'underline'],
	status: ['inverse'],
	warning: ['yellow'],
	error: ['red'],
	// GitHub's colours for its alerts: blue, green, purple, yellow, red.
	alertNote: ['blueBright'],
	alertTip: ['green'],
	alertImportant: ['magentaBright'],
	alertWarning: ['yellow'],
	alertCaution: ['red'],
};

// For light backgrounds: no bright yellow or bright cyan, which fade on white.
const light: Record<Role, Modifier[]> = {
	...dark,
	title: ['bold', 'magenta'],
	heading1: ['bold', 'magenta'],
	heading2: ['bold', 'blue'],
	heading3: ['bold', 'cyan'],
	code: ['red'],
	link: ['underline', 'blue'],
	footnote: ['blue'],
	tag: ['blue'],
	selectedMarker: ['bold', 'magenta'],
	match: ['bold', 'underline', 'red'],
	warning: ['red'],
	alertNote: ['blue'],
	alertImportant: ['magenta'],
	alertWarning: ['bold', 'yellow'],
};

const darkHighlight: Record<string, Modifier[]> = {
	keyword: ['magentaBright'],
	built_in: ['cyan'],
	type: ['cyan'],
	literal: ['blueBright'],
	number: ['yellow'],
	string: ['green'],
	regexp: ['red'],
	comment: ['gray', 'italic'],
	function: ['blueBright'],
	title: ['blueBright'],
	meta: ['gray'],
	attr: ['yellow'],
	attribute: ['yellow'],
	variable: ['red'],
	tag: ['cyan'],
	name: ['cyan'],
	addition: ['green'],
	deletion: ['red'],
	symbol: ['yellow'],
	section: ['bold', 'cyan'],
	bullet: ['yellow'],
	'selector-tag': ['cyan'],
	'template-variable': ['red'],
	emphasis: ['italic'],
	strong: ['bold'],
};

// Every scope cli-highlight colours when its theme leaves one out, with its own copy of chalk,
// which reads FORCE_COLOR and the terminal itself. Each is given a style here (plain when
// the palette names none), so code takes colours from blogread's theme and level alone.
const HIGHLIGHT_SCOPES = [
	'keyword built_in type literal number regexp string subst symbol class function title params comment doctag meta',
	'meta-keyword meta-string section tag name builtin-name attr attribute variable bullet code emphasis strong formula',
	'link quote selector-tag selector-id selector-class selector-attr selector-pseudo template-tag template-variable',
	'addition deletion default',
]
	.join(' ')
	.split(' ');

const lightHighlight: Record<string, Modifier[]> = {
	...darkHighlight,
	keyword: ['magenta'],
	literal: ['blue'],
	number: ['blue'],
	function: ['blue'],
	title: ['blue'],
	attr: ['red'],
	attribute: ['red'],
	symbol: ['blue'],
	bullet: ['blue'],
};

function style(chalk: ChalkInstance, modifiers: Modifier[]): Style {
	if (chalk.level === 0) return text => text;
	let styled: ChalkInstance = chalk;
	for (const modifier of modifiers) styled = styled[modifier];
	return text => styled(text);
}

export function createTheme(level: ColorLevel, name: ThemeName = 'dark', options: ThemeOptions = {}): Theme {
	const chalk = new Chalk({level});
	const palette = name === 'light' ? light : dark;
	const roles = Object.fromEntries(
		Object.entries(palette).map(([role, modifiers]) => [role, style(chalk, modifiers)]),
	) as Record<Role, Style>;
	const highlightPalette = name === 'light' ? lightHighlight : darkHighlight;
	const highlight = Object.fromEntries(
		HIGHLIGHT_SCOPES.map(scope => [scope, style(chalk, highlightPalette[scope] ?? [])]),
	);
	const inverse = level > 0 || options.inverseWithoutColor === true;
	if (level === 0 && inverse) {
		const mono = new Chalk({level: 1});
		roles.selected = text => mono.inverse(text);
		roles.status = text => mono.inverse(text);
		roles.matchSelected = text => mono.bold.underline(text);
	}

	return {
		...roles,
		name,
		level,
		highlight,
		hitCodes: inverse ? INVERSE : NO_MARK,
		currentHitCodes: inverse ? INVERSE_UNDERLINE : NO_MARK,
		glyphs: glyphsFor(options.ascii === true),
		options,
	};
}
