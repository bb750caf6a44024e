import {statSync} from 'node:fs';
import path from 'node:path';
import {folderKey} from '../storage/folder-key.js';
import {cacheFolderPath, privateFolder, readPrivateFile, writePrivateFile} from '../storage/private-folder.js';
import type {FoundFile} from './discover.js';
import {fromRow, type Post, type Row, type RowStamp, rowPath, toRow} from './model.js';

type IndexFile = {format: number; root: string; rows: Row[]};

/** Bump when the post model or the row changes, so old indexes are ignored. */
const FORMAT = 8;
/** An index larger than this is not read (100,000 posts take about 40 MB). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

/**
 * The index of one blog folder: summaries of its posts keyed by path, size
 * and modification time, so a second start reads no post that has not
 * changed. It lives in the private cache folder (or nowhere, when that folder
 * can't be trusted), and every row read back is checked as strictly as a post.
 */
export class IndexCache {
	private readonly file: string | undefined;
	private readonly rows = new Map<string, unknown>();
	private readonly fresh = new Map<string, Row>();
	private changed = false;

	constructor(
		readonly root: string,
		env: NodeJS.ProcessEnv,
		warn?: (line: string) => void,
	) {
		const folder = privateFolder(cacheFolderPath(env), warn);
		this.file = folder.problem === undefined ? path.join(folder.path, `index-${folderKey(root)}.json`) : undefined;
		if (this.file) this.read(this.file);
	}

	private read(file: string): void {
		const text = readPrivateFile(file, MAX_INDEX_BYTES);
		if (text === undefined) return;
		try {
			const parsed = JSON.parse(text) as Partial<IndexFile>;
			if (parsed.format !== FORMAT || parsed.root !== this.root || !Array.isArray(parsed.rows)) return;
			for (const row of parsed.rows as unknown[]) {
				const key = rowPath(row);
				if (key !== undefined) this.rows.set(key, row);
			}
		} catch {
			// A broken index: the posts are read again.
		}
	}

	/**
	 * The indexed post for a file, if its row is sound and neither the file (its
	 * size and time) nor how it was read (`context`: its drafts folder, the
	 * site's excerpt separator) has changed. Only files in the index are looked at.
	 */
	get(file: FoundFile, context: string): Post | undefined {
		const found = this.rows.has(file.path)
			? fromRow(this.rows.get(file.path), file.absolutePath, this.root)
			: undefined;
		if (!found || found.stamp.context !== context) return undefined;
		const stat = statSync(file.absolutePath, {throwIfNoEntry: false});
		const {size, mtimeMs, ctimeMs} = found.stamp;
		if (!stat || size !== stat.size || mtimeMs !== stat.mtimeMs || ctimeMs !== stat.ctimeMs) return undefined;
		this.fresh.set(file.path, this.rows.get(file.path) as Row);
		return found.post;
	}

	set(post: Post, stamp: RowStamp): void {
		this.fresh.set(post.path, toRow(post, stamp));
		this.changed = true;
	}

	/** Writes the index when anything was added, changed or removed. */
	save(): void {
		if (!this.file || (!this.changed && this.fresh.size === this.rows.size)) return;
		const content: IndexFile = {format: FORMAT, root: this.root, rows: [...this.fresh.values()]};
		writePrivateFile(this.file, JSON.stringify(content));
	}
}
