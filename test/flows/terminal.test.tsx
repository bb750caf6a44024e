import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog, Post} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {bodyOf, makePost} from '../helpers/posts.js';

const blog: Blog = {
	root: 'blog',
	hiddenDrafts: 0,
	posts: [
		makePost({title: 'First post', date: '2025-02-02', tags: ['go']}, 'Body of the first post.'),
		makePost({title: 'Second post', date: '2025-01-01', tags: ['rust']}, 'Body of the second post.'),
	],
};

const open = appOpener();

describe('any terminal', () => {
	it('says "terminal too small" below 20x5, and recovers when it grows', async () => {
		const app = await open({blog, theme: createTheme(0)});
		await app.resize(19, 10);
		assert.match(app.frame(), /^Terminal too small\n\(19x10\); blogread/);
		await app.resize(40, 4);
		assert.match(app.frame(), /^Terminal too small \(40x4\); blogread\nneeds 20x5\./);
		await app.resize(40, 10);
		assert.match(app.frame(), /First post/);
	});

	it('without colour, shows the selection with a marker and inverse video, and nothing else', async () => {
		const app = await open({blog, theme: createTheme(0, 'dark', {inverseWithoutColor: true})});
		const raw = app.lastFrame() ?? '';
		const selected = raw.split('\n')[0] ?? '';
		assert.ok(selected.startsWith('› \u001B[7m'), JSON.stringify(selected));
		const codes = [...raw.matchAll(/\u001B\[([\d;]*)m/g)].map(match => match[1]);
		assert.ok(
			codes.every(code => code === '7' || code === '27'),
			`only inverse: ${codes.join(' ')}`,
		);
	});

	it('centres the reading column when asked', async () => {
		const app = await open({blog, theme: createTheme(0), center: true, maxWidth: 40});
		await app.press(keys.enter);
		assert.match(app.frame(), /^ {30}First post$/m);
	});

	it('e opens the post in the editor and shows it re-read', async () => {
		const edited: Post[] = [];
		const onEdit = async (post: Post) => {
			const changed = makePost(
				{title: post.title, date: post.date},
				`${bodyOf(post)}\n\nA line added in the editor.`,
				post.path,
			);
			edited.push(changed);
			return changed;
		};

		const app = await open({blog, theme: createTheme(0), host: {edit: onEdit}});
		await app.press(keys.enter, 'e');
		await app.waitFor(frame => frame.includes('A line added in the editor.'));
		assert.match(app.frame(), /re-read first-post\.md after editing/);
		assert.equal(edited.length, 1);
	});

	it('says so when no editor could be run, and keeps the post as it was', async () => {
		const missing = async () => {
			throw new Error('could not run the editor "no-such-editor" (set VISUAL or EDITOR)');
		};

		const app = await open({blog, theme: createTheme(0), host: {edit: missing}});
		await app.press(keys.enter, 'e');
		assert.match(app.frame(), /could not run the editor "no-such-editor"/);
		assert.match(app.frame(), /^ First post$/m);
	});

	it('Ctrl-Z suspends through the host and redraws when continued', async () => {
		let suspended = 0;
		const app = await open({blog, theme: createTheme(0), host: {suspend: async () => void suspended++}});
		await app.press('j', '\u001A');
		assert.equal(suspended, 1);
		assert.match(app.frame(), /^› \S+ +Second post/m, 'the same screen, drawn again');
	});
});

describe('translations and site layouts', () => {
	it('L switches the open post to its next translation, and the status line names the layout', async () => {
		const english = {
			...makePost({title: 'Hello', date: '2024-01-01', lang: 'en'}, 'English body.', 'hello.en.md'),
			languages: ['en', 'fr'],
		};
		const french = {
			...makePost({title: 'Bonjour', date: '2024-01-01', lang: 'fr'}, 'Corps en français.', 'hello.fr.md'),
			languages: ['en', 'fr'],
		};
		const translations = new Map([
			[english.path, [english, french]],
			[french.path, [english, french]],
		]);
		const app = await open({
			blog: {root: 'site', hiddenDrafts: 0, posts: [english], translations, layout: 'Hugo: content/posts'},
			theme: createTheme(0),
		});
		assert.match(app.frame(), /site \(Hugo: content\/posts\) · 1 of 1 posts/);
		assert.match(app.frame(), /Hello \[en fr\]/);
		await app.press(keys.enter);
		assert.match(app.frame(), /en \(also fr: L\)/);
		await app.press('L');
		await app.waitFor(frame => frame.includes('Corps en français.'));
		assert.match(app.frame(), /^ Bonjour$/m);
		await app.press('q');
		assert.match(app.frame(), /Bonjour \[en fr\]/, 'the list shows the language being read');
	});
});

describe('what the review found', () => {
	it('Q quits even while help is open', async () => {
		const app = await open({blog, theme: createTheme(0)});
		await app.press('?', 'Q');
		const before = app.frame();
		await app.press('j');
		assert.equal(app.frame(), before, 'no longer taking keys');
	});

	it('shrinking the window keeps the picker cursor on screen', async () => {
		const many: Blog = {
			root: 'b',
			hiddenDrafts: 0,
			posts: Array.from({length: 30}, (_, index) =>
				makePost({title: `Post ${index}`, date: '2024-01-01', tags: [`tag${String(index).padStart(2, '0')}`]}),
			),
		};
		const app = await open({blog: many, theme: createTheme(0)});
		await app.press('t', ...Array.from({length: 25}, () => 'j'));
		assert.match(app.frame(), /^› \[ \] #tag25/m);
		await app.resize(100, 8);
		assert.match(app.frame(), /^› \[ \] #tag25/m);
	});
});
