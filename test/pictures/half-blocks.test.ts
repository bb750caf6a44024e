import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {ansi16, ansi256, halfBlockLines, type Pixels} from '../../source/pictures/half-blocks.js';
import {seededRandom as random} from '../helpers/random.js';

type Rgb = [number, number, number];
type Rgba = [number, number, number, number];
/** Half a cell as shown: a colour as its code names it (`rgb(…)`, `256:n`, `16:n`), or null, the terminal's own. */
type Shown = string | null;
type Cell = {top: Shown; bottom: Shown};

const ESC = '\u001B';
const RED: Rgb = [255, 0, 0];
const BLUE: Rgb = [0, 0, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** Pixels from rows of colours (opaque) or RGBA quadruples. */
function pixels(rows: ReadonlyArray<ReadonlyArray<Rgb | Rgba>>): Pixels {
	const height = rows.length;
	const width = rows[0]?.length ?? 0;
	const rgba = new Uint8Array(width * height * 4);
	rows.forEach((row, y) => {
		assert.equal(row.length, width, 'every row as wide');
		row.forEach((pixel, x) => {
			rgba.set(pixel.length === 4 ? pixel : [...pixel, 255], (y * width + x) * 4);
		});
	});
	return {width, height, rgba};
}

/** A picture of random colours, with runs of one colour, flat pairs and some (half-)transparent pixels. */
function randomPicture(width: number, height: number, seed: number): Pixels {
	const next = random(seed);
	const byte = () => Math.floor(next() * 256);
	const rgba = new Uint8Array(width * height * 4);
	for (let at = 0; at < rgba.length; at += 4) {
		const roll = next();
		if (roll < 0.2 && at >= 4)
			rgba.copyWithin(at, at - 4, at); // the same as the pixel before
		else if (roll < 0.3 && at >= width * 4)
			rgba.copyWithin(at, at - width * 4, at - width * 4 + 4); // as above
		else rgba.set([byte(), byte(), byte(), [0, 127, 128, 255, 255, 255][Math.floor(next() * 6)] ?? 255], at);
	}
	return {width, height, rgba};
}

/** The colour a pixel shows at `level`, as the decoder below names it, or null where it is transparent. */
function expectedShown(picture: Pixels, x: number, y: number, level: 1 | 2 | 3): Shown {
	if (y >= picture.height) return null;
	const at = (y * picture.width + x) * 4;
	const [r = 0, g = 0, b = 0, a = 0] = picture.rgba.subarray(at, at + 4);
	if (a < 128) return null;
	return named([r, g, b], level);
}

function named(colour: Rgb, level: 1 | 2 | 3): string {
	if (level === 3) return `rgb(${colour.join(',')})`;
	if (level === 2) return `256:${ansi256(colour)}`;
	return `16:${ansi16(colour)}`;
}

/** The SGR parameters after the leading 0 as the colours they set. */
function applyCodes(parameters: number[], state: {fg: Shown; bg: Shown}): void {
	for (let index = 0; index < parameters.length; ) {
		const code = parameters[index] ?? -1;
		const target = code === 38 || (code >= 30 && code <= 37) || (code >= 90 && code <= 97) ? 'fg' : 'bg';
		if (code === 38 || code === 48) {
			const kind = parameters[index + 1];
			if (kind === 2) {
				const channels = parameters.slice(index + 2, index + 5);
				assert.ok(channels.length === 3 && channels.every(value => value >= 0 && value <= 255), 'rgb channels');
				state[target] = `rgb(${channels.join(',')})`;
				index += 5;
			} else if (kind === 5) {
				const colour = parameters[index + 2] ?? -1;
				assert.ok(colour >= 0 && colour <= 255, `256-colour index ${colour}`);
				state[target] = `256:${colour}`;
				index += 3;
			} else assert.fail(`unknown colour kind ${kind}`);
		} else if ((code >= 30 && code <= 37) || (code >= 40 && code <= 47)) {
			state[target] = `16:${code % 10}`;
			index += 1;
		} else if ((code >= 90 && code <= 97) || (code >= 100 && code <= 107)) {
			state[target] = `16:${(code % 10) + 8}`;
			index += 1;
		} else assert.fail(`unexpected SGR parameter ${code}`);
	}
}

/**
 * A drawn line back into its cells: each SGR sequence starts from a reset (`ESC[0;…m`) or is a
 * reset (`ESC[0m`); ▀ is the foreground over the background, ▄ the background over the foreground,
 * a space the background in both halves. Fails on anything else, on a sequence that does not
 * change what is set, and on a line that ends with a colour still set.
 */
function decodeLine(line: string): Cell[] {
	const cells: Cell[] = [];
	const state: {fg: Shown; bg: Shown} = {fg: null, bg: null};
	let current = '';
	for (const [token, parameters] of line.matchAll(/\u001B\[([0-9;]*)m|[^\u001B]|\u001B/gu)) {
		if (parameters !== undefined) {
			assert.notEqual(parameters, current, `a code written again though it did not change: ${JSON.stringify(line)}`);
			if (parameters === '0') {
				assert.notEqual(current, '', 'a reset where nothing was set');
				state.fg = null;
				state.bg = null;
			} else {
				assert.ok(parameters.startsWith('0;'), `a code that does not start from a reset: ${parameters}`);
				state.fg = null;
				state.bg = null;
				applyCodes(parameters.slice(2).split(';').map(Number), state);
			}
			current = parameters === '0' ? '' : parameters;
		} else if (token === '▀') {
			assert.ok(state.fg !== null, 'an upper half block in no colour');
			cells.push({top: state.fg, bottom: state.bg});
		} else if (token === '▄') {
			assert.ok(state.fg !== null, 'a lower half block in no colour');
			cells.push({top: state.bg, bottom: state.fg});
		} else if (token === ' ') {
			cells.push({top: state.bg, bottom: state.bg});
		} else assert.fail(`unexpected character ${JSON.stringify(token)} in ${JSON.stringify(line)}`);
	}
	assert.equal(current, '', `the line ends with a colour set: ${JSON.stringify(line)}`);
	return cells;
}

/** What each cell of the picture should show at `level`: row by row, top and bottom pixel. */
function expectedCells(picture: Pixels, level: 1 | 2 | 3): Cell[][] {
	const rows: Cell[][] = [];
	for (let y = 0; y < picture.height; y += 2) {
		rows.push(
			Array.from({length: picture.width}, (_, x) => ({
				top: expectedShown(picture, x, y, level),
				bottom: expectedShown(picture, x, y + 1, level),
			})),
		);
	}
	return rows;
}

const visibleWidth = (line: string) => [...stripAnsi(line)].length;

describe('halfBlockLines: the picture read back from its lines', () => {
	const pictures: Array<[name: string, picture: Pixels]> = [
		['a 23×14 random picture', randomPicture(23, 14, 1)],
		['a 17×9 random picture (odd height: the last row has no bottom pixels)', randomPicture(17, 9, 2)],
		['a 1×1 picture', randomPicture(1, 1, 3)],
		['a 40×31 random picture', randomPicture(40, 31, 4)],
	];
	for (const [name, picture] of pictures) {
		it(`${name}: 24-bit colour gives back every pixel exactly`, () => {
			const lines = halfBlockLines(picture, 3);
			assert.deepEqual(lines.map(decodeLine), expectedCells(picture, 3));
		});

		for (const level of [2, 1] as const) {
			it(`${name}: at ${level === 2 ? 256 : 16} colours each pixel is its nearest palette colour`, () => {
				const lines = halfBlockLines(picture, level);
				assert.deepEqual(lines.map(decodeLine), expectedCells(picture, level));
			});
		}

		it(`${name}: one line per two pixel rows, each a character per pixel column`, () => {
			for (const level of [1, 2, 3] as const) {
				for (const ascii of [false, true]) {
					const lines = halfBlockLines(picture, level, ascii);
					assert.equal(lines.length, Math.ceil(picture.height / 2));
					assert.deepEqual(
						lines.map(visibleWidth),
						lines.map(() => picture.width),
					);
				}
			}
		});
	}

	it('a picture with no pixels is no lines', () => {
		assert.deepEqual(halfBlockLines({width: 0, height: 0, rgba: new Uint8Array(0)}, 3), []);
	});
});

describe('halfBlockLines: what is written', () => {
	const cases: Array<[name: string, picture: Pixels, level: 1 | 2 | 3, expected: string[]]> = [
		[
			'red over blue: an upper half block, red on blue',
			pixels([[RED], [BLUE]]),
			3,
			[`${ESC}[0;38;2;255;0;0;48;2;0;0;255m▀${ESC}[0m`],
		],
		[
			'a flat run: spaces on its colour, the code written once',
			pixels([
				[RED, RED, RED, RED],
				[RED, RED, RED, RED],
			]),
			3,
			[`${ESC}[0;48;2;255;0;0m    ${ESC}[0m`],
		],
		['red over blue in 256 colours', pixels([[RED], [BLUE]]), 2, [`${ESC}[0;38;5;196;48;5;21m▀${ESC}[0m`]],
		[
			'two reds alike in 256 colours: a space on that red',
			pixels([[RED], [[250, 10, 10]]]),
			2,
			[`${ESC}[0;48;5;196m ${ESC}[0m`],
		],
		['bright red over black in 16 colours', pixels([[RED], [[0, 0, 0]]]), 1, [`${ESC}[0;91;40m▀${ESC}[0m`]],
		['dark red over blue in 16 colours', pixels([[[205, 0, 0]], [[0, 0, 238]]]), 1, [`${ESC}[0;31;44m▀${ESC}[0m`]],
		[
			'a transparent top: a lower half block in the bottom colour',
			pixels([[CLEAR], [BLUE]]),
			3,
			[`${ESC}[0;38;2;0;0;255m▄${ESC}[0m`],
		],
		[
			'a transparent bottom: an upper half block, no background',
			pixels([[RED], [CLEAR]]),
			3,
			[`${ESC}[0;38;2;255;0;0m▀${ESC}[0m`],
		],
		['both halves transparent: a plain space, no code at all', pixels([[CLEAR], [CLEAR]]), 3, [' ']],
		[
			'a transparent cell between two red ones: the colour reset for it, then set again',
			pixels([[RED, CLEAR, RED]]),
			3,
			[`${ESC}[0;38;2;255;0;0m▀${ESC}[0m ${ESC}[0;38;2;255;0;0m▀${ESC}[0m`],
		],
		[
			'a line ending in transparent cells ends with the reset before them, not another',
			pixels([[RED, CLEAR, CLEAR]]),
			3,
			[`${ESC}[0;38;2;255;0;0m▀${ESC}[0m  `],
		],
		[
			'alpha 127 is transparent, alpha 128 is drawn',
			pixels([[[255, 0, 0, 127]], [[0, 0, 255, 128]]]),
			3,
			[`${ESC}[0;38;2;0;0;255m▄${ESC}[0m`],
		],
		[
			'an odd last row: the bottom halves of its cells are empty',
			pixels([[RED], [RED], [BLUE]]),
			3,
			[`${ESC}[0;48;2;255;0;0m ${ESC}[0m`, `${ESC}[0;38;2;0;0;255m▀${ESC}[0m`],
		],
	];
	for (const [name, picture, level, expected] of cases) {
		it(name, () => {
			assert.deepEqual(halfBlockLines(picture, level), expected);
		});
	}

	it('colour level 0: nothing is drawn', () => {
		assert.deepEqual(halfBlockLines(pixels([[RED], [BLUE]]), 0), []);
		assert.deepEqual(halfBlockLines(randomPicture(8, 8, 5), 0, true), []);
	});
});

describe('halfBlockLines in ASCII: spaces on the mean colour of each cell', () => {
	it('red over blue is a space on their mean', () => {
		assert.deepEqual(halfBlockLines(pixels([[RED], [BLUE]]), 3, true), [`${ESC}[0;48;2;127;0;127m ${ESC}[0m`]);
	});

	it('a half-transparent cell is a space on its one colour; a transparent cell a plain space', () => {
		assert.deepEqual(halfBlockLines(pixels([[CLEAR, RED, CLEAR]]), 3, true), [` ${ESC}[0;48;2;255;0;0m ${ESC}[0m `]);
		assert.deepEqual(halfBlockLines(pixels([[CLEAR], [BLUE]]), 3, true), [`${ESC}[0;48;2;0;0;255m ${ESC}[0m`]);
	});

	for (const level of [1, 2, 3] as const) {
		it(`a random picture at level ${level}: every cell is a space on the nearest colour to its pixels' mean`, () => {
			const picture = randomPicture(19, 11, 6 + level);
			const lines = halfBlockLines(picture, level, true);
			assert.ok(
				lines.every(line => /^ *$/.test(stripAnsi(line))),
				'spaces only',
			);
			const expected: Cell[][] = [];
			for (let y = 0; y < picture.height; y += 2) {
				expected.push(
					Array.from({length: picture.width}, (_, x) => {
						const top = rgbaAt(picture, x, y);
						const bottom = rgbaAt(picture, x, y + 1);
						const shownColour: Rgb | undefined =
							top && bottom
								? [
										Math.floor((top[0] + bottom[0]) / 2),
										Math.floor((top[1] + bottom[1]) / 2),
										Math.floor((top[2] + bottom[2]) / 2),
									]
								: (top ?? bottom);
						const shown = shownColour ? named(shownColour, level) : null;
						return {top: shown, bottom: shown};
					}),
				);
			}
			assert.deepEqual(lines.map(decodeLine), expected);
		});
	}
});

function rgbaAt(picture: Pixels, x: number, y: number): Rgb | undefined {
	if (y >= picture.height) return undefined;
	const at = (y * picture.width + x) * 4;
	const [r = 0, g = 0, b = 0, a = 0] = picture.rgba.subarray(at, at + 4);
	return a < 128 ? undefined : [r, g, b];
}

/** xterm's 256 colours from 16 on: the 6×6×6 cube, then 24 greys. */
const XTERM_256: Rgb[] = (() => {
	const levels = [0, 95, 135, 175, 215, 255];
	const colours: Rgb[] = [];
	for (const r of levels) for (const g of levels) for (const b of levels) colours.push([r, g, b]);
	for (let index = 0; index < 24; index++) colours.push([8 + index * 10, 8 + index * 10, 8 + index * 10]);
	return colours;
})();

const distance = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

describe('ansi256', () => {
	const cases: Array<[name: string, colour: Rgb, index: number]> = [
		['pure red', [255, 0, 0], 196],
		['pure green', [0, 255, 0], 46],
		['pure blue', [0, 0, 255], 21],
		['yellow', [255, 255, 0], 226],
		['black, which the cube has', [0, 0, 0], 16],
		['white, which the cube has', [255, 255, 255], 231],
		['the darkest grey of the ramp', [8, 8, 8], 232],
		['a middle grey, on the ramp', [128, 128, 128], 244],
		['a near-black grey, on the ramp', [18, 18, 18], 233],
		['the lightest grey of the ramp', [238, 238, 238], 255],
		['a cube colour exactly', [95, 135, 175], 67],
		['a colour between cube levels goes to the nearer', [100, 140, 170], 67],
		['a greyish colour nearer the ramp than the cube', [60, 62, 61], 237],
	];
	for (const [name, colour, index] of cases) {
		it(`${name}: [${colour.join(', ')}] → ${index}`, () => {
			assert.equal(ansi256(colour), index);
		});
	}

	it("a pure grey is drawn as a grey: from the ramp (232–255), unless one of the cube's own greys is as near", () => {
		for (let value = 0; value <= 255; value++) {
			const index = ansi256([value, value, value]);
			const chosen = XTERM_256[index - 16];
			assert.ok(chosen && chosen[0] === chosen[1] && chosen[1] === chosen[2], `${value} → ${index}, not a grey`);
			if (index >= 232) continue;
			const ramp = Math.min(...Array.from({length: 24}, (_, step) => Math.abs(value - (8 + step * 10))));
			assert.ok(Math.abs(value - chosen[0]) <= ramp, `${value} → ${index}, though the ramp has a nearer grey`);
		}
	});

	it('is never farther from the colour than the nearest of the 240 colours it picks from', () => {
		const next = random(7);
		const colours: Rgb[] = [];
		for (let value = 0; value < 256; value++)
			colours.push([value, value, value], [value, 0, 0], [0, value, 255 - value]);
		for (let count = 0; count < 5000; count++) {
			colours.push([Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)]);
		}
		for (const colour of colours) {
			const index = ansi256(colour);
			assert.ok(index >= 16 && index <= 255, `${colour} → ${index}`);
			const chosen = XTERM_256[index - 16];
			assert.ok(chosen);
			const best = Math.min(...XTERM_256.map(candidate => distance(candidate, colour)));
			assert.equal(distance(chosen, colour), best, `[${colour.join(', ')}] → ${index}`);
		}
	});
});

describe('ansi16', () => {
	const cases: Array<[name: string, colour: Rgb, index: number]> = [
		['black', [0, 0, 0], 0],
		["xterm's red", [205, 0, 0], 1],
		['a dark green', [0, 180, 0], 2],
		["xterm's blue", [0, 0, 238], 4],
		['light grey', [200, 200, 200], 7],
		['middle grey: bright black', [128, 128, 128], 8],
		['pure red: bright red', [255, 0, 0], 9],
		['pure green: bright green', [0, 255, 0], 10],
		['pure yellow: bright yellow', [255, 255, 0], 11],
		['a light blue: bright blue', [100, 100, 250], 12],
		['pure magenta: bright magenta', [255, 0, 255], 13],
		['pure cyan: bright cyan', [0, 255, 255], 14],
		['white', [255, 255, 255], 15],
	];
	for (const [name, colour, index] of cases) {
		it(`${name}: [${colour.join(', ')}] → ${index}`, () => {
			assert.equal(ansi16(colour), index);
		});
	}
});
