import assert from 'node:assert/strict';
import {type ChildProcess, spawn} from 'node:child_process';
import {
	chmodSync,
	lstatSync,
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
import {ReadingMemory} from '../../source/reading/reading-memory.js';
import {
	emptyReadingState,
	MAX_STATE_BYTES,
	mergeReadingState,
	parseReadingState,
	type ReadingState,
	serializeReadingState,
} from '../../source/reading/reading-state.js';
import {stateFolderPath} from '../../source/storage/private-folder.js';
import {ROOT} from '../helpers/paths.js';

const root = '/home/someone/blog';
const hash = '0123456789ab';
const file = (posts: unknown, extra: Record<string, unknown> = {}) =>
	JSON.stringify({format: 1, root, posts, ...extra});

describe('the reading state file', () => {
	it('gives back what was written', () => {
		const state: ReadingState = {
			positions: {'a.md': {block: 3, fraction: 0.25}, 'posts/b.md': {block: 0, fraction: 0.5}},
			read: {'a.md': hash, 'c.md': ''},
		};
		const parsed = parseReadingState(serializeReadingState(state, root), root);
		assert.deepEqual(parsed, {state});
	});

	it('keeps four digits of a fraction, and nothing for a post at its top and unread', () => {
		const text = serializeReadingState(
			{positions: {'a.md': {block: 1, fraction: 1 / 3}, 'top.md': {block: 0, fraction: 0}}, read: {}},
			root,
		);
		assert.deepEqual(parseReadingState(text, root).state.positions, {'a.md': {block: 1, fraction: 0.3333}});
		assert.ok(!text.includes('top.md'));
	});

	const refused: Array<[string, string, string]> = [
		['broken JSON', '{"format":1,', 'it is not valid JSON'],
		['an empty file', '', 'it is not valid JSON'],
		['an array', '[]', 'it is not a JSON object'],
		['null', 'null', 'it is not a JSON object'],
		['another format', file([], {format: 2}), 'it is from another version of blogread'],
		['a format as text', file([], {format: '1'}), 'it is from another version of blogread'],
		['another folder', file([], {root: '/elsewhere'}), 'it is for another folder'],
		['posts not a list', file({'a.md': [0, 0]}), 'it has no list of posts'],
		['too many entries', file(Array.from({length: 100_001}, () => 0)), 'it has more than 100000 entries'],
		['50 MB of text', `{"format":1,"x":"${'x'.repeat(50 * 1024 * 1024)}"}`, 'it is too large'],
	];
	for (const [name, text, problem] of refused) {
		it(`ignores ${name} as a whole, and says why`, () => {
			assert.deepEqual(parseReadingState(text, root), {state: emptyReadingState, problem});
		});
	}

	const hostile: Array<[string, unknown]> = [
		['a huge block number', ['a.md', 1e300, 0]],
		['a block past any post', ['a.md', 10_000_001, 0]],
		['a negative block', ['a.md', -1, 0]],
		['a fractional block', ['a.md', 1.5, 0]],
		['a fraction above 1', ['a.md', 0, 1.5]],
		['a NaN-like fraction', ['a.md', 0, '0.5']],
		['a block as text', ['a.md', '3', 0]],
		['a path as a number', [7, 0, 0]],
		['an absolute path', ['/etc/passwd', 0, 0]],
		['a path out of the blog', ['../x.md', 0, 0]],
		['a path with an escape sequence', ['a\u001B]0;pwned\u0007.md', 0, 0]],
		['a path with a line break', ['a\n.md', 0, 0]],
		['an empty path', ['', 0, 0]],
		['a path too long', ['a'.repeat(5000), 0, 0]],
		['a hash with control characters', ['a.md', 0, 0, '\u001B[2J0123456789ab']],
		['a hash of the wrong length', ['a.md', 0, 0, '0123']],
		['a hash as a number', ['a.md', 0, 0, 12]],
		['a row too long', ['a.md', 0, 0, hash, 'more']],
		['a row too short', ['a.md', 0]],
		['an object for a row', {path: 'a.md'}],
	];
	for (const [name, row] of hostile) {
		it(`drops ${name}, keeps the rest, and counts it`, () => {
			const parsed = parseReadingState(file([row, ['ok.md', 2, 0.5, hash]]), root);
			assert.deepEqual(parsed.state, {positions: {'ok.md': {block: 2, fraction: 0.5}}, read: {'ok.md': hash}});
			assert.equal(parsed.problem, '1 entry does not fit and is dropped');
		});
	}

	it('keeps a path named like a property of every object as a key, not a prototype', () => {
		const parsed = parseReadingState(file([['__proto__', 1, 0, hash]]), root);
		assert.equal(Object.getPrototypeOf(parsed.state.read), Object.prototype);
		assert.equal(Object.hasOwn(parsed.state.read, '__proto__'), true);
	});

	it('writes no more than it would read back: the entry and size caps', () => {
		const many = Object.fromEntries(Array.from({length: 100_010}, (_, index) => [`p${index}.md`, hash]));
		const fewer = parseReadingState(serializeReadingState({positions: {}, read: many}, root), root);
		assert.equal(fewer.problem, undefined);
		assert.equal(Object.keys(fewer.state.read).length, 100_000);
		const long = Object.fromEntries(Array.from({length: 3000}, (_, index) => [`${'é'.repeat(4000)}${index}.md`, hash]));
		const text = serializeReadingState({positions: {}, read: long}, root);
		assert.ok(Buffer.byteLength(text) <= MAX_STATE_BYTES);
		const parsed = parseReadingState(text, root);
		assert.equal(parsed.problem, undefined);
		assert.ok(Object.keys(parsed.state.read).length > 900);
	});

	it('stays under 1 MB for 10,000 posts read and left part way (measured: see the message)', () => {
		const positions: ReadingState['positions'] = {};
		const read: ReadingState['read'] = {};
		for (let index = 0; index < 10_000; index++) {
			const post = `content/posts/${2000 + (index % 25)}/a-post-title-of-usual-length-${index}/index.md`;
			positions[post] = {block: index % 200, fraction: (index % 7) / 7};
			read[post] = index.toString(16).padStart(12, '0');
		}

		const bytes = Buffer.byteLength(serializeReadingState({positions, read}, root));
		process.stdout.write(`# 10,000 posts: ${bytes} bytes\n`);
		assert.ok(bytes < 1024 * 1024, `${bytes} bytes`);
		assert.ok(MAX_STATE_BYTES > bytes * 8);
	});
});

describe('merging what one terminal changed with the file another wrote', () => {
	const at = (block: number) => ({block, fraction: 0});
	const state = (positions: Record<string, number>, read: string[]): ReadingState => ({
		positions: Object.fromEntries(Object.entries(positions).map(([post, block]) => [post, at(block)])),
		read: Object.fromEntries(read.map(post => [post, hash])),
	});
	// [name, disk now, this terminal before, this terminal now, the file after]
	const cases: Array<[string, ReadingState, ReadingState, ReadingState, ReadingState]> = [
		[
			'nothing changed here: the disk as it is',
			state({a: 1}, ['b']),
			state({}, []),
			state({}, []),
			state({a: 1}, ['b']),
		],
		['a new mark joins the others', state({}, ['b']), state({}, []), state({}, ['c']), state({}, ['b', 'c'])],
		['a mark cleared here goes', state({}, ['a', 'b']), state({}, ['a']), state({}, []), state({}, ['b'])],
		['a place moved here wins', state({a: 5}, []), state({a: 1}, []), state({a: 2}, []), state({a: 2}, [])],
		[
			'a place left alone here keeps the other’s',
			state({a: 5}, []),
			state({a: 1}, []),
			state({a: 1}, []),
			state({a: 5}, []),
		],
		[
			'a place dropped here (back at the top) goes',
			state({a: 5, b: 1}, []),
			state({a: 1}, []),
			state({}, []),
			state({b: 1}, []),
		],
		[
			'an empty disk (deleted): only what changed here',
			state({}, []),
			state({a: 1}, ['x']),
			state({a: 1, b: 2}, ['x']),
			state({b: 2}, []),
		],
		['__proto__ stays a key', state({}, []), state({}, []), state({}, ['__proto__']), state({}, ['__proto__'])],
	];
	for (const [name, disk, before, after, expected] of cases) {
		it(name, () => {
			assert.deepEqual(mergeReadingState(disk, before, after), expected);
		});
	}
});

describe('the reading state between runs', () => {
	const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-state-'));
	after(() => {
		rmSync(scratch, {recursive: true, force: true});
	});
	let count = 0;
	const fresh = () => {
		const env = {XDG_STATE_HOME: path.join(scratch, String(++count)), HOME: scratch};
		const warnings: string[] = [];
		const open = () => ReadingMemory.open(root, env, line => warnings.push(line));
		return {env, warnings, open, folder: stateFolderPath(env)};
	};

	const only = (folder: string) => {
		const files = readdir(folder);
		assert.equal(files.length, 1, files.join(', '));
		return path.join(folder, files[0] ?? '');
	};

	it('is kept in a private folder, in a file for you alone, and read back', () => {
		const {open, folder, warnings} = fresh();
		const first = open();
		assert.ok(first);
		first.update({positions: {'a.md': {block: 2, fraction: 0.5}}, read: {'b.md': hash}});
		first.flush();
		const stateFile = only(folder);
		assert.equal(statSync(folder).mode & 0o777, 0o700);
		assert.equal(statSync(stateFile).mode & 0o777, 0o600);
		assert.match(path.basename(stateFile), /^reading-[0-9a-f]{16}\.json$/);
		assert.deepEqual(open()?.initial, {positions: {'a.md': {block: 2, fraction: 0.5}}, read: {'b.md': hash}});
		assert.deepEqual(warnings, []);
	});

	it("keeps the open post's place, not yet left", () => {
		const {open} = fresh();
		const first = open();
		first?.update({positions: {}, read: {}, open: {path: 'open.md', position: {block: 4, fraction: 0.125}}});
		first?.flush();
		assert.deepEqual(open()?.initial.positions, {'open.md': {block: 4, fraction: 0.125}});
	});

	it('writes nothing when nothing was read', () => {
		const {open, folder} = fresh();
		const memory = open();
		memory?.update({positions: {}, read: {}});
		memory?.flush();
		assert.deepEqual(readdir(folder), []);
	});

	/** A memory with one post read, written: its file's path. */
	const written = (open: () => ReadingMemory | undefined, folder: string) => {
		const first = open();
		first?.update({positions: {}, read: {'a.md': hash}});
		first?.flush();
		return only(folder);
	};

	const ignored = (problem: string) => `blogread: ignoring the reading state in FILE: ${problem}; it will be rewritten`;
	const spoiled: Array<[string, (file: string) => void, string]> = [
		['a corrupt file', file => writeFileSync(file, '{"format":1,"root":'), ignored('it is not valid JSON')],
		['a 50 MB file', file => writeFileSync(file, Buffer.alloc(50 * 1024 * 1024, 0x20)), ignored('it is too large')],
		[
			'a link to a file elsewhere',
			file => {
				rmSync(file);
				symlinkSync('/etc/hostname', file);
			},
			ignored('it is not a file'),
		],
		[
			'a file with hostile rows',
			file =>
				writeFileSync(
					file,
					JSON.stringify({
						format: 1,
						root,
						posts: [
							['a.md', 1e308, 0],
							['b.md', 0, 0, hash],
						],
					}),
				),
			'blogread: the reading state in FILE: 1 entry does not fit and is dropped',
		],
	];
	for (const [name, spoil, problem] of spoiled) {
		it(`ignores ${name} with one warning, then rewrites it`, () => {
			const {open, folder, warnings} = fresh();
			const real = written(open, folder);
			spoil(real);
			const second = open();
			assert.ok(second);
			assert.equal(warnings.length, 1);
			assert.equal(warnings[0], problem.replace('FILE', real));
			second.update(second.initial);
			second.flush();
			assert.equal(lstatSync(real).isFile(), true);
			assert.equal(statSync(real).mode & 0o777, 0o600);
			assert.deepEqual(parseReadingState(readFileSync(real, 'utf8'), root), {state: second.initial});
		});
	}

	it('two terminals on the same blog keep both readers’ marks and places, and each one’s clearing', () => {
		const {open, folder} = fresh();
		const first = open();
		const second = open();
		assert.ok(first && second);
		first.update({positions: {'a.md': {block: 1, fraction: 0}}, read: {'a.md': hash}});
		first.flush();
		second.update({positions: {'b.md': {block: 2, fraction: 0}}, read: {'b.md': hash}});
		second.flush();
		const now = () => parseReadingState(readFileSync(only(folder), 'utf8'), root).state;
		assert.deepEqual(now(), {
			positions: {'a.md': {block: 1, fraction: 0}, 'b.md': {block: 2, fraction: 0}},
			read: {'a.md': hash, 'b.md': hash},
		});
		// The first marks its post unread again and moves on: the second's entries stay.
		first.update({positions: {'a.md': {block: 3, fraction: 0.5}}, read: {}});
		first.flush();
		assert.deepEqual(now(), {
			positions: {'a.md': {block: 3, fraction: 0.5}, 'b.md': {block: 2, fraction: 0}},
			read: {'b.md': hash},
		});
		// Nothing changed in the second since it wrote: it writes nothing, so it undoes nothing.
		second.flush();
		assert.deepEqual(now().read, {'b.md': hash});
	});

	it('twelve terminals marking posts at once keep all twelve marks', async () => {
		const {env, folder} = fresh();
		const helper = path.join(ROOT, 'test', 'helpers', 'mark-read.ts');
		const terminals = Array.from({length: 12}, (_, index) =>
			spawn(process.execPath, ['--import', 'tsx', helper, root, `post-${index}.md`, hash], {
				env: {...process.env, ...env},
				stdio: ['pipe', 'pipe', 'inherit'],
			}),
		);
		const said = (child: ChildProcess, word: string) =>
			new Promise<void>((resolve, reject) => {
				let text = '';
				const hear = (chunk: Buffer) => {
					text += chunk.toString();
					if (text.includes(word)) {
						child.stdout?.off('data', hear);
						resolve();
					}
				};
				child.stdout?.on('data', hear);
				child.once('exit', code => reject(new Error(`exited (${code}) before "${word}"`)));
			});
		await Promise.all(terminals.map(child => said(child, 'ready')));
		const finished = terminals.map(child => said(child, 'done'));
		for (const child of terminals) child.stdin?.write('go\n');
		await Promise.all(finished);
		const {state} = parseReadingState(readFileSync(only(folder), 'utf8'), root);
		assert.deepEqual(Object.keys(state.read).sort(), Array.from({length: 12}, (_, index) => `post-${index}.md`).sort());
	});

	it('says so once, and keeps nothing, when the folder is not private', () => {
		const {open, folder, warnings} = fresh();
		mkdirSync(folder, {recursive: true});
		chmodSync(folder, 0o777);
		assert.equal(open(), undefined);
		assert.equal(warnings.length, 1);
		assert.match(warnings[0] ?? '', /not using .*blogread: others can write to it \(mode 777\)/);
	});

	it('is under $XDG_STATE_HOME, else ~/.local/state', () => {
		assert.equal(stateFolderPath({XDG_STATE_HOME: '/x/state', HOME: '/h'}), '/x/state/blogread');
		assert.equal(stateFolderPath({HOME: '/h'}), '/h/.local/state/blogread');
	});
});

function readdir(folder: string): string[] {
	try {
		return readdirSync(folder);
	} catch {
		return [];
	}
}
