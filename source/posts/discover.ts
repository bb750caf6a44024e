import {type Dirent, readdirSync, realpathSync, type Stats, statSync} from 'node:fs';
import path from 'node:path';
import {errorCode} from '../util/errors.js';

export const POST_EXTENSIONS = new Set(['.md', '.markdown', '.mdx']);

const SKIPPED_FOLDERS = new Set(['node_modules']);

export function isPostFile(name: string): boolean {
	return POST_EXTENSIONS.has(path.extname(name).toLowerCase());
}

/** Whether `target` is `folder` or inside it (both real paths). */
export function isInside(folder: string, target: string): boolean {
	const relative = path.relative(folder, target);
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Plain code-unit order, the same on every machine (for paths and file names). */
export function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** A post file found by the walk. */
export type FoundFile = {path: string; absolutePath: string};

/**
 * Every post file below `root` (paths relative to it with `/` separators,
 * sorted). Skips dot folders and node_modules, visits each real folder once
 * (symlink loops end), ignores links that point outside `root`, and lists
 * only regular files (a FIFO or device would block the reader). Folders it
 * cannot read are noted in `problems`.
 */
export function discoverPosts(root: string, boundary: string = root, problems: string[] = []): FoundFile[] {
	// Links may point anywhere inside the blog (boundary), not outside it.
	const realRoot = realpathSync(boundary);
	const seenFolders = new Set<string>();
	const seenFiles = new Set<string>();
	const found: FoundFile[] = [];

	const walk = (folder: string, relative: string): void => {
		let real: string;
		try {
			real = realpathSync(folder);
		} catch {
			return;
		}

		if (seenFolders.has(real) || !isInside(realRoot, real)) return;
		seenFolders.add(real);

		let entries: Dirent[];
		try {
			entries = readdirSync(folder, {withFileTypes: true});
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
		for (const entry of entries) {
			if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
			const absolute = prefix + entry.name;
			const childRelative = relative === '' ? entry.name : `${relative}/${entry.name}`;
			if (entry.isDirectory()) {
				walk(absolute, childRelative);
				continue;
			}

			// A regular file needs no stat here: the index checks only files it has seen, and reading gives the rest.
			if (entry.isFile()) {
				const key = realPrefix + entry.name;
				if (!isPostFile(entry.name) || seenFiles.has(key)) continue;
				seenFiles.add(key);
				found.push({path: childRelative, absolutePath: absolute});
				continue;
			}

			if (!entry.isSymbolicLink()) continue;
			let target: string;
			let stat: Stats;
			try {
				target = realpathSync(absolute);
				if (!isInside(realRoot, target)) continue;
				stat = statSync(target);
			} catch {
				continue;
			}

			if (stat.isDirectory()) {
				walk(absolute, childRelative);
			} else if (stat.isFile() && isPostFile(entry.name) && !seenFiles.has(target)) {
				seenFiles.add(target);
				found.push({path: childRelative, absolutePath: absolute});
			}
		}
	};

	walk(root, '');
	// The walk visits names in order, so the paths usually are in order already
	// (not always: `a/b` comes before `a-c` in the walk, after it in order).
	const sorted = found.every((file, index) => index === 0 || compareText(found[index - 1]?.path ?? '', file.path) <= 0);
	return sorted ? found : found.sort((a, b) => compareText(a.path, b.path));
}
