import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/** Columns a string takes on screen: ANSI codes count zero, CJK and emoji two. */
export function displayWidth(text: string): number {
	return stringWidth(text);
}

/**
 * Splits a line that is still too wide. wrap-ansi measures some scripts
 * (Thai, Devanagari) differently from string-width, which the rest of the
 * program, Ink included, uses: this makes the measure that counts the last word.
 */
export function fitWidth(line: string, width: number): string[] {
	const parts: string[] = [];
	let rest = line;
	while (displayWidth(rest) > width) {
		let end = width;
		while (end > 1 && displayWidth(sliceAnsi(rest, 0, end)) > width) end--;
		parts.push(sliceAnsi(rest, 0, end));
		rest = sliceAnsi(rest, end);
	}

	parts.push(rest);
	return parts;
}

/** Word-wraps styled text to `width` columns; words longer than a line are broken. */
export function wrapStyled(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	return wrapAnsi(text.replace(/\t/g, ' '), columns, {hard: true, trim: true}).split('\n').flatMap(line => fitWidth(line, columns));
}

/** Breaks styled text at exactly `width` columns, keeping spaces (for code). */
export function breakStyled(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	return wrapAnsi(text, columns, {hard: true, trim: false, wordWrap: false}).split('\n').flatMap(line => fitWidth(line, columns));
}

/** Cuts styled text to at most `width` columns, ending in `…`. */
export function truncate(text: string, width: number): string {
	if (width <= 0) return '';
	// Plain ASCII (most titles and excerpts) needs no grapheme or escape handling.
	if (/^[\u0020-\u007E]*$/.test(text)) return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
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
