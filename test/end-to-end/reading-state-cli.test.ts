import assert from 'node:assert/strict';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {runCli} from '../helpers/cli.js';
import {inTerminal} from '../helpers/pty.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-memory-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

const blog = path.join(scratch, 'blog');
mkdirSync(blog);
const paragraphs = Array.from({length: 60}, (_, index) => `Paragraph ${index + 1} of the long one.`).join('\n\n');
writeFileSync(
	path.join(blog, 'long.md'),
	`---\ntitle: Long one\ndate: 2025-02-02\nexcerpt: A long post\n---\n${paragraphs}\n`,
);
writeFileSync(
	path.join(blog, 'short.md'),
	'---\ntitle: Short one\ndate: 2025-01-01\nexcerpt: A short post\n---\nDone.\n',
);

let runs = 0;
/** A fresh state folder (and cache) for each test. */
function home() {
	const base = path.join(scratch, `home-${++runs}`);
	return {env: {XDG_STATE_HOME: base, XDG_CACHE_HOME: path.join(base, 'cache')}, folder: path.join(base, 'blogread')};
}

/** The read mark drawn before a post's date in the list the run showed last ('●', or ' ' for none). */
function markOf(output: string, date: string): string {
	const found = [...stripAnsi(output).matchAll(new RegExp(`(.) ${date} {2}`, 'g'))].at(-1);
	assert.ok(found, `no row dated ${date}`);
	return found[1] ?? '';
}

describe('the reading state between runs (in a terminal)', () => {
	it('a second run remembers where a post was left and which posts were read', async () => {
		const {env, folder} = home();
		const first = await inTerminal({
			command: `BIN ${blog}`,
			env,
			// The long post, half a page down twice, back; the short one read to its end; quit.
			keys: [
				'\r',
				{key: 'd', shows: 'Paragraph'},
				'd',
				{key: 'q', shows: '? help'},
				'j',
				{key: '\r', shows: 'Done.'},
				'q',
				'Q',
			],
		});
		assert.equal(first.code, 0);
		const files = readdirSync(folder);
		assert.equal(files.length, 1);
		const file = path.join(folder, files[0] ?? '');
		assert.equal(statSync(folder).mode & 0o777, 0o700);
		assert.equal(statSync(file).mode & 0o777, 0o600);

		const second = await inTerminal({command: `BIN ${blog}`, env, keys: [{key: '\r', shows: 'Paragraph'}, 'Q']});
		assert.equal(second.code, 0);
		assert.equal(markOf(second.output, '2025-02-02'), '●', 'not read to the end: unread');
		assert.equal(markOf(second.output, '2025-01-01'), ' ', 'read to the end');
		const reader = stripAnsi(second.output.slice(second.output.lastIndexOf('Paragraph') - 2000));
		assert.doesNotMatch(reader, /Paragraph 1 of/, 'not at the top');
		assert.match(reader, /Paragraph 1\d of/, 'where it was left');
	});

	it('SIGTERM while reading keeps the place of the open post', async () => {
		const {env, folder} = home();
		const run = await inTerminal({
			command: `BIN ${blog}`,
			env,
			keys: ['\r', {key: 'd', shows: 'Paragraph'}, {key: 'd', shows: 'Paragraph'}, {signal: 'SIGTERM'}],
		});
		assert.equal(run.code, 143);
		const text = readFileSync(path.join(folder, readdirSync(folder)[0] ?? ''), 'utf8');
		assert.match(text, /\["long\.md",[1-9]\d*,/);
	});

	it('--no-state reads and writes nothing, and shows no marks', async () => {
		const {env, folder} = home();
		const run = await inTerminal({command: `BIN --no-state ${blog}`, env, keys: ['\r', 'q', 'Q']});
		assert.equal(run.code, 0);
		assert.equal(markOf(run.output, '2025-01-01'), ' ');
		assert.ok(!stripAnsi(run.output).includes('●'));
		assert.equal(existsSync(folder), false);
	});

	// A state and cache home of yours that others can change: another user could swap `blogread/` in it
	// for a link to a folder of their choice while the app runs. It is not used, and nothing is written.
	it('a state home others can change is not used, and a folder swapped in it meanwhile gets nothing', async () => {
		const shared = path.join(scratch, 'shared-home');
		mkdirSync(shared);
		chmodSync(shared, 0o777);
		const chosen = path.join(scratch, 'chosen-by-another');
		mkdirSync(chosen);
		const env = {XDG_STATE_HOME: shared, XDG_CACHE_HOME: path.join(shared, 'cache')};
		const run = await inTerminal({
			command: `BIN ${blog}`,
			env,
			keys: [
				{
					act: () => {
						rmSync(path.join(shared, 'blogread'), {recursive: true, force: true});
						symlinkSync(chosen, path.join(shared, 'blogread'));
					},
					// The swap is made once the app is up; nothing on screen answers it.
					shows: '',
					within: 0,
				},
				{key: '\r', shows: 'Paragraph'},
				'G',
				'q',
				'Q',
			],
		});
		assert.equal(run.code, 0);
		assert.match(
			stripAnsi(run.output),
			new RegExp(`not using ${path.join(shared, 'blogread')}: the folder it is in can be changed by others`),
		);
		assert.deepEqual(readdirSync(chosen), []);
	});

	it('--list and --print write nothing', async () => {
		const {env, folder} = home();
		assert.equal((await runCli(['--list', blog], env)).code, 0);
		assert.equal((await runCli(['--print', path.join(blog, 'long.md')], env)).code, 0);
		assert.equal(existsSync(folder), false);
	});
});
