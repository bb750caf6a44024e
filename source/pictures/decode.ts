// Decoding a picture into the pixels its cells draw, with sharp (libvips),
// which works in libuv's thread pool: the main thread, and every key, goes on
// while it decodes. sharp is an optional dependency with a native library: it
// is loaded the first time a picture is drawn, and where it could not be
// installed pictures are off, saying why once, and posts read as before.

import type {Sharp, SharpOptions} from 'sharp';
import {errorMessage} from '../util/errors.js';
import type {Cells} from './fit.js';
import type {Pixels} from './half-blocks.js';
import {DECODE_SECONDS, MAX_PICTURE_PIXELS} from './limits.js';

type SharpFactory = (input: Uint8Array, options: SharpOptions) => Sharp;

/** What gives the decoder: sharp loaded (loadDecoder), or why there is none. */
export type DecoderLoader = () => Promise<SharpFactory | {off: string}>;

let loading: Promise<SharpFactory | {off: string}> | undefined;

/** sharp, or why pictures are off (loaded once; every later call gets the same answer). */
export function loadDecoder(): Promise<SharpFactory | {off: string}> {
	loading ??= import('sharp').then(
		module => module.default as unknown as SharpFactory,
		(error: unknown) => ({off: `sharp, the picture decoder, could not be loaded: ${reasonOf(error)}`}),
	);
	return loading;
}

function reasonOf(error: unknown): string {
	const message = errorMessage(error);
	const code = (error as {code?: unknown}).code;
	if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return 'it is not installed';
	return message.split('\n')[0]?.slice(0, 200) ?? 'unknown';
}

/** What went wrong decoding, for the note shown in the picture's place. */
function decodeProblem(error: unknown): string {
	const message = errorMessage(error);
	if (/timeout/i.test(message)) return `took longer than ${DECODE_SECONDS} s to decode`;
	if (/pixel limit/i.test(message)) return `more than ${MAX_PICTURE_PIXELS / 1e6} megapixels`;
	if (/premature|truncated|corrupt|end of file|unexpected end|read error/i.test(message))
		return 'the file is cut short or damaged';
	if (/unsupported image format/i.test(message)) return 'not a picture blogread can read';
	return 'it could not be decoded';
}

/** The pixel size a picture is drawn at in `cells`: two pixels a cell for half blocks, the cell's own for the rest. */
export type PixelSize = {width: number; height: number};

/**
 * `bytes` (a whole picture file) as `cells.columns` × `2 × cells.rows` pixels for half blocks: a JPEG
 * turned upright, the first frame of an animation, scaled to fill the cells (their shape is the
 * picture's). An SVG is drawn from these bytes alone, so nothing it refers to is fetched or read.
 * `off`: no picture can be decoded here (sharp could not be loaded), and why.
 */
export async function decodePicture(
	bytes: Uint8Array,
	cells: Cells,
	load: DecoderLoader = loadDecoder,
): Promise<Pixels | {problem: string} | {off: string}> {
	const scaled = await scaledPicture(bytes, {width: cells.columns, height: cells.rows * 2}, 'raw', load);
	return 'data' in scaled ? {width: scaled.width, height: scaled.height, rgba: scaled.data} : scaled;
}

/**
 * `bytes` decoded as decodePicture does, at `size`, in at most `colours` colours (libimagequant's
 * palette, dithered), for sixel.
 */
export async function decodePaletted(
	bytes: Uint8Array,
	size: PixelSize,
	colours: number,
	load: DecoderLoader = loadDecoder,
): Promise<Pixels | {problem: string} | {off: string}> {
	const reduced = await scaledPicture(bytes, size, {colours}, load);
	if (!('data' in reduced)) return reduced;
	const decoder = await load();
	if ('off' in decoder) return decoder;
	const {data, info} = await decoder(reduced.data, {}).ensureAlpha().raw().toBuffer({resolveWithObject: true});
	return {width: info.width, height: info.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length)};
}

/** `bytes` decoded as decodePicture does, at `size`, as a PNG (for kitty and iTerm2). */
export async function decodePictureAsPng(
	bytes: Uint8Array,
	size: PixelSize,
	load: DecoderLoader = loadDecoder,
): Promise<{png: Uint8Array} | {problem: string} | {off: string}> {
	const scaled = await scaledPicture(bytes, size, 'png', load);
	return 'data' in scaled ? {png: scaled.data} : scaled;
}

async function scaledPicture(
	bytes: Uint8Array,
	size: PixelSize,
	format: 'raw' | 'png' | {colours: number},
	load: DecoderLoader,
): Promise<{data: Uint8Array; width: number; height: number} | {problem: string} | {off: string}> {
	const decoder = await load();
	if ('off' in decoder) return decoder;
	try {
		const image = decoder(bytes, {limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error'});
		// A JPEG is turned upright by its EXIF orientation, as header.ts reads it (for no other format).
		const upright = (await image.metadata()).format === 'jpeg' ? image.rotate() : image;
		const resized = upright.resize(size.width, size.height, {fit: 'fill'}).ensureAlpha();
		const encoded =
			format === 'raw'
				? resized.raw()
				: resized.png(format === 'png' ? {compressionLevel: 6} : {palette: true, colours: format.colours, dither: 1});
		const {data, info} = await encoded.timeout({seconds: DECODE_SECONDS}).toBuffer({resolveWithObject: true});
		return {width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length)};
	} catch (error) {
		return {problem: decodeProblem(error)};
	}
}
