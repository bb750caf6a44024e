// `--list` for scripts keeps its text in the cache folder (source/blog/load/kept-list.ts), and the next
// `--list` with the same flags prints it when the blog's files are all as they were. What a user sees
// must be what a read of the blog gives: each check here compares with a run on a new, empty cache folder.
import assert from 'node:assert/strict';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	unlinkSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {canSwitchUser, runBin} from '../helpers/bin.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-kept-list-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

type Listed = {code: number | null; stdout: string; stderr: string};

/** `--list` of `blog` with `flags`, into a pipe, with `cache` as XDG_CACHE_HOME. */
function list(blog: string, cache: string, ...flags: string[]): Listed {
	const {code, stdout, stderr} = runBin(['--list', ...flags, blog], {env: {XDG_CACHE_HOME: cache}});
	return {code, stdout, stderr};
}

/** The same `--list` with a cache folder no run has used: the blog read from its files. */
const fresh = (blog: string, ...flags: string[]): Listed =>
	list(blog, mkdtempSync(path.join(scratch, 'fresh-cache-')), ...flags);

function writePost(blog: string, slug: string, title: string, date: string, tags: string[]): void {
	const front = `---\ntitle: ${title}\ndate: ${date}\ntags: [${tags.join(', ')}]\n---\n`;
	writeFileSync(path.join(blog, `${slug}.md`), `${front}The text of ${title}.\n`);
}

let blogs = 0;
/** A blog of three posts in a folder of its own, and a cache folder for it (not made yet). */
function makeBlog(): {blog: string; cache: string} {
	const place = path.join(scratch, `blog-${++blogs}`);
	const blog = path.join(place, 'blog');
	mkdirSync(blog, {recursive: true});
	for (const n of [1, 2, 3])
		writePost(blog, `post-${n}`, `Post number ${n}`, `2024-0${n}-1${n}`, ['common', `only-${n}`]);
	return {blog, cache: path.join(place, 'cache')};
}

/** What the three posts of `makeBlog` list as, into a pipe. */
const THREE_POSTS = [
	'2024-03-13\tpost-3\tPost number 3\tcommon,only-3\n',
	'2024-02-12\tpost-2\tPost number 2\tcommon,only-2\n',
	'2024-01-11\tpost-1\tPost number 1\tcommon,only-1\n',
].join('');

/** The kept lists in `cache` (file names). */
function keptNames(cache: string): string[] {
	const folder = path.join(cache, 'blogread');
	return existsSync(folder) ? readdirSync(folder).filter(name => /^list-.*\.txt$/.test(name)) : [];
}

/** The one kept list in `cache`. */
function keptPath(cache: string): string {
	const names = keptNames(cache);
	assert.equal(names.length, 1, `one kept list in ${cache}: ${names.join(', ')}`);
	return path.join(cache, 'blogread', names[0] ?? '');
}

type KeptHeader = {textBytes: number; notes: string[]; [field: string]: unknown};
/** A kept list's parts: its header line, parsed; its text; the walk's digest after it, as bytes. */
type Kept = {header: KeptHeader; text: string; digest: Buffer};

function readKept(file: string): Kept {
	const bytes = readFileSync(file);
	const headerEnd = bytes.indexOf(0x0a);
	assert.ok(headerEnd > 0, 'a header line');
	const header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as KeptHeader;
	const textEnd = headerEnd + 1 + header.textBytes;
	assert.ok(textEnd <= bytes.length, 'the text is all there');
	return {header, text: bytes.toString('utf8', headerEnd + 1, textEnd), digest: bytes.subarray(textEnd)};
}

/** Writes `kept` back with `text` for its text, the header's byte count made to match; the digest as it was. */
function writeKept(file: string, kept: Kept, text: string, notes = kept.header.notes): void {
	const header = {...kept.header, textBytes: Buffer.byteLength(text), notes};
	writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n${text}`), kept.digest]));
}

/** Asserts that `file` is a whole kept list again, of `text`. */
function assertKeptWhole(file: string, text: string): void {
	const kept = readKept(file);
	assert.equal(kept.text, text);
	assert.equal(kept.header.textBytes, Buffer.byteLength(text));
	assert.ok(kept.digest.length > 0, 'the walk is kept after the text');
}

describe('--list for scripts keeps its text for the next --list', () => {
	it('prints the kept text again while no post changed', () => {
		const {blog, cache} = makeBlog();
		const first = list(blog, cache);
		assert.deepEqual(first, {code: 0, stdout: THREE_POSTS, stderr: ''});
		const file = keptPath(cache);
		assertKeptWhole(file, THREE_POSTS);
		assert.deepEqual(list(blog, cache), first);
		// The kept text is changed, not the blog: the next --list shows the change, so it printed the kept text.
		// This proves only that the text is used when the files are unchanged; the checks below make the
		// files change.
		const changed = THREE_POSTS.replace('Post number 2', 'Kept títle — from the cache');
		writeKept(file, readKept(file), changed);
		assert.deepEqual(list(blog, cache), {code: 0, stdout: changed, stderr: ''});
	});

	it('keeps the list in a file only its owner can read or write (mode 600)', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).code, 0);
		assert.equal(statSync(keptPath(cache)).mode & 0o777, 0o600);
	});

	it('keeps no list for --search, which reads every post', () => {
		const {blog, cache} = makeBlog();
		const searched = list(blog, cache, '--search', 'number');
		assert.equal(searched.code, 0, searched.stderr);
		assert.match(searched.stdout, /Post number 1/);
		assert.deepEqual(keptNames(cache), []);
	});
});

describe('a kept list after the blog changed', () => {
	it('an edited title is listed as the file now says, as with no cache', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		writePost(blog, 'post-2', 'A much longer title for the second post', '2024-02-12', ['common', 'only-2']);
		const edited = list(blog, cache);
		assert.match(edited.stdout, /\tA much longer title for the second post\t/);
		assert.doesNotMatch(edited.stdout, /Post number 2/);
		assert.deepEqual(edited, fresh(blog));
		// The new list is the one kept now, and the one printed next.
		assertKeptWhole(keptPath(cache), edited.stdout);
		assert.deepEqual(list(blog, cache), edited);
	});

	it('an edit that keeps the size and the modification time is seen too', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		const post = path.join(blog, 'post-2.md');
		const before = statSync(post);
		// Same length, as an editor or a sync that keeps times may leave it: the change time still moves.
		writePost(blog, 'post-2', 'Post number X', '2024-02-12', ['common', 'only-2']);
		utimesSync(post, before.atime, before.mtime);
		assert.equal(statSync(post).size, before.size);
		const edited = list(blog, cache);
		assert.equal(edited.stdout, THREE_POSTS.replace('Post number 2', 'Post number X'));
		assert.deepEqual(edited, fresh(blog));
	});

	it('a post added, then a post removed, each show in the next list', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		writePost(blog, 'post-4', 'Post number 4', '2024-04-14', ['common', 'only-4']);
		const added = list(blog, cache);
		assert.equal(added.stdout, `2024-04-14\tpost-4\tPost number 4\tcommon,only-4\n${THREE_POSTS}`);
		assert.deepEqual(added, fresh(blog));
		unlinkSync(path.join(blog, 'post-1.md'));
		const removed = list(blog, cache);
		assert.doesNotMatch(removed.stdout, /post-1/);
		assert.equal(removed.stdout.split('\n').length, 4);
		assert.deepEqual(removed, fresh(blog));
	});

	it('a post renamed (as many files, the same bytes and times) is listed by its new name', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		renameSync(path.join(blog, 'post-2.md'), path.join(blog, 'renamed.md'));
		const renamed = list(blog, cache);
		assert.match(renamed.stdout, /\trenamed\tPost number 2\t/);
		assert.doesNotMatch(renamed.stdout, /\tpost-2\t/);
		assert.deepEqual(renamed, fresh(blog));
	});

	it('a post touched (the same bytes, a new modification time) lists as with no cache', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		const touched = new Date('2021-06-01T12:00:00Z');
		utimesSync(path.join(blog, 'post-3.md'), touched, touched);
		const after = list(blog, cache);
		assert.deepEqual(after, {code: 0, stdout: THREE_POSTS, stderr: ''});
		assert.deepEqual(after, fresh(blog));
		assert.deepEqual(list(blog, cache), after);
	});
});

describe('a kept list and the flags', () => {
	it('--json and --format each print their own list after a plain --list, and the plain one stays right', () => {
		const {blog, cache} = makeBlog();
		const runs: Array<[string, string[]]> = [
			['plain', []],
			['--json', ['--json']],
			['plain after --json', []],
			['--format', ['--format', '{slug}']],
			['plain after --format', []],
			['--format again', ['--format', '{slug}']],
			['--json again', ['--json']],
		];
		for (const [what, flags] of runs) {
			const listed = list(blog, cache, ...flags);
			assert.deepEqual(listed, fresh(blog, ...flags), what);
			if (flags.length === 0) assert.equal(listed.stdout, THREE_POSTS, what);
			else if (flags[0] === '--format') assert.equal(listed.stdout, 'post-3\npost-2\npost-1\n', what);
			else {
				const titles = (JSON.parse(listed.stdout) as Array<{title: string}>).map(post => post.title);
				assert.deepEqual(titles, ['Post number 3', 'Post number 2', 'Post number 1'], what);
			}
		}
	});

	it('a script alternating a plain list and --json finds each kept, and neither is written again', () => {
		const {blog, cache} = makeBlog();
		const plain = list(blog, cache);
		const json = list(blog, cache, '--json');
		const names = keptNames(cache);
		assert.equal(names.length, 2, names.join(', '));
		const written = () => names.map(name => statSync(path.join(cache, 'blogread', name), {bigint: true}).mtimeNs);
		const before = written();
		for (let turn = 0; turn < 3; turn++) {
			assert.deepEqual(list(blog, cache), plain);
			assert.deepEqual(list(blog, cache, '--json'), json);
		}

		// A list read again would be kept again, and its file written anew.
		assert.deepEqual(written(), before);
	});

	it('keeps the last four sets of flags a blog was listed with', () => {
		const {blog, cache} = makeBlog();
		const flagSets = [[], ['--tag', 'common'], ['--tag', 'only-1'], ['--tag', 'only-2'], ['--tag', 'only-3']];
		for (const flags of flagSets) assert.equal(list(blog, cache, ...flags).code, 0);
		assert.equal(keptNames(cache).length, 4);
		// The first, the plain list, was forgotten: listing it again keeps it again, in place of the oldest.
		assert.deepEqual(list(blog, cache), {code: 0, stdout: THREE_POSTS, stderr: ''});
		assert.equal(keptNames(cache).length, 4);
	});

	it('--tag lists only the posts with the tag, unlike the whole list, as with no cache', () => {
		const {blog, cache} = makeBlog();
		const whole = list(blog, cache);
		assert.equal(whole.stdout, THREE_POSTS);
		const tagged = list(blog, cache, '--tag', 'only-2');
		assert.equal(tagged.stdout, '2024-02-12\tpost-2\tPost number 2\tcommon,only-2\n');
		assert.notEqual(tagged.stdout, whole.stdout);
		assert.deepEqual(tagged, fresh(blog, '--tag', 'only-2'));
		const other = list(blog, cache, '--tag', 'only-3');
		assert.equal(other.stdout, '2024-03-13\tpost-3\tPost number 3\tcommon,only-3\n');
		assert.deepEqual(other, fresh(blog, '--tag', 'only-3'));
		assert.deepEqual(list(blog, cache), whole);
		assert.deepEqual(list(blog, cache, '--tag', 'only-3'), other);
	});
});

describe('what a kept list said on stderr', () => {
	it('is said again when the kept text is printed', () => {
		const {blog, cache} = makeBlog();
		const first = list(blog, cache, '--tag', 'nosuchtag');
		assert.equal(first.code, 0);
		assert.equal(first.stdout, '');
		assert.match(first.stderr, /^blogread: no post has the tag "nosuchtag"/);
		assert.equal(first.stderr.split('\n').length, 2, 'one line');
		assert.deepEqual(list(blog, cache, '--tag', 'nosuchtag'), first);
		// The note is changed in the kept file: the next run says it so, so the note came from the kept file.
		const file = keptPath(cache);
		const kept = readKept(file);
		assert.deepEqual(kept.header.notes.length, 1);
		writeKept(file, kept, kept.text, [`${kept.header.notes[0] ?? ''} (kept)`]);
		assert.equal(list(blog, cache, '--tag', 'nosuchtag').stderr, `${first.stderr.trimEnd()} (kept)\n`);
	});

	it('is not said when it holds a control character: the blog is read, and says its own', () => {
		const {blog, cache} = makeBlog();
		const first = list(blog, cache, '--tag', 'nosuchtag');
		const file = keptPath(cache);
		const kept = readKept(file);
		writeKept(file, kept, kept.text, ['\u001b[2Jno post has the tag "nosuchtag"']);
		const again = list(blog, cache, '--tag', 'nosuchtag');
		assert.deepEqual(again, first);
		assert.ok(!again.stderr.includes('\u001b'));
	});

	// The notes name the folder as it was typed: a list kept for `blog` is not the one for `./blog`.
	it('names the folder as this run was given it', () => {
		const place = mkdtempSync(path.join(scratch, 'empty-'));
		mkdirSync(path.join(place, 'blog'));
		const env = {XDG_CACHE_HOME: path.join(place, 'cache')};
		const said = (name: string) => runBin(['--list', name], {env, cwd: place}).stderr;
		assert.equal(said('blog'), 'blogread: no posts in blog\n');
		assert.equal(said('./blog'), 'blogread: no posts in ./blog\n');
	});
});

describe('a kept list that is not sound', () => {
	it('with a control character in its text is not printed: the list is read again, and kept again', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		const file = keptPath(cache);
		for (const control of ['\u001b[2J', '\u001b]52;c;aGk=\u0007', '\u009b31m', '\u0000']) {
			writeKept(file, readKept(file), THREE_POSTS.replace('Post number 2', `Post ${control}number 2`));
			const listed = list(blog, cache);
			assert.deepEqual(listed, {code: 0, stdout: THREE_POSTS, stderr: ''}, JSON.stringify(control));
			assert.ok(!listed.stdout.includes('\u001b'));
			assertKeptWhole(file, THREE_POSTS);
		}
	});

	it('with a broken header, or cut short, is passed over and written again whole', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		const file = keptPath(cache);
		const whole = readFileSync(file);
		const headerEnd = whole.indexOf(0x0a);
		const damages: Array<[string, Buffer]> = [
			['broken JSON in the header', Buffer.concat([Buffer.from('{"format":1,"code":'), whole.subarray(headerEnd)])],
			['cut in the text', whole.subarray(0, headerEnd + 20)],
			['cut in the header', whole.subarray(0, headerEnd - 5)],
			['empty', Buffer.alloc(0)],
		];
		for (const [damage, bytes] of damages) {
			writeFileSync(file, bytes);
			assert.deepEqual(list(blog, cache), {code: 0, stdout: THREE_POSTS, stderr: ''}, damage);
			assertKeptWhole(file, THREE_POSTS);
			assert.deepEqual(list(blog, cache), {code: 0, stdout: THREE_POSTS, stderr: ''}, `${damage}, then kept`);
		}
	});

	// JSON of another shape had stopped blogread ("unexpected error: Cannot read properties of null") until deleted.
	it('with a header of another shape is passed over too', () => {
		const {blog, cache} = makeBlog();
		assert.equal(list(blog, cache).stdout, THREE_POSTS);
		const file = keptPath(cache);
		const kept = readKept(file);
		const {notes: _notes, ...noNotes} = kept.header;
		const headers: Array<[string, unknown]> = [
			['null', null],
			['no notes', noNotes],
			['notes not a list', {...kept.header, notes: 'no post has the tag'}],
			['a note not text', {...kept.header, notes: [1]}],
		];
		const wrong = headers.flatMap(([shape, header]) => {
			writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n${kept.text}`), kept.digest]));
			const listed = list(blog, cache);
			if (listed.code !== 0 || listed.stdout !== THREE_POSTS) return [`${shape}: ${listed.stderr.trim()}`];
			const firstLine = readFileSync(file, 'utf8').split('\n')[0];
			return firstLine === JSON.stringify(header) ? [`${shape}: not written again`] : [];
		});
		assert.deepEqual(wrong, []);
	});
});

describe('a post that cannot be read', () => {
	// Permissions mean nothing to root: the check runs as `nobody` where it can.
	it('keeps any list from being kept, and is named on stderr on each run', {skip: !canSwitchUser}, () => {
		const root = mkdtempSync(path.join(tmpdir(), 'blogread-kept-unreadable-'));
		try {
			const blog = path.join(root, 'blog');
			const cache = path.join(root, 'cache');
			mkdirSync(blog);
			mkdirSync(cache);
			writePost(blog, 'open', 'Open to all', '2024-01-01', ['common']);
			writePost(blog, 'locked', 'Locked away', '2024-02-02', ['common']);
			chmodSync(root, 0o755);
			chmodSync(blog, 0o755);
			chmodSync(path.join(blog, 'open.md'), 0o644);
			chmodSync(path.join(blog, 'locked.md'), 0o000);
			// The cache folder is nobody's own, made by them in a folder anyone may add to.
			chmodSync(cache, 0o1777);
			const home = path.join(cache, 'home');
			const asNobody = (...flags: string[]) =>
				runBin(['--list', ...flags, blog], {user: 'nobody', env: {XDG_CACHE_HOME: home}});
			const warningsOf = (stdout: string) =>
				(JSON.parse(stdout) as Array<{path: string; warnings: string[]}>)
					.map(post => [post.path, post.warnings])
					.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
			for (const run of [1, 2]) {
				const listed = asNobody('--json');
				assert.equal(listed.code, 0, listed.stderr);
				// Named on stderr too, in the JSON's run and the plain list's, on every run.
				const named = `blogread: ${blog}/locked.md: cannot read this file (EACCES)\n`;
				assert.equal(listed.stderr, named);
				assert.deepEqual(warningsOf(listed.stdout), [
					['locked.md', ['could not read the file (EACCES)']],
					['open.md', []],
				]);
				const plain = asNobody();
				assert.equal(plain.code, 0, plain.stderr);
				assert.equal(plain.stderr, named);
				assert.match(plain.stdout, /\topen\tOpen to all\t/);
				assert.doesNotMatch(plain.stdout, /Locked away/);
				assert.deepEqual(keptNames(home), [], `run ${run}: no list kept`);
			}

			// Readable again: it is read, and the list is kept.
			chmodSync(path.join(blog, 'locked.md'), 0o644);
			const readable = asNobody();
			assert.match(readable.stdout, /\tlocked\tLocked away\t/);
			assert.equal(keptNames(home).length, 1);
			assert.equal(asNobody().stdout, readable.stdout);
		} finally {
			rmSync(root, {recursive: true, force: true});
		}
	});

	it('names four such posts, then how many more', {skip: !canSwitchUser}, () => {
		const root = mkdtempSync(path.join(tmpdir(), 'blogread-kept-unreadable-'));
		try {
			const blog = path.join(root, 'blog');
			mkdirSync(blog);
			chmodSync(root, 0o755);
			chmodSync(blog, 0o755);
			for (const day of [1, 2, 3, 4, 5, 6, 7]) {
				writePost(blog, `locked-${day}`, `Locked ${day}`, `2024-01-0${day}`, []);
				chmodSync(path.join(blog, `locked-${day}.md`), 0o000);
			}

			const listed = runBin(['--list', blog], {user: 'nobody', env: {XDG_CACHE_HOME: path.join(root, 'none')}});
			assert.equal(listed.code, 0, listed.stderr);
			const lines = listed.stderr.trimEnd().split('\n');
			assert.equal(lines.length, 5, listed.stderr);
			for (const line of lines.slice(0, 4))
				assert.match(line, new RegExp(`^blogread: ${blog}/locked-\\d\\.md: cannot read this file \\(EACCES\\)$`));
			assert.equal(lines[4], `blogread: ${blog}: 3 more posts could not be read`);
		} finally {
			rmSync(root, {recursive: true, force: true});
		}
	});
});
