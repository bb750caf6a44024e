import {realpathSync, type Stats, statSync} from 'node:fs';
import path from 'node:path';
import {errorCode, UserError} from '../../util/errors.js';
import {allSteps, Slices, stepEnds, stepsInSlices} from '../../util/slices.js';
import {keptText} from '../model/kept-text.js';
import type {Blog, Post, RowStamp, SkippedFile} from '../model/model.js';
import {LANGUAGE_SUFFIX, localToday} from '../model/normalise.js';
import {markSorted, newestFirst} from '../query/sort.js';
import {unreadableLine, unreadableWarning} from './body.js';
import {discoverPosts, type FoundFile, isInside, isPostFile, POST_EXTENSION_LIST} from './discover.js';
import {guessDates} from './guessed-dates.js';
import {IndexCache, type IndexedPost, indexedHead, indexedPosts} from './index-cache.js';
import {detectLayout, type SiteLayout} from './layout.js';
import {orderByPlace} from './place-order.js';
import type {FileStamp} from './read-file.js';
import {type FileToRead, loadPostFile, readPostFile} from './read-post.js';
import {skipReason} from './skip.js';
import {makeSlugsUnique} from './unique-slugs.js';
import {zolaPages} from './zola-pages.js';

export type LoadOptions = {
	drafts: boolean;
	/** Among translations, the language whose version is listed (else the unmarked one, else English). */
	lang?: string;
	/** Keep an index of post summaries in the user's cache folder (default: yes). */
	cache?: boolean;
	env?: NodeJS.ProcessEnv;
	/** Where a line about the cache folder goes (it may be one others can write): stderr by default. */
	warn?: (line: string) => void;
	/** Posts this run already took from the index (loadIndexedBlog), so their rows are not parsed again. */
	known?: ReadonlyMap<string, IndexedPost>;
	/** The site's sections that hold its posts, when its layout is not what blogread finds (--section). */
	sections?: readonly string[];
	/**
	 * Told how many of the files found have been read, now and then and at the last one, with the
	 * posts read so far (in the order read; drafts among them, translations not grouped).
	 */
	progress?: (done: number, total: number, read: readonly Post[]) => void;
	/** For tests: how long each slice of the work lasts (ms; util/slices.ts's SLICE_MS by default). */
	sliceMs?: number;
	/** The walk of the folder this run has made already (kept-list.ts), with the files' stamps where it took them. */
	walked?: {blog: WalkedBlog; stamps: FileStamps};
	/** Told what the read was made from: the walk, then each file's stamp as read, in the walk's order. */
	record?: ReadRecord;
};

/** A blog folder as walked: its layout, its post files, what could not be read and what was passed over. */
export type WalkedBlog = {
	layout: SiteLayout;
	files: FileToRead[];
	problems: string[];
	skipped: SkippedFile[];
	/** Where posts in other languages' folders would be in the default language's (translations). */
	groupPaths: Map<string, string>;
};

/**
 * The stamps of a walk's files, by their place in it, as numbers: 100,000 Stats objects held
 * until the read would be some 20 MB.
 */
export class FileStamps {
	private readonly numbers: Float64Array;

	constructor(readonly length: number) {
		this.numbers = new Float64Array(length * 3).fill(Number.NaN);
	}

	set(index: number, {size, mtimeMs, ctimeMs}: FileStamp): void {
		const at = index * 3;
		this.numbers[at] = size;
		this.numbers[at + 1] = mtimeMs;
		this.numbers[at + 2] = ctimeMs;
	}

	/** The stamp of the file at `index`, if it was taken. */
	get(index: number): FileStamp | undefined {
		const at = index * 3;
		const size = this.numbers[at];
		const mtimeMs = this.numbers[at + 1];
		const ctimeMs = this.numbers[at + 2];
		if (size === undefined || mtimeMs === undefined || ctimeMs === undefined || Number.isNaN(size)) return undefined;
		return {size, mtimeMs, ctimeMs};
	}
}

/** What a read of a blog folder was made from, as it goes (kept-list.ts keeps it with the list it gave). */
export type ReadRecord = {
	walked(blog: WalkedBlog): void;
	/** A file's stamp and how it was read, by its post's path; none when it could not be read (read again next time). */
	file(path: string, stamp: RowStamp | undefined): void;
};

/** The real paths of the layout's drafts folders that exist. */
function realDraftFolders(target: string, layout: SiteLayout): string[] {
	return layout.draftFolders.flatMap(folder => {
		try {
			return [realpathSync.native(path.resolve(target, folder))];
		} catch {
			return [];
		}
	});
}

/**
 * The post files of a folder, following its generator's layout: posts folders,
 * then drafts folders. Files that are not posts go to `skipped`, with why. A
 * file is a draft by where it really lives: `_posts/x.md -> ../_drafts/y.md`
 * is the draft it links to, and listed once, as the draft.
 */
export async function walkBlog(
	target: string,
	options: Pick<LoadOptions, 'sections'>,
	slices = new Slices(),
): Promise<WalkedBlog> {
	const layout = detectLayout(target, options.sections ? {sections: options.sections} : {});
	const problems: string[] = [];
	const skipped: SkippedFile[] = [];
	const groupPaths = new Map<string, string>();
	const files = new Map<string, FileToRead>();
	const drafts = realDraftFolders(target, layout);
	/** `translation`: the folder holds the same posts in another language, as those of `of`. */
	const add = async (folder: string, inDraftFolder: boolean, translation?: {lang: string; of: string}) => {
		let found: FoundFile[];
		const folderProblems: string[] = [];
		try {
			found = await discoverPosts(path.resolve(target, folder), target, folderProblems, slices);
		} catch (error) {
			if (folder === '') throw new UserError(`${target}: cannot read this folder (${errorCode(error)})`);
			return;
		} finally {
			// The walk names folders from where it started: from the blog's folder, they are inside this one.
			for (const problem of folderProblems) problems.push(folder === '' ? problem : `${folder}/${problem}`);
		}

		for (const file of found) {
			if (slices.due()) await slices.next();
			const filePath = folder === '' ? file.path : `${folder}/${file.path}`;
			const reason = skipReason(filePath, layout.pageFolders);
			if (reason !== null) {
				skipped.push({path: filePath, reason});
				continue;
			}

			const drafted = inDraftFolder || drafts.some(draftFolder => isInside(draftFolder, file.realPath));
			// Reached from a posts folder and the drafts folder alike: the drafts folder's name is kept.
			if (drafted && files.has(file.realPath)) files.delete(file.realPath);
			// A translation is grouped with the post at the same place in the default language's folder.
			if (translation) groupPaths.set(filePath, `${translation.of}/${file.path}`);
			const lang = translation?.lang ?? layout.language;
			files.set(file.realPath, {
				path: filePath,
				absolutePath: file.absolutePath,
				realPath: file.realPath,
				inDraftFolder: drafted,
				excerptSeparator: layout.excerptSeparator,
				termStrings: layout.termStrings,
				folderCategories: layout.name === null,
				...(lang === undefined ? {} : {lang}),
			});
		}
	};

	for (const folder of layout.folders) await add(folder, false);
	for (const {folder, lang, of} of layout.translations ?? []) await add(folder, false, {lang, of});
	for (const folder of layout.draftFolders) await add(folder, true);
	return {layout, files: [...files.values()], problems, skipped, groupPaths};
}

/** How a file is read besides its bytes: an index row read another way is not this post. */
export function readContext(file: FileToRead): string {
	const {inDraftFolder, folderCategories, termStrings = '', lang = '', excerptSeparator} = file;
	return `${inDraftFolder === true}:${folderCategories === true}:${termStrings}:${lang}:${excerptSeparator ?? ''}`;
}

/** Posts read between two words to `progress`. */
const PROGRESS_EVERY = 256;

/**
 * The posts of a folder, from the index where their files are unchanged, in
 * the index's order (the list's last time), then the posts read from their
 * files; and the index, to be saved once the list's order is known. The walk
 * (`options.walked`, or made here) is let go when this function ends.
 */
async function loadFolder(
	target: string,
	options: LoadOptions,
	slices: Slices,
): Promise<{posts: Post[]; cache: IndexCache | undefined; walked: Omit<WalkedBlog, 'files'>}> {
	const {blog: walked, stamps} = options.walked ?? {blog: await walkBlog(target, options, slices), stamps: undefined};
	const {files, ...found} = walked;
	options.record?.walked(walked);
	const folder = realpathSync(target);
	const cache =
		options.cache === false
			? undefined
			: await IndexCache.open(folder, options.env ?? process.env, {slices, ...options});
	/** `walkStamp`: the file's stamp as the walk took it, if it did. */
	const read = (file: FileToRead, walkStamp: FileStamp | undefined): Post => {
		const context = readContext(file);
		const indexed = cache?.get(file, context, walkStamp);
		if (indexed) {
			options.record?.file(indexed.post.path, indexed.stamp);
			return indexed.post;
		}

		const {post, stamp} = readPostFile(file.absolutePath, file.path, {...file, folder}, file.realPath);
		// A file that could not be read has no stamp: it is tried again next time
		// (its permissions may change, not its size). Written out, not spread: a spread
		// gave each of 100,000 stamps a hidden class of its own, some 25 MB.
		const row = stamp && {size: stamp.size, mtimeMs: stamp.mtimeMs, ctimeMs: stamp.ctimeMs, context: keptText(context)};
		if (row) cache?.set(post, row);
		options.record?.file(post.path, row);
		return post;
	};
	const posts: Post[] = [];
	// Each post's place in the index, found as it is read (at 50,000 posts, finding them after held keys 20 ms).
	const places: number[] = [];
	for (const [at, file] of files.entries()) {
		const post = read(file, stamps?.get(at));
		posts.push(post);
		if (cache) places.push(cache.place(post.path));
		const done = posts.length;
		if (done % PROGRESS_EVERY === 0 || done === files.length) options.progress?.(done, files.length, posts);
		if (slices.due()) await slices.next();
	}

	if (!cache) return {posts, cache, walked: found};
	const order = orderByPlace(places);
	return {posts: order.map(index => posts[index] as Post), cache, walked: found};
}

/**
 * Whether any post is a translation (its file name says its language: `post.fr.md`), so posts may
 * be grouped; a step at a time (see util/slices.ts).
 */
function* hasTranslations(posts: readonly Post[]): Generator<void, boolean> {
	for (const [index, {path: file}] of posts.entries()) {
		// Two dots in the file's name first: most have one, and the pattern is dear over many files.
		const extension = file.lastIndexOf('.');
		const before = file.lastIndexOf('.', extension - 1);
		if (before > file.lastIndexOf('/') && /\.[a-z]{2}(?:-[a-z]{2,4})?\.[^./]+$/i.test(file)) return true;
		if (stepEnds(index)) yield;
	}

	return false;
}

/**
 * Groups translations (`post.en.md`, `post.fr.md`, `index.fr.md` in a bundle)
 * into one listed post, with every language noted; the others are kept aside.
 * `translated`: whether any post is a translation (hasTranslations).
 */
function groupTranslations(
	posts: Post[],
	preferred: string | undefined,
	groupPaths: ReadonlyMap<string, string>,
	translated: boolean,
): {listed: Post[]; translations: Map<string, Post[]>} {
	// Most blogs have no translations: then there is nothing to group.
	if (groupPaths.size === 0 && !translated) return {listed: posts, translations: new Map()};
	const groups = new Map<string, Post[]>();
	for (const post of posts) {
		// A post in another language's folder is grouped as the post at its place in the default language's.
		const where = groupPaths.get(post.path) ?? post.path;
		const extension = path.posix.extname(where);
		const stem = path.posix.basename(where, extension);
		const base = LANGUAGE_SUFFIX.exec(stem)?.[1] ?? stem;
		const key = `${path.posix.dirname(where)}/${base}`;
		groups.set(key, [...(groups.get(key) ?? []), post]);
	}

	const listed: Post[] = [];
	const translations = new Map<string, Post[]>();
	for (const group of groups.values()) {
		if (group.length === 1) {
			listed.push(...group);
			continue;
		}

		const languages = [...new Set(group.map(post => post.lang ?? 'und'))].sort();
		const wanted = preferred?.toLowerCase();
		const primary =
			group.find(post => wanted !== undefined && post.lang?.toLowerCase() === wanted) ??
			group.find(post => !LANGUAGE_SUFFIX.test(path.posix.basename(post.path, path.posix.extname(post.path)))) ??
			group.find(post => post.lang === 'en') ??
			[...group].sort((a, b) => a.path.localeCompare(b.path))[0];
		for (const post of group) {
			post.languages = languages;
			translations.set(post.path, group);
		}

		if (primary) listed.push(primary);
	}

	return {listed, translations};
}

/** Loads a folder of posts (recursively) or a single post file. */
export async function loadBlog(target: string, options: LoadOptions): Promise<Blog> {
	let stat: Stats;
	try {
		stat = statSync(target);
	} catch {
		throw new UserError(`${target}: no such file or folder`);
	}

	// Walked, checked against the index, read and put in order a slice at a time: a big blog takes
	// seconds, read again while the app runs (files changed in a burst, or after the index's head),
	// and keys are answered meanwhile.
	const slices = new Slices(options.sliceMs);
	let posts: Post[];
	let cache: IndexCache | undefined;
	let layout: SiteLayout | undefined;
	let groupPaths = new Map<string, string>();
	const problems: string[] = [];
	const skipped: SkippedFile[] = [];
	if (stat.isDirectory()) {
		const read = await loadFolder(target, options, slices);
		({posts, cache} = read);
		({layout, groupPaths} = read.walked);
		problems.push(...read.walked.problems);
		skipped.push(...read.walked.skipped);
		if (layout.name === 'Zola') {
			const found = zolaPages(posts, realpathSync(target), 'content');
			posts = found.posts;
			skipped.push(...found.pages);
		}
	} else if (stat.isFile()) {
		if (!isPostFile(target)) throw new UserError(`${target}: not a Markdown file (${POST_EXTENSION_LIST})`);
		const file = path.resolve(target);
		const post = loadPostFile(file, path.basename(target), {folder: realpathSync(path.dirname(file))});
		const problem = unreadableWarning(post);
		if (problem) throw new UserError(unreadableLine(target, problem));
		posts = [post];
	} else {
		throw new UserError(`${target}: not a regular file or folder`);
	}

	// Posts are shared with the index (taken from this run's first reading of it, or to be written to it):
	// those that change are copied.
	if (slices.due()) await slices.next();
	const translated = await stepsInSlices(hasTranslations(posts), slices);
	if (cache) posts = await stepsInSlices(copiesWhereChanged(posts, translated), slices);
	await stepsInSlices(markFuturePosts(posts), slices);
	// Undated posts get a guessed date (a post opened alone too, so it shows as it does listed),
	// never kept in the index: its rows were made as the posts were read.
	const postsFolder = realpathSync(stat.isDirectory() ? target : path.dirname(path.resolve(target)));
	await guessDates(posts, postsFolder, {...(options.env ? {env: options.env} : {}), keep: options.cache !== false});
	const {blog, listed} = await stepsInSlices(
		assembleBlog(target, posts, {single: stat.isFile(), layout, problems, skipped, groupPaths, translated}, options),
		slices,
	);
	await cache?.save(listed, slices);
	return blog;
}

/** What the blog's posts were read from, besides the posts. */
type Found = {
	single: boolean;
	layout: SiteLayout | undefined;
	problems: string[];
	skipped: SkippedFile[];
	/** Where posts in other languages' folders would be in the default language's (translations). */
	groupPaths?: ReadonlyMap<string, string>;
	/** Whether any file name says its language (hasTranslations). */
	translated: boolean;
};

const isFuture = (post: Post, today: string) => post.date !== null && post.date > today;

/**
 * Posts dated after today are drafts (applied after reading, so the index never goes stale; guesses don't
 * count). A step at a time, as every pass over all the posts after a read: at 50,000 posts, the passes
 * made at once here held a key some 50 ms.
 */
function* markFuturePosts(posts: Post[]): Generator<void, void> {
	const today = localToday();
	for (const [index, post] of posts.entries()) {
		if (isFuture(post, today)) post.draft = true;
		if (stepEnds(index)) yield;
	}
}

/** Of the posts a read has given so far (`progress`), those the list will show: no drafts, unless `drafts`. */
export function listedSoFar(read: readonly Post[], drafts: boolean): Post[] {
	if (drafts) return [...read];
	const today = localToday();
	return read.filter(post => !post.draft && !isFuture(post, today));
}

/** What the status line says of the site's layout ("Hugo: content/posts"), when one was recognised. */
const layoutLabel = (layout: SiteLayout | undefined): string | null =>
	layout?.name ? `${layout.name}: ${layout.folders.join(', ')}${layout.note ? ` (${layout.note})` : ''}` : null;

/**
 * The blog from its posts as read: translations grouped, slugs made unique,
 * newest first; and `listed`, the posts listed with drafts or without, in
 * that order (what the index keeps its rows in). In steps (see util/slices.ts).
 */
function* assembleBlog(
	target: string,
	posts: Post[],
	found: Found,
	options: LoadOptions,
): Generator<void, {blog: Blog; listed: Post[]}> {
	const grouped = groupTranslations(posts, options.lang, found.groupPaths ?? new Map(), found.translated);
	yield;
	yield* makeSlugsUnique(grouped.listed);
	// Drafts are sorted in too, and left out after: the order suits a start with --drafts as well.
	const listed = yield* newestFirst(grouped.listed);
	yield;
	const shown = options.drafts || found.single ? listed : listed.filter(post => !post.draft);
	const blog = {
		root: target,
		posts: markSorted(shown, 'date'),
		hiddenDrafts: listed.length - shown.length,
		layout: layoutLabel(found.layout),
		translations: grouped.translations,
		problems: found.problems,
		skipped: found.skipped,
	};
	return {blog, listed};
}

/** The real path of `target` when it is a folder whose index may be read (the cache is on). */
function indexedFolder(target: string, options: LoadOptions): string | undefined {
	if (options.cache === false) return undefined;
	try {
		return statSync(target).isDirectory() ? realpathSync(target) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The first posts the list showed when the blog was last read (its index's
 * head, drafts left out, newest first), for the app's first screen: read in
 * the same time at any size, the posts' files not looked at. Undefined when
 * there is no sound head.
 */
export function loadBlogHead(target: string, options: LoadOptions): Blog | undefined {
	const root = indexedFolder(target, options);
	const posts = root === undefined ? undefined : indexedHead(root, target, options.env ?? process.env);
	if (!posts || posts.length === 0) return undefined;
	// Its posts' own: no other copy is shared.
	allSteps(markFuturePosts(posts));
	const layout = detectLayout(target, options.sections ? {sections: options.sections} : {});
	return {
		root: target,
		posts: markSorted(
			posts.filter(post => !post.draft),
			'date',
		),
		hiddenDrafts: 0,
		layout: layoutLabel(layout),
	};
}

/**
 * The posts, each copied if loading will change it (a future post becomes a
 * draft, an undated one gets a guessed date, a shared slug is made unique,
 * translations are marked): the index's posts stay as it gave them, for the
 * reading again to start from, and the others are shared with them, and with
 * the blog shown, rather than held two or three times (100,000 posts are
 * some 50 MB).
 */
function* copiesWhereChanged(posts: Post[], translated: boolean): Generator<void, Post[]> {
	const today = localToday();
	const slugs = new Set<string>();
	const shared = new Set<string>();
	for (const [index, {slug}] of posts.entries()) {
		if (slugs.has(slug)) shared.add(slug);
		else slugs.add(slug);
		if (stepEnds(index)) yield;
	}

	const changes = (post: Post) => translated || post.date === null || post.date > today || shared.has(post.slug);
	const copies: Post[] = [];
	for (const [index, post] of posts.entries()) {
		copies.push(changes(post) ? {...post} : post);
		if (stepEnds(index)) yield;
	}

	return copies;
}

/**
 * The blog as its index last saw it, without walking the folder or looking at
 * any post: for the app to show at once, then read the blog again and correct
 * what changed (ui/hooks/use-follow.ts). Undated posts are not given guessed
 * dates yet, and unreadable folders and skipped files are not known. With the
 * posts as the index gave them (`known`), for the reading again to start from.
 * Undefined when the folder has no sound index.
 */
export function loadIndexedBlog(
	target: string,
	options: LoadOptions,
): {blog: Blog; known: Map<string, IndexedPost>} | undefined {
	const root = indexedFolder(target, options);
	const known = root === undefined ? undefined : indexedPosts(root, target, options.env ?? process.env);
	if (!known || known.size === 0) return undefined;
	const indexed = Array.from(known.values(), ({post}) => post);
	const translated = allSteps(hasTranslations(indexed));
	const posts = allSteps(copiesWhereChanged(indexed, translated));
	allSteps(markFuturePosts(posts));
	const layout = detectLayout(target, options.sections ? {sections: options.sections} : {});
	const found = {single: false, layout, problems: [], skipped: [], translated};
	const {blog} = allSteps(assembleBlog(target, posts, found, options));
	return {blog, known};
}
