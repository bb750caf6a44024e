import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Blog} from '../../source/blog/model/model.js';
import {SearchBodies} from '../../source/blog/search/search.js';
import {createTheme} from '../../source/theme/palette.js';
import {appOpener, keys} from '../helpers/ink.js';
import {bodyOf, makePost} from '../helpers/posts.js';

const theme = createTheme(0);
const blog: Blog = {
	root: 'blog',
	hiddenDrafts: 0,
	posts: [
		makePost(
			{title: 'Kubelet deep dive', date: '2025-07-15', tags: ['k8s', 'go'], category: 'Tech'},
			'The kubelet syncs pods.',
		),
		makePost(
			{title: 'Go worker pools', date: '2025-03-01', tags: ['go'], category: 'Tech'},
			'Channels and goroutines.',
		),
		makePost({title: 'Rust errors', date: '2024-06-01', tags: ['rust', 'cli'], category: 'Notes'}, 'Result types.'),
		makePost(
			{title: 'Shell habits', date: '2024-02-01', tags: ['shell', 'cli']},
			'set -euo pipefail, and the kubelet.',
		),
		makePost({title: 'About', tags: ['meta']}, 'Who writes here.'),
	],
};

const open = appOpener({blog, theme});

function listedTitles(frame: string): string[] {
	return [...frame.matchAll(/^[› ] (?:\d{4}-\d\d-\d\d|—) +(.+?) {2}/gm)].map(match => match[1]?.trim() ?? '');
}

const statusLine = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('tag picker', () => {
	it('lists every tag and category with counts, most used first', async () => {
		const app = await open();
		await app.press('t');
		const frame = app.frame();
		assert.match(frame, /Filter by tag {2}posts with ALL chosen tags \(Tab: any\)/);
		const rows = [...frame.matchAll(/^[› ] \[[ x]\] (\S+) +(\d+)$/gm)].map(match => `${match[1]} ${match[2]}`);
		assert.deepEqual(rows, [
			'#cli 2',
			'#go 2',
			'#k8s 1',
			'#meta 1',
			'#rust 1',
			'#shell 1',
			'category:Tech 2',
			'category:Notes 1',
		]);
	});

	it('narrows, toggles two tags, applies them, and shows the filter in the status line', async () => {
		const app = await open();
		await app.press('t', 'g');
		assert.match(app.frame(), /Narrow: g▏/);
		assert.match(app.frame(), /› \[ \] #go +2/);
		await app.press(' ', keys.backspace, 'k8');
		await app.press(' ', keys.enter);
		assert.deepEqual(listedTitles(app.frame()), ['Kubelet deep dive']);
		assert.match(statusLine(app.frame()), /blog · #go #k8s · 1 of 5 posts/);
	});

	it('shows counts that reflect chosen tags, so dead ends are visible', async () => {
		const app = await open();
		await app.press('t', ' ');
		// #cli chosen: #go would leave nothing, #rust and #shell one each.
		assert.match(app.frame(), /\[ \] #go +0/);
		assert.match(app.frame(), /\[ \] #rust +1/);
	});

	it('switches between all and any with Tab', async () => {
		const app = await open();
		await app.press('t', 'j', ' ', 'k', ' ', keys.tab);
		assert.match(app.frame(), /posts with ANY chosen tag \(Tab: all\)/);
		await app.press(keys.enter);
		assert.deepEqual(listedTitles(app.frame()), [
			'Kubelet deep dive',
			'Go worker pools',
			'Rust errors',
			'Shell habits',
		]);
		assert.match(statusLine(app.frame()), /#go \| #cli|#cli \| #go/);
	});

	it('filters by a category', async () => {
		const app = await open();
		await app.press('t', 'Notes', ' ', keys.enter);
		assert.deepEqual(listedTitles(app.frame()), ['Rust errors']);
		assert.match(statusLine(app.frame()), /category:Notes · 1 of 5 posts/);
	});

	it('narrows hundreds of tags as they are typed, and counts and filters by the one chosen', async () => {
		// 300 posts, each with #even or #odd and one of 150 topics (two posts a topic).
		const topics: Blog = {
			root: 'topics',
			hiddenDrafts: 0,
			posts: Array.from({length: 300}, (_, index) =>
				makePost(
					{
						title: `Note ${index}`,
						date: new Date(Date.UTC(2024, 0, 1) - index * 86_400_000).toISOString().slice(0, 10),
						tags: [index % 2 === 0 ? 'even' : 'odd', `topic-${index % 150}`],
					},
					'Text.',
					`note-${index}.md`,
				),
			),
		};
		const app = await open({blog: topics, theme});
		const rows = () =>
			[...app.frame().matchAll(/^[› ] \[([ x])\] (\S+) +(\d+)$/gm)].map(
				match => `[${match[1]}] ${match[2]} ${match[3]}`,
			);
		await app.press('t');
		assert.deepEqual(rows().slice(0, 4), ['[ ] #even 150', '[ ] #odd 150', '[ ] #topic-0 2', '[ ] #topic-1 2']);
		await app.press('top');
		assert.match(app.frame(), /Narrow: top▏/);
		assert.deepEqual(rows().slice(0, 3), ['[ ] #topic-0 2', '[ ] #topic-1 2', '[ ] #topic-10 2']);
		await app.press(keys.backspace, keys.backspace, keys.backspace, 'topic-149');
		assert.deepEqual(rows(), ['[ ] #topic-149 2']);
		await app.press(' ');
		assert.deepEqual(rows(), ['[x] #topic-149 2']);
		await app.press(keys.backspace.repeat(9));
		// #topic-149 chosen: every other topic is a dead end, #odd has both its posts.
		assert.deepEqual(rows().slice(0, 4), ['[ ] #even 0', '[ ] #odd 2', '[ ] #topic-0 0', '[ ] #topic-1 0']);
		await app.press(keys.tab);
		assert.deepEqual(rows().slice(0, 4), ['[ ] #even 152', '[ ] #odd 150', '[ ] #topic-0 4', '[ ] #topic-1 4']);
		await app.press(keys.tab, keys.enter);
		assert.deepEqual(listedTitles(app.frame()), ['Note 149', 'Note 299']);
		assert.match(statusLine(app.frame()), /topics · #topic-149 · 2 of 300 posts/);
	});

	it('Esc cancels without changing the filters', async () => {
		const app = await open();
		await app.press('t', ' ', keys.escape);
		await app.waitFor(frame => !frame.includes('Filter by tag'));
		assert.equal(listedTitles(app.frame()).length, 5);
	});
});

describe('search as you type', () => {
	it('narrows the list with each key, title hits first; Enter keeps the query', async () => {
		const app = await open();
		await app.press('/', 'k');
		assert.match(statusLine(app.frame()), /^ \/k▏ 3 of 5/, 'Kubelet, worker, and kubelet in a body');
		await app.press('ubelet');
		assert.deepEqual(listedTitles(app.frame()), ['Kubelet deep dive', 'Shell habits']);
		await app.press(keys.enter);
		assert.match(statusLine(app.frame()), /blog · "kubelet" · 2 of 5 posts/);
		await app.press('j');
		assert.match(app.frame(), /^› \S+ +Shell habits/m, 'keys work on the list again');
	});

	it('reads the bodies while the search field is open, before the first letter', async () => {
		// Bodies read from the posts' files, counted.
		let reads = 0;
		const many = Array.from({length: 400}, (_, index) =>
			makePost({title: `Post ${index}`, date: '2024-01-01'}, `Body of post ${index}, about kubelets.`),
		);
		const bodies = new SearchBodies({
			readText: post => {
				reads++;
				return bodyOf(post);
			},
		});
		const app = await open({blog: {root: 'many', hiddenDrafts: 0, posts: many}, theme: createTheme(0), bodies});
		assert.equal(reads, 0, 'not read for the list');
		await app.press('/');
		await app.waitFor(() => reads === many.length);
		await app.press('kubelet');
		assert.equal(reads, many.length, 'typing reads nothing more');
		assert.match(statusLine(app.frame()), /400 of 400/);
	});

	it('highlights the matched text in the list', async () => {
		const colour = createTheme(1);
		const app = await open({blog, theme: colour});
		await app.press('/', 'deep');
		const raw = app.lastFrame() ?? '';
		assert.ok(raw.includes(colour.matchSelected('deep')), 'in the selected row');
		await app.press(keys.escape, '/', 'pool');
		assert.ok((app.lastFrame() ?? '').includes(colour.matchSelected('pool')));
		await app.press(keys.backspace.repeat(4), 'o');
		const otherRows = (app.lastFrame() ?? '').split('\n').filter(line => !line.includes('›'));
		assert.ok(
			otherRows.some(line => /\u001B\[4m\u001B\[93mo/.test(line)),
			'in other rows, underlined and coloured',
		);
	});

	it('Esc clears the query; Backspace edits it', async () => {
		const app = await open();
		await app.press('/', 'rustx');
		assert.match(app.frame(), /No posts match "rustx"/);
		assert.match(app.frame(), /without "rustx": 5 posts/);
		await app.press(keys.backspace);
		assert.deepEqual(listedTitles(app.frame()), ['Rust errors']);
		await app.press(keys.escape);
		await app.waitFor(frame => listedTitles(frame).length === 5);
		assert.match(statusLine(app.frame()), /blog · 5 of 5 posts/);
	});

	it('Esc on the list clears a kept search before it quits', async () => {
		const app = await open();
		await app.press('/', 'rust', keys.enter);
		assert.deepEqual(listedTitles(app.frame()), ['Rust errors']);
		await app.press(keys.escape);
		await app.waitFor(frame => listedTitles(frame).length === 5);
		assert.match(statusLine(app.frame()), /filters cleared \(Esc again quits\)/);
	});

	it('combines with tags, and x clears everything', async () => {
		const app = await open();
		await app.press('t', 'cli', ' ', keys.enter, '/', 'result', keys.enter);
		assert.deepEqual(listedTitles(app.frame()), ['Rust errors']);
		assert.match(statusLine(app.frame()), /#cli · "result" · 1 of 5 posts/);
		await app.press('x');
		assert.equal(listedTitles(app.frame()).length, 5);
	});
});

describe('selection, sorting and the reader', () => {
	it('a search selects its best match, and Enter, Enter opens it', async () => {
		const snakes: Blog = {
			root: 'snakes',
			hiddenDrafts: 0,
			posts: [
				makePost({title: 'Garden snakes', date: '2025-05-01', tags: ['pets']}, 'A python lives under the shed.'),
				makePost({title: 'Go notes', date: '2025-04-01', tags: ['go']}, 'Channels.'),
				makePost({title: 'Python tips', date: '2024-01-01', tags: ['code']}, 'Use a virtual environment.'),
			],
		};
		const app = await open({blog: snakes, theme});
		assert.match(app.frame(), /^› \S+ +Garden snakes/m, 'the newest post is selected');
		await app.press('/', 'python');
		assert.deepEqual(listedTitles(app.frame()), ['Python tips', 'Garden snakes']);
		assert.match(app.frame(), /^› \S+ +Python tips/m, 'the best match, not the post selected before');
		await app.press(keys.enter, keys.enter);
		await app.waitFor(frame => /^ Python tips$/m.test(frame));
		assert.doesNotMatch(app.frame(), /under the shed/);
	});

	it('moves to the best match when the filters change, and stays where keys put it otherwise', async () => {
		const app = await open();
		await app.press('j', 'j');
		assert.match(app.frame(), /^› \S+ +Rust errors/m);
		await app.press('/', 'r');
		assert.match(app.frame(), /^› \S+ +Rust errors/m, 'r starts a word of the title: the best match');
		await app.press(keys.down);
		const moved = /^› \S+ +(.+?) {2}/m.exec(app.frame())?.[1];
		await app.press(keys.enter, 'k', 'j');
		assert.match(app.frame(), new RegExp(`^› \\S+ +${moved}`, 'm'), 'Enter keeps the search and the selection');
		await app.press(keys.escape);
		await app.waitFor(frame => listedTitles(frame).length === 5);
		assert.match(app.frame(), /^› \S+ +Kubelet deep dive/m, 'the filters cleared: row 1');
	});

	it('returns from the reader to the same filtered list and position', async () => {
		const app = await open();
		await app.press('t', 'cli', ' ', keys.enter, 'j', keys.enter);
		assert.match(app.frame(), /^ Shell habits$/m);
		await app.press('q');
		assert.deepEqual(listedTitles(app.frame()), ['Rust errors', 'Shell habits']);
		assert.match(app.frame(), /^› \S+ +Shell habits/m);
	});

	it('s cycles the sort: date, title, reading time', async () => {
		const app = await open();
		await app.press('s');
		assert.deepEqual(listedTitles(app.frame()), [
			'About',
			'Go worker pools',
			'Kubelet deep dive',
			'Rust errors',
			'Shell habits',
		]);
		assert.match(statusLine(app.frame()), /sorted by title/);
		await app.press('s');
		assert.match(statusLine(app.frame()), /by reading time/);
		await app.press('s');
		assert.deepEqual(listedTitles(app.frame()), [
			'Kubelet deep dive',
			'Go worker pools',
			'Rust errors',
			'Shell habits',
			'About',
		]);
	});

	it('starts with the filters given on the command line', async () => {
		const app = await open({blog, theme, filters: {terms: [{kind: 'any', name: 'TECH'}], mode: 'and', query: 'pool'}});
		assert.deepEqual(listedTitles(app.frame()), ['Go worker pools']);
		assert.match(
			statusLine(app.frame()),
			/category:Tech · "pool" · 1 of 5 posts/,
			'--tag TECH is the category Tech, as the picker shows it',
		);
	});
});
