import assert from 'node:assert/strict';
import {before, describe, it} from 'node:test';
import sharp from 'sharp';
import {pictureSize} from '../../source/pictures/header.js';
import {HEADER_BYTES, MAX_PICTURE_PIXELS} from '../../source/pictures/limits.js';

// Every picture is made here, by sharp, so the sizes below are the ones asked of it.
const flat = (width: number, height: number) => sharp({create: {width, height, channels: 3, background: '#336699'}});

/** A PNG that says it is `width` × `height`: its header's sizes rewritten (nothing reads further). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
	const png = Buffer.from(await flat(1, 1).png().toBuffer());
	assert.equal(png.toString('latin1', 12, 16), 'IHDR');
	png.writeUInt32BE(width, 16);
	png.writeUInt32BE(height, 20);
	return png;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"';
const pictures = new Map<string, Uint8Array>();
const picture = (name: string) => {
	const bytes = pictures.get(name);
	assert.ok(bytes, name);
	return bytes;
};

before(async () => {
	pictures.set('png', await flat(40, 20).png().toBuffer());
	pictures.set('jpeg', await flat(33, 17).jpeg().toBuffer());
	pictures.set('gif', await flat(12, 34).gif().toBuffer());
	pictures.set('webp', await flat(50, 25).webp().toBuffer());
	pictures.set('tiff', await flat(3, 5).tiff().toBuffer());
	for (let orientation = 1; orientation <= 8; orientation++) {
		pictures.set(`jpeg ${orientation}`, await flat(40, 20).jpeg().withMetadata({orientation}).toBuffer());
	}
	pictures.set('png 6', await flat(40, 20).png().withMetadata({orientation: 6}).toBuffer());
	pictures.set('webp 6', await flat(40, 20).webp().withMetadata({orientation: 6}).toBuffer());
	// 60 megapixels of one colour: compressed, a few hundred kilobytes.
	pictures.set('huge', await flat(10_000, 6000).png({compressionLevel: 9}).toBuffer());
	// A photograph-like JPEG (noise compresses badly) larger than the part of a file that is read for its size.
	const noise = Buffer.alloc(800 * 600 * 3);
	for (let at = 0; at < noise.length; at++) noise[at] = (at * 2654435761) >>> 24;
	pictures.set(
		'big jpeg',
		await sharp(noise, {raw: {width: 800, height: 600, channels: 3}})
			.jpeg({quality: 100})
			.toBuffer(),
	);
});

describe('pictureSize: the pictures blogread draws', () => {
	const cases: Array<[name: string, fixture: string, width: number, height: number]> = [
		['a PNG', 'png', 40, 20],
		['a JPEG', 'jpeg', 33, 17],
		['a GIF', 'gif', 12, 34],
		['a WebP', 'webp', 50, 25],
	];
	for (const [name, fixture, width, height] of cases) {
		it(`${name} of ${width}×${height} pixels`, () => {
			assert.deepEqual(pictureSize(picture(fixture)), {width, height});
		});
	}

	const svgs: Array<[name: string, text: string, width: number, height: number]> = [
		['an SVG with its width and height', `${SVG} width="30" height="10"><rect width="30" height="10"/></svg>`, 30, 10],
		['an SVG sized by its viewBox alone', `${SVG} viewBox="0 0 64 48"><circle r="4"/></svg>`, 64, 48],
		[
			'an SVG in pixels, with an XML declaration',
			`<?xml version="1.0"?>\n${SVG} width="7px" height="9px"></svg>`,
			7,
			9,
		],
	];
	for (const [name, text, width, height] of svgs) {
		it(`${name}: ${width}×${height}`, () => {
			assert.deepEqual(pictureSize(Buffer.from(text)), {width, height});
		});
	}

	it('a file’s first bytes are enough: the start of a JPEG larger than what is read', () => {
		const jpeg = picture('big jpeg');
		assert.ok(jpeg.length > HEADER_BYTES, `the JPEG is only ${jpeg.length} bytes`);
		assert.deepEqual(pictureSize(jpeg.subarray(0, HEADER_BYTES)), {width: 800, height: 600});
	});
});

describe('pictureSize: a photograph turned by its camera data (EXIF orientation)', () => {
	for (let orientation = 1; orientation <= 8; orientation++) {
		const turned = orientation >= 5;
		it(`orientation ${orientation}: ${turned ? 'a quarter turn, its sides swapped' : 'its sides as stored'}`, () => {
			assert.deepEqual(
				pictureSize(picture(`jpeg ${orientation}`)),
				turned ? {width: 20, height: 40} : {width: 40, height: 20},
			);
		});
	}

	// Only a JPEG's orientation is read, and only a JPEG is turned (decode.ts): a PNG or WebP is drawn
	// as stored, so the page keeps its stored shape (decode.test.ts draws it so).
	for (const format of ['PNG', 'WebP']) {
		it(`a ${format} with orientation 6: its sides as stored, as it is drawn`, () => {
			assert.deepEqual(pictureSize(picture(`${format.toLowerCase()} 6`)), {width: 40, height: 20});
		});
	}
});

describe('pictureSize: what is not drawn, and why', () => {
	it('a picture of more than 50 megapixels', () => {
		assert.deepEqual(pictureSize(picture('huge')), {problem: '60 megapixels (at most 50)'});
	});

	it('a picture of exactly 50 megapixels is still drawn', async () => {
		assert.equal(10_000 * 5000, MAX_PICTURE_PIXELS);
		assert.deepEqual(pictureSize(await pngClaiming(10_000, 5000)), {width: 10_000, height: 5000});
	});

	it('a picture one pixel row over the limit is not', async () => {
		const size = pictureSize(await pngClaiming(10_000, 5001));
		assert.ok('problem' in size, 'drawn');
		assert.match(size.problem, /megapixels \(at most 50\)$/);
	});

	it('a picture just over the limit says a number of megapixels over the limit', async () => {
		const size = pictureSize(await pngClaiming(10_000, 5001));
		assert.ok('problem' in size);
		assert.equal(size.problem, '50.1 megapixels (at most 50)');
	});

	const problems: Array<[name: string, bytes: () => Uint8Array | Promise<Uint8Array>, problem: string]> = [
		['a text file', () => Buffer.from('# Notes\n\nNot a picture at all.\n'), 'not a picture blogread can read'],
		['no bytes at all', () => new Uint8Array(0), 'not a picture blogread can read'],
		['the first ten bytes of a PNG', () => picture('png').subarray(0, 10), 'not a picture blogread can read'],
		['a TIFF, a format blogread does not draw', () => picture('tiff'), 'tiff pictures are not drawn'],
		['a PNG that says it has no width', () => pngClaiming(0, 20), 'its size is not given'],
		['a PNG that says it has no height', () => pngClaiming(20, 0), 'its size is not given'],
	];
	for (const [name, bytes, problem] of problems) {
		it(`${name}: ${problem}`, async () => {
			assert.deepEqual(pictureSize(await bytes()), {problem});
		});
	}
});
