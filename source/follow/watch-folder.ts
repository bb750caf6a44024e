// Follows a blog's folder while the app runs: one inotify watch per folder
// (not per file), dot folders, node_modules and blogread's own folders left
// out; bursts of changes gathered into one report. Where watching is not
// possible (the inotify limit, a network file system) it polls instead: the
// open post often, the folders' times now and then.
import {type FSWatcher, type Stats, statfsSync, statSync, watch as watchNative} from 'node:fs';
import {readdir} from 'node:fs/promises';
import path from 'node:path';
import {isPostFile} from '../blog/load/discover.js';
import {errorCode} from '../util/errors.js';
import {unwatchableFileSystem} from './file-system.js';

/** What changed since the last report: post files by path (relative to the folder), and whether folders did. */
export type FolderChanges = {paths: Set<string>; folders: boolean};

export type WatchOptions = {
	/** The blog's folder (absolute). */
	root: string;
	/** Follow this one file of `root` only (blogread was opened on a post). */
	file?: string;
	/** Folders never watched (absolute): blogread's cache and state, when they are inside the blog. */
	ignore?: string[];
	/** A burst of changes, once it has settled. */
	onChange: (changes: FolderChanges) => void;
	/** Watching is not possible, and why: polling from now on. Called once at most. */
	onPolling?: (why: string) => void;
	/** Every folder is watched (at start, and after folders came or went), or polling has its first look. */
	onReady?: () => void;
	/** The open post's file (absolute), which polling checks most often. */
	openFile?: () => string | undefined;
	/** For tests: a stand-in for fs.watch, and for the file system's type. */
	watch?: typeof watchNative;
	fileSystemType?: (folder: string) => number | bigint;
	quietMs?: number;
	maxWaitMs?: number;
	pollMs?: number;
};

export type FolderWatcher = {close(): void};

/** Errors that mean the system has no more watches (or descriptors) to give: polling takes over. */
const OUT_OF_WATCHES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);
/** The folders are polled once every this many polls of the open post. */
const FOLDER_POLL_EVERY = 5;

const skippedName = (name: string) => name.startsWith('.') || name === 'node_modules';

/** The folders below `root` that hold posts (and itself), found without blocking: one readdir at a time. */
async function foldersBelow(root: string, recursive: boolean, ignore: string[]): Promise<string[]> {
	const found: string[] = [];
	const stack = [root];
	while (stack.length > 0) {
		const folder = stack.pop() as string;
		found.push(folder);
		if (!recursive) continue;
		try {
			for (const entry of await readdir(folder, {withFileTypes: true})) {
				if (!entry.isDirectory() || skippedName(entry.name)) continue;
				const child = path.join(folder, entry.name);
				if (!ignore.includes(child)) stack.push(child);
			}
		} catch {
			// A folder that can't be read (or is gone already) is not followed.
		}
	}

	return found;
}

function sameStat(a: Stats | undefined, b: Stats | undefined): boolean {
	return a?.mtimeMs === b?.mtimeMs && a?.ctimeMs === b?.ctimeMs && a?.size === b?.size;
}

const statOf = (file: string) => {
	try {
		return statSync(file, {throwIfNoEntry: false});
	} catch {
		return undefined;
	}
};

export function watchFolder(options: WatchOptions): FolderWatcher {
	const {root, file, ignore = [], onChange, quietMs = 150, maxWaitMs = 600, pollMs = 1000} = options;
	const watch = options.watch ?? watchNative;
	const watchers = new Map<string, FSWatcher>();
	let closed = false;
	let started = false;
	let polling = false;
	let pending: FolderChanges = {paths: new Set(), folders: false};
	let quiet: NodeJS.Timeout | undefined;
	let deadline: NodeJS.Timeout | undefined;
	let poller: NodeJS.Timeout | undefined;

	const flush = () => {
		clearTimeout(quiet);
		clearTimeout(deadline);
		quiet = undefined;
		deadline = undefined;
		const changes = pending;
		pending = {paths: new Set(), folders: false};
		if (closed) return;
		if (changes.folders && !polling) void follow();
		onChange(changes);
	};

	/** A change seen: reported once nothing more has come for a moment, or after a while in a long burst. */
	const changed = (relative: string | undefined) => {
		if (relative === undefined) pending.folders = true;
		else pending.paths.add(relative);
		clearTimeout(quiet);
		quiet = setTimeout(flush, quietMs);
		deadline ??= setTimeout(flush, maxWaitMs);
	};

	const relativeTo = (absolute: string) => path.relative(root, absolute).split(path.sep).join('/');

	const listener = (folder: string) => (_event: string, name: string | Buffer | null) => {
		if (name === null) {
			changed(undefined);
			return;
		}

		const entry = name.toString();
		if (file !== undefined && entry !== file) return;
		const absolute = path.join(folder, entry);
		if (isPostFile(entry)) changed(relativeTo(absolute));
		else if (!skippedName(entry) && (watchers.has(absolute) || statOf(absolute)?.isDirectory())) changed(undefined);
	};

	const stopWatching = () => {
		for (const watcher of watchers.values()) watcher.close();
		watchers.clear();
	};

	/** Watches every folder not yet watched, and lets go of those that are gone. */
	const follow = async () => {
		const folders = await foldersBelow(root, file === undefined, ignore);
		if (closed || polling) return;
		const present = new Set(folders);
		for (const [folder, watcher] of watchers) {
			if (present.has(folder)) continue;
			watcher.close();
			watchers.delete(folder);
		}

		let added = false;
		for (const folder of folders) {
			if (watchers.has(folder)) continue;
			added = true;
			try {
				const watcher = watch(folder, {persistent: false}, listener(folder));
				watcher.on('error', () => {
					// The folder went away (or its watch broke): the next report re-reads the folders.
					watcher.close();
					watchers.delete(folder);
				});
				watchers.set(folder, watcher);
			} catch (error) {
				const code = errorCode(error);
				if (OUT_OF_WATCHES.has(code)) {
					startPolling(`no more inotify watches (${code})`);
					return;
				}
			}
		}

		// Posts written into a new folder before its watch was set are found by one more reading.
		if (started && added) changed(undefined);
		started = true;
		options.onReady?.();
	};

	const startPolling = (why: string) => {
		if (polling || closed) return;
		polling = true;
		stopWatching();
		options.onPolling?.(why);
		let times = new Map<string, Stats | undefined>();
		const first = options.openFile?.();
		let openStat = first === undefined ? undefined : {file: first, stat: statOf(first)};
		const readFolders = async () => {
			const folders = await foldersBelow(root, file === undefined, ignore);
			times = new Map(folders.map(folder => [folder, statOf(folder)]));
		};
		void readFolders().then(() => options.onReady?.());
		let tick = 0;
		poller = setInterval(() => {
			const open = options.openFile?.();
			if (open !== undefined) {
				const stat = statOf(open);
				if (openStat?.file === open && !sameStat(openStat.stat, stat)) changed(relativeTo(open));
				openStat = {file: open, stat};
			}

			tick++;
			if (tick % FOLDER_POLL_EVERY !== 0) return;
			// A post added, removed or renamed changes its folder's time; an edit elsewhere is not seen.
			const moved = [...times].some(([folder, before]) => !sameStat(before, statOf(folder)));
			if (moved) {
				changed(undefined);
				void readFolders();
			}
		}, pollMs);
		poller.unref();
	};

	let network: string | undefined;
	try {
		network = unwatchableFileSystem((options.fileSystemType ?? (folder => statfsSync(folder).type))(root));
	} catch {
		network = undefined;
	}

	if (network) startPolling(`${network} file system`);
	else void follow();

	return {
		close() {
			closed = true;
			stopWatching();
			clearTimeout(quiet);
			clearTimeout(deadline);
			clearInterval(poller);
		},
	};
}
