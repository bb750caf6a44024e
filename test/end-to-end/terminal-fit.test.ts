import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {inTerminal} from '../helpers/pty.js';
import {hasTmux, tmuxWindow} from '../helpers/tmux.js';

// A blog longer than any screen here, so every row of the app has a post on it.
const blog = mkdtempSync(path.join(tmpdir(), 'blogread-fit-'));
after(() => {
	rmSync(blog, {recursive: true, force: true});
});
for (let index = 1; index <= 60; index++) {
	const day = String((index % 28) + 1).padStart(2, '0');
	writeFileSync(
		path.join(blog, `post-${index}.md`),
		`---\ntitle: Fitting post ${index}\ndate: 2024-02-${day}\ntags: [fit]\n---\n\nBody ${index}.\n`,
	);
}

describe('terminal fit', () => {
	it('uses every row: the status line is drawn on the bottom one', async () => {
		const {code, output} = await inTerminal({command: `BIN ${blog}`, keys: ['Q']});
		assert.equal(code, 0);
		// Rows are written at their place: row 24 of the 80x24 terminal holds the status line.
		const bottom = /\u001B\[24;1H\u001B\[2K([^\u001B]*(?:\u001B\[[\d;]*m[^\u001B]*)*)/.exec(output)?.[1] ?? '';
		assert.match(stripAnsi(bottom), /60 of 60 posts .*\? help/);
		assert.match(stripAnsi(output), /Fitting post/);
	});

	it('blanks the alternate screen, cursor home, before giving the terminal back', async () => {
		const {code, output} = await inTerminal({command: `BIN ${blog}`, keys: ['q']});
		assert.equal(code, 0);
		const leave = output.lastIndexOf('\u001B[?1049l');
		assert.ok(leave > 0);
		const last = output.slice(output.lastIndexOf('\u001B[H\u001B[2J'), leave);
		assert.ok(last.startsWith('\u001B[H\u001B[2J'), 'cleared before leaving');
		assert.doesNotMatch(stripAnsi(last), /\S/, 'nothing drawn after');
	});

	it('growing the window, then quitting, gives the shell its screen back as it was', {skip: !hasTmux}, async () => {
		const window = tmuxWindow(`seq 100; BIN ${blog}; echo "exit $?"; exec sleep 600`, 80, 24);
		try {
			await window.waitFor(rows => rows.some(row => row.includes('? help')), 'the app');
			window.resize(120, 40);
			await window.waitFor(rows => rows.some(row => row.length > 110 && row.includes('? help')), 'the app at 120x40');
			window.keys('q');
			await window.waitFor(rows => rows.includes('exit 0'), 'the shell');
			const rows = window.screen();
			// The numbers the screen had, and the ones tmux brings back from the history as it grows:
			// in order, nothing between.
			const numbers = rows.slice(0, -1).map(Number);
			assert.equal(rows.at(-1), 'exit 0', rows.join('\n'));
			assert.equal(numbers.at(-1), 100, rows.join('\n'));
			assert.ok(
				numbers.every((number, index) => index === 0 || number === (numbers[index - 1] ?? 0) + 1),
				rows.join('\n'),
			);
		} finally {
			window.close();
		}
	});
});
