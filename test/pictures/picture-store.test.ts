import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import stripAnsi from 'strip-ansi';
import type {Cells} from '../../source/pictures/fit.js';
import {MAX_PICTURE_BYTES} from '../../source/pictures/limits.js';
import {type Drawing, type Drawn, lineWithPicture, PictureStore} from '../../source/pictures/picture-store.js';
import type {PicturePlace} from '../../source/render/picture-block.js';

const ESC = '\u001B';
const RESET = `${ESC}[0m`;
const COLOUR: Drawing = {level: 3, ascii: false};

// A blog, and a folder beside it that is not the blog's.
const top = realpathSync(mkdtempSync(path.join(tmpdir(), 'blogread-picture-store-')));
const blog = path.join(top, 'blog');
const outside = path.join(top, 'outside');
const inBlog = (name: string) => path.join(blog, name);
let fifoMissing = '';

before(async () => {
	mkdirSync(blog);
	mkdirSync(outside);
	mkdirSync(inBlog('a-folder.png'));
	const red = sharp({create: {width: 20, height: 12, channels: 3, background: '#ff0000'}}).png();
	await red.clone().toFile(inBlog('red.png'));
	await red.clone().toFile(path.join(outside, 'red.png'));
	symlinkSync(path.join(outside, 'red.png'), inBlog('link-out.png'));
	writeFileSync(inBlog('notes.png'), 'words, not pixels');
	// Larger than blogread reads, without taking the disk: a sparse file.
	writeFileSync(inBlog('huge.png'), '');
	truncateSync(inBlog('huge.png'), MAX_PICTURE_BYTES + 1);
	const made = spawnSync('mkfifo', [inBlog('fifo.png')]);
	if (made.error || made.status !== 0)
		fifoMissing = `mkfifo could not make a FIFO: ${made.error?.message ?? made.stderr}`;
});
after(() => {
	rmSync(top, {recursive: true, force: true});
});

const place = (file: string, cells: Cells = {columns: 10, rows: 3}, line = 0): PicturePlace => ({
	line,
	file,
	cells,
	prefixes: Array.from({length: cells.rows}, () => ''),
});

describe('PictureStore.draw', () => {
	it('draws a picture in as many rows as its cells have, each as wide as its columns', async () => {
		const drawn = await new PictureStore().draw(place(inBlog('red.png')), blog, COLOUR);
		assert.ok('rows' in drawn, JSON.stringify(drawn));
		assert.equal(drawn.rows.length, 3);
		assert.deepEqual(
			drawn.rows.map(row => [...stripAnsi(row)].length),
			[10, 10, 10],
		);
	});

	it('a red picture in 24-bit colour: each row spaces on red, then a reset', async () => {
		const drawn = await new PictureStore().draw(place(inBlog('red.png'), {columns: 4, rows: 2}), blog, COLOUR);
		const row = `${ESC}[0;48;2;255;0;0m    ${RESET}`;
		assert.deepEqual(drawn, {rows: [row, row]});
	});

	it('a red picture in 16 colours and ASCII: spaces on bright red', async () => {
		const drawn = await new PictureStore().draw(place(inBlog('red.png'), {columns: 3, rows: 1}), blog, {
			level: 1,
			ascii: true,
		});
		assert.deepEqual(drawn, {rows: [`${ESC}[0;101m   ${RESET}`]});
	});

	it('a terminal without colour: no rows', async () => {
		assert.deepEqual(await new PictureStore().draw(place(inBlog('red.png')), blog, {level: 0, ascii: false}), {
			rows: [],
		});
	});

	const problems: Array<[name: string, file: () => string, problem: string]> = [
		['a file outside the blog', () => path.join(outside, 'red.png'), 'outside the blog'],
		['a link in the blog to a file outside it', () => inBlog('link-out.png'), 'outside the blog'],
		['a file that is not there', () => inBlog('missing.png'), 'unreadable'],
		['a folder', () => inBlog('a-folder.png'), 'unreadable'],
		['a file that is not a picture', () => inBlog('notes.png'), 'not a picture blogread can read'],
		['a file larger than blogread reads', () => inBlog('huge.png'), 'larger than 25 MB'],
	];
	for (const [name, file, problem] of problems) {
		it(`${name}: not drawn, "${problem}"`, async () => {
			assert.deepEqual(await new PictureStore().draw(place(file()), blog, COLOUR), {problem});
		});
	}

	it('a FIFO: not drawn, and the store does not wait for a writer', async t => {
		if (fifoMissing) {
			t.skip(fifoMissing);
			return;
		}
		assert.deepEqual(await new PictureStore().draw(place(inBlog('fifo.png')), blog, COLOUR), {problem: 'unreadable'});
	});
});

describe('PictureStore: each picture drawn once', () => {
	it('the same place drawn twice: the same promise, and one drawing told', async () => {
		const store = new PictureStore();
		let told = 0;
		store.onDrawn(() => {
			told++;
		});
		const first = store.draw(place(inBlog('red.png')), blog, COLOUR);
		const second = store.draw(place(inBlog('red.png')), blog, COLOUR);
		assert.equal(first, second);
		const drawn = await first;
		assert.ok('rows' in drawn);
		assert.equal(told, 1);
		assert.equal(store.draw(place(inBlog('red.png')), blog, COLOUR), first);
		assert.equal(await store.draw(place(inBlog('red.png')), blog, COLOUR), drawn);
		assert.equal(told, 1, 'drawn again');
	});

	it('another size or colour depth is another drawing', async () => {
		const store = new PictureStore();
		const colour = store.draw(place(inBlog('red.png')), blog, COLOUR);
		const smaller = store.draw(place(inBlog('red.png'), {columns: 5, rows: 2}), blog, COLOUR);
		const fewer = store.draw(place(inBlog('red.png')), blog, {level: 2, ascii: false});
		const ascii = store.draw(place(inBlog('red.png')), blog, {level: 3, ascii: true});
		assert.equal(new Set([colour, smaller, fewer, ascii]).size, 4);
		const results = await Promise.all([colour, smaller, fewer, ascii]);
		assert.deepEqual(
			results.map(drawn => ('rows' in drawn ? drawn.rows.length : JSON.stringify(drawn))),
			[3, 2, 3, 3],
		);
		assert.notDeepEqual(results[0], results[2], '256 colours drawn as 24-bit');
	});

	it('every listener is told when a picture is drawn, and when it fails; one that stopped is not', async () => {
		const store = new PictureStore();
		const told: string[] = [];
		store.onDrawn(() => told.push('a'));
		const stop = store.onDrawn(() => told.push('b'));
		await store.draw(place(inBlog('red.png')), blog, COLOUR);
		assert.deepEqual(told, ['a', 'b']);
		stop();
		await store.draw(place(inBlog('missing.png')), blog, COLOUR);
		assert.deepEqual(told, ['a', 'b', 'a']);
	});

	it('drawnNow: nothing at first (the drawing starts), then the drawing once it is told', async () => {
		const store = new PictureStore();
		const told = new Promise<void>(resolve => store.onDrawn(resolve));
		assert.equal(store.drawnNow(place(inBlog('red.png')), blog, COLOUR), undefined);
		await told;
		const now = store.drawnNow(place(inBlog('red.png')), blog, COLOUR);
		assert.ok(now && 'rows' in now, JSON.stringify(now));
		assert.equal(now, await store.draw(place(inBlog('red.png')), blog, COLOUR));
	});

	it('an app hears only of the pictures it asked for (blogread serve’s sessions share a store)', async () => {
		const store = new PictureStore();
		const [asker, other] = [{}, {}];
		const told: string[] = [];
		const everyone = new Promise<void>(resolve => store.onDrawn(resolve));
		store.onDrawn(() => told.push('asker'), asker);
		store.onDrawn(() => told.push('other'), other);
		assert.equal(store.drawnNow(place(inBlog('red.png')), blog, COLOUR, asker), undefined);
		await everyone;
		assert.deepEqual(told, ['asker']);
	});

	it('drawnNow on a picture that fails: its problem once told', async () => {
		const store = new PictureStore();
		const told = new Promise<void>(resolve => store.onDrawn(resolve));
		assert.equal(store.drawnNow(place(inBlog('missing.png')), blog, COLOUR), undefined);
		await told;
		assert.deepEqual(store.drawnNow(place(inBlog('missing.png')), blog, COLOUR), {problem: 'unreadable'});
	});

	it('keeps the 64 pictures last asked for: the one asked for longest ago is drawn again', async () => {
		const store = new PictureStore();
		const places = Array.from({length: 65}, (_, index) => place(inBlog(`missing-${index}.png`)));
		const first = places.slice(0, 64).map(each => store.draw(each, blog, COLOUR));
		await Promise.all(first);
		// Asking for the first again makes it the newest: the second is now the oldest.
		assert.equal(store.draw(places[0] as PicturePlace, blog, COLOUR), first[0]);
		await store.draw(places[64] as PicturePlace, blog, COLOUR);
		assert.equal(store.draw(places[0] as PicturePlace, blog, COLOUR), first[0], 'the first was forgotten');
		assert.notEqual(store.draw(places[1] as PicturePlace, blog, COLOUR), first[1], 'the second was kept');
		// Drawing the second again put out the third; the fourth is still drawn.
		assert.equal(store.drawnNow(places[3] as PicturePlace, blog, COLOUR), await first[3]);
		assert.notEqual(store.draw(places[2] as PicturePlace, blog, COLOUR), first[2], 'the third was kept');
	});
});

describe('lineWithPicture', () => {
	const note = (text: string) => `<${text}>`;
	const drawnPlace: PicturePlace = {
		line: 2,
		file: 'drawn.png',
		cells: {columns: 4, rows: 4},
		prefixes: ['> ', '> ', '>> ', '> '],
	};
	const failedPlace: PicturePlace = {
		line: 10,
		file: 'failed.png',
		cells: {columns: 3, rows: 3},
		prefixes: ['  ', ' ', ''],
	};
	const failedEven: PicturePlace = {
		line: 20,
		file: 'failed.png',
		cells: {columns: 3, rows: 4},
		prefixes: ['a', 'b', 'c', 'd'],
	};
	const failedOne: PicturePlace = {line: 30, file: 'failed.png', cells: {columns: 3, rows: 1}, prefixes: ['- ']};
	const undrawn: PicturePlace = {line: 40, file: 'undrawn.png', cells: {columns: 3, rows: 2}, prefixes: ['', '']};
	const noPrefixes: PicturePlace = {line: 50, file: 'drawn.png', cells: {columns: 4, rows: 2}, prefixes: []};
	const places = [drawnPlace, failedPlace, failedEven, failedOne, undrawn, noPrefixes];
	const results: Record<string, Drawn | undefined> = {
		'drawn.png': {rows: ['row0', 'row1', 'row2', 'row3']},
		'failed.png': {problem: 'broken'},
		'undrawn.png': undefined,
	};
	const drawnOf = (candidate: PicturePlace) => results[candidate.file];
	const shown = '<· not shown: broken>';

	const cases: Array<[name: string, index: number, expected: string]> = [
		['a line before any picture: as it is', 0, 'the line'],
		['the line just before a picture: as it is', 1, 'the line'],
		['a drawn picture’s first row: its prefix, a reset, its row', 2, `> ${RESET}row0`],
		['a drawn picture’s row with its own prefix', 4, `>> ${RESET}row2`],
		['a drawn picture’s last row', 5, `> ${RESET}row3`],
		['the line just after a picture: as it is', 6, 'the line'],
		['a failed picture of three rows: the first row, its prefix alone', 10, '  '],
		['a failed picture of three rows: the middle row says why', 11, ` ${shown}`],
		['a failed picture of three rows: the last row, its prefix alone', 12, ''],
		['a failed picture of four rows: the upper middle row says why', 21, `b${shown}`],
		['a failed picture of four rows: the lower middle row does not', 22, 'c'],
		['a failed picture of one row: that row says why', 30, `- ${shown}`],
		['a picture not drawn yet: the line as it is', 40, 'the line'],
		['a picture not drawn yet, its last row: the line as it is', 41, 'the line'],
		['a drawn picture with no prefixes recorded: the reset and the row', 51, `${RESET}row1`],
	];
	for (const [name, index, expected] of cases) {
		it(`${name} (line ${index})`, () => {
			assert.equal(lineWithPicture('the line', index, places, drawnOf, note), expected);
		});
	}

	it('asks for the drawing of the picture the line is in, and of none for a line outside them', () => {
		const asked: string[] = [];
		const asking = (candidate: PicturePlace) => {
			asked.push(`${candidate.file}@${candidate.line}`);
			return drawnOf(candidate);
		};
		for (const index of [0, 3, 7, 11, 41]) lineWithPicture('the line', index, places, asking, note);
		assert.deepEqual(asked, ['drawn.png@2', 'failed.png@10', 'undrawn.png@40']);
	});
});
