// The blog as every session of a server sees it: read once, watched once,
// and read again once per change, however many readers are connected.

import {availableParallelism} from 'node:os';
import path from 'node:path';
import {type LoadOptions, loadBlog} from '../blog/load/load.js';
import type {Blog} from '../blog/model/model.js';
import {SearchBodies} from '../blog/search/search.js';
import {blogreadFolders} from '../follow/ignored-folders.js';
import {type FolderChanges, type FolderWatcher, watchFolder} from '../follow/watch-folder.js';
import {PictureStore} from '../pictures/picture-store.js';
import {RENDER_BUDGET_MS, RENDERER_HEAP_MB} from '../render/service/limits.js';
import type {Printed} from '../render/service/protocol.js';
import {RenderService} from '../render/service/render-service.js';
import type {Follow} from '../ui/hooks/use-follow.js';
import {PageCache} from '../ui/pages/page-cache.js';
import {SharedJobs} from './shared-jobs.js';

type Listener = (changes: FolderChanges) => void;

export class SharedBlog {
	/** The blog as last read: what a new session starts with. */
	blog: Blog;
	/** Every session's search reads bodies through this one: each body is read once for all of them. */
	readonly bodies = new SearchBodies();
	/** Posts being printed for commands: the same post at the same width and colours is printed once for all. */
	readonly prints = new SharedJobs<Printed>();
	/**
	 * Renderers for every reader and command, taken in turns: at least two, so one reader's slow post
	 * never holds another's; at most four, and one core left to the thread that answers every reader's keys.
	 */
	readonly renders = new RenderService({
		renderers: Math.min(4, Math.max(2, availableParallelism() - 1)),
		budgetMs: RENDER_BUDGET_MS,
		heapMb: RENDERER_HEAP_MB,
	});
	/** Posts rendered for the readers' apps: a post one reader opened opens at once for the next. */
	readonly pages = new PageCache(this.renders);
	/** Pictures drawn for the readers' apps, each once for all of them at a size and colour depth. */
	readonly pictures = new PictureStore();
	private reading: Promise<Blog> | undefined;
	private readonly listeners = new Set<Listener>();
	private watcher: FolderWatcher | undefined;

	private constructor(
		blog: Blog,
		/** The folder served (absolute). */
		readonly folder: string,
		private readonly load: () => Promise<Blog>,
	) {
		this.blog = blog;
	}

	/**
	 * Reads the folder (absolute) and starts watching it. Readers see the blog named by its folder's
	 * name (the status line's), not by where it sits on the server.
	 */
	static async open(folder: string, options: LoadOptions & {env: NodeJS.ProcessEnv}): Promise<SharedBlog> {
		const load = async () => ({...(await loadBlog(folder, {...options, warn: () => {}})), root: path.basename(folder)});
		const shared = new SharedBlog(await load(), folder, load);
		shared.watcher = watchFolder({
			root: folder,
			ignore: blogreadFolders(options.env),
			onChange: changes => {
				shared.changed(changes);
			},
		});
		return shared;
	}

	/** A change on disk: read again now (a new session should see it too), and tell every session. */
	changed(changes: FolderChanges): void {
		const previous = this.reading ?? Promise.resolve(this.blog);
		const reading = previous
			.catch(() => this.blog)
			.then(() => this.load())
			.then(blog => {
				if (this.reading === reading) this.blog = blog;
				return blog;
			});
		this.reading = reading;
		for (const listener of this.listeners) listener(changes);
	}

	/** How a session follows the blog: this watcher's changes, and this reading of them. */
	follow(): Follow {
		return {
			target: this.folder,
			reload: () => this.reading ?? Promise.resolve(this.blog),
			subscribe: listener => {
				this.listeners.add(listener);
				return () => {
					this.listeners.delete(listener);
				};
			},
		};
	}

	close(): void {
		this.renders.close();
		this.watcher?.close();
		this.listeners.clear();
	}
}
