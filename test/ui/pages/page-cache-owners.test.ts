import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import type {Post} from '../../../source/blog/model/model.js';
import type {RenderService} from '../../../source/render/service/render-service.js';
import {createTheme} from '../../../source/theme/palette.js';
import {appRenders} from '../../../source/ui/pages/app-renders.js';
import {PageCache} from '../../../source/ui/pages/page-cache.js';
import {makePost} from '../../helpers/posts.js';

// A page cache is shared by every app given it (every reader of one
// blogread serve, each app its own owner): a post rendered by the render
// service is stopped only when no app wants it any more.

const theme = createTheme(0);
const service = appRenders();
/** The cache the apps share, as a server's readers share one. */
const cache = new PageCache(service);
let posts = 0;
/** A new post (a file of its own) of 8000-odd words. */
function wordyPost(): Post {
	const body = Array.from({length: 90}, (_, index) => `Paragraph ${index}: ${'word '.repeat(90)}`).join('\n\n');
	return makePost({title: `Many words ${++posts}`}, body);
}

/** Counts the pages made ready; `waitFor` resolves once there are `count`, or fails after a while. */
function readyPages() {
	let ready = 0;
	const waiting = new Set<() => void>();
	const stop = cache.onPageReady(() => {
		ready++;
		for (const check of waiting) check();
	});
	return {
		get count() {
			return ready;
		},
		stop,
		async waitFor(count: number): Promise<void> {
			await new Promise<void>((resolve, reject) => {
				const timer = setTimeout(() => {
					waiting.delete(check);
					reject(new Error(`${ready} pages ready, not ${count}`));
				}, 30_000);
				function check(): void {
					if (ready < count) return;
					clearTimeout(timer);
					waiting.delete(check);
					resolve();
				}

				waiting.add(check);
				check();
			});
		},
	};
}

/** Until the service has nothing rendering or waiting: what was asked for is done, or was stopped. */
async function idle(renders: RenderService = service): Promise<void> {
	const deadline = Date.now() + 15_000;
	while (renders.load.rendering > 0 || renders.load.waiting > 0) {
		if (Date.now() > deadline) throw new Error(`the service is still busy: ${JSON.stringify(renders.load)}`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

/** The page an owner has of `post` at `width`, which must be complete. */
function completePage(post: Post, width: number, owner: object) {
	const page = cache.readerPage(post, width, theme, false, owner);
	assert.ok(page, `a page at ${width}`);
	assert.notEqual(page.partial, true, `the whole page at ${width}`);
	assert.ok(page.plain.some(line => line.includes('Paragraph 89')));
	assert.ok(
		page.plain.every(line => line.length <= width),
		`laid out at ${width}`,
	);
	return page;
}

const owners: object[] = [];
/** An app's owner, its renders stopped after the tests. */
function owner(): object {
	const made = {};
	owners.push(made);
	return made;
}

// Its renderer started first: on a busy machine a start through tsx takes seconds.
before(async () => {
	await service.ready();
});

after(() => {
	for (const made of owners) cache.stopBackgroundRenders(made);
	service.close();
});

describe('background renders and the apps that want them', () => {
	it('two apps reading one post at two widths: neither stops the other’s render', async () => {
		const post = wordyPost();
		const [first, second] = [owner(), owner()];
		const pages = readyPages();
		try {
			assert.equal(cache.readerPage(post, 60, theme, false, first), undefined, 'rendered in the background');
			assert.equal(cache.readerPage(post, 90, theme, false, second), undefined);
			await pages.waitFor(2);
			completePage(post, 60, first);
			completePage(post, 90, second);
		} finally {
			pages.stop();
		}
	});

	it('one app leaving does not stop a render another app wants', async () => {
		const post = wordyPost();
		const [leaving, staying] = [owner(), owner()];
		const pages = readyPages();
		try {
			assert.equal(cache.readerPage(post, 70, theme, false, leaving), undefined);
			assert.equal(cache.readerPage(post, 70, theme, false, staying), undefined, 'the same render, wanted twice');
			cache.stopBackgroundRenders(leaving);
			await pages.waitFor(1);
			completePage(post, 70, staying);
		} finally {
			pages.stop();
		}
	});

	it('a render no app wants any more is stopped', async () => {
		const post = wordyPost();
		const [first, second] = [owner(), owner()];
		const pages = readyPages();
		try {
			assert.equal(cache.readerPage(post, 70, theme, false, first), undefined);
			assert.equal(cache.readerPage(post, 70, theme, false, second), undefined);
			cache.stopBackgroundRenders(first);
			cache.stopBackgroundRenders(second);
			await idle();
			assert.equal(pages.count, 0, 'no page was made ready');
			// Forgotten: the next app to ask starts it again.
			const third = owner();
			assert.equal(cache.readerPage(post, 70, theme, false, third), undefined);
			await pages.waitFor(1);
			completePage(post, 70, third);
		} finally {
			pages.stop();
		}
	});

	it('an app that asks for another width (a resize) stops its render at the old one', async () => {
		const post = wordyPost();
		const resized = owner();
		const pages = readyPages();
		try {
			assert.equal(cache.readerPage(post, 60, theme, false, resized), undefined);
			assert.equal(cache.readerPage(post, 100, theme, false, resized), undefined);
			await pages.waitFor(1);
			await idle();
			assert.equal(pages.count, 1, 'the render at 60 was stopped');
			completePage(post, 100, resized);
		} finally {
			pages.stop();
		}
	});

	it('stopping one app’s renders leaves another app’s other post alone', async () => {
		const [mine, theirs] = [wordyPost(), wordyPost()];
		const [me, them] = [owner(), owner()];
		const pages = readyPages();
		try {
			assert.equal(cache.readerPage(mine, 80, theme, false, me), undefined);
			assert.equal(cache.readerPage(theirs, 80, theme, false, them), undefined);
			cache.stopBackgroundRenders(me);
			await pages.waitFor(1);
			await idle();
			assert.equal(pages.count, 1);
			completePage(theirs, 80, them);
		} finally {
			pages.stop();
		}
	});

	// blogread serve gives sessions of different colour levels different themes: with pages keyed
	// without the theme, two such apps replaced each other's page and render at every page ready.
	it('two apps with different themes on one post at one width each get their page, and rendering ends', async () => {
		const post = wordyPost();
		const apps = [
			{owner: owner(), theme: createTheme(1)},
			{owner: owner(), theme: createTheme(2)},
		];
		let ready = 0;
		// Each app reads its page again whenever one is ready, as useReaderPage's re-render does.
		const stop = cache.onPageReady(() => {
			ready++;
			if (ready > 20) return;
			for (const app of apps) cache.readerPage(post, 80, app.theme, false, app.owner);
		});
		try {
			for (const app of apps) assert.equal(cache.readerPage(post, 80, app.theme, false, app.owner), undefined);
			await idle();
			assert.ok(ready <= 2, `${ready} pages made ready for two apps`);
			for (const app of apps) assert.ok(cache.readerPage(post, 80, app.theme, false, app.owner));
		} finally {
			stop();
			for (const app of apps) cache.stopBackgroundRenders(app.owner);
		}
	});

	// In blogread serve every app redraws on what it hears: a large post made ready for one reader
	// redrew every session, out of the turns the server gives them.
	it('an app hears of the pages it asked for (and waits for), not of another app’s', async () => {
		const post = wordyPost();
		const [reader, other, joining] = [owner(), owner(), owner()];
		const heard = new Map<object, number>([
			[reader, 0],
			[other, 0],
			[joining, 0],
		]);
		const stops = [...heard.keys()].map(app =>
			cache.onPageReady(() => {
				heard.set(app, (heard.get(app) ?? 0) + 1);
			}, app),
		);
		try {
			assert.equal(cache.readerPage(post, 64, theme, false, reader), undefined);
			// Another app asks for the same page while it renders: it waits for it too.
			assert.equal(cache.readerPage(post, 64, theme, false, joining), undefined);
			await idle();
			completePage(post, 64, reader);
			assert.deepEqual([heard.get(reader), heard.get(joining), heard.get(other)], [1, 1, 0]);
		} finally {
			for (const stop of stops) stop();
		}
	});

	it('caches are apart: a page made in one is not in another, nor are its renders stopped from there', async () => {
		const post = wordyPost();
		const mine = owner();
		const other = new PageCache(service);
		const pages = readyPages();
		try {
			assert.equal(cache.readerPage(post, 70, theme, false, mine), undefined);
			other.stopBackgroundRenders(mine);
			await pages.waitFor(1);
			assert.ok(completePage(post, 70, mine));
			assert.equal(other.readerPage(post, 70, theme, false, mine), undefined, 'rendered anew in the other cache');
			other.stopBackgroundRenders(mine);
			await idle();
		} finally {
			pages.stop();
		}
	});
});
