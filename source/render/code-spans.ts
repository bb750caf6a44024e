import type {Theme} from '../theme/palette.js';

// A line of many code spans of spaces (`` ` ` ` ` ``, a backtick on each line, ``` ``` ``` ``` ```) drew
// each as the code colour around a space: to wrap-ansi, which splits a line at spaces, two words of escapes
// and no width. A word of no width never fills a row, so they all pile onto one, and wrap-ansi measures the
// whole row again before each word: 16 KB of them took 2.4 s, 4 KB 0.18 s. The code style colours text
// only (no background, no underline: palette.ts), so spaces look the same without it.

/** Whether a code span's shown text is drawn uncoloured: only spaces, where colour shows (at level 0 the
 * code style writes backticks, which do show). */
export function blankCode(shown: string, theme: Theme): boolean {
	if (theme.level === 0) return false;
	for (let at = 0; at < shown.length; at++) if (shown.charCodeAt(at) !== 32) return false;
	return true;
}
