import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../../source/blog/load/load.js';
import {PictureStore} from '../../source/pictures/picture-store.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';

// A post with a picture and a diagram, read as a person reads it: the picture fills in its rows, `i`
// shows both as text and back.
const folder = mkdtempSync(path.join(tmpdir(), 'blogread-pictures-flow-'));
/** The SGR background of the red picture's cells, as half-blocks.ts writes it in 24-bit colour. */
const RED = '48;2;255;0;0';

before(async () => {
	await sharp({create: {width: 30, height: 12, channels: 3, background: '#ff0000'}})
		.png()
		.toFile(path.join(folder, 'red.png'));
	writeFileSync(
		path.join(folder, 'post.md'),
		[
			'---',
			'title: Pictures',
			'date: 2026-11-30',
			'---',
			'',
			'Above the picture.',
			'',
			'![A red square](red.png)',
			'',
			'```mermaid',
			'graph LR',
			'  Write --> Publish',
			'```',
			'',
			'Below the diagram.',
		].join('\n'),
	);
});
after(() => {
	rmSync(folder, {recursive: true, force: true});
});

const open = appOpener();

async function reader(pictures?: PictureStore) {
	const blog = await loadBlog(folder, {drafts: false, env: {}});
	const app = await open({blog, theme: createTheme(3), ...(pictures ? {pictures} : {})});
	await app.resize(100, 40);
	await app.press(keys.enter);
	return app;
}

describe('pictures in the reader', () => {
	it('fills the picture into the rows kept for it, its line under it, and draws the diagram', async () => {
		const app = await reader(new PictureStore());
		await app.waitFor(() => (app.lastFrame() ?? '').includes(RED));
		const rows = (app.lastFrame() ?? '').split('\n').filter(line => line.includes(RED));
		// 30×12 pixels: 6 rows of two pixels, 30 cells each.
		assert.equal(rows.length, 6);
		// A flat colour is drawn as spaces on it: the reader's margin, then 30 red cells.
		assert.ok(
			rows.every(row => stripAnsi(row) === ' '.repeat(31)),
			JSON.stringify(rows.map(row => stripAnsi(row))),
		);
		const frame = app.frame();
		assert.match(frame, /Above the picture\.\n\n(?: {31}\n){6} \[image: A red square\] \(red\.png\)\n/);
		assert.match(frame, /┌─ mermaid\n *│ ┌/);
		assert.match(frame, /│ Write ├─+►│ Publish │/);
	});

	it('i shows the picture’s line and the diagram’s source, and i again draws them', async () => {
		const app = await reader(new PictureStore());
		await app.waitFor(() => (app.lastFrame() ?? '').includes(RED));
		await app.press('i');
		assert.ok(!(app.lastFrame() ?? '').includes(RED), 'no picture');
		assert.match(
			app.frame(),
			/Above the picture\.\n\n *\[image: A red square\] \(red\.png\)\n\n *┌─ mermaid\n *│ graph LR/,
		);
		assert.match(app.frame(), /pictures and diagrams as text/);
		await app.press('i');
		await app.waitFor(() => (app.lastFrame() ?? '').includes(RED));
		assert.match(app.frame(), /│ Write ├─+►│ Publish │/);
	});

	it('where no picture can be decoded, says why once and shows the picture as its line', async () => {
		const off = new PictureStore(async () => ({off: 'sharp could not be loaded: a test'}));
		const app = await reader(off);
		await app.waitFor(frame => frame.includes('pictures as lines'));
		assert.match(app.frame(), /^ pictures as lines: sharp could not be loaded: a test /m);
		assert.match(app.frame(), /Above the picture\.\n\n *\[image: A red square\] \(red\.png\)\n\n *┌─ mermaid/);
	});

	it('without a picture store (--images off), the picture is its line and the diagram still drawn', async () => {
		const app = await reader();
		assert.ok(!(app.lastFrame() ?? '').includes(RED));
		assert.match(app.frame(), /Above the picture\.\n\n *\[image: A red square\] \(red\.png\)\n\n *┌─ mermaid\n *│ ┌/);
	});
});
