// Dates for posts that have none: a folder of notes without front matter is
// still a history. In a git repository each undated post gets the day of the
// last commit that changed its file, read from one `git log` for the whole
// folder; otherwise (or for files git does not know) the day the file was last
// modified. The list marks these dates as guesses (post.dateSource).

import {spawn} from 'node:child_process';
import {statSync} from 'node:fs';
import path from 'node:path';
import {blogCacheFile, readPrivateFile, writePrivateFile} from '../../storage/private-folder.js';
import {childEnvironment, findProgram, neutralFolder} from '../../util/programs.js';
import type {Post} from '../model/model.js';
import {localToday} from '../model/normalise.js';
import {headCommit} from './git-head.js';

export type GitLimits = {
	/** Git is stopped after this long; the dates read by then are kept. */
	timeoutMs: number;
	/** And after this much output. */
	maxBytes: number;
};

const LIMITS: GitLimits = {timeoutMs: 3000, maxBytes: 32 * 1024 * 1024};
/** Up to this many undated posts, git is asked about their files alone; beyond it, about the whole folder. */
const MAX_PATHSPECS = 100;

// A blog may be cloned from anywhere, and its repository's own config may name
// programs (an fsmonitor, a signature checker, a pager, a diff driver) or
// reach out to a remote for missing objects. Each is turned off on the command
// line, which overrides the repository's config; an implicit bare repository
// planted in the folder is not used at all.
const SAFE_CONFIG = [
	'core.fsmonitor=false',
	'core.hooksPath=/dev/null',
	'log.showSignature=false',
	'log.follow=false',
	'safe.bareRepository=explicit',
	'protocol.allow=never',
].flatMap(setting => ['-c', setting]);

/** The environment git runs in: the user's, less every GIT_ variable (a GIT_DIR set elsewhere is not this folder's). */
function gitEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const clean: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(env)) if (!name.startsWith('GIT_')) clean[name] = value;
	return {...childEnvironment(clean), GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1'};
}

/**
 * Reads `git log -z` output as it comes: each commit is an empty field, then
 * its author date, then the names of the files it changed (the first after a
 * line break). File names are any bytes but NUL, so they are only ever compared
 * with the posts' own paths, never parsed. Gives true once every wanted path has its date.
 */
export function logReader(wanted: Set<string>, dates: Map<string, string>): (field: string) => boolean {
	let header = false;
	let first = false;
	let date: string | null = null;
	return field => {
		if (field === '') {
			header = true;
			return false;
		}

		if (header) {
			header = false;
			first = true;
			date = /^\d{4}-\d\d-\d\d$/.test(field) ? field : null;
			return false;
		}

		const name = first && field.startsWith('\n') ? field.slice(1) : field;
		first = false;
		if (date !== null && wanted.has(name) && !dates.has(name)) dates.set(name, date);
		return dates.size === wanted.size;
	};
}

/**
 * The day of the last commit that changed each wanted file (its author date,
 * as written in the author's zone: unlike the committer date, it survives a
 * rebase, which would otherwise give every note one day), paths relative to
 * `folder` and `/`-separated, from one `git log` run in that folder. Git runs
 * without a shell, pager, hooks or optional locks, under a time and an output
 * limit, and is stopped as soon as every file has its date. Anything that goes
 * wrong (no git, not a repository, a repository git does not trust) gives
 * what was read so far, often nothing.
 */
export async function lastCommitDates(
	folder: string,
	wanted: Set<string>,
	env: NodeJS.ProcessEnv = process.env,
	limits: GitLimits = LIMITS,
): Promise<Map<string, string>> {
	return (await commitDatesRead(folder, wanted, env, limits)).dates;
}

/** lastCommitDates, and whether git gave its whole answer (it was not stopped at a limit, nor missing). */
function commitDatesRead(
	folder: string,
	wanted: Set<string>,
	env: NodeJS.ProcessEnv,
	limits: GitLimits,
): Promise<{dates: Map<string, string>; whole: boolean}> {
	const dates = new Map<string, string>();
	// Windows looks for a program in the current folder first: that is the blog's, so git is not run there.
	if (wanted.size === 0 || process.platform === 'win32') return Promise.resolve({dates, whole: false});
	// git from $PATH's absolute entries, started outside the blog and pointed at it with -C: a `bin/git`
	// in the blog is never the one that runs, whatever $PATH holds.
	const git = findProgram('git', env);
	if (git === undefined) return Promise.resolve({dates, whole: false});
	const pathspecs = wanted.size <= MAX_PATHSPECS ? [...wanted] : ['.'];
	const args = [
		'-C',
		path.resolve(folder),
		'--no-pager',
		'--literal-pathspecs',
		...SAFE_CONFIG,
		'log',
		'--format=%x00%ad',
		'--date=short',
		'--name-only',
		'-z',
		'--relative',
		'--no-renames',
		'--no-color',
		'--no-ext-diff',
		'--no-textconv',
		'--',
		...pathspecs,
	];
	return new Promise(resolve => {
		const read = logReader(wanted, dates);
		let child: ReturnType<typeof spawn>;
		try {
			child = spawn(git, args, {
				cwd: neutralFolder(env),
				env: gitEnvironment(env),
				stdio: ['ignore', 'pipe', 'ignore'],
			});
		} catch {
			resolve({dates, whole: false});
			return;
		}

		let done = false;
		/** `whole`: every wanted file has its date, or git ended by itself having said all it knows. */
		const finish = (whole: boolean) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			if (child.exitCode === null && child.signalCode === null) child.kill();
			resolve({dates, whole});
		};

		const timer = setTimeout(() => finish(false), limits.timeoutMs);
		let pending: Buffer = Buffer.alloc(0);
		let total = 0;
		child.stdout?.on('data', (chunk: Buffer) => {
			if (done) return;
			total += chunk.length;
			pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
			let start = 0;
			for (let end = pending.indexOf(0, start); end !== -1; end = pending.indexOf(0, start)) {
				const complete = read(pending.toString('utf8', start, end));
				start = end + 1;
				if (complete) {
					finish(true);
					return;
				}
			}

			pending = pending.subarray(start);
			if (total > limits.maxBytes) finish(false);
		});
		child.on('error', () => finish(false));
		child.on('close', (code: number | null) => finish(code === 0));
	});
}

/** The file beside the index that keeps the last-commit dates of a blog's undated posts, for one commit. */
type KeptDates = {root: string; head: string; dates: Record<string, string | null>};
/** Kept dates of more posts than this are not read back (a folder of 100,000 undated notes is ~5 MB). */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The kept dates if they are for this folder and commit and know every wanted file (null: git has none). */
function readKeptDates(file: string, root: string, head: string, wanted: Set<string>): Map<string, string> | undefined {
	try {
		const kept = JSON.parse(readPrivateFile(file, MAX_KEPT_BYTES) ?? 'null') as Partial<KeptDates> | null;
		if (kept?.root !== root || kept.head !== head || typeof kept.dates !== 'object' || kept.dates === null)
			return undefined;
		const dates = new Map<string, string>();
		for (const name of wanted) {
			const date = (kept.dates as Record<string, unknown>)[name];
			if (date === undefined || (date !== null && !(typeof date === 'string' && DAY.test(date)))) return undefined;
			if (date !== null) dates.set(name, date);
		}

		return dates;
	} catch {
		return undefined;
	}
}

/**
 * lastCommitDates, kept in the cache folder for the commit the repository has checked out: the
 * dates of files at one commit never change, so a start with undated posts runs git only after a
 * commit (or a checkout), not every time (it took some 10 ms of a sample blog's `--list`).
 */
async function keptCommitDates(folder: string, wanted: Set<string>, env: NodeJS.ProcessEnv) {
	const root = path.resolve(folder);
	const head = headCommit(root);
	const file = head === undefined ? undefined : blogCacheFile('dates-*.json', root, env, () => {});
	const kept = file && head ? readKeptDates(file, root, head, wanted) : undefined;
	if (kept) return kept;
	const {dates, whole} = await commitDatesRead(root, wanted, env, LIMITS);
	if (file && head && whole) {
		const record: KeptDates = {
			root,
			head,
			dates: Object.fromEntries([...wanted].map(name => [name, dates.get(name) ?? null])),
		};
		writePrivateFile(file, JSON.stringify(record));
	}

	return dates;
}

/** The day a file was last modified, where blogread runs; null when it can't be known. */
function modifiedDay(file: string): string | null {
	try {
		const modified = statSync(file, {throwIfNoEntry: false})?.mtime;
		const day = modified ? localToday(modified) : '';
		return /^\d{4}-\d\d-\d\d$/.test(day) ? day : null;
	} catch {
		return null;
	}
}

/**
 * Gives each undated post a guessed date: its file's last commit, else its
 * modification time (as a day where blogread runs). With `keep` (the cache is on), the commit
 * dates are kept for the commit checked out (keptCommitDates). A guess is never kept in the
 * index (loadBlog guesses on copies of the posts it shares with it): a commit does not change a
 * file's size or time, and the next load guesses again.
 */
export async function guessDates(
	posts: Post[],
	folder: string,
	{env = process.env, keep = false}: {env?: NodeJS.ProcessEnv; keep?: boolean} = {},
): Promise<void> {
	const undated = posts.filter(post => post.date === null);
	if (undated.length === 0) return;
	const wanted = new Set(undated.map(post => post.path));
	const committed = keep ? await keptCommitDates(folder, wanted, env) : await lastCommitDates(folder, wanted, env);
	for (const post of undated) {
		const date = committed.get(post.path);
		if (date !== undefined) {
			post.date = date;
			post.dateSource = 'git';
			continue;
		}

		const day = modifiedDay(post.absolutePath);
		if (day !== null) {
			post.date = day;
			post.dateSource = 'modified';
		}
	}
}
