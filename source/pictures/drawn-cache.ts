// Pictures as drawn, kept in blogread's private cache folder: a post opened
// again shows its pictures without loading the decoder or decoding. A picture
// is known by its file's path, size and times and by how it is drawn (cells,
// colours, glyphs); what is read back is checked to be what blogread writes
// (half blocks, spaces and colour codes, nothing else), as the index is.
import type {Stats} from 'node:fs';
import {readdirSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {contentHash} from '../blog/load/content-hash.js';
import {cacheFolderPath, privateFolder, readPrivateFile, writePrivateFile} from '../storage/private-folder.js';
import type {Cells} from './fit.js';

/** Pictures kept at most; past it, the ones drawn longest ago go. */
export const KEPT_PICTURES = 400;
/** A drawn picture larger than this is not read back: none is (1000 × 500 cells of two colours is ~40 MB). */
const MAX_DRAWN_BYTES = 8 * 1024 * 1024;
/** A row as blogread draws it: SGR colour codes, half blocks and spaces. */
const DRAWN_ROW = /^(?:\u001B\[[\d;]*m|[▀▄ ])*$/u;

export type DrawnKey = {file: string; stat: Pick<Stats, 'size' | 'mtimeMs' | 'ctimeMs'>; cells: Cells; drawing: string};

export class DrawnCache {
	/** The folder once checked (undefined: it can't be trusted); null before the first picture. */
	private checked: string | undefined | null = null;

	private constructor(private readonly env: NodeJS.ProcessEnv) {}

	/**
	 * The cache in the private cache folder's `pictures/`. Nothing is touched before the first picture
	 * (a start draws none); a folder that can't be trusted then is a cache that keeps nothing.
	 */
	static open(env: NodeJS.ProcessEnv): DrawnCache {
		return new DrawnCache(env);
	}

	/** The rows drawn before for this file, as it is now, at these cells and colours; undefined if none are kept. */
	read(key: DrawnKey): string[] | undefined {
		const file = this.fileOf(key);
		const text = file === undefined ? undefined : readPrivateFile(file, MAX_DRAWN_BYTES);
		if (text === undefined) return undefined;
		const rows = text.split('\n');
		return rows.length === key.cells.rows && rows.every(row => DRAWN_ROW.test(row)) ? rows : undefined;
	}

	/** Keeps the rows; the oldest pictures go once more than KEPT_PICTURES are kept. Failing is fine. */
	write(key: DrawnKey, rows: readonly string[]): void {
		const file = this.fileOf(key);
		if (file === undefined || !writePrivateFile(file, rows.join('\n'))) return;
		prune(path.dirname(file));
	}

	private fileOf({file, stat, cells, drawing}: DrawnKey): string | undefined {
		if (this.checked === null) {
			const folder = privateFolder(path.join(cacheFolderPath(this.env), 'pictures'), () => {});
			this.checked = folder.problem === undefined ? folder.path : undefined;
		}

		if (this.checked === undefined) return undefined;
		const id = [file, stat.size, stat.mtimeMs, stat.ctimeMs, cells.columns, cells.rows, drawing].join('\u0000');
		// contentHash loads node:crypto on first use: never at start.
		return path.join(this.checked, `${contentHash(id)}.txt`);
	}
}

/** Removes the pictures drawn longest ago past KEPT_PICTURES. */
function prune(folder: string): void {
	try {
		const names = readdirSync(folder).filter(name => /^[\da-f]{12}\.txt$/.test(name));
		if (names.length <= KEPT_PICTURES) return;
		const byAge = names
			.map(name => ({name, time: statSync(path.join(folder, name)).mtimeMs}))
			.sort((a, b) => a.time - b.time);
		for (const {name} of byAge.slice(0, names.length - KEPT_PICTURES)) rmSync(path.join(folder, name), {force: true});
	} catch {
		// A cache that cannot be pruned now is pruned next time.
	}
}
