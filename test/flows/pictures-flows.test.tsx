import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import stripAnsi from 'strip-ansi';
import {loadBlog} from '../../source/blog/load/load.js';
import {type GraphicsReplies, pictureGraphics} from '../../source/pictures/graphics.js';
import {PictureStore} from '../../source/pictures/picture-store.js';
import {RemotePictures} from '../../source/pictures/remote.js';
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

async function reader(pictures?: PictureStore, env?: NodeJS.ProcessEnv) {
	const blog = await loadBlog(folder, {drafts: false, env: {}});
	// As run.tsx gives it: how pictures are drawn in the app, in this environment, from the terminal's replies.
	const graphics = env ? (replies: GraphicsReplies) => pictureGraphics('auto', 'app', env, replies) : undefined;
	const app = await open({
		blog,
		theme: createTheme(3),
		...(pictures ? {pictures} : {}),
		...(graphics ? {graphics} : {}),
	});
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
		// The page is rendered again without the picture's rows, once it is known none can be drawn.
		const asLine = /Above the picture\.\n\n *\[image: A red square\] \(red\.png\)\n\n *┌─ mermaid/;
		await app.waitFor(frame => frame.includes('pictures as lines') && asLine.test(frame));
		assert.match(app.frame(), /^ pictures as lines: sharp could not be loaded: a test /m);
	});

	it('without a picture store (--images off), the picture is its line and the diagram still drawn', async () => {
		const app = await reader();
		assert.ok(!(app.lastFrame() ?? '').includes(RED));
		assert.match(app.frame(), /Above the picture\.\n\n *\[image: A red square\] \(red\.png\)\n\n *┌─ mermaid\n *│ ┌/);
	});
});

/** kitty's placeholder cell. */
const PLACEHOLDER = String.fromCodePoint(0x10_ee_ee);

/** A store that keeps what it sends to the terminal, as the app's sends it to stdout. */
function kittyStore() {
	const sent: string[] = [];
	const store = new PictureStore();
	store.sendTo(sequence => {
		sent.push(sequence);
	});
	return {store, sent};
}

/** The image id a frame's placeholder rows are coloured with (kitty reads the id from the colour). */
function placeholderId(frame: string): number | undefined {
	const colour = new RegExp(`\u001B\\[38;2;(\\d+);(\\d+);(\\d+)m${PLACEHOLDER}`).exec(frame);
	return colour ? (Number(colour[1]) << 16) | (Number(colour[2]) << 8) | Number(colour[3]) : undefined;
}

describe('pictures in kitty', () => {
	it('in kitty (TERM says so), draws placeholders in the rows kept, and sends kitty the picture once', async () => {
		const {store, sent} = kittyStore();
		const app = await reader(store, {TERM: 'xterm-kitty'});
		await app.waitFor(() => (app.lastFrame() ?? '').includes(PLACEHOLDER));
		const rows = (app.lastFrame() ?? '').split('\n').filter(line => line.includes(PLACEHOLDER));
		assert.equal(rows.length, 6, 'the rows half blocks would take');
		for (const row of rows) assert.equal([...row.matchAll(new RegExp(PLACEHOLDER, 'g'))].length, 30);
		assert.match(app.frame(), / \[image: A red square\] \(red\.png\)\n/);
		assert.ok(!(app.lastFrame() ?? '').includes(RED), 'no half blocks');
		const id = placeholderId(app.lastFrame() ?? '');
		assert.equal(sent.length > 0, true);
		assert.match(sent.join(''), new RegExp(`^\u001B_Ga=T,U=1,f=100,t=d,q=2,i=${id},c=30,r=6,`));
		// Moving on the page draws frames again: the picture is not sent again.
		const sentBefore = sent.length;
		await app.press('j', 'k');
		assert.equal(sent.length, sentBefore);
		store.release();
		assert.equal(sent.at(-1), `\u001B_Ga=d,d=I,i=${id},q=2\u001B\\`);
	});

	it('half blocks until the terminal says it is kitty, then kitty’s in its cells’ shape; types nothing', async () => {
		const {store, sent} = kittyStore();
		const app = await reader(store, {TERM: 'xterm-256color'});
		await app.waitFor(() => (app.lastFrame() ?? '').includes(RED));
		// The answers to GRAPHICS_QUERY, as the terminal sends them on stdin.
		// Its cells are 10×25 pixels, taller than the usual 1:2.
		app.stdin.write('\u001B_Gi=31;OK\u001B\\\u001B[6;25;10t\u001BP>|kitty(0.35.2)\u001B\\\u001B[?62;22c');
		await app.waitFor(() => (app.lastFrame() ?? '').includes(PLACEHOLDER));
		assert.ok(!(app.lastFrame() ?? '').includes(RED));
		// 30×12 pixels in cells two and a half times taller than wide: 30 columns, 12 / 2.5 ≈ 5 rows.
		assert.equal((app.lastFrame() ?? '').split('\n').filter(line => line.includes(PLACEHOLDER)).length, 5);
		assert.match(sent.join(''), /^\u001B_Ga=T,U=1,f=100,t=d,q=2,i=\d+,c=30,r=5,/);
		// Nothing of the answer was read as keys: the reader is as it was, no search or help open.
		assert.match(app.frame(), /Above the picture\./);
		assert.match(app.frame().split('\n').at(-1) ?? '', /^ Pictures +1-\d+\/\d+ All · \? help $/);
		store.release();
	});

	it('a terminal that speaks kitty’s protocol without its placeholders (WezTerm) keeps half blocks', async () => {
		const {store, sent} = kittyStore();
		const app = await reader(store, {TERM: 'xterm-256color'});
		await app.waitFor(() => (app.lastFrame() ?? '').includes(RED));
		app.stdin.write('\u001B_Gi=31;OK\u001B\\\u001BP>|WezTerm 20240203-110809\u001B\\\u001B[?62;4c');
		// A key after the answers: its frame is drawn with all they said.
		await app.press('j');
		assert.ok((app.lastFrame() ?? '').includes(RED));
		assert.ok(!(app.lastFrame() ?? '').includes(PLACEHOLDER));
		assert.deepEqual(sent, []);
	});

	it('inside tmux, half blocks even in kitty', async () => {
		const {store, sent} = kittyStore();
		const app = await reader(store, {TERM: 'xterm-kitty', TMUX: '/tmp/tmux-0/default,1,0'});
		await app.waitFor(() => (app.lastFrame() ?? '').includes(RED));
		assert.ok(!(app.lastFrame() ?? '').includes(PLACEHOLDER));
		assert.deepEqual(sent, []);
	});
});

describe('pictures on the web (--remote-images)', () => {
	const web = mkdtempSync(path.join(tmpdir(), 'blogread-remote-flow-'));
	const GREEN = '48;2;0;255;0';
	before(() => {
		writeFileSync(
			path.join(web, 'post.md'),
			[
				'---',
				'title: From the web',
				'date: 2026-12-01',
				'---',
				'',
				'Above.',
				'',
				'![A green picture](https://pictures.example/green.png)',
				'',
				'Below.',
			].join('\n'),
		);
	});
	after(() => {
		rmSync(web, {recursive: true, force: true});
	});

	it('shows the picture’s line at once, then fetches it and draws it in rows made for it', async () => {
		const asked: string[] = [];
		let answer: (bytes: Uint8Array) => void = () => {};
		const store = new PictureStore();
		store.drawsFetched(
			new RemotePictures(url => {
				asked.push(url);
				return new Promise(resolve => {
					answer = resolve;
				});
			}),
		);
		const blog = await loadBlog(web, {drafts: false, env: {}});
		const app = await open({blog, theme: createTheme(3), pictures: store});
		await app.resize(100, 40);
		await app.press(keys.enter);
		assert.match(app.frame(), /Above\.\n\n \[image: A green picture\] \(https:\/\/pictures\.example\/green\.png\)\n/);
		await app.waitFor(() => asked.length === 1);
		answer(
			await sharp({create: {width: 20, height: 8, channels: 3, background: '#00ff00'}})
				.png()
				.toBuffer(),
		);
		await app.waitFor(() => (app.lastFrame() ?? '').includes(GREEN));
		assert.equal((app.lastFrame() ?? '').split('\n').filter(line => line.includes(GREEN)).length, 4);
		assert.deepEqual(asked, ['https://pictures.example/green.png']);
	});

	it('says why a picture could not be fetched, under its line', async () => {
		const store = new PictureStore();
		store.drawsFetched(new RemotePictures(async () => ({problem: 'not a public address'})));
		const blog = await loadBlog(web, {drafts: false, env: {}});
		const app = await open({blog, theme: createTheme(3), pictures: store});
		await app.press(keys.enter);
		await app.waitFor(frame => frame.includes('not shown'));
		assert.match(
			app.frame(),
			/\[image: A green picture\] \(https:\/\/pictures\.example\/green\.png\) · not shown: not a public address/,
		);
	});

	it('without --remote-images, nothing is fetched: the line stays', async () => {
		const blog = await loadBlog(web, {drafts: false, env: {}});
		const app = await open({blog, theme: createTheme(3), pictures: new PictureStore()});
		await app.press(keys.enter);
		assert.match(app.frame(), / \[image: A green picture\] \(https:\/\/pictures\.example\/green\.png\)\n\n Below\./);
	});
});
