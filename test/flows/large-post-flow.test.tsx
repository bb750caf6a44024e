import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {HEAD_FIRST_CHARS} from '../../source/render/service/limits.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {bodyOf, makePost} from '../helpers/posts.js';

const section = (index: number) => `## Part ${index}\n\nText of part ${index}, with a note[^n].\n`;
const large = makePost(
	{title: 'Large post', date: '2025-01-01'},
	`${Array.from({length: 1600}, (_, index) => section(index)).join('\n')}\n[^n]: The note.`,
);
const open = appOpener({blog: {root: 'blog', hiddenDrafts: 0, posts: [large]}, theme: createTheme(0)});
const statusLine = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('opening a large post', () => {
	it('shows its first screen at once, then the whole post in the same place', async () => {
		assert.ok(bodyOf(large).length > HEAD_FIRST_CHARS, 'its beginning first');
		const app = await open();
		await app.press(keys.enter);
		const first = app.frame();
		assert.match(first, /Part 0/);
		assert.match(first, /Text of part 0, with a note\[1]\./);
		assert.match(statusLine(first), /rendering the rest…/);
		await app.waitFor(frame => / Top · \? help/.test(statusLine(frame)), 30_000);
		assert.equal(app.frame().split('\n').slice(0, 10).join('\n'), first.split('\n').slice(0, 10).join('\n'));
		await app.press('G');
		assert.match(app.frame(), /The note\./);
	});
});
