import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {type Dispatch, type RefObject, useEffect, useRef, useState} from 'react';
import {keepTranslations, keepUnchanged} from '../../blog/load/merge-posts.js';
import {rereadPost} from '../../blog/load/reread.js';
import type {Blog, Post} from '../../blog/model/model.js';
import type {SortKey} from '../../blog/query/model.js';
import {type FolderChanges, type FolderWatcher, watchFolder} from '../../follow/watch-folder.js';
import {cleanLine} from '../../text/sanitize.js';
import {errorMessage} from '../../util/errors.js';
import {Slices, stepsInSlices} from '../../util/slices.js';
import type {Action, Screen} from '../state/model.js';
import {listPrepared} from '../state/selectors.js';

/** How the app follows its files: what to watch and how to read the blog again. */
export type Follow = {
	/** The folder or post file blogread was opened on (absolute). */
	target: string;
	/**
	 * Reads the blog again, as at start (through the index: only files that changed are read),
	 * telling `onRead` now and then how far it has come, with the posts read so far.
	 */
	reload: (onRead?: FirstRead) => Promise<Blog>;
	/** The blog shown first is the index's alone (loadIndexedBlog): read it again after the first frame. */
	revalidate?: boolean;
	/**
	 * The blog shown first is not read yet: none of it (a first start, no index) or the index's
	 * head. It is read after the first frame, the status counting (and the list filling, from none).
	 */
	firstRead?: boolean;
	/** Folders never watched (absolute): blogread's cache and state folders. */
	ignore?: string[];
	/** Changes seen by a watcher kept elsewhere (blogread serve watches once for every session): none of its own. */
	subscribe?: (onChange: (changes: FolderChanges) => void) => () => void;
	/** For tests: how the folder is watched (see watch-folder.ts). */
	watch?: Pick<Parameters<typeof watchFolder>[0], 'watch' | 'fileSystemType' | 'pollMs'>;
};

/**
 * How far a read has come: `done` files of the `total` found, and the posts read so far to list
 * (undefined: the list keeps what it shows until the read ends).
 */
export type FirstRead = (done: number, total: number, posts: () => Post[] | undefined) => void;

/** How often the status says how far a first read has come. */
const FIRST_READ_COUNT_MS = 100;
/**
 * The list shows more of a first read once this many times as many posts are
 * read as it shows: each time, the list is sorted again, so all of them cost a
 * few sorts of the whole blog, and the read goes on at nearly its own pace.
 */
const FIRST_READ_GROWTH = 1.5;

type Options = {
	follow: Follow | undefined;
	posts: Post[];
	/** The list's order, which a list read again is checked in before it is shown. */
	sort: SortKey;
	/** The post open in the reader (or just deleted there), which polling checks most often. */
	openFile: string | undefined;
	dispatch: Dispatch<Action>;
	screen: RefObject<Screen>;
};

function joined(a: FolderChanges | undefined, b: FolderChanges): FolderChanges {
	return a ? {paths: new Set([...a.paths, ...b.paths]), folders: a.folders || b.folders} : b;
}

/** Whether every changed path is a listed post whose file is still there: those are read alone. */
function editedInPlace(posts: readonly Post[], paths: ReadonlySet<string>): boolean {
	if (paths.size === 0) return false;
	const left = new Set(paths);
	for (const post of posts) if (left.delete(post.path) && !existsSync(post.absolutePath)) return false;
	return left.size === 0;
}

/**
 * Watches the blog's files once the first frame is on screen, and reads the
 * blog again after each burst of changes (one reading at a time; changes seen
 * meanwhile make one more). Gives the blog as last read, for what the list's
 * status says about it (hidden drafts) and for translations.
 */
export function useFollow({follow, posts, sort, openFile, dispatch, screen}: Options): Blog | undefined {
	const [blog, setBlog] = useState<Blog>();
	const world = useRef({posts, sort, openFile});
	world.current = {posts, sort, openFile};
	useEffect(() => {
		if (!follow) return;
		let watcher: Pick<FolderWatcher, 'close'> | undefined;
		let stopped = false;
		let reading = false;
		let queued: FolderChanges | undefined;
		// The first read fills the list as it goes: the count often, the posts read so far now and then.
		let countedAt = Number.NEGATIVE_INFINITY;
		let shown = 0;
		// Whether the read lists its posts as it goes (not after the index's head: the list keeps it).
		let listing = true;
		const onRead: FirstRead = (done, total, read) => {
			const now = performance.now();
			const more = listing && done >= Math.max(1, shown * FIRST_READ_GROWTH);
			if (stopped || (!more && now - countedAt < FIRST_READ_COUNT_MS && done < total)) return;
			countedAt = now;
			const posts = more ? read() : undefined;
			if (posts) shown = done;
			else if (more) listing = false;
			dispatch({type: 'postsRead', done, total, screen: screen.current, ...(posts ? {posts} : {})});
		};
		const refresh = async (changes: FolderChanges, first = false): Promise<void> => {
			if (reading) {
				queued = joined(queued, changes);
				return;
			}

			reading = true;
			try {
				// Posts edited in place (the usual change, an author saving) are read alone; anything else reads the blog.
				const previous = world.current.posts;
				if (!changes.folders && editedInPlace(previous, changes.paths)) {
					dispatch({
						type: 'postsChanged',
						posts: previous.map(post => (changes.paths.has(post.path) ? rereadPost(post) : post)),
						screen: screen.current,
					});
					return;
				}

				const fresh = await follow.reload(first ? onRead : undefined);
				if (stopped) return;
				const slices = new Slices();
				const translations = fresh.translations ?? new Map();
				const listed = await stepsInSlices(keepTranslations(previous, fresh.posts, translations), slices);
				const kept = await stepsInSlices(keepUnchanged(previous, listed, changes.paths), slices);
				// Nothing changed (the usual answer to reading the files after the index): the same list, so
				// nothing worked out from it is worked out again.
				const same = kept.length === previous.length && kept.every((post, index) => post === previous[index]);
				const posts = same ? previous : kept;
				await stepsInSlices(listPrepared(posts, world.current.sort), slices);
				if (stopped) return;
				// Its posts are in the list: kept here too, a second copy would be held for nothing.
				setBlog({...fresh, posts: []});
				dispatch({
					type: 'postsChanged',
					posts,
					leftOut: {unreadable: fresh.problems ?? [], skipped: fresh.skipped ?? []},
					screen: screen.current,
				});
			} catch (error) {
				if (stopped) return;
				// The folder (or the one post) is gone: nothing is left to list. Anything else is said.
				if (!existsSync(follow.target)) {
					dispatch({type: 'postsChanged', posts: [], leftOut: {unreadable: [], skipped: []}, screen: screen.current});
					return;
				}

				// A first read that fails stops counting: what it listed stays.
				if (first) dispatch({type: 'postsChanged', posts: world.current.posts, screen: screen.current});
				const what = first ? 'could not read the posts' : 'could not read the posts again';
				dispatch({type: 'said', notice: `${what}: ${cleanLine(errorMessage(error))}`});
			} finally {
				reading = false;
				const next = queued;
				queued = undefined;
				if (next && !stopped) void refresh(next);
			}
		};

		// After the first frame: following the files never delays it.
		const later = setImmediate(() => {
			if (follow.revalidate || follow.firstRead) void refresh({paths: new Set(), folders: true}, follow.firstRead);
			if (follow.subscribe) {
				watcher = {close: follow.subscribe(changes => void refresh(changes))};
				return;
			}

			let single: boolean;
			try {
				single = statSync(follow.target).isFile();
			} catch {
				return;
			}

			watcher = watchFolder({
				root: single ? path.dirname(follow.target) : follow.target,
				...(single ? {file: path.basename(follow.target)} : {}),
				ignore: follow.ignore ?? [],
				onChange: changes => {
					void refresh(changes);
				},
				onPolling: why => {
					dispatch({type: 'said', notice: `not watching files (${why}): checking for changes every second`});
				},
				openFile: () => world.current.openFile,
				...follow.watch,
			});
		});
		return () => {
			stopped = true;
			clearImmediate(later);
			watcher?.close();
		};
	}, [follow, dispatch, screen]);
	return blog;
}
