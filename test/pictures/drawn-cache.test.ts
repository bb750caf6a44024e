import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import {DrawnCache, type DrawnKey, KEPT_PICTURES} from '../../source/pictures/drawn-cache.js';
import {PictureStore} from '../../source/pictures/picture-store.js';
import type {PicturePlace} from '../../source/render/picture-block.js';

const home = mkdtempSync(path.join(tmpdir(), 'blogread-drawn-cache-'));
const env = {XDG_CACHE_HOME: path.join(home, 'cache')};
const blog = path.join(home, 'blog');
const picture = path.join(blog, 'red.png');
const folder = path.join(home, 'cache', 'blogread', 'pictures');

before(async () => {
	mkdirSync(blog);
	await sharp({create: {width: 6, height: 4, channels: 3, background: '#ff0000'}})
		.png()
		.toFile(picture);
});
after(() => {
	rmSync(home, {recursive: true, force: true});
});

const cells = {columns: 6, rows: 2};
const keyOf = (more: Partial<DrawnKey> = {}): DrawnKey => ({
	file: picture,
	stat: statSync(picture),
	cells,
	drawing: '3u',
	...more,
});
const rows = ['\u001B[0;48;2;255;0;0m      \u001B[0m', '\u001B[0;48;2;255;0;0m      \u001B[0m'];

describe('pictures kept as drawn, between runs', () => {
	it('gives back what it kept, for the same file, cells and colours only', () => {
		const cache = DrawnCache.open(env);
		assert.ok(cache);
		cache.write(keyOf(), rows);
		assert.deepEqual(cache.read(keyOf()), rows);
		assert.equal(cache.read(keyOf({cells: {columns: 3, rows: 1}})), undefined, 'other cells');
		assert.equal(cache.read(keyOf({drawing: '2u'})), undefined, 'other colours');
		assert.equal(cache.read(keyOf({stat: {...statSync(picture), mtimeMs: 1}})), undefined, 'the file changed');
	});

	it('reads back only rows blogread could have drawn: no other sequence, the right number of rows', () => {
		const cache = DrawnCache.open(env);
		assert.ok(cache);
		for (const [name, kept] of [
			['a title sequence', ['\u001B]0;pwned\u0007      ', '      ']],
			['a cursor move', ['\u001B[2J      ', '      ']],
			['text', ['hello', '      ']],
			['a row short', ['      ']],
		] as const) {
			cache.write(keyOf(), kept);
			assert.equal(cache.read(keyOf()), undefined, name);
		}
	});

	it(`keeps ${KEPT_PICTURES} pictures at most`, () => {
		const cache = DrawnCache.open(env);
		assert.ok(cache);
		for (let index = 0; index < KEPT_PICTURES + 5; index++) cache.write(keyOf({drawing: `test ${index}`}), rows);
		assert.equal(readdirSync(folder).filter(name => name.endsWith('.txt')).length, KEPT_PICTURES);
	});

	it('a new run draws a picture kept before without decoding it', async () => {
		const place: PicturePlace = {line: 0, file: picture, cells, prefixes: ['', '']};
		const drawing = {level: 3 as const, ascii: false};
		const first = await new PictureStore(undefined, DrawnCache.open(env)).draw(place, blog, drawing);
		assert.ok('rows' in first);
		// No decoder in the next run: the picture comes from the cache, or not at all.
		const noDecoder = async () => ({off: 'no decoder in this test'});
		const again = await new PictureStore(noDecoder, DrawnCache.open(env)).draw(place, blog, drawing);
		assert.deepEqual(again, first);
		writeFileSync(picture, 'changed: not a picture any more');
		const changed = await new PictureStore(noDecoder, DrawnCache.open(env)).draw(place, blog, drawing);
		assert.deepEqual(changed, {problem: 'no decoder in this test'});
	});
});
