// Everything after --help and --version: flags, the config file, then print
// mode or the app (loaded only for the app).
import {once} from 'node:events';
import {realpathSync} from 'node:fs';
import {stat} from 'node:fs/promises';
import path from 'node:path';
import {setTimeout as delay} from 'node:timers/promises';
import {unreadableLine, unreadableWarning} from '../blog/load/body.js';
import {keptList, ListRecord} from '../blog/load/kept-list.js';
import {type LoadOptions, listedSoFar, loadBlog, loadBlogHead, loadIndexedBlog} from '../blog/load/load.js';
import type {Blog} from '../blog/model/model.js';
import {visiblePosts} from '../blog/query/filters.js';
import {commandLineFilters} from '../blog/query/model.js';
import {closestTerms, termExists} from '../blog/query/terms.js';
import {fieldsOnly, SearchBodies} from '../blog/search/search.js';
import {SearchStore} from '../blog/search/search-store.js';
import {blogreadFolders} from '../follow/ignored-folders.js';
import {PictureStore} from '../pictures/picture-store.js';
import {ReadingMemory} from '../reading/reading-memory.js';
import {localeIsUnicode} from '../theme/glyphs.js';
import type {FirstRead} from '../ui/hooks/use-follow.js';
import {importInk} from '../ui/host/ink-import.js';
import {UserError} from '../util/errors.js';
import {readCommandLine} from './command-line.js';
import {loadConfig} from './config.js';
import {helpText, USAGE, version} from './help.js';
import {type Io, processIo, say} from './io.js';
import {keptListKey} from './kept-list-key.js';
import {type Options, resolveOptions} from './options.js';
import {exitCodeOf} from './outcome.js';
import {formatList, listText, printPost} from './print.js';
import {type Progress, terminalProgress} from './progress.js';
import {hyperlinks, interactive, makeTheme, output, printWidth} from './terminal.js';

/**
 * How long the app waits for a first read (no index yet) before it comes up with the list filling in:
 * a small blog is read by then, and its list comes whole, with no frame of an empty list before it.
 */
const FIRST_READ_WAIT_MS = 150;

async function kindOf(target: string): Promise<'file' | 'folder' | undefined> {
	const found = await stat(target).catch(() => undefined);
	return found?.isFile() ? 'file' : found?.isDirectory() ? 'folder' : undefined;
}

/** What the app shows before its first read of a blog: no posts yet, the list filling in as they are read. */
const unreadBlog = (root: string): Blog => ({root, posts: [], hiddenDrafts: 0});

/** Files skipped as not posts, named when the list is empty (else they are no problem: the app's `!` lists them). */
function skippedNote(blog: Blog): string {
	const skipped = blog.skipped ?? [];
	if (skipped.length === 0) return '';
	const named = skipped.slice(0, 3).map(file => file.path);
	const more = skipped.length > named.length ? `, and ${skipped.length - named.length} more` : '';
	const what = skipped.length === 1 ? 'skipped as not a post' : `${skipped.length} skipped as not posts`;
	return ` (${what}: ${named.join(', ')}${more})`;
}

/** Posts named by listProblems when their files could not be read; past that, how many more. */
const UNREADABLE_NAMED = 5;

/** Lines naming the posts whose files could not be read: they are listed under their file names. */
function unreadableLines(target: string, blog: Blog): string[] {
	const lines: string[] = [];
	for (const post of blog.posts) {
		const problem = unreadableWarning(post);
		if (problem) lines.push(unreadableLine(`${target}/${post.path}`, problem));
	}

	if (lines.length <= UNREADABLE_NAMED) return lines;
	const more = lines.length - (UNREADABLE_NAMED - 1);
	return [...lines.slice(0, UNREADABLE_NAMED - 1), `${target}: ${more} more posts could not be read`];
}

/**
 * Lines for stderr on what the user should know about the list: unreadable
 * folders and posts, no posts, unknown tags. Files skipped by rule (a README, a site's
 * About page) are not problems: they are named only when no post is left.
 */
function listProblems(options: Options, blog: Blog, shown: number): string[] {
	const lines = (blog.problems ?? []).map(problem => `${options.target}/${problem}`);
	lines.push(...unreadableLines(options.target, blog));
	if (blog.posts.length === 0) {
		const drafts = blog.hiddenDrafts > 0 ? ` (${blog.hiddenDrafts} drafts hidden: add --drafts)` : '';
		return [...lines, `no posts in ${options.target}${drafts}${skippedNote(blog)}`];
	}

	const missing = options.tags.filter(name => !termExists(blog.posts, name));
	for (const tag of missing) {
		const closest = closestTerms(blog.posts, tag);
		lines.push(`no post has the tag "${tag}"${closest.length > 0 ? `; closest: ${closest.join(', ')}` : ''}`);
	}

	if (shown === 0 && missing.length === 0) {
		lines.push(`no posts match the filters (${blog.posts.length} posts in ${options.target})`);
	}

	return lines;
}

/**
 * Progress of reading a blog for a list, on a terminal's stderr, once the read has taken a second.
 * Never into a pipe, nor with --json. (The app shows its own, in its status line.)
 */
function listProgress(options: Options, io: Io): Progress | undefined {
	if (io.stderr.isTTY !== true || io.stdout.isTTY !== true || options.json) return undefined;
	return terminalProgress(io.stderr, {delayMs: 1000, ascii: !localeIsUnicode(io.env)});
}

async function listOrOpen(options: Options, io: Io): Promise<number> {
	const kind = await kindOf(options.target);
	const targetIsFile = kind === 'file';
	if (targetIsFile && !options.list && !interactive(io)) return printPost(options, options.target, io);

	const loadOptions = {
		drafts: options.drafts,
		...(options.lang ? {lang: options.lang} : {}),
		...(options.sections.length > 0 ? {sections: options.sections} : {}),
		env: io.env,
	};
	// The app's first screen comes at once: on a plain start (newest first, no filters, no drafts) from the
	// head of the index, the rest read after the first frame; else from the whole index, read again after
	// the first frame. With no index, a read that takes longer than a moment goes on with the app up, the
	// list filling in. A printed list is read from the files, or is the one kept, when the blog is as it was.
	const appFirst = !options.list && interactive(io) && kind === 'folder';
	const keyOfList = !appFirst && kind === 'folder' ? keptListKey(options, io.stdout.isTTY === true) : undefined;
	const listed = keyOfList === undefined ? undefined : {key: keyOfList, root: realpathSync(options.target)};
	const warnNow = (line: string) => io.stderr.write(`${line}\n`);
	const kept = listed && (await keptList(options.target, listed.root, listed.key, {...loadOptions, warn: warnNow}));
	if (kept && 'text' in kept) {
		for (const note of kept.notes) say(io, note);
		await output(kept.text, options, io);
		return 0;
	}

	// The walk the check made is where the read starts, once, and is let go then.
	let walked = kept;

	const record = listed && new ListRecord(listed.root, listed.key);
	// Once the app is up, a line on stderr would land in the middle of its screen: held until it ends.
	let heldLines: string[] | undefined;
	const load = (progress?: LoadOptions['progress']) => {
		const start = walked;
		walked = undefined;
		return loadBlog(options.target, {
			...loadOptions,
			...(start ? {walked: start} : {}),
			...(record ? {record} : {}),
			warn: line => {
				if (heldLines) heldLines.push(line);
				else warnNow(line);
			},
			...(progress ? {progress} : {}),
		});
	};
	const plainStart =
		options.tags.length === 0 &&
		options.search.trim() === '' &&
		options.sort === 'date' &&
		!options.drafts &&
		loadOptions.lang === undefined &&
		loadOptions.sections === undefined;
	const head = appFirst && plainStart ? loadBlogHead(options.target, loadOptions) : undefined;
	const indexed = appFirst && !head ? loadIndexedBlog(options.target, loadOptions) : undefined;
	let onFirstRead: FirstRead | undefined;
	const firstReading =
		appFirst && !head && !indexed
			? load((done, total, read) => onFirstRead?.(done, total, () => listedSoFar(read, options.drafts)))
			: undefined;
	const readAtOnce = firstReading && (await Promise.race([firstReading, delay(FIRST_READ_WAIT_MS)]));
	const firstRead = head !== undefined || (firstReading !== undefined && readAtOnce === undefined);
	const listing = () => {
		const progress = listProgress(options, io);
		return load(progress?.update).finally(() => progress?.end());
	};
	const blog = head ?? indexed?.blog ?? readAtOnce ?? (firstRead ? unreadBlog(options.target) : await listing());
	let knownPosts = indexed?.known;
	const filters = commandLineFilters(options.tags, options.search);
	const folder = realpathSync(targetIsFile ? path.dirname(options.target) : options.target);
	// Bodies are read for a search, their words kept for the next run (search-store.ts).
	const makeBodies = () => new SearchBodies(targetIsFile ? {} : {store: SearchStore.open(folder, io.env)});
	// A search needs every body; without one, none is read.
	const bodies = options.search.trim() === '' ? undefined : makeBodies();
	const shownOf = ({posts}: Blog) => {
		bodies?.prepare(posts);
		return visiblePosts(posts, filters, options.sort, bodies?.view(posts) ?? fieldsOnly);
	};
	const posts = shownOf(blog);
	const notes = firstRead ? [] : listProblems(options, blog, posts.length);
	for (const note of notes) say(io, note);

	if (options.list || !interactive(io)) {
		const text = listText(posts, options, io);
		await output(text, options, io);
		record?.keep(text, notes, io.env);
		return 0;
	}

	appShown = true;
	const {openTerminalInput, runApp} = await importInk(() => import('../ui/run.js'));
	const stdin = openTerminalInput();
	if (!stdin) {
		// No terminal to read keys from (cron, a pipe with no /dev/tty): print instead, from the files.
		const listed = head || indexed ? shownOf(await load()) : firstReading ? shownOf(await firstReading) : posts;
		io.stdout.write(formatList(listed, printWidth(options, io), makeTheme(options, io)));
		return 0;
	}

	const theme = makeTheme(options, io, true);
	heldLines = [];
	const memory = options.state ? ReadingMemory.open(folder, io.env, line => io.stderr.write(`${line}\n`)) : undefined;
	await runApp({
		blog,
		filters,
		theme,
		hyperlinks: hyperlinks(theme, io),
		stdin,
		openFirst: targetIsFile,
		sort: options.sort,
		center: options.center,
		...(options.images === 'off'
			? {}
			: {pictures: {store: PictureStore.keptIn(io.env, options.remoteImages), mode: options.images}}),
		follow: {
			target: path.resolve(options.target),
			// Read again while the app runs: a line on stderr would land in the middle of its screen.
			reload: onRead => {
				// The first read, begun before the app: it goes on, telling the app how far it has come.
				if (onRead && firstReading && onFirstRead === undefined) {
					onFirstRead = onRead;
					return firstReading;
				}

				// After the index's head, the list keeps it until the blog is read: only the count moves.
				if (onRead && head) return load((done, total) => onRead(done, total, () => undefined));
				// The index's posts help the first reading only: kept after it, they would double the memory the posts take.
				const known = knownPosts;
				knownPosts = undefined;
				return loadBlog(options.target, {...loadOptions, warn: () => {}, ...(known ? {known} : {})});
			},
			revalidate: indexed !== undefined,
			firstRead,
			ignore: blogreadFolders(io.env),
		},
		// Read when a search is opened.
		bodies: bodies ?? makeBodies(),
		...(memory ? {memory} : {}),
		...(options.width === undefined ? {} : {maxWidth: options.width}),
	});
	for (const line of heldLines) io.stderr.write(`${line}\n`);
	return 0;
}

async function runOrThrow(args: string[], io: Io): Promise<number> {
	const {input, flags} = await readCommandLine(args);
	if (flags.help) {
		io.stdout.write(helpText(io.env));
		return 0;
	}

	if (flags.verbose && !flags.version) throw new UserError('--verbose goes with --version', 2);
	if (flags.version && !flags.verbose) {
		io.stdout.write(`${version()}\n`);
		return 0;
	}

	const loaded = loadConfig(io.env);
	if (loaded.problem) say(io, `config ${loaded.problem}`);
	const options = resolveOptions(input, flags, io.env, loaded.config);
	if (flags.version) {
		const {versionReport} = await import('./version-report.js');
		io.stdout.write(versionReport(options, io, loaded));
		return 0;
	}

	return options.print === undefined ? listOrOpen(options, io) : printPost(options, options.print, io);
}

/**
 * Runs one invocation and gives its exit code: 0 done, 1 a runtime failure,
 * 2 a usage error. Failures are one line on stderr, never a stack trace.
 */
export function run(args: string[], io: Io): Promise<number> {
	return exitCodeOf(() => runOrThrow(args, io), io, USAGE);
}

/** Whether this process went on to the app: its end is left to Node, which waits for whatever the app leaves. */
let appShown = false;

/**
 * The bin's run: the process's own terminal and environment. A run that prints (a list, a post, a
 * failure) ends once stdout and stderr have handed all of it to the system: Node's own end would
 * then only take down the heap, some 10 ms after a large post.
 */
export async function main(args: string[]): Promise<void> {
	process.exitCode = await run(args, processIo());
	if (appShown) return;
	// A write that failed (`> /dev/full`) says so on a later tick, in the bin's handler, which ends the process.
	await new Promise(setImmediate);
	// Into a pipe, writes are queued: each stream is let drain first (a closed pipe ends the process on its own).
	for (const stream of [process.stdout, process.stderr]) {
		if (stream.writableLength > 0) await once(stream, 'drain');
	}
	process.exit();
}
