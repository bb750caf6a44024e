// A picture's size in pixels, from the start of its file, without decoding it:
// the page reserves its rows before the picture is drawn, so nothing jumps.
import {imageSize} from 'image-size';
import {MAX_PICTURE_PIXELS} from './limits.js';

export type PictureSize = {width: number; height: number};

/** The formats blogread draws, as image-size names them. */
const DRAWN = new Set(['png', 'jpg', 'gif', 'webp', 'svg']);

/** The size `start` (a file's first bytes) says the picture has, or why it will not be drawn. */
export function pictureSize(start: Uint8Array): PictureSize | {problem: string} {
	let found: ReturnType<typeof imageSize>;
	try {
		found = imageSize(start);
	} catch {
		return {problem: 'not a picture blogread can read'};
	}

	if (!DRAWN.has(found.type ?? '')) return {problem: `${found.type ?? 'this'} pictures are not drawn`};
	// EXIF orientations 5–8 turn the picture a quarter: it is drawn upright, so its sides swap. Only a
	// JPEG's is read (image-size's), and only a JPEG is turned (decode.ts): photos carry it.
	const turned = (found.orientation ?? 1) >= 5;
	const width = turned ? found.height : found.width;
	const height = turned ? found.width : found.height;
	if (!(width > 0 && height > 0)) return {problem: 'its size is not given'};
	if (width * height > MAX_PICTURE_PIXELS) {
		// Rounded up, to a tenth: a picture just over the limit never reads as at it.
		const megapixels = Math.ceil((width * height) / 1e5) / 10;
		return {problem: `${megapixels} megapixels (at most ${MAX_PICTURE_PIXELS / 1e6})`};
	}

	return {width, height};
}
