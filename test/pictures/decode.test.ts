import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import {decodePicture} from '../../source/pictures/decode.js';
import type {Cells} from '../../source/pictures/fit.js';
import type {Pixels} from '../../source/pictures/half-blocks.js';

type Rgb = [number, number, number];

/** How far a decoded channel may be from the colour drawn (resampling, JPEG). */
const TOLERANCE = 8;
const TOP_LEFT: Rgb = [220, 30, 30];
const TOP_RIGHT: Rgb = [30, 200, 60];
const BOTTOM_LEFT: Rgb = [40, 60, 220];
const BOTTOM_RIGHT: Rgb = [230, 210, 40];
const BLUE: Rgb = [0, 0, 255];

/** Raw RGB of a picture in four flat quarters. */
function quadrants(width: number, height: number): Buffer {
	const bytes = Buffer.alloc(width * height * 3);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const top = y < height / 2;
			const left = x < width / 2;
			bytes.set(top ? (left ? TOP_LEFT : TOP_RIGHT) : left ? BOTTOM_LEFT : BOTTOM_RIGHT, (y * width + x) * 3);
		}
	}
	return bytes;
}

const raw = (bytes: Buffer, width: number, height: number) => sharp(bytes, {raw: {width, height, channels: 3}});

async function decoded(bytes: Uint8Array, cells: Cells): Promise<Pixels> {
	const result = await decodePicture(bytes, cells);
	assert.ok('rgba' in result, `not decoded: ${JSON.stringify(result)}`);
	return result;
}

async function problemOf(bytes: Uint8Array, cells: Cells = {columns: 8, rows: 4}): Promise<string> {
	const result = await decodePicture(bytes, cells);
	assert.ok(
		'problem' in result,
		`decoded: ${JSON.stringify('rgba' in result ? [result.width, result.height] : result)}`,
	);
	return result.problem;
}

function rgbaAt({width, rgba}: Pixels, x: number, y: number): [number, number, number, number] {
	const at = (y * width + x) * 4;
	const [r = -1, g = -1, b = -1, a = -1] = rgba.subarray(at, at + 4);
	return [r, g, b, a];
}

const near = (actual: readonly number[], expected: readonly number[]) =>
	expected.every((value, index) => Math.abs((actual[index] ?? -999) - value) <= TOLERANCE);

/** Checks every pixel whose x and y pass the tests is `colour`, opaque. */
function assertColour(
	picture: Pixels,
	colour: Rgb,
	xs: (x: number) => boolean,
	ys: (y: number) => boolean,
	name: string,
): void {
	let checked = 0;
	for (let y = 0; y < picture.height; y++) {
		for (let x = 0; x < picture.width; x++) {
			if (!(xs(x) && ys(y))) continue;
			const pixel = rgbaAt(picture, x, y);
			assert.ok(near(pixel, [...colour, 255]), `${name} at ${x},${y}: [${pixel}], not [${colour}, 255]`);
			checked++;
		}
	}
	assert.ok(checked > 0, `no pixel of ${name} checked`);
}

/** The four quarters' colours, `margin` pixels away from the lines where they meet. */
function assertQuadrants(picture: Pixels, margin: number): void {
	const {width, height} = picture;
	const left = (x: number) => x < width / 2 - margin;
	const right = (x: number) => x >= width / 2 + margin;
	const top = (y: number) => y < height / 2 - margin;
	const bottom = (y: number) => y >= height / 2 + margin;
	assertColour(picture, TOP_LEFT, left, top, 'top left');
	assertColour(picture, TOP_RIGHT, right, top, 'top right');
	assertColour(picture, BOTTOM_LEFT, left, bottom, 'bottom left');
	assertColour(picture, BOTTOM_RIGHT, right, bottom, 'bottom right');
}

const folder = mkdtempSync(path.join(tmpdir(), 'blogread-decode-'));
const redFile = path.join(folder, 'red.png');
const redMarkup = path.join(folder, 'red-rect.xml');
let red: Buffer;
let quadrantPng: Buffer;
let quadrantJpeg: Buffer;
let photo: Buffer;

before(async () => {
	red = await sharp({create: {width: 16, height: 16, channels: 3, background: '#ff0000'}})
		.png()
		.toBuffer();
	writeFileSync(redFile, red);
	writeFileSync(redMarkup, '<rect width="20" height="20" fill="#ff0000"/>');
	quadrantPng = await raw(quadrants(40, 40), 40, 40).png().toBuffer();
	quadrantJpeg = await raw(quadrants(64, 32), 64, 32).jpeg({quality: 95}).toBuffer();
	// Noise: a JPEG whose scan data is most of the file, so half of it is cut in the middle of the picture.
	const noise = Buffer.alloc(200 * 150 * 3);
	for (let at = 0; at < noise.length; at++) noise[at] = (at * 2654435761) >>> 24;
	photo = await raw(noise, 200, 150).jpeg().toBuffer();
});
after(() => {
	rmSync(folder, {recursive: true, force: true});
});

describe('decodePicture: the pixels of its cells', () => {
	it('gives columns × 2·rows RGBA pixels', async () => {
		const picture = await decoded(quadrantPng, {columns: 8, rows: 4});
		assert.equal(picture.width, 8);
		assert.equal(picture.height, 8);
		assert.equal(picture.rgba.length, 8 * 8 * 4);
	});

	it('a 40×40 picture in four colours, made 8×8: each quarter its colour away from the seams', async () => {
		assertQuadrants(await decoded(quadrantPng, {columns: 8, rows: 4}), 1);
	});

	it('a 4×4 picture made 16×16: the corners far from the seams keep their colours', async () => {
		const picture = await decoded(await raw(quadrants(4, 4), 4, 4).png().toBuffer(), {columns: 16, rows: 8});
		assert.equal(picture.width, 16);
		assert.equal(picture.height, 16);
		// A lanczos kernel rings near the seams of a picture blown up four times: only the outer corners are flat.
		const low = (v: number) => v < 2;
		const high = (v: number) => v >= 14;
		assertColour(picture, TOP_LEFT, low, low, 'top left');
		assertColour(picture, TOP_RIGHT, high, low, 'top right');
		assertColour(picture, BOTTOM_LEFT, low, high, 'bottom left');
		assertColour(picture, BOTTOM_RIGHT, high, high, 'bottom right');
	});

	it('a square picture into cells of another shape fills them (stretched, its quarters kept)', async () => {
		const picture = await decoded(quadrantPng, {columns: 12, rows: 2});
		assert.deepEqual([picture.width, picture.height], [12, 4]);
		assertQuadrants(picture, 1);
	});

	it('a JPEG in four colours, made smaller: each quarter its colour', async () => {
		assertQuadrants(await decoded(quadrantJpeg, {columns: 16, rows: 4}), 1);
	});

	it('a JPEG is opaque: every alpha is 255', async () => {
		const picture = await decoded(quadrantJpeg, {columns: 16, rows: 4});
		assert.ok(picture.rgba.every((value, index) => index % 4 !== 3 || value === 255));
	});

	it('a transparent half stays transparent, the other half opaque', async () => {
		const pixels = Buffer.alloc(20 * 20 * 4);
		for (let at = 0; at < pixels.length; at += 4) {
			const x = (at / 4) % 20;
			pixels.set(x < 10 ? [0, 0, 0, 0] : [...BLUE, 255], at);
		}
		const png = await sharp(pixels, {raw: {width: 20, height: 20, channels: 4}})
			.png()
			.toBuffer();
		const picture = await decoded(png, {columns: 10, rows: 5});
		for (let y = 0; y < picture.height; y++) {
			assert.ok(rgbaAt(picture, 0, y)[3] < 128, `left edge at row ${y} drawn`);
			assert.ok(rgbaAt(picture, 1, y)[3] < 128, `left side at row ${y} drawn`);
			assert.ok(near(rgbaAt(picture, 9, y), [...BLUE, 255]), `right edge at row ${y}: ${rgbaAt(picture, 9, y)}`);
		}
	});

	it('a photograph turned by its camera data (orientation 6) is drawn upright', async () => {
		// Stored 40×20: red on the left, blue on the right. Turned a quarter clockwise, the red is on top.
		const stored = Buffer.alloc(40 * 20 * 3);
		for (let at = 0; at < stored.length; at += 3) stored.set((at / 3) % 40 < 20 ? TOP_LEFT : BLUE, at);
		const jpeg = await raw(stored, 40, 20).jpeg({quality: 95}).withMetadata({orientation: 6}).toBuffer();
		const picture = await decoded(jpeg, {columns: 10, rows: 10});
		const all = () => true;
		assertColour(picture, TOP_LEFT, all, y => y < 8, 'top');
		assertColour(picture, BLUE, all, y => y >= 12, 'bottom');
	});

	it('a PNG with the same camera data is drawn as stored (only a JPEG’s orientation is read)', async () => {
		const stored = Buffer.alloc(40 * 20 * 3);
		for (let at = 0; at < stored.length; at += 3) stored.set((at / 3) % 40 < 20 ? TOP_LEFT : BLUE, at);
		const png = await raw(stored, 40, 20).png().withMetadata({orientation: 6}).toBuffer();
		assert.equal((await sharp(png).metadata()).orientation, 6, 'the PNG carries the orientation');
		const picture = await decoded(png, {columns: 10, rows: 5});
		const all = () => true;
		assertColour(picture, TOP_LEFT, x => x < 4, all, 'left');
		assertColour(picture, BLUE, x => x >= 6, all, 'right');
	});

	it('an animated GIF: its first frame', async () => {
		// Two 8×8 frames: black, then white.
		const frames = Buffer.concat([Buffer.alloc(8 * 8 * 3, 0), Buffer.alloc(8 * 8 * 3, 255)]);
		const gif = await sharp(frames, {raw: {width: 8, height: 16, channels: 3, pageHeight: 8}})
			.gif()
			.toBuffer();
		assert.equal((await sharp(gif).metadata()).pages, 2);
		const picture = await decoded(gif, {columns: 4, rows: 2});
		assert.deepEqual([picture.width, picture.height], [4, 4]);
		assertColour(
			picture,
			[0, 0, 0],
			() => true,
			() => true,
			'the first frame',
		);
	});
});

describe('decodePicture: a file it cannot draw is a problem, never an error', () => {
	it('a JPEG cut to half its bytes: cut short or damaged', async () => {
		assert.equal(await problemOf(photo.subarray(0, photo.length >> 1)), 'the file is cut short or damaged');
	});

	it('a PNG cut to half its bytes: cut short or damaged', async () => {
		assert.equal(await problemOf(quadrantPng.subarray(0, quadrantPng.length >> 1)), 'the file is cut short or damaged');
	});

	it('bytes that are no picture: not a picture blogread can read', async () => {
		const garbage = Buffer.from(Array.from({length: 4096}, (_, index) => (index * 7919) % 251));
		assert.equal(await problemOf(garbage), 'not a picture blogread can read');
	});

	it('no bytes at all: a problem', async () => {
		assert.ok((await problemOf(new Uint8Array(0))).length > 0);
	});

	it('a picture of 60 megapixels: more than 50 megapixels, not decoded', async () => {
		const huge = await sharp({create: {width: 10_000, height: 6000, channels: 3, background: '#000'}})
			.png({compressionLevel: 9})
			.toBuffer();
		assert.equal(await problemOf(huge), 'more than 50 megapixels');
	});
});

describe('decodePicture: an SVG is drawn from its own bytes alone', () => {
	let server: http.Server;
	let port = 0;
	let connections = 0;

	before(async () => {
		// Serves a red picture to anyone who asks: a picture fetched would show red, and be counted.
		server = http.createServer((_request, response) => {
			response.writeHead(200, {'content-type': 'image/png'});
			response.end(red);
		});
		server.on('connection', () => {
			connections++;
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
	});
	after(async () => {
		server.closeAllConnections();
		await new Promise<void>(resolve => server.close(() => resolve()));
	});

	/**
	 * Connections the server has taken from others than us: our own request, on a connection of its
	 * own, is answered after every connection made before it has been counted.
	 */
	let probes = 0;
	async function othersConnected(): Promise<number> {
		probes++;
		await new Promise<void>((resolve, reject) => {
			http
				.get({host: '127.0.0.1', port, path: '/probe', agent: false}, response => {
					response.resume();
					response.on('end', resolve);
				})
				.on('error', reject);
		});
		return connections - probes;
	}

	const svg = (body: string, prolog = '') =>
		Buffer.from(
			`<?xml version="1.0"?>${prolog}<svg xmlns="http://www.w3.org/2000/svg" ` +
				'xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">' +
				`<rect width="20" height="20" fill="#0000ff"/>${body}</svg>`,
		);

	/** No pixel is red: nothing from outside the SVG's bytes was drawn over its blue. */
	function assertNoRed(result: Awaited<ReturnType<typeof decodePicture>>, name: string): void {
		if (!('rgba' in result)) {
			assert.ok('problem' in result, `${name}: ${JSON.stringify(result)}`);
			return;
		}
		for (let y = 0; y < result.height; y++) {
			for (let x = 0; x < result.width; x++) {
				const [r, g, b] = rgbaAt(result, x, y);
				assert.ok(r < 128 && b > 128, `${name}: red at ${x},${y}: [${r}, ${g}, ${b}]`);
			}
		}
	}

	it('pictures and scripts it names on a server: drawn without them, no connection made', async () => {
		const url = `http://127.0.0.1:${port}`;
		const picture = svg(
			`<image href="${url}/x.png" xlink:href="${url}/x.png" width="20" height="20"/>` +
				`<style>@import url("${url}/style.css");</style>` +
				`<use href="${url}/sprite.svg#red"/>` +
				`<script>fetch("${url}/script")</script>` +
				`<script href="${url}/script.js"/>`,
		);
		const before = await othersConnected();
		const result = await decoded(picture, {columns: 10, rows: 5});
		assertNoRed(result, 'from a server');
		assert.equal(await othersConnected(), before, 'connections made while decoding');
	});

	it('a picture a server serves, named in an XML entity: no connection made', async () => {
		const before = await othersConnected();
		const picture = svg('&remote;', `<!DOCTYPE svg [<!ENTITY remote SYSTEM "http://127.0.0.1:${port}/entity.xml">]>`);
		assertNoRed(await decodePicture(picture, {columns: 10, rows: 5}), 'an entity from a server');
		assert.equal(await othersConnected(), before, 'connections made while decoding');
	});

	const files: Array<[name: string, body: string, prolog?: string]> = [
		['an <image> naming a red file by file:// URL', `<image href="file://${redFile}" width="20" height="20"/>`],
		['an <image> naming a red file by xlink:href', `<image xlink:href="file://${redFile}" width="20" height="20"/>`],
		['an <image> naming a red file by its absolute path', `<image href="${redFile}" width="20" height="20"/>`],
		['an <image> naming a red file by a relative path', `<image href="red.png" width="20" height="20"/>`],
		['an XML entity naming markup in a file', '&red;', `<!DOCTYPE svg [<!ENTITY red SYSTEM "file://${redMarkup}">]>`],
		['an XInclude of markup in a file', `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="${redMarkup}"/>`],
	];
	for (const [name, body, prolog] of files) {
		it(`${name}: nothing outside it is read (no red)`, async () => {
			// Checked first: the red file itself is decoded red.
			assert.ok(near(rgbaAt(await decoded(red, {columns: 2, rows: 1}), 0, 0), [255, 0, 0, 255]));
			assertNoRed(await decodePicture(svg(body, prolog), {columns: 10, rows: 5}), name);
		});
	}
});
