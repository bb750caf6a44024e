// A picture as sixel graphics, with the sixel package's encoder. Its colours
// are given as an exact palette: the package's own colour reducer merges
// colours whose channels add up alike (pure red and pure blue become one
// purple) and misplaces transparent pixels, so a picture of more than a
// palette's colours is reduced before it comes here (decode.ts, with sharp).
import {image2sixel, sixelEncode} from 'sixel/lib/SixelEncoder.js';
import type {Pixels} from './half-blocks.js';

/** The most colours a sixel palette has: the number of colour registers most terminals give. */
export const SIXEL_COLOURS = 256;
/** Pixels left transparent keep the terminal's background (background select 1). */
const KEEP_BACKGROUND = 1;
/** At or above this alpha a pixel is drawn; below it, the terminal's background shows. */
const OPAQUE = 128;
const ESC = '\u001B';

/** `pixels` as one sixel sequence, drawn at the cursor (the pixels given are not changed). */
export function sixelImage({width, height, rgba}: Pixels): string {
	const data = new Uint8Array(rgba);
	const palette = new Map<number, [number, number, number]>();
	for (let at = 0; at < data.length; at += 4) {
		if ((data[at + 3] ?? 0) < OPAQUE) {
			data.fill(0, at, at + 4);
			continue;
		}

		data[at + 3] = 255;
		const [red = 0, green = 0, blue = 0] = data.subarray(at, at + 3);
		palette.set((red << 16) | (green << 8) | blue, [red, green, blue]);
	}

	// More colours than a palette holds (only from a caller that did not reduce them): the package reduces them.
	if (palette.size > SIXEL_COLOURS) return image2sixel(data, width, height, SIXEL_COLOURS, KEEP_BACKGROUND);
	if (palette.size === 0) palette.set(0, [0, 0, 0]);
	return `${ESC}P0;${KEEP_BACKGROUND};q${sixelEncode(data, width, height, [...palette.values()])}${ESC}\\`;
}
