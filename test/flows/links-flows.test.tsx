import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog, Post} from '../../source/blog/model/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {createLinkHost} from '../../source/ui/host/opener.js';
import {appOpener, keys} from '../helpers/ink.js';
import {makePost} from '../helpers/posts.js';

// The links view (U), copying a code block (y) and the path (Y): what a person
// sees, and what reaches the terminal (only base64, in OSC 52).
const theme = createTheme(0);
const open = appOpener();
const statusOf = (frame: string) => frame.split('\n').at(-1) ?? '';
const blogOf = (post: Post): Blog => ({root: 'blog', hiddenDrafts: 0, posts: [post]});
const base64 = (text: string) => Buffer.from(text).toString('base64');

function hostFor(env: Record<string, string>) {
	const written: string[] = [];
	const started: string[][] = [];
	const links = createLinkHost({
		env,
		platform: 'linux',
		write: sequence => written.push(sequence),
		locate: name => `/usr/bin/${name}`,
		start: async (command, args) => {
			started.push([command, ...args]);
		},
	});
	return {links, written, started};
}

const body = [
	'Read [the guide](https://guide.example/start) first.',
	'',
	'```sh',
	'make\t-j4',
	'```',
	'',
	'Then [write](mailto:me@example.com) or [run](javascript:alert(1)).',
].join('\n');

describe('the links view', () => {
	it('lists the links numbered; j moves; Enter over ssh copies the link and says so', async () => {
		const post = makePost({title: 'Linked', date: '2024-01-01'}, body);
		const host = hostFor({SSH_TTY: '/dev/pts/4'});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('U');
		const frame = app.frame();
		assert.match(frame, /^Links \(3\)$/m);
		assert.match(frame, /› 1\. the guide → https:\/\/guide\.example\/start/);
		assert.match(frame, / {2}2\. write → mailto:me@example\.com/);
		assert.match(frame, / {2}3\. run → javascript:alert\(1\) \[not opened\]/);
		await app.press('j', keys.enter);
		assert.match(statusOf(app.frame()), /copied the link to the clipboard \(over ssh: not opened here\)/);
		assert.deepEqual(host.written, [`\u001B]52;c;${base64('mailto:me@example.com')}\u0007`]);
		assert.deepEqual(host.started, []);
		await app.press('j', keys.enter);
		assert.match(statusOf(app.frame()), /not opened: only http, https and mailto links are/);
		assert.equal(host.written.length, 1);
		await app.press(keys.escape);
		assert.match(app.frame(), /Read the guide/);
	});

	it('Enter in a local session runs the opener with the address as one argument', async () => {
		const post = makePost({title: 'Local', date: '2024-01-01'}, body);
		const host = hostFor({BROWSER: 'firefox'});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('U', keys.enter);
		assert.match(statusOf(app.frame()), /opened with firefox/);
		assert.deepEqual(host.started, [['/usr/bin/firefox', 'https://guide.example/start']]);
	});

	it('a hostile address is shown with its controls visible and never opened', async () => {
		const hostile = '<a href="https://evil.example/\u001B]52;c;aGk=\u0007x">click</a>';
		const post = makePost({title: 'Hostile', date: '2024-01-01'}, hostile);
		const host = hostFor({});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('U');
		assert.match(app.frame(), /click → https:\/\/evil\.example\/\^\[\]52;c;aGk=\^Gx \[not opened\]/);
		assert.ok(!/\u001B\]52|\u0007/.test(app.lastFrame() ?? ''), 'no raw sequence on the screen');
		await app.press(keys.enter);
		assert.match(statusOf(app.frame()), /not opened/);
		assert.deepEqual(host.started, []);
		assert.deepEqual(host.written, []);
	});

	it('a link to another post of the blog (Jekyll’s post_url) opens that post here', async () => {
		const earlier = makePost(
			{title: 'Earlier words', date: '2011-04-27'},
			'The earlier post.',
			'2011-04-27-earlier.md',
		);
		const later = makePost(
			{title: 'Later words', date: '2012-01-01'},
			'Read [the earlier one]({% post_url 2011-04-27-earlier %}) first.',
			'2012-01-01-later.md',
		);
		const host = hostFor({});
		const blog: Blog = {root: 'blog', hiddenDrafts: 0, posts: [later, earlier]};
		const app = await open({blog, theme, host: {links: host.links}});
		await app.press(keys.enter);
		assert.match(app.frame(), /Read the earlier one \(post 2011-04-27-earlier\) first\./);
		await app.press('U');
		assert.match(app.frame(), /1\. the earlier one → blogread:post\/2011-04-27-earlier \[a post here\]/);
		await app.press(keys.enter);
		assert.match(app.frame(), /The earlier post\./);
		assert.deepEqual(host.started, [], 'no program runs for it');
	});

	it('a post without links says so', async () => {
		const post = makePost({title: 'Plain', date: '2024-01-01'}, 'No links here.');
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: hostFor({}).links}});
		await app.press('U');
		assert.match(statusOf(app.frame()), /this post has no links/);
	});
});

describe('copy keys', () => {
	it('y copies the code block on screen as written; Y copies the path', async () => {
		const post = makePost({title: 'Code', date: '2024-01-01'}, body);
		const host = hostFor({});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('y');
		assert.match(statusOf(app.frame()), /copied the code block to the clipboard/);
		assert.deepEqual(host.written, [`\u001B]52;c;${base64('make\t-j4')}\u0007`]);
		await app.press('Y');
		assert.match(statusOf(app.frame()), /copied the path to the clipboard/);
		assert.equal(host.written[1], `\u001B]52;c;${base64(post.absolutePath)}\u0007`);
	});

	it('y leaves a code block’s control characters out of the copy, and says so', async () => {
		const hostile = ['```sh', 'echo safe\u001B[201~', 'code \u001B]2;CODE\u0007', '```'].join('\n');
		const post = makePost({title: 'Hostile code', date: '2024-01-01'}, hostile);
		const host = hostFor({});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('y');
		assert.match(statusOf(app.frame()), /copied the code block to the clipboard \(3 controls removed\)/);
		assert.deepEqual(host.written, [`\u001B]52;c;${base64('echo safe[201~\ncode ]2;CODE')}\u0007`]);
	});

	it('y in the links view: a link blogread would not open is copied with a word that says so', async () => {
		const post = makePost(
			{title: 'Links', date: '2024-01-01'},
			'[ok](https://e.com/a) [odd](https://e.com/\u001B]2;lu\u0007) [run](javascript:alert(1)) [img](images/x.png)',
		);
		const host = hostFor({});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('U', 'y');
		assert.match(statusOf(app.frame()), /copied the link to the clipboard +1\/4/);
		const notOpened = 'blogread would not open it';
		const expected: Array<[status: string, copied: string]> = [
			[`(2 controls removed; ${notOpened})`, 'https://e.com/]2;lu'],
			[`(${notOpened})`, 'javascript:alert(1)'],
			[`(${notOpened})`, 'images/x.png'],
		];
		for (const [status, copied] of expected) {
			await app.press('j', 'y');
			assert.ok(statusOf(app.frame()).includes(`copied the link to the clipboard ${status}`), statusOf(app.frame()));
			assert.equal(host.written.at(-1), `\u001B]52;c;${base64(copied)}\u0007`);
		}
	});

	it('y with no code block on screen says so', async () => {
		const post = makePost({title: 'No code', date: '2024-01-01'}, 'Just words.');
		const host = hostFor({});
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: host.links}});
		await app.press('y');
		assert.match(statusOf(app.frame()), /no code block on this screen/);
		assert.deepEqual(host.written, []);
	});

	it('e asks the editor for the body line on top of the screen', async () => {
		const lines = Array.from({length: 60}, (_, index) => `Line ${index}.`).join('\n\n');
		const post = makePost({title: 'Long', date: '2024-01-01'}, lines);
		const asked: Array<number | undefined> = [];
		const app = await open({
			blog: blogOf(post),
			theme,
			openFirst: true,
			host: {
				edit: async (edited, bodyLine) => {
					asked.push(bodyLine);
					// Re-read: a new post object, so the page is rendered again.
					return {...edited};
				},
			},
		});
		await app.press('G', 'e');
		const top = app.frame().split('\n')[0]?.trim() ?? '';
		const shown = Number(/^Line (\d+)\.$/.exec(top)?.[1]);
		assert.ok(Number.isInteger(shown), `a body line on top: ${top}`);
		assert.deepEqual(asked, [shown * 2]);
		assert.match(statusOf(app.frame()), /re-read/);
		assert.equal(app.frame().split('\n')[0]?.trim(), top, 'back at the same place after the editor');
	});

	it('e on the header asks for the first body line; in the list, for no line', async () => {
		const post = makePost({title: 'Short', date: '2024-01-01'}, 'One.\n\nTwo.');
		const asked: Array<number | undefined> = [];
		const edit = async (edited: Post, bodyLine?: number) => {
			asked.push(bodyLine);
			return edited;
		};
		const app = await open({blog: blogOf(post), theme, host: {edit}});
		await app.press('e', keys.enter, 'e');
		assert.deepEqual(asked, [undefined, 0]);
	});
});

describe('where the links view opens', () => {
	it('at the first link of the block on top of the screen, even when the block began above it', async () => {
		const filler = Array.from({length: 30}, (_, index) => `Filler ${index}.`).join('\n\n');
		const long = Array.from({length: 300}, (_, index) => `word${index}`).join(' ');
		const markdown =
			`[early](https://early.example)\n\n${filler}\n\n` +
			`${long} [late](https://late.example) ${long}\n\n[after](https://after.example)`;
		const post = makePost({title: 'Where', date: '2024-01-01'}, markdown);
		const app = await open({blog: blogOf(post), theme, openFirst: true, host: {links: hostFor({}).links}});
		await app.press('G', 'U');
		assert.match(app.frame(), /› 2\. late → https:\/\/late\.example/);
	});
});
