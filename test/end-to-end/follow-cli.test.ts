import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {inTerminal} from '../helpers/pty.js';

// The built bin in a pseudo-terminal, its folder changed under it as an author
// with an editor in another pane would: each change shows within a second.
const temporary = mkdtempSync(path.join(tmpdir(), 'blogread-follow-cli-'));
after(() => {
	rmSync(temporary, {recursive: true, force: true});
});

const post = (title: string, date: string, body: string) => `---\ntitle: ${title}\ndate: ${date}\n---\n\n${body}\n`;
/** How long a change may take to show: the promise. */
const WITHIN_MS = 1000;

describe('following the files in a terminal', () => {
	it('a post added, the open post edited, then deleted: each shows within a second', async () => {
		const root = path.join(temporary, 'blog');
		mkdirSync(path.join(root, 'posts'), {recursive: true});
		const write = (name: string, text: string) => {
			writeFileSync(path.join(root, 'posts', name), text);
		};

		write('first.md', post('First', '2024-01-01', 'The first words.'));
		const {code, output} = await inTerminal({
			command: `BIN ${root}`,
			env: {
				NO_COLOR: '1',
				XDG_CACHE_HOME: path.join(temporary, 'cache'),
				XDG_STATE_HOME: path.join(temporary, 'state'),
			},
			keys: [
				// The folder is watched once the first frame is out: this first change is made until it shows.
				{
					act: () => write('second.md', post('Second', '2024-02-01', 'Words.')),
					shows: 'Second',
					within: 300,
					again: true,
				},
				{act: () => write('third.md', post('Third', '2024-03-01', 'Words.')), shows: 'Third', within: WITHIN_MS},
				// The selection stayed on First (now third in the list): Enter opens it.
				{key: '\r', shows: 'The first words.'},
				{
					act: () => write('first.md', post('First', '2024-01-01', 'Rewritten text.')),
					shows: 'Rewritten',
					within: WITHIN_MS,
				},
				{act: () => rmSync(path.join(root, 'posts', 'first.md')), shows: 'was deleted', within: WITHIN_MS},
				{key: 'q', shows: 'Third'},
				'q',
			],
		});
		assert.equal(code, 0);
		assert.ok(output.includes('deleted on disk'));
	});
});
