import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/** Columns a string takes on screen: ANSI codes count zero, CJK and emoji two. */
export function displayWidth(text: string): number {
	return stringWidth(text);
}

/** Word-wraps styled text to `width` columns; words longer than a line are broken. */
export function wrapStyled(text: string, width: number): string[] {
	return wrapAnsi(text.replace(/\t/g, ' '), Math.max(1, width), {hard: true, trim: true}).split('\n');
}

/** Breaks styled text at exactly `width` columns, keeping spaces (for code). */
export function breakStyled(text: string, width: number): string[] {
	return wrapAnsi(text, Math.max(1, width), {hard: true, trim: false, wordWrap: false}).split('\n');
}

/** Cuts styled text to at most `width` columns, ending in `…`. */
export function truncate(text: string, width: number): string {
	if (width <= 0) return '';
	if (displayWidth(text) <= width) return text;
	// slice-ansi keeps a wide character that starts at the last column, so step back until it fits.
	let end = width - 1;
	let kept = sliceAnsi(text, 0, end);
	while (end > 0 && displayWidth(kept) > width - 1) kept = sliceAnsi(text, 0, --end);
	return kept + '…';
}

export function padEnd(text: string, width: number): string {
	return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function align(text: string, width: number, alignment: 'left' | 'right' | 'center' | null): string {
	const gap = Math.max(0, width - displayWidth(text));
	if (alignment === 'right') return ' '.repeat(gap) + text;
	if (alignment === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(Math.ceil(gap / 2));
	return text + ' '.repeat(gap);
}
