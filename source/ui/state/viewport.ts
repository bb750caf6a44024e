// Scroll maths for the list and the reader, as plain functions of numbers.
import type {Command} from '../keys/keymap.js';

/** The first visible line, kept so the window never runs past either end. */
export function clampTop(top: number, total: number, height: number): number {
	return Math.max(0, Math.min(top, total - Math.max(1, height)));
}

/** The window's top after a selection move, scrolled just enough to keep `selected` in view. */
export function keepInView(selected: number, top: number, height: number): number {
	const rows = Math.max(1, height);
	if (selected < top) return selected;
	if (selected >= top + rows) return selected - rows + 1;
	return top;
}

/** The window's top that shows `selected`, moved as little as possible from `top`, no empty rows past `count`. */
export function scrollToShow(selected: number, top: number, count: number, height: number): number {
	return clampTop(keepInView(selected, top, height), count, height);
}

/** Lines an overlay uses around its rows (title, hint). */
const OVERLAY_CHROME_ROWS = 2;

/** How many rows an overlay (contents, links, problems) shows at once over `height` lines. */
export function overlayRows(height: number): number {
	return Math.max(1, height - OVERLAY_CHROME_ROWS);
}

/**
 * Where a movement command (every list-like overlay takes the same ones) takes
 * a cursor or a scroll at `at`, unclamped, a page being `page` rows; undefined
 * when the command is not a movement.
 */
export function moved(command: Command | undefined, at: number, page: number): number | undefined {
	switch (command) {
		case 'down':
			return at + 1;
		case 'up':
			return at - 1;
		case 'pageDown':
			return at + page;
		case 'pageUp':
			return at - page;
		case 'top':
			return 0;
		case 'bottom':
			return Number.MAX_SAFE_INTEGER;
		default:
			return undefined;
	}
}

export function clampIndex(index: number, count: number): number {
	return Math.max(0, Math.min(index, count - 1));
}

/** Where the window is, the way `less` says it: All, Top, Bot or a percentage through. */
export function positionLabel(top: number, total: number, height: number): string {
	if (total <= height) return 'All';
	if (top <= 0) return 'Top';
	if (top + height >= total) return 'Bot';
	return `${Math.round(((top + height) / total) * 100)}%`;
}

/** `12-40/230`: the lines on screen and how many there are. */
export function lineRange(top: number, total: number, height: number): string {
	if (total === 0) return '0/0';
	return `${top + 1}-${Math.min(total, top + height)}/${total}`;
}
