// Which palette and how many colours a run uses, decided from flags and the
// environment; small, so the command line can check --theme without loading chalk.

/** 0: no colour at all, 1: 16 colours, 2: 256, 3: truecolor. */
export type ColorLevel = 0 | 1 | 2 | 3;
export type ThemeName = 'dark' | 'light';

export const THEME_CHOICES = ['dark', 'light', 'auto'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export function isThemeChoice(value: string): value is ThemeChoice {
	return (THEME_CHOICES as readonly string[]).includes(value);
}

/**
 * The palette a choice means (the choice itself comes from --theme,
 * BLOGREAD_THEME or the config: cli/options.ts). Auto reads COLORFGBG
 * ("15;0": light text on black) where the terminal sets it, and never queries
 * the terminal, which can stall over ssh.
 */
export function resolveThemeName(choice: ThemeChoice, env: NodeJS.ProcessEnv): ThemeName {
	if (choice !== 'auto') return choice;
	const background = Number(env['COLORFGBG']?.split(';').at(-1));
	return background === 7 || background === 15 ? 'light' : 'dark';
}

type ColorInputs = {color: boolean; isTTY: boolean; env: NodeJS.ProcessEnv; supported: ColorLevel};

/** What decided a run's colours, first to last in the order they are weighed. */
export type ColorReason = 'flag' | 'NO_COLOR' | 'FORCE_COLOR' | 'not a terminal' | 'TERM=dumb' | 'terminal';

/** The colour level a run should use, and what decided it (DESIGN.md §1: --no-color, NO_COLOR, FORCE_COLOR). */
export function colorDecision(options: ColorInputs): {level: ColorLevel; reason: ColorReason} {
	const {env} = options;
	if (!options.color) return {level: 0, reason: 'flag'};
	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return {level: 0, reason: 'NO_COLOR'};
	const force = env['FORCE_COLOR'];
	if (force !== undefined) {
		if (force === '0' || force === 'false') return {level: 0, reason: 'FORCE_COLOR'};
		if (force === '2' || force === '3') return {level: Number(force) as ColorLevel, reason: 'FORCE_COLOR'};
		return {level: Math.max(1, options.supported) as ColorLevel, reason: 'FORCE_COLOR'};
	}

	if (!options.isTTY) return {level: 0, reason: 'not a terminal'};
	if (env['TERM'] === 'dumb') return {level: 0, reason: 'TERM=dumb'};
	return {level: options.supported, reason: 'terminal'};
}

/** The colour level a run should use. */
export function detectColorLevel(options: ColorInputs): ColorLevel {
	return colorDecision(options).level;
}
