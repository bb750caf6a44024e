import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {helpRows} from '../../source/ui/keys/keymap.js';
import {appOpener, keys} from '../helpers/ink.js';
import {makePost, makePosts} from '../helpers/posts.js';

const theme = createTheme(0);
const open = appOpener();

const longTitle = "Tiny Telematics: Tracking my truck's location offline with a Raspberry Pi";
const blog: Blog = {
	root: 'trucks',
	hiddenDrafts: 0,
	posts: [
		makePost(
			{
				title: longTitle,
				date: '2025-05-01',
				tags: ['raspberry-pi', 'telematics', 'gps', 'offline-first'],
				excerpt: 'Logging where the truck went with a Pi, a GPS puck and no mobile data at all.',
			},
			'Body of the truck post.',
			'garage/tiny-telematics.md',
		),
		...makePosts(30),
	],
};

const lines = (frame: string) => frame.split('\n');
const widest = (frame: string) => Math.max(...lines(frame).map(line => [...line].length));
const postRows = (frame: string) => lines(frame).filter(line => /^[› ] \d{4}-\d\d-\d\d {2}/.test(line)).length;

describe('seeing the selected post', () => {
	it('at 80 columns, shows its full title, excerpt, tags and path under the list', async () => {
		const app = await open({blog, theme});
		await app.resize(80, 24);
		const frame = app.frame();
		assert.match(frame, /^› 2025-05-01 {2}Tiny Telematics: Tracking my truck's loc…/m, 'the row cuts the title');
		assert.match(frame, /^ {2}Tiny Telematics: Tracking my truck's location offline with a Raspberry Pi$/m);
		assert.match(frame, /^ {2}Logging where the truck went with a Pi, a GPS puck and no mobile data at all\.$/m);
		assert.match(frame, /^ {2}garage\/tiny-telematics\.md {2}#raspberry-pi #telematics #gps #offline-first$/m);
		assert.equal(lines(frame).length, 24);
		assert.equal(postRows(frame), 18);
		await app.press('j');
		assert.match(app.frame(), /^ {2}Post 1$/m, 'the details follow the selection');
	});

	it('i hides the details, giving their rows to the list, and shows them again', async () => {
		const app = await open({blog, theme});
		await app.resize(80, 24);
		await app.press('i');
		assert.doesNotMatch(app.frame(), /garage\/tiny-telematics\.md/);
		assert.equal(postRows(app.frame()), 23);
		assert.match(app.frame(), /details hidden: i shows them/);
		await app.press('i');
		assert.match(app.frame(), /garage\/tiny-telematics\.md/);
		assert.equal(postRows(app.frame()), 18);
	});

	it('from 120 columns, shows them in a pane on the right, beside a list of full height', async () => {
		const app = await open({blog, theme});
		await app.resize(130, 30);
		const frame = app.frame();
		const pane = lines(frame).map(line => line.split('│ ')[1] ?? '');
		assert.ok(pane.includes("Tiny Telematics: Tracking my truck's location"), pane.join('\n'));
		assert.ok(pane.includes('offline with a Raspberry Pi'), pane.join('\n'));
		assert.ok(pane.includes('2025-05-01 · 1 min read'), pane.join('\n'));
		assert.ok(pane.includes('garage/tiny-telematics.md'), pane.join('\n'));
		assert.match(frame, /│ Logging where the truck went/);
		assert.equal(postRows(frame), 29);
		assert.ok(widest(frame) <= 130);
		await app.press('i');
		assert.doesNotMatch(app.frame(), /│/, 'i hides the pane too');
	});

	it('never overflows a 40x10 terminal: the list shrinks and the details stay', async () => {
		const app = await open({blog, theme});
		await app.resize(40, 10);
		const frame = app.frame();
		assert.equal(lines(frame).length, 10);
		assert.ok(widest(frame) <= 40, frame);
		assert.equal(postRows(frame), 6);
		assert.match(frame, /^ {2}Tiny Telematics: Tracking my truck's$/m);
		assert.match(frame, /^ {2}location offline with a Raspberry Pi$/m);
		assert.match(frame, /^ {2}garage\/tiny-telematics\.md {2}#raspberry…$/m);
		assert.match(lines(frame).at(-1) ?? '', /\? help/);
		await app.press('G');
		assert.match(app.frame(), /^› \S+ {2}Post 30/m);
		assert.equal(lines(app.frame()).length, 10);
	});
});

describe('help at any size', () => {
	/** Every frame of the help from its top to its end, a page at a time. */
	async function allPages(app: Awaited<ReturnType<typeof open>>): Promise<string> {
		const pages = [app.frame()];
		for (let page = 0; page < 20 && !/ (Bot|All) · q closes/.test(app.frame()); page++) {
			await app.press(keys.pageDown);
			pages.push(app.frame());
		}

		return pages.join('\n');
	}

	it('at 90x16 nothing is hidden: it scrolls, with j, PgDn and G, to / find, G and ,', async () => {
		const app = await open({blog, theme});
		await app.resize(90, 16);
		await app.press('?');
		assert.doesNotMatch(app.frame(), /more: make the window taller/);
		assert.match(app.frame(), /Post list keys/);
		assert.match(app.frame(), / Top · q closes/);
		const top = app.frame();
		await app.press('j');
		assert.notEqual(app.frame(), top, 'j scrolls');
		await app.press('k');
		assert.equal(app.frame(), top, 'k scrolls back');
		await app.press('G');
		assert.match(app.frame(), / Bot · q closes/);
		assert.match(app.frame(), /^Y +copy the post's file path/m, 'G shows the last key');
		await app.press('g');
		assert.equal(app.frame(), top);
		const list = await allPages(app);
		for (const pattern of [/^\/ +search as you type/m, /^G End +last post/m]) assert.match(list, pattern);
		await app.press('g');
		await app.press('q');
		assert.doesNotMatch(app.frame(), /Post list keys/);

		await app.press(keys.enter, '?');
		const reader = await allPages(app);
		for (const pattern of [/^\/ +find in the post/m, /^, +previous post in the list/m, /^G End +end of the post/m]) {
			assert.match(reader, pattern);
		}

		await app.press(keys.escape);
		assert.doesNotMatch(app.frame(), /Reader keys/, 'Esc closes it');
	});

	for (const [columns, rows] of [
		[80, 24],
		[40, 12],
	] as const) {
		it(`at ${columns}x${rows} no description is cut: each shows whole, wrapped if need be`, async () => {
			// A host that can do everything: every key of the keymap is offered.
			const app = await open({blog, theme, host: {edit: async post => post, suspend: async () => {}}});
			await app.resize(columns, rows);
			await app.press('?');
			const text = await allPages(app);
			assert.ok(
				lines(text).every(line => [...line].length <= columns && !line.includes('…')),
				text,
			);
			// Wrapped descriptions continue on the next line, in the same column.
			const words = text.replace(/\s+/g, ' ');
			for (const row of helpRows('list')) {
				for (const word of row.description.split(' ')) assert.ok(words.includes(word), `${word} in\n${text}`);
			}

			const joined = lines(text)
				.map(line => line.slice(line.search(/ {2}\S/) + 2).trim())
				.join(' ');
			for (const row of helpRows('list')) assert.ok(joined.includes(row.description), `${row.description}\n${text}`);
		});
	}

	it('without an editor or a shell to stop to (blogread serve), e and Ctrl-Z are left out', async () => {
		const app = await open({blog, theme, host: {}});
		await app.press('\r');
		await app.press('?');
		const text = await allPages(app);
		assert.ok(!text.includes('suspend') && !text.includes('Ctrl-Z'), text);
		assert.ok(!/\bedit\b/.test(text), text);
		assert.ok(text.includes('back to the list'), text);
	});
});

describe('Esc in the reader', () => {
	const post = makePost(
		{title: 'Findable', date: '2025-01-01'},
		Array.from({length: 30}, (_, index) => `Paragraph ${index} mentions kernels.`).join('\n\n'),
	);
	const reading: Blog = {root: 'b', hiddenDrafts: 0, posts: [post, ...makePosts(2)]};

	it('first clears an active find (marks and counter), then goes back', async () => {
		const app = await open({blog: reading, theme: createTheme(0, 'dark', {inverseWithoutColor: true})});
		await app.press(keys.enter, '/', 'kernels', keys.enter);
		assert.match(app.frame(), /hit 1\/30 "kernels"/);
		assert.ok((app.lastFrame() ?? '').includes('\u001B[7mkernels'), 'matches are marked');
		await app.press(keys.escape);
		assert.doesNotMatch(app.frame(), /hit \d+\/30/);
		assert.match(app.frame(), /find cleared \(Esc again goes back\)/);
		assert.ok(!(app.lastFrame() ?? '').includes('\u001B[7mkernels'), 'the marks are gone');
		assert.match(app.frame(), /Paragraph 0 mentions kernels/, 'still reading');
		await app.press(keys.escape);
		assert.match(app.frame(), /^› \S+ {2}Findable/m, 'back on the list');
	});

	it('in a single file opened directly, Esc with an active find clears it and does not quit', async () => {
		const app = await open({blog: {...reading, posts: [post]}, theme, openFirst: true});
		await app.press('/', 'kernels', keys.enter, keys.escape);
		assert.match(app.frame(), /find cleared \(Esc again quits\)/);
		assert.match(app.frame(), /Paragraph 0 mentions kernels/);
		await app.press('j');
		assert.match(app.frame(), /^ 2025-01-01/m, 'still taking keys');
		await app.press(keys.escape);
		const last = app.frame();
		await app.press('k');
		assert.equal(app.frame(), last, 'quit: no longer taking keys');
	});
});

describe('the tag picker', () => {
	it('in a blog without tags, says so', async () => {
		const untagged: Blog = {
			root: 'plain',
			hiddenDrafts: 0,
			posts: [makePost({title: 'No tags here', date: '2024-01-01'}), makePost({title: 'Nor here'})],
		};
		const app = await open({blog: untagged, theme});
		await app.press('t');
		assert.match(app.frame(), /No tags in this blog\./);
		assert.doesNotMatch(app.frame(), /No tag matches/);
		await app.press('x');
		assert.match(app.frame(), /No tag matches "x"\./);
	});
});
