import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {loadBlog} from '../../source/blog/load/load.js';
import type {Blog, Post} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {FIXTURES} from '../helpers/paths.js';
import {makePost, makePosts} from '../helpers/posts.js';

// The problems view (`!` on the list): nothing is left out of the list
// without a row there saying what and why.
const theme = createTheme(0);
const open = appOpener();
const sites = path.join(FIXTURES, 'sites');

/** The status line: the frame's last line. */
const statusOf = (frame: string) => frame.split('\n').at(-1) ?? '';

function warned(title: string, warning: string): Post {
	return {...makePost({title, date: '2024-01-01'}), warnings: [warning]};
}

describe('the problems view', () => {
	it('lists the pages a site keeps at its content root, and the section pages, with why; Esc goes back', async () => {
		const blog = await loadBlog(path.join(sites, 'hugo-flat'), {drafts: false, cache: false});
		const app = await open({blog: {...blog, root: 'hugo-flat'}, theme});
		assert.match(statusOf(app.frame()), /3 of 3 posts · 5 skipped .* All · ! why · \? help$/);

		await app.press('!');
		const frame = app.frame();
		assert.match(frame, /^Problems$/m);
		assert.match(frame, /Not posts, so not listed \(5\)/);
		assert.match(frame, /content\/about\/index\.md +site page \(the site's own, at its content root\)/);
		assert.match(frame, /content\/privacy\.md +site page/);
		assert.match(frame, /content\/_index\.md +section page/);
		assert.doesNotMatch(frame, /The first ride of the year/);

		await app.press(keys.escape);
		assert.match(app.frame(), /The first ride of the year/);
		assert.doesNotMatch(app.frame(), /Not posts/);
	});

	it('lists a repository README beside the notes, and q closes it instead of quitting', async () => {
		const blog = await loadBlog(path.join(sites, 'notes'), {drafts: false, cache: false});
		const app = await open({blog, theme});
		await app.press('!');
		assert.match(app.frame(), /README\.md +repository file/);
		assert.doesNotMatch(app.frame(), /lisbon-2023\/README\.md/);
		await app.press('q');
		assert.match(app.frame(), /Three days in Lisbon/);
		await app.press('!', '!');
		assert.match(app.frame(), /Three days in Lisbon/, '! closes it too');
	});

	it('lists unreadable folders, skipped files and posts with warnings, and scrolls through them', async () => {
		const blog: Blog = {
			root: 'mixed',
			hiddenDrafts: 0,
			posts: [warned('A post with a bad date', 'date: "next Tuesday" is not a date'), ...makePosts(3)],
			problems: ['drafts/locked: cannot read this folder (EACCES); skipped'],
			skipped: Array.from({length: 30}, (_, index) => ({
				path: `content/page-${index + 1}/_index.md`,
				reason: 'section page',
			})),
		};
		const app = await open({blog, theme});
		await app.resize(120, 24);
		assert.match(statusOf(app.frame()), /1 folder unreadable · 30 skipped · 1 post with warnings.* ! why · \? help$/);

		await app.press('!');
		let frame = app.frame();
		assert.match(
			frame,
			/Folders that could not be read \(1\)\n {2}drafts\/locked +cannot read this folder \(EACCES\); skipped/,
		);
		assert.match(frame, /content\/page-1\/_index\.md/);
		assert.doesNotMatch(frame, /Posts with warnings/, 'below the screen');
		assert.match(statusOf(frame), /Problems +Top · Esc closes/);

		await app.press('G');
		frame = app.frame();
		assert.match(frame, /Posts with warnings \(1\)\n {2}A post with a bad date +date: "next Tuesday" is not a date/);
		assert.doesNotMatch(frame, /drafts\/locked/);
		assert.match(statusOf(frame), /Bot · Esc closes/);

		await app.press('g', 'j');
		assert.doesNotMatch(app.frame(), /Folders that could not be read/, 'one line down');
		assert.match(app.frame(), /drafts\/locked/);
	});

	it('shows a file name that holds control characters, never sends them', async () => {
		const blog: Blog = {
			root: 'hostile',
			hiddenDrafts: 0,
			posts: makePosts(1),
			skipped: [{path: 'README\u001B]0;owned\u0007.md', reason: 'repository file'}],
		};
		const app = await open({blog, theme});
		await app.press('!');
		assert.match(app.frame(), /README\^\[\]0;owned\^G\.md +repository file/);
		assert.doesNotMatch(app.lastFrame() ?? '', /\u001B\]0;|\u0007/);
	});

	it('says so when nothing was left out', async () => {
		const app = await open({blog: {root: 'clean', hiddenDrafts: 0, posts: makePosts(2)}, theme});
		assert.match(statusOf(app.frame()), / All · \? help$/);
		await app.press('!');
		assert.match(app.frame(), /Nothing was left out/);
	});

	it('an empty list says files were left out, and ! shows them', async () => {
		const blog: Blog = {
			root: 'only-readme',
			hiddenDrafts: 0,
			posts: [],
			skipped: [{path: 'README.md', reason: 'repository file'}],
		};
		const app = await open({blog, theme});
		assert.match(app.frame(), /1 file or folder was left out: ! shows which, and why\./);
		await app.press('!');
		assert.match(app.frame(), /README\.md +repository file/);
	});

	it('is in the help, generated from the keymap', async () => {
		const app = await open({blog: {root: 'clean', hiddenDrafts: 0, posts: makePosts(2)}, theme});
		await app.press('?');
		assert.match(app.frame(), /! +what was left out, and why/);
	});
});
