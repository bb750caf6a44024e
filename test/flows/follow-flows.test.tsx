import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {loadBlog} from '../../source/blog/load/load.js';
import type {Blog, Post} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import type {FirstRead} from '../../source/ui/hooks/use-follow.js';
import {appOpener, keys} from '../helpers/ink.js';

// The app on a real folder with its watcher running: files change under it as an editor would change them.
const theme = createTheme(0);
const temporary = mkdtempSync(path.join(tmpdir(), 'blogread-follow-flows-'));
after(() => {
	rmSync(temporary, {recursive: true, force: true});
});

const paragraphs = (word: string, count: number) =>
	Array.from({length: count}, (_, index) => `Paragraph ${index + 1} of ${word}.`).join('\n\n');
const post = (title: string, date: string, body: string) => `---\ntitle: ${title}\ndate: ${date}\n---\n\n${body}\n`;

let blogs = 0;
async function openBlog() {
	const root = path.join(temporary, String(++blogs));
	mkdirSync(root, {recursive: true});
	writeFileSync(path.join(root, 'alpha.md'), post('Alpha', '2024-03-01', paragraphs('alpha', 40)));
	writeFileSync(path.join(root, 'beta.md'), post('Beta', '2024-02-01', 'Beta body.'));
	writeFileSync(path.join(root, 'gamma.md'), post('Gamma', '2024-01-01', 'Gamma body.'));
	const load = () => loadBlog(root, {drafts: false, cache: false});
	const app = await appOpener()({blog: await load(), theme, follow: {target: root, reload: load}});
	const write = (name: string, text: string) => {
		writeFileSync(path.join(root, name), text);
	};
	// Written back, then removed: each round is an event, though the first may come before the watches.
	const remove = (name: string, text: string) => {
		write(name, text);
		rmSync(path.join(root, name));
	};

	return {app, root, write, remove};
}

/** Each file change is written again until the app shows it: the watches start just after the first frame. */
async function changeUntil(
	app: Awaited<ReturnType<typeof openBlog>>['app'],
	change: () => void,
	shows: (frame: string) => boolean,
) {
	for (let round = 0; round < 50 && !shows(app.frame()); round++) {
		change();
		await app.waitFor(shows, 200).catch(() => {});
	}

	assert.ok(shows(app.frame()), `not shown; last frame:\n${app.frame()}`);
}

describe('following the files: what the app shows as they change', () => {
	it('a post added appears in the list; the selection stays on the post it was on', async () => {
		const {app, write} = await openBlog();
		await app.press('j');
		await changeUntil(
			app,
			() => write('delta.md', post('Delta', '2024-04-01', 'New.')),
			frame => frame.includes('Delta'),
		);
		assert.match(app.frame(), /› 2024-02-01 +Beta/);
		assert.match(app.frame(), /4 of 4 posts/);
	});

	it('the selected post removed: the one now in its place is selected', async () => {
		const {app, remove} = await openBlog();
		await app.press('j');
		await changeUntil(
			app,
			() => remove('beta.md', post('Beta', '2024-02-01', 'Beta body.')),
			frame => !frame.includes('Beta'),
		);
		assert.match(app.frame(), /› 2024-01-01 +Gamma/);
	});

	it('the open post edited: read again in place, on the same text', async () => {
		const {app, write} = await openBlog();
		await app.press(keys.enter, ...Array.from({length: 20}, () => 'j'));
		const top = /^ Paragraph (\d+) of alpha\./m.exec(app.frame())?.[1];
		assert.ok(top !== undefined && Number(top) > 5, 'scrolled into the post');
		await changeUntil(
			app,
			() => write('alpha.md', post('Alpha', '2024-03-01', paragraphs('ALPHA EDITED', 40))),
			frame => frame.includes('ALPHA EDITED'),
		);
		assert.match(app.frame(), new RegExp(`^ Paragraph ${top} of ALPHA EDITED\\.`, 'm'), 'the same paragraph is on top');
	});

	it('the open post deleted: the reader says so; it comes back with its file', async () => {
		const {app, write, remove} = await openBlog();
		await app.press('j', keys.enter);
		await changeUntil(
			app,
			() => remove('beta.md', post('Beta', '2024-02-01', 'Beta body.')),
			frame => frame.includes('deleted'),
		);
		assert.match(app.frame(), /"Beta" was deleted \(beta\.md is no longer there\)/);
		assert.match(app.frame(), /Beta · deleted on disk/);
		await changeUntil(
			app,
			() => write('beta.md', post('Beta', '2024-02-01', 'Beta is back.')),
			frame => frame.includes('Beta is back.'),
		);
		await app.press('q');
		assert.match(app.frame(), /› 2024-02-01 +Beta/);
	});

	it('the selected post renamed: it stays selected, under its new name', async () => {
		const {app, root} = await openBlog();
		await app.press('j', 'j');
		await changeUntil(
			app,
			() => {
				const renamed = path.join(root, 'gamma-renamed.md');
				// A rename made before the watches started is seen when the renamed file is saved again.
				if (existsSync(path.join(root, 'gamma.md'))) renameSync(path.join(root, 'gamma.md'), renamed);
				else writeFileSync(renamed, readFileSync(renamed));
			},
			frame => frame.includes('gamma-renamed.md'),
		);
		assert.match(app.frame(), /› 2024-01-01 +Gamma/);
	});

	it('the open post saved under another name (and changed): it stays open, read again', async () => {
		const {app, root, write} = await openBlog();
		await app.press('j', 'j', keys.enter);
		await changeUntil(
			app,
			() => {
				write('gamma-2.md', post('Gamma', '2024-01-01', 'Gamma, saved as another file.'));
				rmSync(path.join(root, 'gamma.md'), {force: true});
			},
			frame => frame.includes('saved as another file'),
		);
		assert.doesNotMatch(app.frame(), /deleted/);
	});
});

describe('reading a big blog again: keys are answered meanwhile', () => {
	it('a key pressed while thousands of posts are read again moves the selection before the reading ends', async () => {
		const root = path.join(temporary, 'big');
		mkdirSync(root, {recursive: true});
		const total = 4000;
		for (let index = 0; index < total; index++) {
			const day = String((index % 28) + 1).padStart(2, '0');
			writeFileSync(path.join(root, `post-${index}.md`), post(`Post ${index}`, `2021-03-${day}`, 'Words. '.repeat(60)));
		}

		let read = 0;
		let finished = false;
		const load = (progress?: (done: number) => void) =>
			loadBlog(root, {drafts: false, cache: false, ...(progress ? {progress} : {})});
		// Read again just after the first frame (as after starting from the index), telling how far it is.
		const reload = () =>
			load(done => {
				read = done;
			}).finally(() => {
				finished = true;
			});
		const app = await appOpener()({blog: await load(), theme, follow: {target: root, reload, revalidate: true}});
		const deadline = Date.now() + 15_000;
		while (read === 0 && !finished && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 1));
		assert.ok(read > 0 && !finished, `the reading again was not under way (${read} of ${total} read)`);
		const selected = () => /› \S+ +(Post \d+)/.exec(app.frame())?.[1];
		const first = selected();
		await app.press('j');
		assert.ok(!finished, 'the key was answered only once every post had been read');
		assert.notEqual(selected(), first);
	});
});

/** A blog of `total` posts, `post-N.md` dated by `dateOf`, and the blog a load gives. */
async function blogOf(name: string, total: number, dateOf: (index: number) => string) {
	const root = path.join(temporary, name);
	mkdirSync(root, {recursive: true});
	for (let index = 0; index < total; index++) {
		writeFileSync(path.join(root, `post-${index}.md`), post(`Post ${index}`, dateOf(index), 'W.'));
	}

	return {root, full: await loadBlog(root, {drafts: false, cache: false})};
}

/** A first read the test holds: `told` is what the app gave it to tell, and the read ends at `finish`. */
function heldRead() {
	const held: {told: FirstRead | undefined; finish: (blog: Blog) => void} = {told: undefined, finish: () => {}};
	const reload = (onRead?: FirstRead) => {
		held.told = onRead;
		return new Promise<Blog>(resolve => {
			held.finish = resolve;
		});
	};
	return {held, reload};
}

const listed = (frame: string) => [...frame.matchAll(/\d{4}-\d\d-\d\d +(Post \d+)/g)].map(match => match[1]);
const selectedIn = (frame: string) => /› .*?(Post \d+)/.exec(frame)?.[1];

describe('a first read (no index yet): the app comes up at once and the list fills in', () => {
	it('shows a growing count and the posts read so far, answers keys meanwhile, and ends as a normal load', async () => {
		const total = 60;
		const {root, full} = await blogOf('first-read', total, index => {
			return `2022-${String((index % 12) + 1).padStart(2, '0')}-0${(index % 9) + 1}`;
		});
		// The posts as a read gives them: in the order of their files, not yet sorted.
		const inFileOrder = [...full.posts].sort((a, b) => a.path.localeCompare(b.path, 'en', {numeric: true}));
		const {held, reload} = heldRead();
		const unread: Blog = {root, posts: [], hiddenDrafts: 0};
		const app = await appOpener()({blog: unread, theme, follow: {target: root, reload, firstRead: true}});
		assert.match(app.frame(), /finding posts/);
		await app.waitFor(() => held.told !== undefined);
		const readSoFar = (count: number): Post[] => inFileOrder.slice(0, count);
		held.told?.(20, total, () => readSoFar(20));
		await app.waitFor(frame => /reading posts 20 \/ ~60/.test(frame) && /› .*Post \d+/.test(frame));
		// Newest first among those read, the selection on the first row.
		const sortedSoFar = [...readSoFar(20)].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
		assert.equal(listed(app.frame())[0], sortedSoFar[0]?.title);
		// A key moves the selection while the read goes on; the selection then stays on its post.
		await app.press('j');
		const selected = () => selectedIn(app.frame());
		const chosen = selected();
		assert.equal(chosen, listed(app.frame())[1]);
		held.told?.(45, total, () => readSoFar(45));
		await app.waitFor(frame => /reading posts 45 \/ ~60/.test(frame));
		assert.equal(selected(), chosen, 'the selection stays on its post as the list grows');
		// The help opens and closes meanwhile.
		await app.press('?');
		assert.match(app.frame(), /Post list keys/);
		await app.press('q');
		// The read ends: the count goes, the list is the blog as a normal load lists it, the selection where it was.
		held.finish(full);
		await app.waitFor(frame => new RegExp(`${total} of ${total} posts`).test(frame));
		assert.doesNotMatch(app.frame(), /reading posts/);
		assert.equal(selected(), chosen);
		await app.press('g');
		const normal = await appOpener()({blog: full, theme});
		assert.deepEqual(listed(app.frame()), listed(normal.frame()));
	});
});

describe('a first read on a narrow terminal', () => {
	it('keeps the count whole in the status line, dropping the bar and then the words', async () => {
		const {root} = await blogOf('narrow-read', 3, index => `2023-03-0${index + 1}`);
		const {held, reload} = heldRead();
		const unread: Blog = {root, posts: [], hiddenDrafts: 0};
		const app = await appOpener()({blog: unread, theme, follow: {target: root, reload, firstRead: true}});
		await app.waitFor(() => held.told !== undefined);
		held.told?.(12_345, 100_000, () => undefined);
		await app.waitFor(frame => /reading posts 12,345 \/ ~100,000 \S+ 12%/.test(frame));
		await app.resize(40, 10);
		const status = () => app.frame().split('\n').at(-1) ?? '';
		assert.match(status(), /^ ?12,345 \/ ~100,000 /);
		await app.resize(60, 10);
		assert.match(status(), /^ ?reading posts 12,345 \/ ~100,000 /);
	});
});

describe('a first read that fails', () => {
	it('stops counting, keeps what it listed, and says why', async () => {
		const {root, full} = await blogOf('failing-read', 10, index => `2023-02-${String(index + 1).padStart(2, '0')}`);
		let fail: (error: Error) => void = () => {};
		const reload = (onRead?: FirstRead) => {
			const read = new Promise<Blog>((_, reject) => {
				fail = reject;
			});
			onRead?.(4, 10, () => full.posts.slice(0, 4));
			return read;
		};
		const unread: Blog = {root, posts: [], hiddenDrafts: 0};
		const app = await appOpener()({blog: unread, theme, follow: {target: root, reload, firstRead: true}});
		await app.waitFor(frame => /reading posts 4 \/ ~10/.test(frame));
		fail(new Error('EIO: i/o error, read'));
		await app.waitFor(frame => /could not read the posts: EIO/.test(frame));
		assert.doesNotMatch(app.frame(), /reading posts/);
		assert.equal(listed(app.frame()).length, 4);
	});
});

describe('a start from the index’s head: its first posts at once, the rest read after the first frame', () => {
	it('shows the head’s posts and the count, keeps them while the blog is read, then lists it all', async () => {
		const total = 40;
		const {root, full} = await blogOf('head', total, index => `2022-01-${String((index % 28) + 1).padStart(2, '0')}`);
		const {held, reload} = heldRead();
		const head: Blog = {root, posts: full.posts.slice(0, 5), hiddenDrafts: 0};
		const app = await appOpener()({blog: head, theme, follow: {target: root, reload, firstRead: true}});
		const selected = () => selectedIn(app.frame());
		const headTitles = head.posts.map(each => each.title);
		assert.deepEqual(listed(app.frame()), headTitles);
		await app.waitFor(() => held.told !== undefined);
		// The read goes on: only its count moves, the head's posts stay.
		held.told?.(20, total, () => undefined);
		await app.waitFor(frame => /reading posts 20 \/ ~40/.test(frame));
		assert.deepEqual(listed(app.frame()), headTitles);
		assert.equal(selected(), headTitles[0]);
		held.finish(full);
		await app.waitFor(frame => /40 of 40 posts/.test(frame));
		assert.equal(selected(), headTitles[0], 'the selection stays on the first post');
		assert.deepEqual(listed(app.frame()).slice(0, 5), headTitles);
	});
});
