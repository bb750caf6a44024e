// A picture as the escape sequences of a graphics protocol (graphics.ts):
// kitty's transmission with a placement drawn by Unicode placeholder cells,
// iTerm2's inline image, sixel. Each is given the pixels already scaled to
// the cells the page keeps for the picture (decode.ts).
import type {Cells} from './fit.js';
import {KITTY_DIACRITICS} from './kitty-diacritics.js';

const ESC = '\u001B';
const ST = `${ESC}\\`;
/** kitty takes a transmission in chunks of at most this much base64. */
const KITTY_CHUNK = 4096;
/** The cell kitty draws a placement's part in: a row and a column diacritic say which. */
const PLACEHOLDER = String.fromCodePoint(0x10_ee_ee);
/** The most rows or columns a placeholder can number. */
export const MAX_PLACEHOLDER_CELLS = KITTY_DIACRITICS.length;

/**
 * A PNG sent to kitty as image `id`, with a virtual placement `cells` large, drawn wherever
 * kitty finds its placeholder cells (kittyPlaceholderRows). Quiet (q=2): kitty answers nothing.
 */
export function kittyTransmit(id: number, png: Uint8Array, cells: Cells): string {
	const data = Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
	const chunks: string[] = [];
	for (let start = 0; start < data.length || start === 0; start += KITTY_CHUNK) {
		const more = start + KITTY_CHUNK < data.length ? 1 : 0;
		const keys =
			start === 0 ? `a=T,U=1,f=100,t=d,q=2,i=${id},c=${cells.columns},r=${cells.rows},m=${more}` : `m=${more}`;
		chunks.push(`${ESC}_G${keys};${data.slice(start, start + KITTY_CHUNK)}${ST}`);
	}

	return chunks.join('');
}

/** Frees image `id` in kitty, and its placements. */
export function kittyDelete(id: number): string {
	return `${ESC}_Ga=d,d=I,i=${id},q=2${ST}`;
}

/**
 * The text that shows image `id`: a row of placeholder cells for each row of `cells`, coloured with
 * the image's id (the colour is how kitty knows the image), each cell marked with its row and column.
 */
export function kittyPlaceholderRows(id: number, cells: Cells): string[] {
	const colour = `${ESC}[38;2;${(id >> 16) & 0xff};${(id >> 8) & 0xff};${id & 0xff}m`;
	const mark = (index: number) => String.fromCodePoint(KITTY_DIACRITICS[index] ?? 0);
	return Array.from({length: cells.rows}, (_, row) => {
		let text = colour;
		for (let column = 0; column < cells.columns; column++) text += PLACEHOLDER + mark(row) + mark(column);
		return `${text}${ESC}[39m`;
	});
}

/** A sequence passed through tmux to the terminal outside it (tmux's `allow-passthrough` must be on). */
export function throughTmux(sequence: string): string {
	return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
}

/** A PNG as iTerm2's inline image, stretched over `cells` (the page kept them in the picture's shape). */
export function itermImage(png: Uint8Array, cells: Cells): string {
	const data = Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
	const keys = `inline=1;size=${png.byteLength};width=${cells.columns};height=${cells.rows};preserveAspectRatio=0`;
	return `${ESC}]1337;File=${keys}:${data}\u0007`;
}
