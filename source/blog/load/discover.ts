import {type Dirent, realpathSync, type Stats, statSync} from 'node:fs';
import {readdir} from 'node:fs/promises';
import path from 'node:path';
import {errorCode} from '../../util/errors.js';
import {Slices} from '../../util/slices.js';

/**
 * Markdown files by their extension, in lower case: the common spellings, MDX,
 * and R Markdown (blogdown keeps `.Rmd` posts in a Hugo site).
 */
export const POST_EXTENSIONS = new Set(['.md', '.markdown', '.mdown', '.mkd', '.mkdn', '.mdx', '.rmd']);

/** The extensions as a message names them: `.md, .markdown, …, .Rmd`. */
export const POST_EXTENSION_LIST = [...POST_EXTENSIONS].map(extension => extension.replace('.rmd', '.Rmd')).join(', ');

const SKIPPED_FOLDERS = new Set(['node_modules']);

export function isPostFile(name: string): boolean {
	return POST_EXTENSIONS.has(path.extname(name).toLowerCase());
}

const SEPARATOR = path.sep.charCodeAt(0);

/**
 * An absolute path with nothing to resolve: no `.` or `..` part, no doubled or
 * trailing separator (POSIX only; anywhere else every path takes the long way).
 */
function isPlainAbsolute(file: string): boolean {
	return (
		path.sep === '/' &&
		file.charCodeAt(0) === SEPARATOR &&
		file.length > 1 &&
		!file.endsWith('/') &&
		!file.includes('//') &&
		!file.includes('/./') &&
		!file.includes('/../') &&
		!file.endsWith('/.') &&
		!file.endsWith('/..')
	);
}

/** Whether `target` is `folder` or inside it (both real paths). */
export function isInside(folder: string, target: string): boolean {
	// Asked once a post: the walk's paths are plain joins, and a prefix settles them without path.relative's
	// resolving both (a tenth of a first read's time at 10,000 posts). Anything else takes the long way.
	if (
		target.length > folder.length &&
		target.charCodeAt(folder.length) === SEPARATOR &&
		target.startsWith(folder) &&
		isPlainAbsolute(folder) &&
		isPlainAbsolute(target)
	) {
		return true;
	}

	const relative = path.relative(folder, target);
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Plain code-unit order, the same on every machine (for paths and file names). */
export function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** A post file found by the walk; `realPath`: where it really is, links and linked folders resolved. */
export type FoundFile = {path: string; absolutePath: string; realPath: string};

/** A folder being read: its entries, and how far the walk has gone through them. */
type Frame = {relative: string; prefix: string; realPrefix: string; entries: Dirent[]; next: number};

/**
 * Every post file below `root` (paths relative to it with `/` separators,
 * sorted). Skips dot folders and node_modules, visits each real folder once
 * (symlink loops end), ignores links that point outside `root`, and lists
 * only regular files (a FIFO or device would block the reader). Folders it
 * cannot read are noted in `problems`. The walk keeps its own stack and knows
 * each real folder's path without asking the system, so its work grows with
 * the number of entries however deep the folders go; and it goes a slice at a
 * time, so keys are answered while a big blog is walked.
 */
export async function discoverPosts(
	root: string,
	boundary: string = root,
	problems: string[] = [],
	slices = new Slices(),
): Promise<FoundFile[]> {
	// Links may point anywhere inside the blog (boundary), not outside it.
	const realRoot = realpathSync.native(boundary);
	const seenFolders = new Set<string>();
	const seenFiles = new Set<string>();
	const found: FoundFile[] = [];
	const stack: Frame[] = [];

	/** Starts reading a folder, once, if it is inside the blog; listed off the main thread (10,000 posts: 10 ms). */
	const enter = async (folder: string, real: string, relative: string): Promise<void> => {
		if (seenFolders.has(real) || !isInside(realRoot, real)) return;
		seenFolders.add(real);
		let entries: Dirent[];
		try {
			entries = await readdir(folder, {withFileTypes: true});
		} catch (error) {
			// An unreadable subfolder is skipped, and said so; the folder itself must be readable.
			if (relative === '') throw error;
			problems.push(`${relative}: cannot read this folder (${errorCode(error)}); skipped`);
			return;
		}

		// Real entries before links, so a post reached both ways keeps its real name.
		entries.sort((a, b) => Number(a.isSymbolicLink()) - Number(b.isSymbolicLink()) || compareText(a.name, b.name));
		// Names have no separators, so joining is appending (path.join normalises every time).
		const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
		const realPrefix = real.endsWith(path.sep) ? real : real + path.sep;
		stack.push({relative, prefix, realPrefix, entries, next: 0});
	};

	await enter(root, realpathSync.native(root), '');
	while (stack.length > 0) {
		if (slices.due()) await slices.next();
		const frame = stack.at(-1) as Frame;
		const entry = frame.entries[frame.next++];
		if (!entry) {
			stack.pop();
			continue;
		}

		if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
		const absolute = frame.prefix + entry.name;
		const relative = frame.relative === '' ? entry.name : `${frame.relative}/${entry.name}`;
		// A real folder's real path is its parent's and its name: no need to ask.
		if (entry.isDirectory()) {
			await enter(absolute, frame.realPrefix + entry.name, relative);
			continue;
		}

		// A regular file needs no stat here: the index checks only files it has seen, and reading gives the rest.
		if (entry.isFile()) {
			const key = frame.realPrefix + entry.name;
			if (!isPostFile(entry.name) || seenFiles.has(key)) continue;
			seenFiles.add(key);
			found.push({path: relative, absolutePath: absolute, realPath: key});
			continue;
		}

		if (!entry.isSymbolicLink()) continue;
		let target: string;
		let stat: Stats;
		try {
			target = realpathSync.native(absolute);
			if (!isInside(realRoot, target)) continue;
			stat = statSync(target);
		} catch {
			continue;
		}

		if (stat.isDirectory()) {
			await enter(absolute, target, relative);
		} else if (stat.isFile() && isPostFile(entry.name) && !seenFiles.has(target)) {
			seenFiles.add(target);
			found.push({path: relative, absolutePath: absolute, realPath: target});
		}
	}

	// The walk visits names in order, so the paths usually are in order already
	// (not always: `a/b` comes before `a-c` in the walk, after it in order).
	const sorted = found.every((file, index) => index === 0 || compareText(found[index - 1]?.path ?? '', file.path) <= 0);
	return sorted ? found : found.sort((a, b) => compareText(a.path, b.path));
}
