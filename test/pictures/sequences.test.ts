import assert from 'node:assert/strict';
import {before, describe, it} from 'node:test';
import sharp from 'sharp';
import type {Cells} from '../../source/pictures/fit.js';
import {KITTY_DIACRITICS} from '../../source/pictures/kitty-diacritics.js';
import {
	itermImage,
	kittyDelete,
	kittyPlaceholderRows,
	kittyTransmit,
	MAX_PLACEHOLDER_CELLS,
	throughTmux,
} from '../../source/pictures/sequences.js';
import {seededRandom as random} from '../helpers/random.js';

const ESC = '\u001B';
const ST = `${ESC}\\`;
/** The most base64 kitty takes in one chunk of a transmission. */
const CHUNK = 4096;
const PLACEHOLDER = 0x10_ee_ee;

function randomBytes(length: number, seed: number): Uint8Array {
	const next = random(seed);
	return Uint8Array.from({length}, () => Math.floor(next() * 256));
}

type Png = {name: string; bytes: Uint8Array; width: number; height: number};
const pngs: Png[] = [];

before(async () => {
	const red = await sharp({create: {width: 30, height: 20, channels: 4, background: {r: 255, g: 0, b: 0, alpha: 1}}})
		.png()
		.toBuffer();
	// Noise does not compress: its PNG is far more than one chunk of base64.
	const noise = await sharp(randomBytes(200 * 200 * 4, 7), {raw: {width: 200, height: 200, channels: 4}})
		.png()
		.toBuffer();
	pngs.push(
		{name: 'a red 30×20 PNG', bytes: new Uint8Array(red), width: 30, height: 20},
		{name: 'a 200×200 PNG of noise', bytes: new Uint8Array(noise), width: 200, height: 200},
	);
	assert.ok(Buffer.from(noise).toString('base64').length > 4 * CHUNK, 'the noise takes several chunks');
});

type KittyChunk = {keys: Map<string, string>; payload: string};

/** A transmission split into its APC sequences, each `ESC _G <keys> ; <payload> ESC \`; fails on anything else. */
function kittyChunks(sequence: string): KittyChunk[] {
	const chunks: KittyChunk[] = [];
	let rest = sequence;
	while (rest !== '') {
		const match = /^\u001B_G([^;\u001B]*);([^\u001B]*)\u001B\\/u.exec(rest);
		assert.ok(match, `not an APC graphics sequence: ${JSON.stringify(rest.slice(0, 80))}`);
		const [whole, keys = '', payload = ''] = match;
		chunks.push({keys: keyMap(keys, ','), payload});
		rest = rest.slice(whole.length);
	}
	return chunks;
}

/** `k=v` pairs joined by `separator`, each key once. */
function keyMap(text: string, separator: string): Map<string, string> {
	const keys = new Map<string, string>();
	for (const pair of text.split(separator)) {
		const [key = '', value] = pair.split('=');
		assert.ok(value !== undefined && !keys.has(key), `a bad or repeated key: ${JSON.stringify(pair)} in ${text}`);
		keys.set(key, value);
	}
	return keys;
}

/** Base64 back into bytes, failing on anything that is not canonical base64. */
function fromBase64(data: string): Uint8Array {
	assert.match(data, /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u, 'base64');
	return new Uint8Array(Buffer.from(data, 'base64'));
}

/** The bytes a transmission sends, after checking how it is chunked. */
function transmitted(sequence: string, id: number, cells: Cells): Uint8Array {
	const chunks = kittyChunks(sequence);
	assert.ok(chunks.length > 0);
	chunks.forEach(({keys, payload}, index) => {
		const last = index === chunks.length - 1;
		const more = last ? '0' : '1';
		const expected: Array<[string, string]> =
			index === 0
				? [
						['a', 'T'],
						['U', '1'],
						['f', '100'],
						['t', 'd'],
						['q', '2'],
						['i', String(id)],
						['c', String(cells.columns)],
						['r', String(cells.rows)],
						['m', more],
					]
				: [['m', more]];
		assert.deepEqual(keys, new Map(expected), `the keys of chunk ${index}`);
		assert.ok(payload.length <= CHUNK, `chunk ${index} is ${payload.length} characters`);
		if (!last) assert.equal(payload.length % 4, 0, `chunk ${index} ends between base64 quadruples`);
	});
	return fromBase64(chunks.map(chunk => chunk.payload).join(''));
}

describe('kittyTransmit: decode what blogread draws', () => {
	const cells: Cells = {columns: 12, rows: 4};

	it('sends a PNG whole, in chunks of at most 4096 characters, the first with the placement', async () => {
		for (const png of pngs) {
			const sequence = kittyTransmit(42, png.bytes, cells);
			const bytes = transmitted(sequence, 42, cells);
			assert.deepEqual(bytes, png.bytes, png.name);
			const metadata = await sharp(bytes).metadata();
			assert.deepEqual([metadata.format, metadata.width, metadata.height], ['png', png.width, png.height], png.name);
		}
	});

	it('sends the noise in several chunks, and the small picture in one', () => {
		const [small, noise] = pngs.map(png => kittyChunks(kittyTransmit(1, png.bytes, cells)).length);
		assert.equal(small, 1);
		assert.ok((noise ?? 0) > 4, `${noise} chunks`);
	});

	// [bytes sent, chunks]: 3072 bytes are exactly 4096 base64 characters.
	const sizes: Array<[number, number]> = [
		[0, 1],
		[1, 1],
		[3071, 1],
		[3072, 1],
		[3073, 2],
		[6144, 2],
		[6145, 3],
		[30_000, 10],
	];
	for (const [length, count] of sizes) {
		it(`${length} bytes: ${count} chunk${count === 1 ? '' : 's'}, the bytes given back`, () => {
			const bytes = randomBytes(length, length);
			const sequence = kittyTransmit(7, bytes, {columns: 3, rows: 2});
			assert.equal(kittyChunks(sequence).length, count);
			assert.deepEqual(transmitted(sequence, 7, {columns: 3, rows: 2}), bytes);
		});
	}

	it('sends only the bytes of the view it is given, not the rest of its buffer', () => {
		const buffer = randomBytes(5000, 3);
		const view = buffer.subarray(1000, 4500);
		assert.deepEqual(transmitted(kittyTransmit(9, view, cells), 9, cells), buffer.slice(1000, 4500));
	});

	for (const id of [1, 255, 0x12_34_56, 0xff_ff_ff]) {
		it(`names image ${id} in its first chunk only`, () => {
			const chunks = kittyChunks(kittyTransmit(id, pngs[1]?.bytes ?? new Uint8Array(), cells));
			assert.equal(chunks[0]?.keys.get('i'), String(id));
			assert.ok(chunks.slice(1).every(chunk => !chunk.keys.has('i')));
		});
	}
});

describe('kittyDelete', () => {
	for (const id of [1, 42, 0xff_ff_ff]) {
		it(`frees image ${id} and its placements, quietly`, () => {
			assert.equal(kittyDelete(id), `${ESC}_Ga=d,d=I,i=${id},q=2${ST}`);
		});
	}
});

type PlaceholderCell = {row: number; column: number};

/** A row of placeholder text back into the id its colour names and the row and column each cell is marked with. */
function readPlaceholderRow(text: string): {id: number; cells: PlaceholderCell[]} {
	const match = /^\u001B\[38;2;(\d{1,3});(\d{1,3});(\d{1,3})m([^\u001B]*)\u001B\[39m$/u.exec(text);
	assert.ok(match, `not a coloured row: ${JSON.stringify(text)}`);
	const [, red = '', green = '', blue = '', body = ''] = match;
	const channels = [red, green, blue].map(Number);
	assert.ok(
		channels.every(channel => channel <= 255),
		`channels ${channels.join(';')}`,
	);
	const [r = 0, g = 0, b = 0] = channels;
	const codePoints = [...body].map(character => character.codePointAt(0) ?? -1);
	assert.equal(codePoints.length % 3, 0, 'three code points a cell');
	const cells: PlaceholderCell[] = [];
	for (let at = 0; at < codePoints.length; at += 3) {
		const [cell, rowMark = -1, columnMark = -1] = codePoints.slice(at, at + 3);
		assert.equal(cell, PLACEHOLDER, 'the placeholder, U+10EEEE');
		const row = KITTY_DIACRITICS.indexOf(rowMark);
		const column = KITTY_DIACRITICS.indexOf(columnMark);
		assert.ok(row >= 0 && column >= 0, `marks U+${rowMark.toString(16)} U+${columnMark.toString(16)}`);
		cells.push({row, column});
	}
	return {id: (r << 16) | (g << 8) | b, cells};
}

describe('kittyPlaceholderRows: decode what blogread draws', () => {
	// [id, cells]
	const cases: Array<[number, Cells]> = [
		[1, {columns: 5, rows: 3}],
		[0x12_34_56, {columns: 5, rows: 3}],
		[0xff_ff_ff, {columns: 5, rows: 3}],
		[0x00_01_00, {columns: 1, rows: 1}],
		[77, {columns: 80, rows: 2}],
		[8, {columns: MAX_PLACEHOLDER_CELLS, rows: 1}],
		[9, {columns: 1, rows: MAX_PLACEHOLDER_CELLS}],
	];
	for (const [id, cells] of cases) {
		it(`image ${id.toString(16)} in ${cells.columns}×${cells.rows} cells`, () => {
			const rows = kittyPlaceholderRows(id, cells);
			assert.equal(rows.length, cells.rows);
			rows.forEach((text, row) => {
				const read = readPlaceholderRow(text);
				assert.equal(read.id, id, `the colour of row ${row} names the image`);
				assert.deepEqual(
					read.cells,
					Array.from({length: cells.columns}, (_, column) => ({row, column})),
					`row ${row}`,
				);
			});
		});
	}

	it('no rows for no cells', () => {
		assert.deepEqual(kittyPlaceholderRows(1, {columns: 5, rows: 0}), []);
	});
});

describe('throughTmux', () => {
	const sequences: Array<[string, string]> = [
		['kittyDelete', kittyDelete(5)],
		['a kitty transmission', kittyTransmit(3, randomBytes(5000, 11), {columns: 4, rows: 2})],
		['an iTerm2 image', itermImage(randomBytes(100, 12), {columns: 4, rows: 2})],
		['text with no escape', 'plain text'],
		['nothing', ''],
		['escapes side by side', `${ESC}${ESC}[0m${ESC}`],
	];
	for (const [name, sequence] of sequences) {
		it(`${name}: wrapped for tmux, every escape inside doubled, unwrapped as it was`, () => {
			const wrapped = throughTmux(sequence);
			assert.ok(wrapped.startsWith(`${ESC}Ptmux;`), 'the passthrough introducer');
			assert.ok(wrapped.endsWith(ST), 'the string terminator');
			const inside = wrapped.slice(`${ESC}Ptmux;`.length, -ST.length);
			assert.ok(!inside.replaceAll(`${ESC}${ESC}`, '').includes(ESC), 'no single escape inside');
			assert.equal(inside.replaceAll(`${ESC}${ESC}`, ESC), sequence);
		});
	}
});

describe('itermImage: decode what blogread draws', () => {
	const cellCases: Cells[] = [
		{columns: 12, rows: 4},
		{columns: 1, rows: 1},
		{columns: 80, rows: 40},
	];
	for (const cells of cellCases) {
		it(`an inline image stretched over ${cells.columns}×${cells.rows} cells, the PNG given back`, async () => {
			for (const png of pngs) {
				const sequence = itermImage(png.bytes, cells);
				const match = /^\u001B\]1337;File=([^:\u0007\u001B]*):([^\u0007\u001B]*)\u0007$/u.exec(sequence);
				assert.ok(match, `not an OSC 1337 file: ${JSON.stringify(sequence.slice(0, 80))}`);
				const [, keys = '', data = ''] = match;
				assert.deepEqual(
					keyMap(keys, ';'),
					new Map([
						['inline', '1'],
						['size', String(png.bytes.byteLength)],
						['width', String(cells.columns)],
						['height', String(cells.rows)],
						['preserveAspectRatio', '0'],
					]),
				);
				const bytes = fromBase64(data);
				assert.deepEqual(bytes, png.bytes, png.name);
				const metadata = await sharp(bytes).metadata();
				assert.deepEqual([metadata.format, metadata.width, metadata.height], ['png', png.width, png.height]);
			}
		});
	}

	it('sends only the bytes of the view it is given, and names their number', () => {
		const buffer = randomBytes(300, 5);
		const sequence = itermImage(buffer.subarray(100, 250), {columns: 2, rows: 1});
		assert.ok(sequence.includes(';size=150;'));
		assert.ok(sequence.endsWith(`:${Buffer.from(buffer.slice(100, 250)).toString('base64')}\u0007`));
	});
});

describe('KITTY_DIACRITICS', () => {
	it('has the 297 marks of the protocol, strictly ascending, from U+0305', () => {
		assert.equal(KITTY_DIACRITICS.length, 297);
		assert.equal(MAX_PLACEHOLDER_CELLS, 297);
		assert.equal(KITTY_DIACRITICS[0], 0x0305);
		for (let index = 1; index < KITTY_DIACRITICS.length; index++)
			assert.ok((KITTY_DIACRITICS[index] ?? 0) > (KITTY_DIACRITICS[index - 1] ?? 0), `at ${index}`);
	});

	it('every one is a non-spacing combining mark (Mn)', () => {
		for (const mark of KITTY_DIACRITICS)
			assert.match(String.fromCodePoint(mark), /^\p{Mn}$/u, `U+${mark.toString(16)}`);
	});

	it('none composes with a letter before it (NFC) or decomposes (NFD)', () => {
		for (const mark of KITTY_DIACRITICS) {
			const text = `a${String.fromCodePoint(mark)}`;
			assert.equal(text.normalize('NFC'), text, `U+${mark.toString(16)}`);
			assert.equal(text.normalize('NFD'), text, `U+${mark.toString(16)}`);
		}
	});

	it('a placeholder cell keeps its row and column marks in order under normalisation', () => {
		const placeholder = String.fromCodePoint(PLACEHOLDER);
		for (const row of KITTY_DIACRITICS)
			for (const column of KITTY_DIACRITICS) {
				const cell = placeholder + String.fromCodePoint(row, column);
				if (cell.normalize('NFC') !== cell || cell.normalize('NFD') !== cell)
					assert.fail(`U+${row.toString(16)} U+${column.toString(16)}`);
			}
	});
});
