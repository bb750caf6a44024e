// Pictures as drawn, kept in blogread's private cache folder: a post opened
// again shows its pictures without loading the decoder or decoding. A picture
// is known by its file's path, size and times and by how it is drawn (cells,
// colours, glyphs); what is read back is checked to be what blogread writes
// (half blocks, spaces and colour codes, nothing else), as the index is.
import {createHash} from 'node:crypto';
import type {Stats} from 'node:fs';
import {readdirSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
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
	private constructor(private readonly folder: string) {}

	/** The cache in the private cache folder's `pictures/`, or undefined when that can't be trusted. */
	static open(env: NodeJS.ProcessEnv): DrawnCache | undefined {
		const folder = privateFolder(path.join(cacheFolderPath(env), 'pictures'), () => {});
		return folder.problem === undefined ? new DrawnCache(folder.path) : undefined;
	}

	/** The rows drawn before for this file, as it is now, at these cells and colours; undefined if none are kept. */
	read(key: DrawnKey): string[] | undefined {
		const text = readPrivateFile(this.fileOf(key), MAX_DRAWN_BYTES);
		if (text === undefined) return undefined;
		const rows = text.split('\n');
		return rows.length === key.cells.rows && rows.every(row => DRAWN_ROW.test(row)) ? rows : undefined;
	}

	/** Keeps the rows; the oldest pictures go once more than KEPT_PICTURES are kept. Failing is fine. */
	write(key: DrawnKey, rows: readonly string[]): void {
		if (!writePrivateFile(this.fileOf(key), rows.join('\n'))) return;
		this.prune();
	}

	private fileOf({file, stat, cells, drawing}: DrawnKey): string {
		const id = [file, stat.size, stat.mtimeMs, stat.ctimeMs, cells.columns, cells.rows, drawing].join('\u0000');
		return path.join(this.folder, `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.txt`);
	}

	private prune(): void {
		try {
			const names = readdirSync(this.folder).filter(name => /^[\da-f]{32}\.txt$/.test(name));
			if (names.length <= KEPT_PICTURES) return;
			const byAge = names
				.map(name => ({name, time: statSync(path.join(this.folder, name)).mtimeMs}))
				.sort((a, b) => a.time - b.time);
			for (const {name} of byAge.slice(0, names.length - KEPT_PICTURES))
				rmSync(path.join(this.folder, name), {force: true});
		} catch {
			// A cache that cannot be pruned now is pruned next time.
		}
	}
}
