import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {headCommit} from '../../../source/blog/load/git-head.js';
import {lastCommitDates, logReader} from '../../../source/blog/load/guessed-dates.js';
import {loadBlog} from '../../../source/blog/load/load.js';
import {summarise} from '../../../source/blog/model/model.js';

// Without a git program there is nothing to test here but the fallback, which the folder tests cover.
const skip = spawnSync('git', ['--version']).status !== 0;
const root = mkdtempSync(path.join(tmpdir(), 'blogread-guess-'));
after(() => {
	rmSync(root, {recursive: true, force: true});
});

/** Git as the test's user, away from any config of the machine's. */
function git(folder: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
	execFileSync(
		'git',
		['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
		{cwd: folder, env: {...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', ...env}},
	);
}

/** Commits everything, authored at `authored` (committed a day later, so the two are told apart). */
function commitAll(folder: string, authored: string, committed: string): void {
	git(folder, ['add', '-A']);
	git(folder, ['commit', '-q', '-m', 'notes'], {GIT_AUTHOR_DATE: authored, GIT_COMMITTER_DATE: committed});
}

/** A repository `name` in the test folder with one note, a.md, authored and committed at `when`. */
function committedNote(name: string, when: string): string {
	const blog = path.join(root, name);
	mkdirSync(blog);
	git(blog, ['init', '-q']);
	writeFileSync(path.join(blog, 'a.md'), '# A\n');
	commitAll(blog, when, when);
	return blog;
}

/** A moment as a local day, as the list shows a file's modification day. */
function setModified(file: string, localNoon: Date): void {
	utimesSync(file, localNoon, localNoon);
}

describe('undated posts in a git repository get their last commit day', {skip}, async () => {
	const blog = path.join(root, 'notes');
	mkdirSync(path.join(blog, 'sub'), {recursive: true});
	git(blog, ['init', '-q']);
	// The first commit is written at 01:00 in Tokyo: the 5th there, the 4th in UTC.
	writeFileSync(path.join(blog, 'first.md'), '# First note\n');
	writeFileSync(path.join(blog, 'sub', 'changed.md'), '# Changed later\n');
	writeFileSync(path.join(blog, 'dated.md'), '---\ndate: 2020-02-02\n---\n# Dated\n');
	writeFileSync(path.join(blog, '-n *.md'), '# Odd name\n');
	writeFileSync(path.join(blog, 'line\nbreak.md'), '# Line break\n');
	commitAll(blog, '2021-03-05T01:00:00+09:00', '2021-03-06T12:00:00+00:00');
	writeFileSync(path.join(blog, 'sub', 'changed.md'), '# Changed later\n\nMore.\n');
	commitAll(blog, '2022-08-09T23:30:00-07:00', '2022-08-11T12:00:00+00:00');
	// Never committed: its modification day is the guess.
	writeFileSync(path.join(blog, 'untracked.md'), '# Untracked\n');
	setModified(path.join(blog, 'untracked.md'), new Date(2023, 4, 6, 12));

	const loaded = await loadBlog(blog, {drafts: false, cache: false});
	const byPath = new Map(loaded.posts.map(post => [post.path, post]));
	const cases: Array<[string, string, string]> = [
		['first.md', '2021-03-05', 'git'],
		['sub/changed.md', '2022-08-09', 'git'],
		['-n *.md', '2021-03-05', 'git'],
		['line\nbreak.md', '2021-03-05', 'git'],
		['untracked.md', '2023-05-06', 'modified'],
		['dated.md', '2020-02-02', 'front-matter'],
	];
	for (const [file, date, source] of cases) {
		it(`${JSON.stringify(file)}: ${date} from ${source}`, () => {
			const post = byPath.get(file);
			assert.equal(post?.date, date);
			assert.equal(post?.dateSource, source);
		});
	}

	it('lists dates the posts give first, then guesses, newest first (ties by title)', () => {
		assert.deepEqual(
			loaded.posts.map(post => post.path),
			['dated.md', 'untracked.md', 'sub/changed.md', 'first.md', 'line\nbreak.md', '-n *.md'],
		);
	});

	it('a post opened alone gets the same guess as when listed', async () => {
		const alone = (await loadBlog(path.join(blog, 'sub', 'changed.md'), {drafts: false, cache: false})).posts[0];
		assert.deepEqual([alone?.date, alone?.dateSource], ['2022-08-09', 'git']);
	});

	it('--json keeps the date as `date` and says where it came from', () => {
		const summary: Record<string, unknown> = summarise(byPath.get('first.md') ?? assert.fail('listed'));
		assert.equal(summary.date, '2021-03-05');
		assert.equal(summary.dateSource, 'git');
	});

	it('asks git about the whole folder once there are more undated posts than it takes names', async () => {
		const many = path.join(root, 'many');
		mkdirSync(many);
		git(many, ['init', '-q']);
		for (let index = 0; index < 150; index++) writeFileSync(path.join(many, `note-${index}.md`), `# Note ${index}\n`);
		commitAll(many, '2019-01-02T10:00:00Z', '2019-01-02T10:00:00Z');
		const posts = (await loadBlog(many, {drafts: false, cache: false})).posts;
		assert.equal(posts.length, 150);
		assert.ok(posts.every(post => post.date === '2019-01-02' && post.dateSource === 'git'));
	});
});

describe('a guess is never kept in the index', {skip}, () => {
	it('a file committed after the first load gets its commit day on the next, its stamp unchanged', async () => {
		const blog = path.join(root, 'later');
		mkdirSync(blog);
		git(blog, ['init', '-q']);
		const file = path.join(blog, 'note.md');
		writeFileSync(file, '# A note\n');
		setModified(file, new Date(2024, 0, 15, 12));
		const env = {...process.env, XDG_CACHE_HOME: path.join(root, 'cache')};
		const first = (await loadBlog(blog, {drafts: false, env})).posts[0];
		assert.deepEqual([first?.date, first?.dateSource], ['2024-01-15', 'modified']);

		// Committing changes neither the file's size nor its times: the index row is used as it is.
		commitAll(blog, '2020-06-07T08:00:00Z', '2020-06-07T08:00:00Z');
		const second = (await loadBlog(blog, {drafts: false, env})).posts[0];
		assert.deepEqual([second?.date, second?.dateSource], ['2020-06-07', 'git']);
	});
});

describe('without git', {skip}, () => {
	it('a folder outside any repository: modification days', async () => {
		const blog = path.join(root, 'plain');
		mkdirSync(blog);
		writeFileSync(path.join(blog, 'a.md'), '# A\n');
		setModified(path.join(blog, 'a.md'), new Date(2022, 10, 3, 12));
		const post = (await loadBlog(blog, {drafts: false, cache: false})).posts[0];
		assert.deepEqual([post?.date, post?.dateSource], ['2022-11-03', 'modified']);
	});

	it('no git program: modification days, and nothing said', async () => {
		const blog = committedNote('no-git', '2020-01-01T00:00:00Z');
		setModified(path.join(blog, 'a.md'), new Date(2022, 10, 4, 12));
		const env = {...process.env, PATH: path.join(root, 'nothing-here')};
		const post = (await loadBlog(blog, {drafts: false, cache: false, env})).posts[0];
		assert.deepEqual([post?.date, post?.dateSource], ['2022-11-04', 'modified']);
	});

	it('git is not run at all when every post has a date', async () => {
		const dates = await lastCommitDates(root, new Set());
		assert.equal(dates.size, 0);
	});
});

describe('a repository that is not to be trusted', {skip}, () => {
	it('its config cannot make git run a program, and the dates are still read', async () => {
		const blog = committedNote('hostile', '2020-05-05T00:00:00Z');
		// The commit made to look signed: with log.showSignature, git log would run gpg.program on it.
		const gitText = (args: string[], input?: string) =>
			execFileSync('git', args, {cwd: blog, encoding: 'utf8', ...(input === undefined ? {} : {input})}).trim();
		const tree = gitText(['rev-parse', 'HEAD^{tree}']);
		const signature = ' -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----';
		const people = ['author', 'committer'].map(role => `${role} T <t@example.com> 1588636800 +0000\n`);
		const commit = `tree ${tree}\n${people.join('')}`;
		const signed = gitText(['hash-object', '-t', 'commit', '-w', '--stdin'], `${commit}gpgsig${signature}\n\nsigned\n`);
		gitText(['update-ref', 'HEAD', signed]);
		const marker = path.join(root, 'ran');
		const program = path.join(root, 'program.sh');
		writeFileSync(program, `#!/bin/sh\ntouch ${marker}\nexit 1\n`, {mode: 0o755});
		const run = program;
		for (const [key, value] of [
			['core.fsmonitor', run],
			['core.pager', run],
			['log.showSignature', 'true'],
			['gpg.program', run],
			['diff.external', run],
			['log.follow', 'true'],
			['core.hooksPath', root],
		])
			git(blog, ['config', key ?? '', value ?? '']);
		const post = (await loadBlog(blog, {drafts: false, cache: false})).posts[0];
		assert.deepEqual([post?.date, post?.dateSource], ['2020-05-05', 'git']);
		assert.equal(existsSync(marker), false);
	});

	it('GIT_DIR and other GIT_ variables of the environment are not used', async () => {
		const blog = committedNote('env', '2020-05-06T00:00:00Z');
		const env = {...process.env, GIT_DIR: path.join(root, 'elsewhere'), GIT_EXTERNAL_DIFF: 'false'};
		const dates = await lastCommitDates(blog, new Set(['a.md']), env);
		assert.equal(dates.get('a.md'), '2020-05-06');
	});

	it('an output limit ends git early, with what was read', async () => {
		const blog = path.join(root, 'notes');
		const dates = await lastCommitDates(blog, new Set(['first.md', 'none.md']), process.env, {
			timeoutMs: 10_000,
			maxBytes: 1,
		});
		assert.ok(dates.size <= 1);
	});
});

describe('reading git log -z', () => {
	it('takes each path’s first date, the first name after a line break, and nothing from names', () => {
		const wanted = new Set(['a.md', '\nstarts-with-break.md', '2001-01-01', 'b.md']);
		const dates = new Map<string, string>();
		const read = logReader(wanted, dates);
		const fields = [
			// A merge: a date, no names.
			'',
			'2024-05-05',
			'',
			'2024-04-04',
			'\na.md',
			'2001-01-01',
			'',
			'2023-03-03',
			'\n\nstarts-with-break.md',
			'a.md',
			'',
			'not a date',
			'\nb.md',
		];
		const done = fields.map(field => read(field));
		assert.deepEqual(Object.fromEntries(dates), {
			'a.md': '2024-04-04',
			'2001-01-01': '2024-04-04',
			'\nstarts-with-break.md': '2023-03-03',
		});
		assert.equal(done.includes(true), false);
		assert.equal(read(''), false);
		assert.equal(read('2022-02-02'), false);
		assert.equal(read('\nb.md'), true, 'done once every wanted path has its date');
	});
});

describe('commit dates kept for the commit checked out', {skip}, () => {
	const noGit = {PATH: path.join(root, 'nothing-here')};

	it('a second start at the same commit runs no git; a new commit reads them again', async () => {
		const blog = committedNote('kept', '2020-03-03T00:00:00Z');
		const cache = path.join(root, 'kept-cache');
		const env = {...process.env, XDG_CACHE_HOME: cache};
		const first = (await loadBlog(blog, {drafts: false, env})).posts[0];
		assert.deepEqual([first?.date, first?.dateSource], ['2020-03-03', 'git']);
		// No git program now: the dates can only come from what was kept.
		const kept = (await loadBlog(blog, {drafts: false, env: {...env, ...noGit}})).posts[0];
		assert.deepEqual([kept?.date, kept?.dateSource], ['2020-03-03', 'git']);

		writeFileSync(path.join(blog, 'a.md'), '# A, changed\n');
		commitAll(blog, '2021-04-04T00:00:00Z', '2021-04-04T00:00:00Z');
		const after = (await loadBlog(blog, {drafts: false, env})).posts[0];
		assert.deepEqual([after?.date, after?.dateSource], ['2021-04-04', 'git']);
	});

	it('a file git has no commit for stays a modification day, kept as such', async () => {
		const blog = committedNote('kept-untracked', '2020-03-03T00:00:00Z');
		writeFileSync(path.join(blog, 'new.md'), '# New\n');
		setModified(path.join(blog, 'new.md'), new Date(2023, 1, 2, 12));
		const env = {...process.env, XDG_CACHE_HOME: path.join(root, 'kept-untracked-cache')};
		for (const run of [env, {...env, ...noGit}]) {
			const posts = new Map((await loadBlog(blog, {drafts: false, env: run})).posts.map(post => [post.path, post]));
			assert.deepEqual([posts.get('new.md')?.date, posts.get('new.md')?.dateSource], ['2023-02-02', 'modified']);
			assert.deepEqual([posts.get('a.md')?.date, posts.get('a.md')?.dateSource], ['2020-03-03', 'git']);
		}
	});

	it('with the cache off nothing is kept; a kept file for another commit, or altered, is not used', async () => {
		const blog = committedNote('not-kept', '2020-03-03T00:00:00Z');
		const cache = path.join(root, 'not-kept-cache');
		const env = {...process.env, XDG_CACHE_HOME: cache};
		await loadBlog(blog, {drafts: false, cache: false, env});
		const keptFiles = () =>
			existsSync(path.join(cache, 'blogread'))
				? readdirSync(path.join(cache, 'blogread')).filter(name => name.startsWith('dates-'))
				: [];
		assert.deepEqual(keptFiles(), []);

		await loadBlog(blog, {drafts: false, env});
		const [file = ''] = keptFiles();
		const keptPath = path.join(cache, 'blogread', file);
		const kept = JSON.parse(readFileSync(keptPath, 'utf8')) as {head: string; dates: Record<string, unknown>};
		for (const altered of [
			{...kept, head: '0'.repeat(40)},
			{...kept, dates: {'a.md': '1999-01-01; rm -rf'}},
		]) {
			writeFileSync(keptPath, JSON.stringify(altered));
			const post = (await loadBlog(blog, {drafts: false, env: {...env, ...noGit}})).posts[0];
			assert.equal(post?.dateSource, 'modified', JSON.stringify(altered));
		}
	});
});

describe('the commit a repository has checked out, read from its files', () => {
	const repo = path.join(root, 'heads');
	const gitFolder = path.join(repo, '.git');
	const commit = 'a'.repeat(40);
	const other = 'b'.repeat(40);

	it('a branch in a loose ref, a packed one, a detached HEAD; from a folder deep inside', () => {
		mkdirSync(path.join(gitFolder, 'refs', 'heads'), {recursive: true});
		mkdirSync(path.join(repo, 'content', 'posts'), {recursive: true});
		writeFileSync(path.join(gitFolder, 'HEAD'), 'ref: refs/heads/main\n');
		writeFileSync(path.join(gitFolder, 'refs', 'heads', 'main'), `${commit}\n`);
		assert.equal(headCommit(path.join(repo, 'content', 'posts')), commit);
		rmSync(path.join(gitFolder, 'refs', 'heads', 'main'));
		writeFileSync(path.join(gitFolder, 'packed-refs'), `# pack-refs with: peeled\n${other} refs/heads/main\n`);
		assert.equal(headCommit(repo), other);
		writeFileSync(path.join(gitFolder, 'HEAD'), `${commit}\n`);
		assert.equal(headCommit(repo), commit);
	});

	it('nothing plain to read: undefined (git is asked instead)', () => {
		const cases: Array<[string, () => void]> = [
			['a ref that leaves the folder', () => writeFileSync(path.join(gitFolder, 'HEAD'), 'ref: refs/../../x\n')],
			['a branch with no commit yet', () => writeFileSync(path.join(gitFolder, 'HEAD'), 'ref: refs/heads/none\n')],
			['a HEAD that is no ref', () => writeFileSync(path.join(gitFolder, 'HEAD'), 'hello\n')],
		];
		for (const [name, make] of cases) {
			make();
			assert.equal(headCommit(repo), undefined, name);
		}

		const worktree = path.join(root, 'worktree');
		mkdirSync(worktree);
		writeFileSync(path.join(worktree, '.git'), 'gitdir: /elsewhere\n');
		assert.equal(headCommit(worktree), undefined, 'a .git file');
	});

	it('a HEAD that is a FIFO is not waited on', {skip: process.platform === 'win32'}, () => {
		const fifo = path.join(root, 'fifo-repo');
		mkdirSync(path.join(fifo, '.git'), {recursive: true});
		execFileSync('mkfifo', [path.join(fifo, '.git', 'HEAD')]);
		assert.equal(headCommit(fifo), undefined);
	});
});
