import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {openPlan} from '../../source/ui/host/opener.js';
import {absolutePathEntries, findProgram} from '../../source/util/programs.js';
import {baseEnv, bin, runBin} from '../helpers/bin.js';
import {inTerminal} from '../helpers/pty.js';

// A cloned blog that holds programs named like the ones blogread starts (git,
// an editor, a pager, a browser opener), run by a user whose $PATH has relative
// entries (`bin`, `./bin`, an empty one): blogread started inside the blog must
// still run the real programs, found on $PATH's absolute entries, never the blog's.

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-planted-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

/** Where a planted program leaves a file named for itself when it runs. */
const ran = path.join(scratch, 'ran');
mkdirSync(ran);
const plantedRuns = () => readdirSync(ran).filter(name => name.startsWith('planted-'));

/** A program that records that it ran (as `planted-NAME` or `real-NAME`), then does `then`. */
function program(folder: string, name: string, kind: 'planted' | 'real', then = ''): void {
	mkdirSync(folder, {recursive: true});
	const file = path.join(folder, name);
	writeFileSync(file, `#!/bin/sh\ntouch '${path.join(ran, `${kind}-${name}`)}'\n${then}\n`);
	chmodSync(file, 0o755);
}

const blog = path.join(scratch, 'blog');
const planted = path.join(blog, 'bin');
const hooks = path.join(blog, 'node_modules', '.bin');
for (const name of ['git', 'vi', 'less', 'my-editor', 'my-pager', 'xdg-open']) {
	program(planted, name, 'planted');
	program(hooks, name, 'planted');
	program(blog, name, 'planted');
}

// The programs the user meant, on an absolute entry after the relative ones.
const tools = path.join(scratch, 'tools');
program(tools, 'my-editor', 'real', 'echo "Written by the real editor." >> "$2"');
program(tools, 'my-pager', 'real', 'echo "[real pager]"; cat');

/** The undated note's day, from its one commit: only the real git can tell it. */
const COMMIT_DAY = '2021-03-04';
writeFileSync(path.join(blog, 'note.md'), '# A note without a date\n\nSome text.\n');
writeFileSync(path.join(blog, '.gitignore'), 'bin/\nnode_modules/\ngit\nvi\nless\nmy-*\nxdg-open\n');
const git = (...args: string[]) => {
	const result = spawnSync('git', args, {
		cwd: blog,
		encoding: 'utf8',
		env: {
			...process.env,
			GIT_AUTHOR_DATE: `${COMMIT_DAY}T12:00:00Z`,
			GIT_COMMITTER_DATE: `${COMMIT_DAY}T12:00:00Z`,
			GIT_AUTHOR_NAME: 'T',
			GIT_AUTHOR_EMAIL: 't@example.org',
			GIT_COMMITTER_NAME: 'T',
			GIT_COMMITTER_EMAIL: 't@example.org',
		},
	});
	assert.equal(result.status, 0, result.stderr);
};
git('init', '-q');
git('add', 'note.md', '.gitignore');
git('commit', '-q', '-m', 'note');

/** Relative entries first, as a careless dotfile leaves them, then the real tools and the system's. */
const hostilePath = ['bin', './bin', 'node_modules/.bin', '', tools, process.env['PATH'] ?? ''].join(':');

describe('programs are found on $PATH’s absolute entries only', () => {
	it('absolutePathEntries keeps absolute entries in order, once each', () => {
		const cases: Array<[PATH: string | undefined, entries: string[]]> = [
			[undefined, []],
			['', []],
			['/usr/bin:/bin', ['/usr/bin', '/bin']],
			['bin:./bin::.:/usr/bin:node_modules/.bin:/bin:/usr/bin', ['/usr/bin', '/bin']],
			['~/bin:/opt/x', ['/opt/x']],
		];
		for (const [PATH, entries] of cases) assert.deepEqual(absolutePathEntries({PATH}), entries, String(PATH));
	});

	it('findProgram never answers with a program of the current folder or a relative path', () => {
		const before = process.cwd();
		process.chdir(blog);
		try {
			const env = {PATH: hostilePath};
			assert.equal(findProgram('my-editor', env), path.join(tools, 'my-editor'));
			assert.equal(findProgram('xdg-open', {PATH: 'bin:./bin::.'}), undefined);
			assert.equal(findProgram('./xdg-open', env), undefined);
			assert.equal(findProgram('bin/xdg-open', env), undefined);
			assert.equal(findProgram(path.join(tools, 'my-pager'), env), path.join(tools, 'my-pager'));
			assert.equal(findProgram(tools, env), undefined, 'a folder is not a program');
			// The opener: the blog's xdg-open is not a browser, so the link is copied instead.
			assert.deepEqual(openPlan('https://example.org/', {PATH: 'bin:./bin::.'}, 'linux'), {
				kind: 'copy',
				why: 'no xdg-open or $BROWSER',
			});
			assert.deepEqual(openPlan('https://example.org/', {PATH: hostilePath, BROWSER: 'my-pager'}, 'linux'), {
				kind: 'run',
				command: path.join(tools, 'my-pager'),
				args: ['https://example.org/'],
			});
		} finally {
			process.chdir(before);
		}
	});
});

describe('a blog that plants programs, with relative $PATH entries', () => {
	it('--list inside the blog dates the note with the real git, never the blog’s', () => {
		const {code, stdout, stderr} = runBin(['--list'], {cwd: blog, env: {PATH: hostilePath}});
		assert.equal(code, 0, stderr);
		assert.match(stdout, new RegExp(`^${COMMIT_DAY}\\S*\\t`, 'm'), 'the commit’s day: the real git ran');
		assert.deepEqual(plantedRuns(), []);
	});

	it('the app inside the blog: its git, editor and pager are the real ones', async () => {
		const {code, output} = await inTerminal({
			command: `cd '${blog}' && BIN note.md`,
			env: {PATH: hostilePath, EDITOR: 'my-editor', VISUAL: ''},
			keys: [{key: 'e', shows: 'Written by the real editor.'}, 'q'],
		});
		assert.equal(code, 0);
		assert.match(stripAnsi(output), /Written by the real editor\./);
		assert.ok(existsSync(path.join(ran, 'real-my-editor')));
		assert.deepEqual(plantedRuns(), []);
	});

	it('the default editor (vi) is never the blog’s', async () => {
		// No vi on the absolute entries: only `script`, which runs the terminal.
		const onlyScript = path.join(scratch, 'only-script');
		mkdirSync(onlyScript, {recursive: true});
		const script = spawnSync('sh', ['-c', 'command -v script'], {encoding: 'utf8'}).stdout.trim();
		symlinkSync(script, path.join(onlyScript, 'script'));
		const {code} = await inTerminal({
			command: `cd '${blog}' && BIN note.md`,
			env: {PATH: ['bin', './bin', '', onlyScript].join(':'), EDITOR: '', VISUAL: ''},
			keys: [{key: 'e', shows: 'could not run the editor'}, 'q'],
		});
		assert.equal(code, 0);
		assert.deepEqual(plantedRuns(), []);
	});

	it('--pager inside the blog runs the real pager', async () => {
		const {code, output} = await inTerminal({
			command: `cd '${blog}' && BIN --pager --print note.md`,
			env: {PATH: hostilePath, PAGER: 'my-pager'},
			ready: 'never',
		});
		assert.equal(code, 0);
		assert.match(stripAnsi(output), /\[real pager\][\s\S]*Some text\./);
		assert.deepEqual(plantedRuns(), []);
	});

	it('blogread serve started inside the blog runs the real git', async () => {
		const server = spawn(process.execPath, [bin, 'serve', '--listen', '127.0.0.1:0', '--host-key', hostKey()], {
			cwd: blog,
			env: {...baseEnv(), PATH: hostilePath},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		try {
			let said = '';
			await new Promise<void>((resolve, reject) => {
				const deadline = setTimeout(() => reject(new Error(`serve never listened: ${said}`)), 20_000);
				const hear = (chunk: Buffer) => {
					said += chunk.toString();
					if (/listening|127\.0\.0\.1:\d+/.test(said)) {
						clearTimeout(deadline);
						resolve();
					}
				};
				server.stdout.on('data', hear);
				server.stderr.on('data', hear);
				server.once('exit', code => reject(new Error(`serve exited (${code}): ${said}`)));
			});
		} finally {
			server.kill();
		}

		assert.deepEqual(plantedRuns(), []);
	});
});

/** A host key for serve in a private folder of its own. */
function hostKey(): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'blogread-planted-key-'));
	after(() => rmSync(folder, {recursive: true, force: true}));
	const file = path.join(folder, 'key');
	const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
	assert.equal(made.status, 0, String(made.stderr));
	return file;
}
