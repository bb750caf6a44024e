import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {describe, it} from 'node:test';
import {
	type ColorLevel,
	type ColorReason,
	colorDecision,
	detectColorLevel,
	resolveThemeName,
	type ThemeChoice,
} from '../../source/theme/choice.js';
import {createTheme} from '../../source/theme/palette.js';

const require = createRequire(import.meta.url);

describe('resolveThemeName', () => {
	// Which choice applies (--theme, BLOGREAD_THEME, the config) is decided with the other options
	// (test/cli/options.test.ts).
	const cases: Array<[ThemeChoice, NodeJS.ProcessEnv, 'dark' | 'light']> = [
		['dark', {}, 'dark'],
		['light', {}, 'light'],
		['dark', {COLORFGBG: '0;15'}, 'dark'],
		['auto', {COLORFGBG: '0;15'}, 'light'],
		['auto', {COLORFGBG: '0;default;7'}, 'light'],
		['auto', {COLORFGBG: '15;0'}, 'dark'],
		['auto', {}, 'dark'],
	];
	for (const [choice, env, expected] of cases) {
		it(`${String(choice)} ${JSON.stringify(env)} → ${expected}`, () => {
			assert.equal(resolveThemeName(choice, env), expected);
		});
	}
});

describe('colorDecision: the colour level, and what decided it', () => {
	const cases: Array<[string, Parameters<typeof colorDecision>[0], ColorLevel, ColorReason]> = [
		['a terminal', {color: true, isTTY: true, env: {}, supported: 3}, 3, 'terminal'],
		['a pipe', {color: true, isTTY: false, env: {}, supported: 3}, 0, 'not a terminal'],
		['--no-color', {color: false, isTTY: true, env: {FORCE_COLOR: '1'}, supported: 3}, 0, 'flag'],
		['NO_COLOR', {color: true, isTTY: true, env: {NO_COLOR: '1'}, supported: 3}, 0, 'NO_COLOR'],
		[
			'NO_COLOR before FORCE_COLOR',
			{color: true, isTTY: true, env: {NO_COLOR: '1', FORCE_COLOR: '3'}, supported: 3},
			0,
			'NO_COLOR',
		],
		['empty NO_COLOR is unset', {color: true, isTTY: true, env: {NO_COLOR: ''}, supported: 2}, 2, 'terminal'],
		['FORCE_COLOR in a pipe', {color: true, isTTY: false, env: {FORCE_COLOR: '1'}, supported: 0}, 1, 'FORCE_COLOR'],
		['FORCE_COLOR=3', {color: true, isTTY: false, env: {FORCE_COLOR: '3'}, supported: 0}, 3, 'FORCE_COLOR'],
		['FORCE_COLOR=0', {color: true, isTTY: true, env: {FORCE_COLOR: '0'}, supported: 3}, 0, 'FORCE_COLOR'],
		['TERM=dumb', {color: true, isTTY: true, env: {TERM: 'dumb'}, supported: 1}, 0, 'TERM=dumb'],
		['a pipe before TERM=dumb', {color: true, isTTY: false, env: {TERM: 'dumb'}, supported: 1}, 0, 'not a terminal'],
	];
	for (const [name, input, level, reason] of cases) {
		it(`${name} → ${level} (${reason})`, () => {
			assert.deepEqual(colorDecision(input), {level, reason});
			assert.equal(detectColorLevel(input), level);
		});
	}
});

describe('themes', () => {
	it('give every role a style, different between dark and light', () => {
		const dark = createTheme(1, 'dark');
		const light = createTheme(1, 'light');
		assert.notEqual(dark.code('x'), light.code('x'));
		assert.notEqual(dark.highlight['keyword']?.('x'), light.highlight['keyword']?.('x'));
	});

	it('write nothing but the text at colour level 0', () => {
		const theme = createTheme(0, 'light');
		for (const role of ['title', 'selected', 'status', 'link', 'code'] as const)
			assert.equal(theme[role]('text'), 'text');
	});

	it('stay within the 16 standard colours', () => {
		for (const name of ['dark', 'light'] as const) {
			const theme = createTheme(3, name);
			const codes = [
				...Object.values(theme)
					.filter((value): value is (text: string) => string => typeof value === 'function')
					.map(style => style('x')),
				...Object.values(theme.highlight).map(style => style('x')),
			].join('');
			for (const [, code] of codes.matchAll(/\u001B\[([\d;]+)m/g))
				assert.ok(!code?.includes('38;') && !code?.includes('48;'), `${name}: ${code}`);
		}
	});

	// cli-highlight colours a scope its theme leaves out with its own chalk, which reads FORCE_COLOR itself.
	it('style every scope cli-highlight knows, so code takes colours from the theme alone', () => {
		const defaults = (require('cli-highlight/dist/theme.js') as {DEFAULT_THEME: Record<string, unknown>}).DEFAULT_THEME;
		for (const level of [0, 1] as const) {
			const theme = createTheme(level);
			assert.deepEqual(
				Object.keys(defaults).filter(scope => !(scope in theme.highlight)),
				[],
			);
			if (level === 0) for (const style of Object.values(theme.highlight)) assert.equal(style('x'), 'x');
		}
	});
});
