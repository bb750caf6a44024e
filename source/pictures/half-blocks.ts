// A picture as lines of text: each cell an upper half block (▀) whose
// foreground is the pixel above and background the pixel below, in 24-bit
// colour or the nearest of the 256 or 16 a terminal has. Plain text with
// colour codes: Ink, the pager, --print and blogread serve all carry it.
import type {ColorLevel} from '../theme/palette.js';

/** Pixels as decoded: `width` × `height`, four bytes each (red, green, blue, alpha). */
export type Pixels = {width: number; height: number; rgba: Uint8Array};

/** Below this alpha a pixel is the terminal's own background. */
const OPAQUE = 128;
const RESET = '\u001B[0m';

type Colour = readonly [number, number, number];

/** The xterm 256-colour palette's six levels a channel takes in its colour cube. */
const CUBE = [0, 95, 135, 175, 215, 255];

function nearestCubeLevel(value: number): number {
	return value < 48 ? 0 : value < 115 ? 1 : Math.floor((value - 35) / 40);
}

/** The nearest of xterm's 256 colours: the 6×6×6 cube or the 24 greys, whichever is closer. */
export function ansi256([red, green, blue]: Colour): number {
	const [r, g, b] = [nearestCubeLevel(red), nearestCubeLevel(green), nearestCubeLevel(blue)];
	const cube: Colour = [CUBE[r] ?? 0, CUBE[g] ?? 0, CUBE[b] ?? 0];
	const average = (red + green + blue) / 3;
	const greyIndex = average > 238 ? 23 : Math.max(0, Math.round((average - 8) / 10));
	const grey = 8 + greyIndex * 10;
	const distance = (to: Colour) => (to[0] - red) ** 2 + (to[1] - green) ** 2 + (to[2] - blue) ** 2;
	return distance([grey, grey, grey]) < distance(cube) ? 232 + greyIndex : 16 + 36 * r + 6 * g + b;
}

/** The 16 colours' usual values (xterm's), in SGR order: black, red, …, white, then the bright ones. */
const SIXTEEN: Colour[] = [
	[0, 0, 0],
	[205, 0, 0],
	[0, 205, 0],
	[205, 205, 0],
	[0, 0, 238],
	[205, 0, 205],
	[0, 205, 205],
	[229, 229, 229],
	[127, 127, 127],
	[255, 0, 0],
	[0, 255, 0],
	[255, 255, 0],
	[92, 92, 255],
	[255, 0, 255],
	[0, 255, 255],
	[255, 255, 255],
];

/** The nearest of the 16 colours, as its index (0–15). */
export function ansi16(colour: Colour): number {
	let best = 0;
	let bestDistance = Number.POSITIVE_INFINITY;
	SIXTEEN.forEach((candidate, index) => {
		const distance =
			(candidate[0] - colour[0]) ** 2 + (candidate[1] - colour[1]) ** 2 + (candidate[2] - colour[2]) ** 2;
		if (distance < bestDistance) {
			best = index;
			bestDistance = distance;
		}
	});
	return best;
}

/** The SGR parameters that set the foreground (or background) to `colour` at `level`. */
function colourCode(colour: Colour, level: ColorLevel, background: boolean): string {
	if (level >= 3) return `${background ? 48 : 38};2;${colour[0]};${colour[1]};${colour[2]}`;
	if (level === 2) return `${background ? 48 : 38};5;${ansi256(colour)}`;
	const index = ansi16(colour);
	return String((index < 8 ? 30 + index : 90 + index - 8) + (background ? 10 : 0));
}

function mean(a: Colour, b: Colour): Colour {
	return [(a[0] + b[0]) >> 1, (a[1] + b[1]) >> 1, (a[2] + b[2]) >> 1];
}

function pixelAt({width, height, rgba}: Pixels, x: number, y: number): Colour | undefined {
	if (y >= height) return undefined;
	const at = (y * width + x) * 4;
	if ((rgba[at + 3] ?? 0) < OPAQUE) return undefined;
	return [rgba[at] ?? 0, rgba[at + 1] ?? 0, rgba[at + 2] ?? 0];
}

/**
 * `pixels` as ⌈height / 2⌉ lines of `width` cells. A transparent pixel shows the terminal's
 * background (a lower half block draws a bottom pixel alone); `ascii` (no UTF-8) draws each cell
 * as a space in the two pixels' mean colour. Colour codes are written only where they change.
 */
export function halfBlockLines(pixels: Pixels, level: ColorLevel, ascii = false): string[] {
	if (level === 0) return [];
	const lines: string[] = [];
	for (let y = 0; y < pixels.height; y += 2) {
		let line = '';
		let current = '';
		for (let x = 0; x < pixels.width; x++) {
			const top = pixelAt(pixels, x, y);
			const bottom = pixelAt(pixels, x, y + 1);
			let codes: string[];
			let char: string;
			if (ascii) {
				const shown = top && bottom ? mean(top, bottom) : (top ?? bottom);
				codes = shown ? [colourCode(shown, level, true)] : [];
				char = ' ';
			} else if (top && bottom) {
				const below = colourCode(bottom, level, true);
				// Both halves alike (most of a picture's flat areas): a space on that background says it in half the bytes.
				const same = below === colourCode(top, level, true);
				codes = same ? [below] : [colourCode(top, level, false), below];
				char = same ? ' ' : '▀';
			} else if (top) {
				codes = [colourCode(top, level, false)];
				char = '▀';
			} else if (bottom) {
				codes = [colourCode(bottom, level, false)];
				char = '▄';
			} else {
				codes = [];
				char = ' ';
			}

			const wanted = codes.length === 0 ? '' : `\u001B[0;${codes.join(';')}m`;
			if (wanted !== current) {
				line += wanted === '' ? RESET : wanted;
				current = wanted;
			}
			line += char;
		}
		lines.push(current === '' ? line : line + RESET);
	}
	return lines;
}
