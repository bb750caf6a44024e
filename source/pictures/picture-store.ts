// Pictures drawn for the pages on screen: each read and decoded once per size
// and colour depth, off the main thread (the file read, then sharp's decode in
// the thread pool), kept for the last few. The reader asks for the pictures
// near its screen and redraws when one is ready; --print waits for all of a
// post's. One store is made per process, or per server (its readers share it).
import {closeSync, read} from 'node:fs';
import {promisify} from 'node:util';
import {openInBlog} from '../blog/load/read-file.js';
import type {PicturePlace} from '../render/picture-block.js';
import type {ColorLevel} from '../theme/palette.js';
import {type DecoderLoader, decodePicture, loadDecoder} from './decode.js';
import {DrawnCache} from './drawn-cache.js';
import {halfBlockLines} from './half-blocks.js';
import {MAX_PICTURE_BYTES} from './limits.js';

const readAt = promisify(read);

/** A picture as drawn, or why it could not be. */
export type Drawn = {rows: string[]} | {problem: string};

/** How pictures are drawn: the terminal's colour depth, and whether its characters are ASCII only. */
export type Drawing = {level: ColorLevel; ascii: boolean};

/** Pictures kept drawn: a page rarely has more, and a reader going back finds them at once. */
const KEEP = 64;

type Opened = ReturnType<typeof openInBlog>;

/** A picture's file opened by the posts' rule (inside the blog, a regular file), or why it is not. */
function openPicture(file: string, folder: string): Opened | {problem: string} {
	try {
		return openInBlog(file, folder);
	} catch (error) {
		return {problem: (error as {code?: unknown}).code === 'EOUTSIDE' ? 'outside the blog' : 'unreadable'};
	}
}

/** An opened picture's bytes, read in the thread pool. */
async function readPicture({handle, stat}: Opened): Promise<Uint8Array | {problem: string}> {
	try {
		if (stat.size > MAX_PICTURE_BYTES) return {problem: `larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`};
		const bytes = new Uint8Array(stat.size);
		let done = 0;
		while (done < bytes.length) {
			const {bytesRead} = await readAt(handle, bytes, done, bytes.length - done, done);
			if (bytesRead === 0) break;
			done += bytesRead;
		}

		return bytes.subarray(0, done);
	} catch {
		return {problem: 'unreadable'};
	}
}

export class PictureStore {
	/** Why no picture can be drawn in this process (the decoder could not be loaded), once a draw found out. */
	off: string | undefined;
	private readonly drawn = new Map<string, Promise<Drawn>>();
	private readonly ready = new Map<string, Drawn>();
	/** Who hears of pictures drawn, and for which app (none: every picture). */
	private readonly listeners = new Map<() => void, object | undefined>();
	/** The apps waiting for each picture being drawn: in blogread serve, only they draw again. */
	private readonly waiting = new Map<string, Set<object>>();

	/**
	 * `load`: how the decoder is loaded (sharp, on the first picture); `cache`: where pictures drawn
	 * are kept between runs (none: each is decoded in each run).
	 */
	constructor(
		private readonly load: DecoderLoader = loadDecoder,
		private readonly cache?: DrawnCache,
	) {}

	/** A process's store: sharp, and the pictures kept as drawn in the cache folder `env` names. */
	static keptIn(env: NodeJS.ProcessEnv): PictureStore {
		return new PictureStore(loadDecoder, DrawnCache.open(env));
	}

	/**
	 * Calls `listener` each time a picture `owner` asked for (drawnNow) is drawn, or fails; with no
	 * owner, each time any is. Returns what stops it.
	 */
	onDrawn(listener: () => void, owner?: object): () => void {
		this.listeners.set(listener, owner);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/** The picture of `place`, if it is drawn by now (else undefined, and it is being drawn for `owner`). */
	drawnNow(place: PicturePlace, folder: string, drawing: Drawing, owner?: object): Drawn | undefined {
		const key = keyOf(place, drawing);
		const ready = this.ready.get(key);
		if (ready) return ready;
		if (owner) this.waiting.set(key, (this.waiting.get(key) ?? new Set()).add(owner));
		void this.draw(place, folder, drawing);
		return undefined;
	}

	/** The picture of `place`, drawn (from the store, or now). */
	draw(place: PicturePlace, folder: string, drawing: Drawing): Promise<Drawn> {
		const key = keyOf(place, drawing);
		const known = this.drawn.get(key);
		if (known) {
			this.drawn.delete(key);
			this.drawn.set(key, known);
			return known;
		}

		const drawn = this.drawPicture(place, folder, drawing).then(result => {
			if (this.drawn.get(key) === drawn) this.ready.set(key, result);
			const owners = this.waiting.get(key);
			this.waiting.delete(key);
			for (const [listener, owner] of this.listeners) if (!owner || owners?.has(owner)) listener();
			return result;
		});
		this.drawn.set(key, drawn);
		if (this.drawn.size > KEEP) {
			const oldest = this.drawn.keys().next().value ?? '';
			this.drawn.delete(oldest);
			this.ready.delete(oldest);
		}

		return drawn;
	}

	private async drawPicture(place: PicturePlace, folder: string, {level, ascii}: Drawing): Promise<Drawn> {
		const opened = openPicture(place.file, folder);
		if ('problem' in opened) return opened;
		let bytes: Awaited<ReturnType<typeof readPicture>>;
		const key = {file: place.file, stat: opened.stat, cells: place.cells, drawing: drawingName({level, ascii})};
		try {
			const kept = this.cache?.read(key);
			if (kept) return {rows: kept};
			bytes = await readPicture(opened);
		} finally {
			closeSync(opened.handle);
		}

		if ('problem' in bytes) return bytes;
		const pixels = await decodePicture(bytes, place.cells, this.load);
		if ('off' in pixels) {
			this.off = pixels.off;
			return {problem: pixels.off};
		}

		if ('problem' in pixels) return pixels;
		const rows = halfBlockLines(pixels, level, ascii);
		this.cache?.write(key, rows);
		return {rows};
	}
}

/** A drawing's colours and glyphs in a word (`3u`: 24-bit, Unicode), for keys in memory and on disk. */
function drawingName({level, ascii}: Drawing): string {
	return `${level}${ascii ? 'a' : 'u'}`;
}

function keyOf(place: PicturePlace, drawing: Drawing): string {
	return `${place.file}\u0000${place.cells.columns}x${place.cells.rows}\u0000${drawingName(drawing)}`;
}

/**
 * The page's `line` as shown with its pictures: a picture's row drawn after the row's prefix, or
 * on the middle row of a picture that cannot be drawn, why. Lines outside pictures are as they are.
 */
export function lineWithPicture(
	line: string,
	index: number,
	places: readonly PicturePlace[],
	drawnOf: (place: PicturePlace) => Drawn | undefined,
	note: (text: string) => string,
): string {
	const place = places.find(candidate => index >= candidate.line && index < candidate.line + candidate.cells.rows);
	if (!place) return line;
	const drawn = drawnOf(place);
	if (!drawn) return line;
	const row = index - place.line;
	const prefix = place.prefixes[row] ?? '';
	if ('rows' in drawn) return `${prefix}\u001B[0m${drawn.rows[row] ?? ''}`;
	return row === Math.floor((place.cells.rows - 1) / 2) ? prefix + note(`· not shown: ${drawn.problem}`) : prefix;
}
