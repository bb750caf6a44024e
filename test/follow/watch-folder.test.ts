import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, type watch, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {unwatchableFileSystem} from '../../source/follow/file-system.js';
import {type FolderChanges, type FolderWatcher, watchFolder} from '../../source/follow/watch-folder.js';

const temporary = mkdtempSync(path.join(tmpdir(), 'blogread-follow-'));
after(() => {
	rmSync(temporary, {recursive: true, force: true});
});
let folders = 0;
/** A fresh blog folder with the files given (path: text). */
function blogFolder(files: Record<string, string> = {}): string {
	const root = path.join(temporary, String(++folders));
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, name)), {recursive: true});
		writeFileSync(path.join(root, name), text);
	}

	mkdirSync(root, {recursive: true});
	return root;
}

const DEADLINE_MS = 10_000;

/** A watcher whose reports are awaited one at a time, each with a deadline. */
function watched(options: Omit<Parameters<typeof watchFolder>[0], 'onChange'>) {
	const reports: FolderChanges[] = [];
	const polling: string[] = [];
	let ready = 0;
	let wake: (() => void) | undefined;
	const watcher: FolderWatcher = watchFolder({
		quietMs: 50,
		maxWaitMs: 400,
		...options,
		onChange: changes => {
			reports.push(changes);
			wake?.();
		},
		onPolling: why => {
			polling.push(why);
			wake?.();
		},
		onReady: () => {
			ready++;
			wake?.();
		},
	});
	after(() => {
		watcher.close();
	});
	const until = async (check: () => boolean, what: string) => {
		const deadline = Date.now() + DEADLINE_MS;
		while (!check()) {
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
			await new Promise<void>(resolve => {
				const timer = setTimeout(resolve, 20);
				wake = () => {
					clearTimeout(timer);
					resolve();
				};
			});
		}
	};

	return {reports, polling, until, watcher, ready: () => ready};
}

describe('unwatchableFileSystem: network and FUSE mounts are polled', () => {
	const cases: Array<[type: number | bigint, name: string | undefined]> = [
		[0x6969, 'NFS'],
		[0xff534d42, 'CIFS'],
		[-11317950, 'CIFS'], // the same magic as a signed 32-bit number
		[0x65735546, 'FUSE'],
		[0x01021997, '9P'],
		[0xef53n, undefined], // ext4
		[0x58465342, undefined], // XFS
		[0x01021994, undefined], // tmpfs
	];
	for (const [type, name] of cases) {
		it(`${type.toString(16)}: ${name ?? 'local'}`, () => {
			assert.equal(unwatchableFileSystem(type), name);
		});
	}
});

describe('watchFolder', () => {
	it('a burst of 1,000 new posts is one report, naming them all', async () => {
		const root = blogFolder({'posts/first.md': 'x'});
		// The app's own timings: a burst as fast as a checkout's is reported once.
		const {reports, until, ready} = watched({root, quietMs: 150, maxWaitMs: 600});
		await until(() => ready() > 0, 'the watches');
		for (let index = 0; index < 1000; index++) writeFileSync(path.join(root, 'posts', `p${index}.md`), 'text');
		await until(() => reports.length > 0, 'the burst');
		assert.equal(reports.length, 1);
		assert.equal(reports[0]?.paths.size, 1000);
		assert.ok(reports[0]?.paths.has('posts/p999.md'));
	});

	it('dot folders, node_modules and blogread folders are not watched; other files are not posts', async () => {
		const root = blogFolder({
			'.git/objects/x.md': 'x',
			'node_modules/pkg/readme.md': 'x',
			'cache/blogread/index.md': 'x',
			'posts/a.md': 'x',
		});
		const {reports, until, ready} = watched({root, ignore: [path.join(root, 'cache', 'blogread')]});
		await until(() => ready() > 0, 'the watches');
		writeFileSync(path.join(root, '.git/objects/x.md'), 'changed');
		writeFileSync(path.join(root, 'node_modules/pkg/readme.md'), 'changed');
		writeFileSync(path.join(root, 'cache/blogread/index.md'), 'changed');
		writeFileSync(path.join(root, 'posts/notes.txt'), 'changed');
		writeFileSync(path.join(root, 'posts/a.md'), 'last');
		await until(() => reports.length > 0, 'the report');
		assert.deepEqual([...(reports[0]?.paths ?? [])], ['posts/a.md']);
	});

	it('one post file of a folder, when blogread was opened on it', async () => {
		const root = blogFolder({'a.md': 'x', 'b.md': 'x'});
		const {reports, until, ready} = watched({root, file: 'b.md'});
		await until(() => ready() > 0, 'the watch');
		writeFileSync(path.join(root, 'a.md'), 'changed');
		writeFileSync(path.join(root, 'b.md'), 'changed');
		await until(() => reports.length > 0, 'the report');
		assert.deepEqual([...(reports[0]?.paths ?? [])], ['b.md']);
	});

	it('a folder made later is watched too', async () => {
		const root = blogFolder({'a.md': 'x'});
		const {reports, until, ready} = watched({root});
		await until(() => ready() > 0, 'the watches');
		mkdirSync(path.join(root, '2025'));
		await until(() => reports.some(report => report.folders) && ready() > 1, 'the new folder');
		writeFileSync(path.join(root, '2025', 'b.md'), 'x');
		await until(() => reports.some(report => report.paths.has('2025/b.md')), 'the post in the new folder');
	});

	it('out of inotify watches (ENOSPC): says so once, then polls the open post', async () => {
		const root = blogFolder({'a.md': 'one', 'b/c.md': 'x'});
		const full = (() => {
			throw Object.assign(new Error('no space'), {code: 'ENOSPC'});
		}) as unknown as typeof watch;
		const open = path.join(root, 'a.md');
		const {reports, polling, until, ready} = watched({root, watch: full, pollMs: 20, openFile: () => open});
		await until(() => ready() > 0, 'polling');
		assert.deepEqual(polling, ['no more inotify watches (ENOSPC)']);
		writeFileSync(open, 'two, longer');
		await until(() => reports.some(report => report.paths.has('a.md')), 'the edit, polled');
		assert.equal(polling.length, 1);
	});

	it('on a network file system: polls from the start, the folders too', async () => {
		const root = blogFolder({'a.md': 'one'});
		const {reports, polling, until, ready} = watched({root, fileSystemType: () => 0x6969, pollMs: 20});
		assert.deepEqual(polling, ['NFS file system']);
		await until(() => ready() > 0, 'polling');
		// A folder's time moves when a post is added to it.
		writeFileSync(path.join(root, 'new.md'), 'x');
		await until(() => reports.some(report => report.folders), 'the new post, polled');
	});
});
