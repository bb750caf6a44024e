import {promises as fs} from 'node:fs';
import path from 'node:path';

export const POST_EXTENSIONS = new Set(['.md', '.markdown', '.mdx']);

const SKIPPED_FOLDERS = new Set(['node_modules']);

export function isPostFile(name: string): boolean {
	return POST_EXTENSIONS.has(path.extname(name).toLowerCase());
}

function isInside(folder: string, target: string): boolean {
	const relative = path.relative(folder, target);
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Every post file below `root`, as paths relative to it with `/` separators,
 * sorted. Skips dot folders and node_modules, visits each real folder once
 * (symlink loops end), ignores links that point outside `root`, and lists only
 * regular files (a FIFO or device would block the reader).
 */
export async function discoverPosts(root: string): Promise<string[]> {
	const realRoot = await fs.realpath(root);
	const seenFolders = new Set<string>();
	const seenFiles = new Set<string>();
	const found: string[] = [];

	async function walk(folder: string, relative: string): Promise<void> {
		const real = await fs.realpath(folder).catch(() => undefined);
		if (real === undefined || seenFolders.has(real) || !isInside(realRoot, real)) return;
		seenFolders.add(real);

		const entries = await fs.readdir(folder, {withFileTypes: true}).catch(() => []);
		// Real entries before links, so a post reached both ways keeps its real name.
		entries.sort((a, b) => Number(a.isSymbolicLink()) - Number(b.isSymbolicLink()) || a.name.localeCompare(b.name));
		for (const entry of entries) {
			if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
			const absolute = path.join(folder, entry.name);
			const childRelative = relative === '' ? entry.name : `${relative}/${entry.name}`;

			let isFolder = entry.isDirectory();
			let isFile = entry.isFile();
			let realFile = absolute;
			if (entry.isSymbolicLink()) {
				const target = await fs.realpath(absolute).catch(() => undefined);
				if (target === undefined || !isInside(realRoot, target)) continue;
				const stat = await fs.stat(target).catch(() => undefined);
				isFolder = stat?.isDirectory() ?? false;
				isFile = stat?.isFile() ?? false;
				realFile = target;
			}

			if (isFolder) {
				await walk(absolute, childRelative);
			} else if (isFile && isPostFile(entry.name) && !seenFiles.has(realFile)) {
				seenFiles.add(realFile);
				found.push(childRelative);
			}
		}
	}

	await walk(root, '');
	return found.sort();
}
