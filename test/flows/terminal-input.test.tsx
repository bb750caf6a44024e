import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import type {Blog} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {makePost} from '../helpers/posts.js';

const blog: Blog = {
	root: 'blog',
	hiddenDrafts: 0,
	posts: [
		makePost({title: 'First post', date: '2025-02-02', tags: ['go']}, '# First post\n\nBody.\n\n## Part\n\nMore.'),
		makePost({title: 'Second post', date: '2025-01-01', tags: ['rust']}, 'Second body.'),
	],
};
const open = appOpener({blog, theme: createTheme(0)});
const ESC = '\u001B';

/** A key no view binds: pressing it proves everything written before it has been read. */
const NOTHING = '\u0019';

const replies = [
	`${ESC}[?1;2c`,
	`${ESC}[>0;276;0c`,
	`${ESC}[?2004;1$y`,
	`${ESC}[12;40R`,
	`${ESC}]11;rgb:0000/0000/0000\u0007`,
	`${ESC}]10;rgb:ffff/ffff/ffff${ESC}\\`,
	`${ESC}P1$r0m${ESC}\\`,
	`${ESC}[I`,
];

describe('terminal replies read as input', () => {
	const states: Array<[string, string[]]> = [
		['the list', []],
		['the reader', [keys.enter]],
		['the search field', ['/', 'fir']],
		['the tag picker', ['t']],
		['the contents', [keys.enter, 'o']],
		['finding in the reader', [keys.enter, '/', 'mo']],
	];
	for (const [name, setup] of states) {
		it(`change nothing in ${name}, whole or split across reads`, async () => {
			const app = await open();
			await app.press(...setup, NOTHING);
			const before = app.frame();
			for (const reply of replies) {
				app.stdin.write(reply.slice(0, 3));
				app.stdin.write(reply.slice(3));
				await app.press(NOTHING);
				assert.equal(app.frame(), before, JSON.stringify(reply));
			}
		});
	}

	// Over ssh a reply can arrive in two packets a tenth of a second apart: its start waits for the rest
	// (the reply window), so no part of it is read as Esc, `?` or typed text. The gap is the input itself,
	// not a wait for an outcome: the reader's own timer was set first, and fires later.
	it('change nothing when split by a slow link (120 ms), in the list and the search field', async () => {
		const gap = () => new Promise(resolve => setTimeout(resolve, 120));
		for (const setup of [[], ['/', 'fir']]) {
			const app = await open();
			await app.press(...setup, NOTHING);
			const before = app.frame();
			for (const [start, rest] of [
				[`${ESC}[`, '?1;2c'],
				[`${ESC}P`, `1$r0m${ESC}\\`],
				[`${ESC}]11;rgb:`, `0000/0000/0000${ESC}\\`],
			] as const) {
				app.stdin.write(start);
				await gap();
				app.stdin.write(rest);
				await app.press(NOTHING);
				assert.equal(app.frame(), before, JSON.stringify(start + rest));
			}

			app.unmount();
		}
	});

	it('Esc typed just before another key is both keys (Esc closes the search, ? opens help)', async () => {
		const app = await open();
		await app.press('/', 'fir', `${ESC}?`);
		assert.match(app.frame(), /Post list keys/);
	});
});

describe('random bytes as keys', () => {
	it('never crash the app, whatever they hold', async () => {
		const chunk = fc.oneof(
			fc.string({unit: 'binary', maxLength: 8}),
			fc.constantFrom(...replies, ESC, `${ESC}[`, `${ESC}]`, '\r', '\u007F', 'j', 'k', 'G', '/', 't', ' ', 'o', 'n'),
		);
		await fc.assert(
			fc.asyncProperty(fc.array(chunk, {minLength: 1, maxLength: 12}), async chunks => {
				const app = await open();
				for (const text of chunks) app.stdin.write(text);
				await app.press(NOTHING);
				assert.ok(app.frame().length > 0);
				app.unmount();
			}),
			{numRuns: 60, seed: 20_261_201},
		);
	});
});
