import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
	chmodSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	renameSync,
	rmSync,
	type Stats,
	statSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {enableCompileCache} from '../../source/cli/compile-cache.js';
import {
	distrust,
	privateFolder,
	readPrivateBytesInSlices,
	readPrivateFile,
	readPrivateLines,
	writePrivateFile,
	writePrivateFileInSlices,
} from '../../source/storage/private-folder.js';
import {Slices} from '../../source/util/slices.js';
import {ROOT} from '../helpers/paths.js';
import {countTurns} from '../helpers/turns.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-private-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

/** Stats as lstat gives them, for the cases this machine can't make (another user's folder). */
function stats(mode: number, uid: number, kind: 'folder' | 'link' | 'file' = 'folder') {
	return {
		mode,
		uid,
		isSymbolicLink: () => kind === 'link',
		isDirectory: () => kind === 'folder',
	} as unknown as Stats;
}

const IN_SHARED = 'the folder it is in can be changed by others';

describe('a private folder', () => {
	const me = 1000;
	const cases: Array<[string, ReturnType<typeof stats>, ReturnType<typeof stats>, string | undefined]> = [
		['yours, 700, in your home', stats(0o40700, me), stats(0o40755, me), undefined],
		['yours, 755 (others may read, not write)', stats(0o40755, me), stats(0o40755, me), undefined],
		['yours, in /tmp (sticky)', stats(0o40700, me), stats(0o41777, 0), undefined],
		['made by another user first', stats(0o40700, 1001), stats(0o41777, 0), 'it belongs to another user (uid 1001)'],
		['writable by others', stats(0o40777, me), stats(0o40755, me), 'others can write to it (mode 777)'],
		['writable by the group', stats(0o40770, me), stats(0o40755, me), 'others can write to it (mode 770)'],
		['a link', stats(0o120777, me, 'link'), stats(0o40755, me), 'it is a symbolic link'],
		['a file', stats(0o100600, me, 'file'), stats(0o40755, me), 'it is not a folder'],
		['in a folder of yours others can change', stats(0o40700, me), stats(0o40777, me), IN_SHARED],
		['in a folder of yours the group can change', stats(0o40700, me), stats(0o40775, me), IN_SHARED],
		['in a sticky folder of yours others can write', stats(0o40700, me), stats(0o41777, me), undefined],
		['in a folder of root’s', stats(0o40700, me), stats(0o40755, 0), undefined],
		[
			'in a folder of another user’s',
			stats(0o40700, me),
			stats(0o40755, 1001),
			'the folder it is in belongs to another user (uid 1001)',
		],
		[
			'in a folder another user lets everyone change',
			stats(0o40700, me),
			stats(0o40777, 1001),
			'the folder it is in belongs to another user (uid 1001)',
		],
	];
	for (const [name, folder, parent, expected] of cases) {
		it(`${expected === undefined ? 'is trusted' : 'is not trusted'}: ${name}`, () => {
			assert.equal(distrust(folder, parent, me), expected);
		});
	}

	it('is made for you alone when missing, and a loose one is refused with one line', () => {
		const made = privateFolder(path.join(scratch, 'home', '.cache', 'blogread'));
		assert.equal(made.problem, undefined);
		assert.equal(statSync(made.path).mode & 0o777, 0o700);
		const loose = path.join(scratch, 'loose');
		mkdirSync(loose, {mode: 0o777});
		chmodSync(loose, 0o777);
		const said: string[] = [];
		assert.equal(privateFolder(loose, line => said.push(line)).problem, 'others can write to it (mode 777)');
		assert.deepEqual(said, [`blogread: not using ${loose}: others can write to it (mode 777); running without it`]);
	});

	it('writes files whole, for you alone, never through a link planted where the temporary file goes', () => {
		const folder = privateFolder(path.join(scratch, 'writes')).path;
		const file = path.join(folder, 'index.json');
		writePrivateFile(file, 'one');
		assert.equal(readPrivateFile(file, 1024), 'one');
		assert.equal(statSync(file).mode & 0o777, 0o600);
		const victim = path.join(scratch, 'victim');
		writeFileSync(victim, 'untouched');
		symlinkSync(victim, `${file}.${process.pid}.tmp`);
		writePrivateFile(file, 'two');
		assert.equal(readPrivateFile(file, 1024), 'two');
		assert.equal(readPrivateFile(victim, 1024), 'untouched');
	});

	it('writes a file given in pieces as their text in order, past 1 MB too; a failing piece changes nothing', () => {
		const folder = privateFolder(path.join(scratch, 'pieces')).path;
		const file = path.join(folder, 'index.json');
		const pieces = Array.from({length: 3000}, (_, index) => `${index}:${'é'.repeat(500)}\n`);
		writePrivateFile(file, pieces);
		assert.equal(readPrivateFile(file, 8 * 1024 * 1024), pieces.join(''));
		function* failing(): Generator<string> {
			yield 'a partial ';
			throw new Error('no more');
		}

		writePrivateFile(file, failing());
		assert.equal(readPrivateFile(file, 8 * 1024 * 1024), pieces.join(''));
		assert.deepEqual(readdirSync(folder), ['index.json']);
	});

	describe('a file of lines, a piece at a time', () => {
		const lines = (text: string, maxBytes = 8 * 1024 * 1024) => {
			const folder = privateFolder(path.join(scratch, 'lines')).path;
			const file = path.join(folder, 'lines.txt');
			writePrivateFile(file, text);
			const pieces: string[] = [];
			const read = readPrivateLines(file, maxBytes, piece => {
				pieces.push(piece);
				return true;
			});
			return {read, pieces};
		};
		const many = Array.from({length: 2000}, (_, index) => `${index} ${'é'.repeat(60)}\n`).join('');
		const long = `short\n${'x'.repeat(200_000)}\nafter\n`;
		// [name, text]: the pieces join into the text, each ends at a line's end, and only a piece with a line longer than
		// 64 KB is longer than that.
		const cases: Array<[string, string]> = [
			['an empty file', ''],
			['one line without a newline', 'only'],
			['lines past several pieces, two bytes to a character', many],
			['the last line without a newline', `${many}last`],
			['a line of 200,000 characters', long],
		];
		for (const [name, text] of cases) {
			it(name, () => {
				const {read, pieces} = lines(text);
				assert.equal(read, true);
				assert.equal(pieces.join(''), text);
				for (const piece of pieces.slice(0, -1)) assert.ok(piece.endsWith('\n'));
				for (const piece of pieces)
					assert.ok(piece.length <= 64 * 1024 || piece.split('\n').some(line => line.length > 64 * 1024));
			});
		}

		it('stops when told, and reads nothing larger than its limit', () => {
			const folder = privateFolder(path.join(scratch, 'lines')).path;
			const file = path.join(folder, 'lines.txt');
			writePrivateFile(file, many);
			let calls = 0;
			assert.equal(
				readPrivateLines(file, 8 * 1024 * 1024, () => {
					calls++;
					return false;
				}),
				true,
			);
			assert.equal(calls, 1);
			assert.equal(
				readPrivateLines(file, 1024, () => true),
				false,
			);
		});
	});

	it('writes a file a slice at a time: the loop turns between slices, the old file stays until the end', async () => {
		const folder = privateFolder(path.join(scratch, 'slices')).path;
		const file = path.join(folder, 'index.json');
		writePrivateFile(file, 'old');
		const seen: Array<string | undefined> = [];
		const pieces = Array.from({length: 50}, (_, index) => `${index}:${'é'.repeat(100)}\n`);
		// Each turn of the event loop between slices, what a reader of the file finds.
		let turning = true;
		const look = () => {
			seen.push(readPrivateFile(file, 1024 * 1024));
			if (turning) setImmediate(look);
		};
		setImmediate(look);
		assert.equal(await writePrivateFileInSlices(file, pieces, new Slices(0)), true);
		turning = false;
		assert.equal(readPrivateFile(file, 1024 * 1024), pieces.join(''));
		assert.ok(seen.length >= 10, `the event loop turned ${seen.length} times while 50 pieces were written`);
		assert.deepEqual(new Set(seen), new Set(['old']));
		assert.deepEqual(readdirSync(folder), ['index.json']);
	});

	it('writes nothing in slices to a folder swapped for a link between two slices', async () => {
		const home = path.join(scratch, 'swapped-while-writing');
		const folder = privateFolder(path.join(home, 'blogread')).path;
		const file = path.join(folder, 'index.json');
		const victim = path.join(scratch, 'victim-of-slices');
		mkdirSync(victim, {mode: 0o700});
		function* pieces(): Generator<string> {
			yield 'first\n';
			renameSync(folder, path.join(home, 'moved'));
			symlinkSync(victim, folder);
			yield 'second\n';
		}

		assert.equal(await writePrivateFileInSlices(file, pieces(), new Slices(0)), false);
		assert.deepEqual(readdirSync(victim), []);
		// The unfinished temporary file went with the folder (its path now leads elsewhere): never put in place.
		assert.ok(!readdirSync(path.join(home, 'moved')).includes('index.json'));
	});

	it('reads a file a slice at a time: the same bytes, the event loop turning between megabytes', async () => {
		const folder = privateFolder(path.join(scratch, 'read-slices')).path;
		const file = path.join(folder, 'index.json');
		const text = Array.from({length: 40_000}, (_, index) => `row ${index} ${'é'.repeat(40)}\n`).join('');
		writePrivateFile(file, text);
		const turns = countTurns();
		const bytes = await readPrivateBytesInSlices(file, 8 * 1024 * 1024, new Slices(0));
		const turned = turns.stop();
		assert.equal(bytes?.toString('utf8'), text);
		assert.ok(turned >= 3, `the event loop turned ${turned} times while ${bytes?.length} bytes were read`);
		assert.equal(await readPrivateBytesInSlices(file, 1024, new Slices(0)), undefined);
		const link = path.join(folder, 'link.json');
		symlinkSync(file, link);
		assert.equal(await readPrivateBytesInSlices(link, 8 * 1024 * 1024, new Slices(0)), undefined);
	});

	it('removes the temporary file of a write in slices when blogread leaves before it is done', () => {
		const folder = privateFolder(path.join(scratch, 'left')).path;
		const file = path.join(folder, 'index.json');
		writePrivateFile(file, 'old');
		const helper = path.join(ROOT, 'test', 'helpers', 'leave-while-writing.ts');
		const left = spawnSync(process.execPath, ['--import', 'tsx', helper, file], {encoding: 'utf8'});
		assert.equal(left.status, 0, left.stderr);
		assert.deepEqual(readdirSync(folder), ['index.json']);
		assert.equal(readPrivateFile(file, 1024), 'old');
	});

	// Another user swapping blogread's folder for a link while it runs needs a folder above it that others
	// can change: such a folder is refused wherever it is up the path, and every write checks again that
	// the folder is the one trusted, in a place still trusted.
	it('is refused under a folder others can change, however far up, whoever owns it', () => {
		const shared = path.join(scratch, 'shared-777');
		mkdirSync(path.join(shared, 'state', 'deeper'), {recursive: true});
		chmodSync(shared, 0o777);
		const said: string[] = [];
		assert.equal(privateFolder(path.join(shared, 'blogread'), line => said.push(line)).problem, IN_SHARED);
		assert.equal(
			privateFolder(path.join(shared, 'state', 'deeper', 'blogread'), line => said.push(line)).problem,
			`${shared}, a folder above it, can be changed by others`,
		);
		assert.equal(said.length, 2);
		const sticky = path.join(scratch, 'sticky-1777');
		mkdirSync(sticky);
		chmodSync(sticky, 0o1777);
		assert.equal(privateFolder(path.join(sticky, 'blogread')).problem, undefined);
	});

	it('is not written to once it was swapped for a link, or its place became one others can change', () => {
		const home = path.join(scratch, 'swapped-home');
		const folder = privateFolder(path.join(home, 'blogread')).path;
		const file = path.join(folder, 'state.json');
		assert.equal(writePrivateFile(file, 'mine'), true);
		// Swapped: the folder moved away, a link to the attacker's choice of folder in its place.
		const victim = path.join(scratch, 'victim-folder');
		mkdirSync(victim, {mode: 0o700});
		renameSync(folder, path.join(home, 'moved'));
		symlinkSync(victim, folder);
		assert.equal(writePrivateFile(file, 'redirected'), false);
		assert.deepEqual(readdirSync(victim), []);
		// Swapped for a real folder of the same name: not the folder trusted either.
		rmSync(folder);
		mkdirSync(folder, {mode: 0o700});
		assert.equal(writePrivateFile(file, 'replaced'), false);
		assert.deepEqual(readdirSync(folder), []);
		// Put back, then its parent opened to everyone after the start.
		rmSync(folder, {recursive: true});
		renameSync(path.join(home, 'moved'), folder);
		assert.equal(writePrivateFile(file, 'again'), true);
		chmodSync(home, 0o777);
		assert.equal(writePrivateFile(file, 'opened'), false);
		assert.equal(readPrivateFile(file, 1024), 'again');
	});

	it('reads back only regular files, not through links, and nothing past its cap', () => {
		const folder = privateFolder(path.join(scratch, 'reads')).path;
		writeFileSync(path.join(folder, 'big'), 'x'.repeat(100));
		symlinkSync('/dev/zero', path.join(folder, 'zero'));
		symlinkSync(path.join(folder, 'big'), path.join(folder, 'link'));
		assert.equal(readPrivateFile(path.join(folder, 'big'), 50), undefined, 'past the cap');
		assert.equal(readPrivateFile(path.join(folder, 'zero'), 1024), undefined, 'a link to a device');
		assert.equal(readPrivateFile(path.join(folder, 'link'), 1024), undefined, 'a link to a file');
		assert.equal(readPrivateFile(folder, 1024), undefined, 'a folder');
	});
});

describe("Node's compile cache", () => {
	it('is turned on only in the private cache folder, and only where Node has it', () => {
		const asked: string[] = [];
		const enable = (folder: string) => asked.push(folder);
		const mine = path.join(scratch, 'cache-home');
		enableCompileCache({XDG_CACHE_HOME: mine}, enable);
		assert.deepEqual(asked, [path.join(mine, 'blogread', 'compiled')]);
		assert.equal(statSync(path.join(mine, 'blogread', 'compiled')).mode & 0o777, 0o700);

		const shared = path.join(scratch, 'shared-home');
		mkdirSync(path.join(shared, 'blogread'), {recursive: true});
		chmodSync(path.join(shared, 'blogread'), 0o777);
		enableCompileCache({XDG_CACHE_HOME: shared}, enable);
		enableCompileCache({XDG_CACHE_HOME: mine, NODE_DISABLE_COMPILE_CACHE: '1'}, enable);
		enableCompileCache({XDG_CACHE_HOME: mine}, undefined);
		assert.equal(asked.length, 1, 'not in a folder others can write, not when disabled, not without the API');
	});
});
