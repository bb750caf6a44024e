import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import sharp from 'sharp';
import stripAnsi from 'strip-ansi';
import {baseEnv, runBin} from '../helpers/bin.js';
import {DIST, SAMPLE_BLOG} from '../helpers/paths.js';

// The built bin printing the sample blog's post with a cover and a picture (both images/pipeline.svg,
// 360×120) and no terminal: a pipe's page is taken as 24 rows, so a picture takes 12 at most.
const print = (args: string[], env: NodeJS.ProcessEnv = {}) =>
	runBin([SAMPLE_BLOG, '--print', 'go-worker-pool', '--width', '80', ...args], {env});

/** The printed lines that are a picture's rows: a background colour set on them. */
const pictureRows = (stdout: string) => stdout.split('\n').filter(line => /\u001B\[0;(?:[\d;]*;)?48;2;/.test(line));

describe('--print draws pictures where colour works', () => {
	it('in 24-bit colour: the cover’s and the picture’s rows, each above its line', () => {
		const {code, stdout, stderr} = print([], {FORCE_COLOR: '3'});
		assert.equal(code, 0, stderr);
		const rows = pictureRows(stdout);
		// The same 360×120 picture twice (the cover, and in the body): in 80 columns and 12 rows the rows
		// bind first, 72 pixels wide and 24 high.
		assert.equal(rows.length, 24);
		assert.ok(
			rows.every(row => stripAnsi(row).length === 72),
			rows.map(row => stripAnsi(row).length).join(' '),
		);
		const lines = stdout.split('\n');
		const plain = lines.map(line => stripAnsi(line));
		for (const [caption, drawn] of [
			['[cover: images/pipeline.svg]', rows.slice(0, 12)],
			['[image: Diagram of the pipeline] (images/pipeline.svg)', rows.slice(12)],
		] as const) {
			const at = plain.indexOf(caption);
			assert.ok(at >= 12, caption);
			assert.deepEqual(lines.slice(at - 12, at), drawn, `the rows right above ${caption}`);
		}
	});

	it('in 256 colours, with the palette’s codes', () => {
		const {stdout} = print([], {FORCE_COLOR: '2'});
		const rows = stdout.split('\n').filter(line => line.includes('48;5;'));
		assert.equal(rows.length, 24);
		assert.ok(!stdout.includes('48;2;'), 'no 24-bit code');
	});

	const lineOnly: Array<[name: string, args: string[], env: NodeJS.ProcessEnv]> = [
		['into a pipe without colour', [], {}],
		['with NO_COLOR', [], {NO_COLOR: '1', FORCE_COLOR: undefined}],
		['with --images off', ['--images', 'off'], {FORCE_COLOR: '3'}],
	];
	for (const [name, args, env] of lineOnly) {
		it(`not ${name}: the picture is its line`, () => {
			const {code, stdout} = print(args, env);
			assert.equal(code, 0);
			assert.deepEqual(pictureRows(stdout), []);
			assert.match(stripAnsi(stdout), /\n\[image: Diagram of the pipeline\] \(images\/pipeline\.svg\)\n/);
		});
	}

	it('refuses an --images it does not know, saying which it knows, exit 2', () => {
		const {code, stdout, stderr} = print(['--images', 'sixels']);
		assert.equal(code, 2);
		assert.equal(stdout, '');
		assert.match(
			stderr,
			/^blogread: --images must be auto, blocks, kitty, iterm, sixel, off, got "sixels"\nUsage: blogread /,
		);
	});
});

describe('where the picture decoder cannot be loaded', () => {
	// The bin alone, with no node_modules anywhere above it: sharp, an optional dependency, is missing.
	const alone = mkdtempSync(path.join(tmpdir(), 'blogread-no-sharp-'));
	cpSync(DIST, path.join(alone, 'dist'), {recursive: true});
	after(() => {
		rmSync(alone, {recursive: true, force: true});
	});

	it('prints the post with its images as lines, and says why once', () => {
		const {status, stdout, stderr} = spawnSync(
			process.execPath,
			[path.join(alone, 'dist', 'cli.js'), SAMPLE_BLOG, '--print', 'go-worker-pool', '--width', '80'],
			// A cache of its own: pictures drawn by another run would be shown without the decoder.
			{encoding: 'utf8', env: {...baseEnv(), FORCE_COLOR: '3', XDG_CACHE_HOME: path.join(alone, 'cache')}},
		);
		assert.equal(status, 0, stderr);
		assert.equal(
			stderr,
			'blogread: pictures are shown as lines: sharp, the picture decoder, could not be loaded: it is not installed\n',
		);
		assert.deepEqual(pictureRows(stdout), []);
		assert.match(stripAnsi(stdout), /\n\n\[image: Diagram of the pipeline\] \(images\/pipeline\.svg\)\n\n/);
	});
});

/** The PNG a base64 payload holds, measured. */
async function pngSize(base64: string): Promise<{format?: string; width?: number; height?: number}> {
	const {format, width, height} = await sharp(Buffer.from(base64, 'base64')).metadata();
	return {format, width, height};
}

// The picture is 72×12 cells (as in half blocks); a terminal that does not say its cells' size is
// taken to have 10×20-pixel cells, so each picture is sent at 720×240 pixels.
describe('--print draws pictures with the graphics protocol asked for', () => {
	it('kitty: the picture sent before its rows, which are placeholder cells coloured with its id', async () => {
		const {code, stdout, stderr} = print(['--images', 'kitty'], {FORCE_COLOR: '3'});
		assert.equal(code, 0, stderr);
		const placeholder = String.fromCodePoint(0x10_ee_ee);
		const lines = stdout.split('\n');
		const first = lines.findIndex(line => line.includes('\u001B_G'));
		const sequences = [...(lines[first] ?? '').matchAll(/\u001B_G([^;]*);([^\u001B]*)\u001B\\/g)];
		const keys = sequences[0]?.[1] ?? '';
		assert.match(keys, /^a=T,U=1,f=100,t=d,q=2,i=\d+,c=72,r=12,m=[01]$/);
		assert.deepEqual(await pngSize(sequences.map(([, , payload]) => payload).join('')), {
			format: 'png',
			width: 720,
			height: 240,
		});
		const id = Number(/i=(\d+)/.exec(keys)?.[1]);
		const colour = `\u001B[38;2;${(id >> 16) & 255};${(id >> 8) & 255};${id & 255}m`;
		const rows = lines.slice(first, first + 12);
		assert.ok(rows.every(row => row.includes(colour) && row.split(placeholder).length === 73));
		assert.equal(stripAnsi(lines[first + 12] ?? ''), '[cover: images/pipeline.svg]');
		assert.ok(!stdout.includes('48;2;'), 'no half blocks');
	});

	it('iterm: one inline image at the picture’s first row, the rows it covers left out', async () => {
		const {code, stdout} = print(['--images', 'iterm'], {FORCE_COLOR: '3'});
		assert.equal(code, 0);
		const lines = stdout.split('\n');
		const images = lines.flatMap((line, at) => {
			const found = /\u001B\]1337;File=([^:]*):([^\u0007]*)\u0007/.exec(line);
			return found ? [{at, keys: found[1] ?? '', payload: found[2] ?? ''}] : [];
		});
		assert.equal(images.length, 2, 'the cover and the picture');
		for (const {at, keys, payload} of images) {
			assert.match(keys, /^inline=1;size=\d+;width=72;height=12;preserveAspectRatio=0$/);
			assert.equal(Number(/size=(\d+)/.exec(keys)?.[1]), Buffer.from(payload, 'base64').length);
			assert.deepEqual(await pngSize(payload), {format: 'png', width: 720, height: 240});
			// The line after the image's is the caption: the image covers 12 rows from its own.
			assert.match(stripAnsi(lines[at + 1] ?? ''), /^\[(?:cover|image): /);
		}
	});

	it('sixel: one sixel image at the picture’s first row, of the picture’s pixels', () => {
		const {code, stdout} = print(['--images', 'sixel'], {FORCE_COLOR: '3'});
		assert.equal(code, 0);
		const images = [...stdout.matchAll(/\u001BP0;1;q"1;1;(\d+);(\d+)[^\u001B]*\u001B\\/g)];
		assert.deepEqual(
			images.map(([, width, height]) => `${width}x${height}`),
			['720x240', '720x240'],
		);
	});

	it('auto, into a pipe (even in kitty): half blocks, which any colour output keeps', () => {
		const {stdout} = print([], {FORCE_COLOR: '3', TERM: 'xterm-kitty'});
		assert.equal(pictureRows(stdout).length, 24);
		assert.ok(!stdout.includes('\u001B_G') && !stdout.includes('\u001B]1337'));
	});
});

describe('--print with --remote-images', () => {
	it('fetches nothing from this machine’s addresses (a post may point anywhere), and says so', async () => {
		const asked: string[] = [];
		const server = createServer((request, response) => {
			asked.push(request.url ?? '');
			response.writeHead(404).end();
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/delete-everything.png`;
		const blog = mkdtempSync(path.join(tmpdir(), 'blogread-remote-'));
		try {
			writeFileSync(path.join(blog, 'post.md'), `---\ntitle: Remote\n---\n\n![Inside](${address})\n`);
			const run = (args: string[]) =>
				new Promise<{stdout: string}>(resolve => {
					// Spawned without blocking: this process serves the address meanwhile.
					void import('node:child_process').then(({execFile}) => {
						execFile(
							process.execPath,
							[path.join(DIST, 'cli.js'), blog, '--print', 'post', '--width', '120', ...args],
							{env: {...baseEnv(), FORCE_COLOR: '3'}},
							(_error, stdout) => resolve({stdout}),
						);
					});
				});
			const fetched = await run(['--remote-images']);
			const line = /\[image: Inside\] \(http:\/\/127\.0\.0\.1:\d+\/admin\/delete-everything\.png\)/.source;
			assert.match(stripAnsi(fetched.stdout), new RegExp(`${line} · not shown: not a public address`));
			const plain = await run([]);
			assert.match(stripAnsi(plain.stdout), /\[image: Inside\] \(http:\/\/127[^)]*\)\n/);
			assert.doesNotMatch(plain.stdout, /not shown/);
			assert.deepEqual(asked, []);
		} finally {
			server.close();
			rmSync(blog, {recursive: true, force: true});
		}
	});
});
