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

/** The colour level a run should use (DESIGN.md §1: --no-color, NO_COLOR, FORCE_COLOR). */
export function detectColorLevel(options: {
	color: boolean;
	isTTY: boolean;
	env: NodeJS.ProcessEnv;
	supported: ColorLevel;
}): ColorLevel {
	const {env} = options;
	if (!options.color || (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '')) return 0;
	const force = env['FORCE_COLOR'];
	if (force !== undefined) {
		if (force === '0' || force === 'false') return 0;
		if (force === '2' || force === '3') return Number(force) as ColorLevel;
		return Math.max(1, options.supported) as ColorLevel;
	}

	if (!options.isTTY || env['TERM'] === 'dumb') return 0;
	return options.supported;
}
