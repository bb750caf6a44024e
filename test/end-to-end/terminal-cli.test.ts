import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
	chmodSync,
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import {bin, canSwitchUser, runBin} from '../helpers/bin.js';
import {runCli} from '../helpers/cli.js';
import {FIXTURES} from '../helpers/paths.js';
import {inTerminal} from '../helpers/pty.js';

const fixture = path.join(FIXTURES, 'blog');
const post = path.join(fixture, 'full-front-matter.md');
const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-terminal-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

/** The command line in this process, as the bin runs it in a pipe. */
const cli = runCli;

describe('colour depth', () => {
	for (const level of ['1', '2', '3']) {
		it(`FORCE_COLOR=${level}: colour, from the 16 standard colours only`, async () => {
			const {stdout} = await cli(['--print', post], {FORCE_COLOR: level});
			const codes = [...stdout.matchAll(/\u001B\[([\d;]*)m/g)].map(match => match[1] ?? '');
			assert.ok(codes.length > 10);
			assert.ok(
				codes.every(code => !/(?:^|;)(?:38|48);/.test(code)),
				codes.find(code => /38|48/.test(code)),
			);
		});
	}

	it('NO_COLOR, --no-color and a pipe: no escape sequence at all', async () => {
		for (const [args, env] of [
			[[], {NO_COLOR: '1', FORCE_COLOR: '3'}],
			[['--no-color'], {FORCE_COLOR: '3'}],
			[[], {}],
		] as const) {
			assert.ok(!(await cli(['--print', post, ...args], env)).stdout.includes('\u001B'));
			assert.ok(!(await cli(['--list', fixture, ...args], env)).stdout.includes('\u001B'));
		}
	});
});

describe('terminals and pipes', () => {
	it('TERM=dumb gets plain, line-oriented output instead of the full-screen app', async () => {
		const {code, output} = await inTerminal({command: `BIN ${fixture}`, env: {TERM: 'dumb'}, ready: 'never'});
		assert.equal(code, 0);
		assert.ok(!output.includes('\u001B[?1049h'), 'no alternate screen');
		assert.match(stripAnsi(output), /2025-07-15 {2}Late evening in California/);
	});

	// The bundle measures text with shortcuts and lazily built Unicode tables (scripts/bundle.mjs):
	// the built bin must line columns up as the source does.
	it('--list and the app line up the tags column after wide and joined characters', async () => {
		const blog = mkdtempSync(path.join(tmpdir(), 'blogread-wide-'));
		const titles = [
			'Plain title',
			'Why 日本語 is wide',
			'Party 🎉 and 👩‍👩‍👧 family',
			'Café naïve e\u0301 accents',
			'Ｆｕｌｌ width ｶﾀｶﾅ',
		];
		titles.forEach((title, index) => {
			writeFileSync(
				path.join(blog, `post-${index}.md`),
				`---\ntitle: "${title}"\ndate: 2024-01-0${index + 1}\ntags: [marker]\n---\nText.\n`,
			);
		});
		const printed = await inTerminal({command: `BIN --list ${blog}`, ready: 'never'});
		// The app too: Ink measures its lines with the bundle's string-width.
		const app = await inTerminal({command: `BIN ${blog}`, keys: ['Q']});
		rmSync(blog, {recursive: true, force: true});
		for (const {code, output} of [printed, app]) {
			assert.equal(code, 0);
			// Lines end at a line break or where a row is written at its place (cursor moves, clears).
			const rows = output
				.split(/\r?\n|\u001B\[[\d;]*[HJ]/)
				.map(line => stripAnsi(line))
				// List rows (dated), not the selected post's details under the list.
				.filter(line => line.includes('#marker') && /\d{4}-\d\d-\d\d/.test(line));
			assert.ok(rows.length >= titles.length, output);
			const column = (row: string) => stringWidth(row.slice(0, row.indexOf('#marker')));
			assert.deepEqual(new Set(rows.map(column)).size, 1, rows.join('\n'));
		}
	});

	it('stdin that is not a terminal: the app reads keys from /dev/tty', async () => {
		const {code, output} = await inTerminal({command: `echo hello | BIN ${fixture}`, keys: ['j', 'q']});
		assert.equal(code, 0);
		assert.ok(output.includes('\u001B[?1049h') && output.includes('\u001B[?1049l'));
		assert.doesNotMatch(output, /Raw mode is not supported/);
	});

	it('no terminal at all (cron): prints the list, never the raw-mode crash', () => {
		const result = spawnSync('setsid', [process.execPath, bin, fixture], {
			encoding: 'utf8',
			input: '',
			env: {...process.env, NO_COLOR: ''},
		});
		assert.equal(result.status, 0);
		assert.match(result.stdout, /Late evening in California/);
		assert.doesNotMatch(result.stderr, /Raw mode/);
	});

	it('--pager shows printed output through $PAGER', async () => {
		const pager = path.join(scratch, 'pager.sh');
		writeFileSync(pager, '#!/bin/sh\necho "[pager start]"\ncat\necho "[pager end]"\n');
		chmodSync(pager, 0o755);
		const {code, output} = await inTerminal({
			command: `BIN --pager --print ${post}`,
			env: {PAGER: pager},
			ready: 'never',
		});
		assert.equal(code, 0);
		assert.match(stripAnsi(output), /\[pager start\][\s\S]*Tuning the garbage collector[\s\S]*\[pager end\]/);
	});

	// The editor is a script that records what it was given and adds a line to the file.
	const editor = path.join(scratch, 'editor.sh');
	writeFileSync(
		editor,
		'#!/bin/sh\necho "$@" > "$0.args"\n[ "$1" = "--" ] && shift\necho "Added by the editor." >> "$1"\n',
	);
	chmodSync(editor, 0o755);

	it('e opens $EDITOR on the post, the file name after --, then shows it re-read', async () => {
		const copy = path.join(scratch, 'edit-me.md');
		writeFileSync(copy, '---\ntitle: Edit me\n---\nBefore editing.\n');
		const {code, output} = await inTerminal({
			command: `BIN ${copy}`,
			env: {EDITOR: editor, VISUAL: ''},
			keys: [{key: 'e', shows: 'Added by the editor.'}, 'G', 'q'],
		});
		assert.equal(code, 0);
		assert.equal(readFileSync(`${editor}.args`, 'utf8'), `-- ${copy}\n`);
		assert.match(readFileSync(copy, 'utf8'), /Added by the editor\./);
		assert.match(output, /Added by the editor\./, 'the reader shows the edited post');
		const afterEditor = output.slice(output.lastIndexOf('\u001B[?1049h'));
		assert.ok(afterEditor.includes('\u001B[?25l'), 'the cursor is hidden again after the editor');
	});

	it('a post named like an editor option (+!cmd) is a file to the editor, even opened by a relative name', async () => {
		const folder = path.join(scratch, 'plus');
		mkdirSync(folder, {recursive: true});
		writeFileSync(path.join(folder, '+!touch pwned.md'), '# Plus\n\nText.\n');
		const {code} = await inTerminal({
			command: `cd ${folder} && BIN '+!touch pwned.md'`,
			env: {EDITOR: editor, VISUAL: ''},
			keys: [{key: 'e', shows: 'Added by the editor.'}, 'q'],
		});
		assert.equal(code, 0);
		assert.equal(readFileSync(`${editor}.args`, 'utf8'), `-- ${path.join(folder, '+!touch pwned.md')}\n`);
		assert.equal(existsSync(path.join(folder, 'pwned')), false);
	});

	it('e opens a known editor at the line on top of the screen: +N before the absolute path', async () => {
		const bin = path.join(scratch, 'known-editor');
		mkdirSync(bin, {recursive: true});
		const vim = path.join(bin, 'vim');
		writeFileSync(vim, '#!/bin/sh\necho "$@" > "$0.args"\necho "Added by vim." >> "$2"\n');
		chmodSync(vim, 0o755);
		const copy = path.join(scratch, 'at-line.md');
		const body = Array.from({length: 40}, (_, index) => `Paragraph ${index + 1}.`).join('\n\n');
		writeFileSync(copy, `---\ntitle: At a line\n---\n${body}\n`);
		const {code} = await inTerminal({
			command: `BIN ${copy}`,
			env: {EDITOR: vim, VISUAL: ''},
			keys: [{key: 'e', shows: 're-read at-line.md'}, 'q'],
		});
		assert.equal(code, 0);
		// The header is on top: the body's first line, the file's fourth.
		assert.equal(readFileSync(`${vim}.args`, 'utf8'), `+4 ${copy}\n`);
	});

	it('stdin that is not a terminal: the editor gets the terminal', async () => {
		const copy = path.join(scratch, 'piped.md');
		writeFileSync(copy, '# Piped\n\nText.\n');
		const ttyEditor = path.join(scratch, 'tty-editor.sh');
		writeFileSync(ttyEditor, '#!/bin/sh\n[ -t 0 ] && echo "Editor on a terminal." >> "$2"\n');
		chmodSync(ttyEditor, 0o755);
		const {code} = await inTerminal({
			command: `echo hello | BIN ${copy}`,
			env: {EDITOR: ttyEditor, VISUAL: ''},
			keys: [{key: 'e', shows: 'Editor on a terminal.'}, 'q'],
		});
		assert.equal(code, 0);
	});

	it('a missing editor is said, not taken for an edit', async () => {
		const copy = path.join(scratch, 'no-editor.md');
		writeFileSync(copy, '# No editor\n\nText.\n');
		const {code, output} = await inTerminal({
			command: `BIN ${copy}`,
			env: {EDITOR: 'no-such-editor-here', VISUAL: ''},
			keys: [{key: 'e', shows: 'could not run the editor'}, 'q'],
		});
		assert.equal(code, 0);
		assert.doesNotMatch(stripAnsi(output), /re-read/);
	});
});

describe('configuration', () => {
	it('~/.config/blogread/config.json sets defaults that flags override', async () => {
		const home = path.join(scratch, 'config-home');
		mkdirSync(path.join(home, 'blogread'), {recursive: true});
		writeFileSync(
			path.join(home, 'blogread', 'config.json'),
			JSON.stringify({folder: fixture, width: 40, theme: 'light', sort: 'title'}),
		);
		const env = {XDG_CONFIG_HOME: home};
		const list = (await cli(['--list'], env)).stdout.split('\n');
		assert.match(list[0] ?? '', /A post with JSON front matter/, 'the folder and sort come from the config');
		const printed = (await cli(['--print', 'toml-post'], env)).stdout;
		assert.ok(
			printed.split('\n').every(line => line.length <= 40),
			'width 40 from the config',
		);
		assert.ok(
			(await cli(['--print', 'toml-post', '--width', '70'], env)).stdout.split('\n').some(line => line.length > 40),
			'the flag wins',
		);
		const light = (await cli(['--print', 'toml-post'], {...env, FORCE_COLOR: '1'})).stdout;
		const dark = (await cli(['--print', 'toml-post', '--theme', 'dark'], {...env, FORCE_COLOR: '1'})).stdout;
		assert.notEqual(light, dark);
	});

	it('a broken config is reported in one line and ignored', async () => {
		const home = path.join(scratch, 'broken-home');
		mkdirSync(path.join(home, 'blogread'), {recursive: true});
		writeFileSync(path.join(home, 'blogread', 'config.json'), '{"width": 40,');
		const result = await cli(['--list', fixture], {XDG_CONFIG_HOME: home});
		assert.equal(result.code, 0);
		assert.match(result.stderr, /^blogread: config .*config\.json: not valid JSON .*; ignored\n$/);
		writeFileSync(path.join(home, 'blogread', 'config.json'), '{"width": 3, "theme": "light", "colour": true}');
		const partly = await cli(['--list', fixture], {XDG_CONFIG_HOME: home});
		assert.match(partly.stderr, /ignored "width": 3, "colour": true/);
	});
});

describe('folders that cannot be read', () => {
	// Permissions mean nothing to root: the check runs as `nobody` where it can.
	it('are skipped with one line each on stderr, and the rest is listed', {skip: !canSwitchUser}, () => {
		const root = mkdtempSync(path.join(tmpdir(), 'blogread-perm-'));
		try {
			mkdirSync(path.join(root, 'blog', 'locked'), {recursive: true});
			writeFileSync(path.join(root, 'blog', 'open.md'), '---\ntitle: Open\n---\n');
			writeFileSync(path.join(root, 'blog', 'locked', 'hidden.md'), '---\ntitle: Hidden\n---\n');
			chmodSync(root, 0o755);
			chmodSync(path.join(root, 'blog'), 0o755);
			chmodSync(path.join(root, 'blog', 'locked'), 0o000);
			const asNobody = (...args: string[]) =>
				runBin(args, {user: 'nobody', env: {XDG_CACHE_HOME: path.join(root, 'cache')}});
			const result = asNobody('--list', path.join(root, 'blog'));
			assert.equal(result.code, 0, result.stderr);
			assert.match(result.stdout, /Open/);
			assert.equal(
				result.stderr,
				`blogread: ${path.join(root, 'blog')}/locked: cannot read this folder (EACCES); skipped\n`,
			);
			writeFileSync(path.join(root, 'blog', 'secret.md'), '# Secret\n');
			chmodSync(path.join(root, 'blog', 'secret.md'), 0o000);
			const unreadableFile = asNobody('--print', path.join(root, 'blog', 'secret.md'));
			assert.equal(unreadableFile.code, 1);
			assert.match(unreadableFile.stderr, /secret\.md: cannot read this file \(EACCES\)\n$/);
			const unreadableRoot = asNobody('--list', path.join(root, 'blog', 'locked'));
			assert.equal(unreadableRoot.code, 1);
			assert.match(unreadableRoot.stderr, /^blogread: .*locked: cannot read this folder \(EACCES\)\n$/);
		} finally {
			chmodSync(path.join(root, 'blog', 'locked'), 0o755);
			rmSync(root, {recursive: true, force: true});
		}
	});

	it('a post made unreadable after it was indexed says so, the same as without the index', {
		skip: !canSwitchUser,
	}, () => {
		const root = mkdtempSync(path.join(tmpdir(), 'blogread-unreadable-'));
		try {
			const blog = path.join(root, 'blog');
			const cache = path.join(root, 'cache');
			mkdirSync(blog);
			mkdirSync(cache);
			writeFileSync(path.join(blog, 'note.md'), '---\ntitle: Note\n---\nText.\n');
			chmodSync(root, 0o755);
			chmodSync(blog, 0o755);
			chmodSync(cache, 0o1777);
			const asNobody = (env: NodeJS.ProcessEnv, ...args: string[]) => runBin(args, {user: 'nobody', env});
			const warnings = (env: NodeJS.ProcessEnv) =>
				(JSON.parse(asNobody(env, '--json', blog).stdout) as Array<{warnings: string[]}>)[0]?.warnings;
			// The cache folder is nobody's own, made by them.
			const withIndex = {XDG_CACHE_HOME: path.join(cache, 'home')};
			assert.deepEqual(warnings(withIndex), [], 'readable, and indexed');
			assert.equal(
				readdirSync(path.join(cache, 'home', 'blogread')).filter(name => name.startsWith('index-')).length,
				1,
			);
			chmodSync(path.join(blog, 'note.md'), 0o000);
			assert.deepEqual(warnings(withIndex), ['could not read the file (EACCES)']);
			assert.deepEqual(warnings({XDG_CACHE_HOME: path.join(cache, 'other')}), ['could not read the file (EACCES)']);
			const printed = asNobody(withIndex, '--print', 'note', blog);
			assert.deepEqual([printed.code, printed.stdout], [1, '']);
			assert.equal(printed.stderr, 'blogread: note.md: cannot read this file (EACCES)\n');
		} finally {
			rmSync(root, {recursive: true, force: true});
		}
	});
});

describe('a cache folder another user made', () => {
	// As `nobody`, another user makes blogread's cache folder first, writable by all, and plants links
	// where blogread's files would go; blogread, run by root here, must not write through them.
	it('is not used, and no link planted in it is written through', {skip: !canSwitchUser}, () => {
		const root = mkdtempSync(path.join(tmpdir(), 'blogread-shared-'));
		try {
			chmodSync(root, 0o1777);
			const shared = path.join(root, 'blogread');
			const victim = path.join(root, 'victim');
			writeFileSync(victim, 'untouched');
			const plant = `mkdir -m 777 ${shared} && for i in $(seq 1 400); do ln -s ${victim} ${shared}/index-$i.tmp; done`;
			assert.equal(spawnSync('runuser', ['-u', 'nobody', '--', 'sh', '-c', plant]).status, 0);
			const result = runBin(['--list', fixture], {env: {XDG_CACHE_HOME: root}});
			assert.equal(result.code, 0);
			assert.match(
				result.stderr,
				/not using .*blogread: it belongs to another user \(uid \d+\); running without it\n$/,
			);
			assert.equal(readFileSync(victim, 'utf8'), 'untouched');
		} finally {
			rmSync(root, {recursive: true, force: true});
		}
	});
});

describe('an index or a kept list that is not a file', () => {
	// A FIFO would block the read; a link to /dev/zero would be read for ever.
	const cases: Array<[name: string, plant: (file: string) => void]> = [
		['a FIFO', file => spawnSync('mkfifo', [file])],
		['a link to /dev/zero', file => symlinkSync('/dev/zero', file)],
	];
	for (const [kind, prefix] of [
		['an index', 'index-'],
		['a kept list', 'list-'],
	] as const) {
		for (const [name, plant] of cases) {
			it(`${kind}: is passed over and replaced, never read: ${name}`, () => {
				const env = {XDG_CACHE_HOME: mkdtempSync(path.join(scratch, 'cache-'))};
				const first = runBin(['--list', fixture], {env});
				const folder = path.join(env.XDG_CACHE_HOME, 'blogread');
				// A second list reads the kept list, when there is one: the index is reached without it.
				const keptLists = readdirSync(folder).filter(file => file.startsWith('list-'));
				if (prefix === 'index-') for (const file of keptLists) rmSync(path.join(folder, file));
				const [planted = ''] = readdirSync(folder).filter(file => file.startsWith(prefix));
				rmSync(path.join(folder, planted));
				plant(path.join(folder, planted));

				const again = runBin(['--list', fixture], {env, timeout: 20_000});
				assert.deepEqual([again.code, again.stdout, again.stderr], [0, first.stdout, '']);
				assert.ok(lstatSync(path.join(folder, planted)).isFile(), 'a sound file in its place');
			});
		}
	}
});
