// The package as npm publishes it, installed as a user installs it: `npm pack`,
// then a global install into an empty prefix and `npx` on the tarball. What the
// tarball holds is checked (the bin and its on-demand files, the man page;
// nothing of the tests, the source or source maps), and the installed command
// is run as a user runs it: --version, --list, the app in a pseudo-terminal, man.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {homedir, tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {baseEnv} from '../helpers/bin.js';
import {ROOT as root, SAMPLE_BLOG} from '../helpers/paths.js';
import {inTerminal} from '../helpers/pty.js';

const work = mkdtempSync(path.join(tmpdir(), 'blogread-package-'));
const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string}).version;

type Packed = {filename: string; size: number; unpackedSize: number; files: Array<{path: string}>};

/** npm, quietly, from `cwd`; the run's output, failing the test with npm's own words when npm fails. */
function npm(args: string[], cwd = work, env: NodeJS.ProcessEnv = {}) {
	const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], {
		cwd,
		encoding: 'utf8',
		env: {...process.env, npm_config_update_notifier: 'false', ...env},
		timeout: 180_000,
	});
	assert.equal(result.status, 0, `npm ${args.join(' ')}:\n${result.stderr}`);
	return result.stdout;
}

let packed: Packed;
let tarball: string;
before(() => {
	// The bin is built by the test command before the tests; packing it runs no build of its own.
	const [made] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], root)) as Packed[];
	assert.ok(made);
	packed = made;
	tarball = path.join(work, packed.filename);
});
after(() => {
	rmSync(work, {recursive: true, force: true});
});

describe('the package', () => {
	it('holds the bin, its on-demand files and the man page, and nothing of the tests, the source or maps', () => {
		const files = packed.files.map(file => file.path);
		for (const needed of ['package.json', 'README.md', 'dist/cli.js', 'dist/renderer-process.js', 'man/blogread.1']) {
			assert.ok(files.includes(needed), needed);
		}

		assert.ok(files.some(file => file.startsWith('dist/vendor/')));
		assert.deepEqual(
			files.filter(file => /^(test|source|scripts|posts|patches)\/|\.map$|\.tsx?$/.test(file)),
			[],
		);
		// Today 0.75 MB packed and 2.4 MB unpacked: a doubling would be a mistake, such as a map or a test shipped.
		assert.ok(packed.size < 1.5e6, `${packed.size} bytes packed`);
		assert.ok(packed.unpackedSize < 5e6, `${packed.unpackedSize} bytes unpacked`);
	});

	it('installs into an empty prefix: the command, its man page, --version, --list and the app', async () => {
		const prefix = path.join(work, 'prefix');
		npm(['install', '--global', '--prefix', prefix, '--prefer-offline', tarball]);
		const command = path.join(prefix, 'bin', 'blogread');
		// ssh2 (blogread serve) is installed with it; everything else is in the bundle.
		const installed = readdirSync(path.join(prefix, 'lib', 'node_modules', 'blogread', 'node_modules'));
		assert.ok(installed.includes('ssh2'));
		for (const bundled of ['ink', 'react', 'marked', 'meow']) assert.ok(!installed.includes(bundled), bundled);
		const blog = path.join(work, 'blog');
		cpSync(SAMPLE_BLOG, blog, {recursive: true});
		const env = {...baseEnv(), XDG_CACHE_HOME: path.join(work, 'cache')};
		const run = (args: string[]) => spawnSync(command, args, {encoding: 'utf8', env});
		assert.equal(run(['--version']).stdout, `${version}\n`);
		const listed = run(['--list', blog]);
		assert.equal(listed.status, 0, listed.stderr);
		assert.match(listed.stdout, /\twelcome-to-blogread\tWelcome to blogread\t/);
		// `man blogread` finds the page the install linked (where man is installed).
		const manPage = spawnSync('man', ['-w', 'blogread'], {
			encoding: 'utf8',
			env: {...process.env, MANPATH: path.join(prefix, 'share', 'man')},
		});
		if (manPage.error === undefined) assert.match(manPage.stdout, /\/blogread\/man\/blogread\.1\n$/);
		assert.ok(existsSync(path.join(prefix, 'share', 'man', 'man1', 'blogread.1')));
		const app = await inTerminal({command: `${command} ${blog}`, keys: ['q'], env, timeout: 30_000});
		assert.equal(app.code, 0);
		assert.match(app.output, /Welcome to blogread/);
	});

	it('runs with npx from the tarball', () => {
		const npxCache = path.join(homedir(), '.npm', '_npx');
		const before = existsSync(npxCache) ? new Set(readdirSync(npxCache)) : new Set<string>();
		try {
			const result = spawnSync('npx', ['--yes', '--prefer-offline', '--package', tarball, 'blogread', '--version'], {
				cwd: work,
				encoding: 'utf8',
				env: {...process.env, npm_config_update_notifier: 'false'},
				timeout: 180_000,
			});
			assert.equal(result.status, 0, result.stderr);
			assert.equal(result.stdout, `${version}\n`);
		} finally {
			// npx keeps what it installed for this tarball in npm's cache: the tarball is gone after this test.
			for (const made of existsSync(npxCache) ? readdirSync(npxCache) : []) {
				if (!before.has(made)) rmSync(path.join(npxCache, made), {recursive: true, force: true});
			}
		}
	});
});
