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
import {
	type DecoderLoader,
	decodePaletted,
	decodePicture,
	decodePictureAsPng,
	loadDecoder,
	type PixelSize,
} from './decode.js';
import {DrawnCache} from './drawn-cache.js';
import type {Cells} from './fit.js';
import type {CellPixels, PictureGraphics, Protocol} from './graphics.js';
import {halfBlockLines} from './half-blocks.js';
import {MAX_PICTURE_BYTES} from './limits.js';
import {RemotePictures} from './remote.js';
import {itermImage, kittyDelete, kittyPlaceholderRows, kittyTransmit, throughTmux} from './sequences.js';
// Small: the encoder it wraps is a file of its own, loaded at the first sixel picture (shims/sixel.ts).
import {SIXEL_COLOURS, sixelImage} from './sixel.js';

const readAt = promisify(read);

/**
 * A picture as drawn: text rows (half blocks, kitty's placeholder cells, with the sequence that
 * sends kitty the picture); or one sequence that draws it at the first of its rows and covers the
 * rest (iTerm2, sixel: printed output only); or why it could not be drawn.
 */
export type Drawn = {rows: string[]; kitty?: {id: number; transmit: string}} | {image: string} | {problem: string};

/** How pictures are drawn: the terminal's colour depth, whether its characters are ASCII only, and its graphics. */
export type Drawing = {level: ColorLevel; ascii: boolean} & PictureGraphics;

/** A cell's size in pixels where the terminal does not say: about what most terminals' fonts give. */
const DEFAULT_CELL: CellPixels = {width: 10, height: 20};
/** The widest a picture is sent to a terminal at, in pixels: sharp enough, and quick over ssh. */
const MAX_SENT_WIDTH = 1600;
/** The largest image id a placeholder's colour can carry. */
const MAX_KITTY_ID = 0xff_ff_ff;

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
	/** Where kitty's pictures are sent as each is drawn (the app's terminal); none: printed with their rows. */
	private terminal: ((sequence: string) => void) | undefined;
	/** Where pictures fetched from the web are (--remote-images); none: none is drawn. */
	private remote: RemotePictures | undefined;
	/** The kitty images the terminal holds, by the key of the picture drawn. */
	private readonly kittyIds = new Map<string, number>();
	/**
	 * The next kitty image id: from a random start, so two runs in one kitty window do not share ids
	 * (no secret: Math.random, not node:crypto, which a start does not load).
	 */
	private nextId = 1 + Math.floor(Math.random() * (MAX_KITTY_ID - 1));

	/**
	 * `load`: how the decoder is loaded (sharp, on the first picture); `cache`: where pictures drawn
	 * are kept between runs (none: each is decoded in each run).
	 */
	constructor(
		private readonly load: DecoderLoader = loadDecoder,
		private readonly cache?: DrawnCache,
	) {}

	/**
	 * A process's store: sharp, the pictures kept as drawn in the cache folder `env` names, and,
	 * with `fetches` (--remote-images), pictures fetched from the web.
	 */
	static keptIn(env: NodeJS.ProcessEnv, fetches = false): PictureStore {
		const store = new PictureStore(loadDecoder, DrawnCache.open(env));
		if (fetches) store.drawsFetched(new RemotePictures());
		return store;
	}

	/** Draws pictures fetched from the web (--remote-images) from `remote`. */
	drawsFetched(remote: RemotePictures): void {
		this.remote = remote;
	}

	/** Where pictures fetched from the web come from, if they are drawn. */
	get fetched(): RemotePictures | undefined {
		return this.remote;
	}

	/**
	 * Sends kitty's pictures to the terminal `write` writes to as each is drawn, and frees them there
	 * when they leave the store, or at `release`.
	 */
	sendTo(write: (sequence: string) => void): void {
		this.terminal = write;
	}

	/** Frees every kitty picture the terminal holds (on leaving the app); later ones are sent again. */
	release(): void {
		for (const [key, id] of this.kittyIds) {
			this.terminal?.(kittyDelete(id));
			this.kittyIds.delete(key);
			this.drawn.delete(key);
			this.ready.delete(key);
		}
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

		const drawn = this.drawPicture(place, folder, drawing).then(drawnNow => {
			const result = this.sentNow(key, drawnNow);
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
			const id = this.kittyIds.get(oldest);
			this.kittyIds.delete(oldest);
			if (id !== undefined) this.terminal?.(kittyDelete(id));
		}

		return drawn;
	}

	/**
	 * A kitty picture just drawn, sent to the app's terminal, as its rows alone: a frame shows them,
	 * the terminal has the picture. Printed output (no terminal set) carries the picture with its rows.
	 */
	private sentNow(key: string, drawn: Drawn): Drawn {
		if (!this.terminal || !('kitty' in drawn) || drawn.kitty === undefined) return drawn;
		this.terminal(drawn.kitty.transmit);
		this.kittyIds.set(key, drawn.kitty.id);
		return {rows: drawn.rows};
	}

	private takeId(): number {
		const id = this.nextId;
		this.nextId = id >= MAX_KITTY_ID ? 1 : id + 1;
		return id;
	}

	private async drawPicture(place: PicturePlace, folder: string, drawing: Drawing): Promise<Drawn> {
		if (place.remote) {
			const bytes = this.remote?.bytesOf(place.file);
			return bytes ? this.drawnFrom(bytes, place.cells, drawing) : {problem: 'not fetched'};
		}

		const opened = openPicture(place.file, folder);
		if ('problem' in opened) return opened;
		let bytes: Awaited<ReturnType<typeof readPicture>>;
		// Only half blocks are kept on disk: a graphics protocol's copy is sent to one terminal.
		const key =
			(drawing.protocol ?? 'blocks') === 'blocks'
				? {file: place.file, stat: opened.stat, cells: place.cells, drawing: drawingName(drawing)}
				: undefined;
		try {
			const kept = key && this.cache?.read(key);
			if (kept) return {rows: kept};
			bytes = await readPicture(opened);
		} finally {
			closeSync(opened.handle);
		}

		if ('problem' in bytes) return bytes;
		const drawn = await this.drawnFrom(bytes, place.cells, drawing);
		if (key && 'rows' in drawn) this.cache?.write(key, drawn.rows);
		return drawn;
	}

	/** A picture's file's bytes drawn in `cells` as `drawing` says. */
	private async drawnFrom(bytes: Uint8Array, cells: Cells, drawing: Drawing): Promise<Drawn> {
		const protocol = drawing.protocol ?? 'blocks';
		if (protocol !== 'blocks') return this.drawnWith(protocol, bytes, cells, drawing);
		const pixels = await decodePicture(bytes, cells, this.load);
		if ('off' in pixels) return this.turnedOff(pixels.off);
		if ('problem' in pixels) return pixels;
		return {rows: halfBlockLines(pixels, drawing.level, drawing.ascii)};
	}

	private turnedOff(reason: string): Drawn {
		this.off = reason;
		return {problem: reason};
	}

	/** A picture drawn by a graphics protocol, from its file's bytes. */
	private async drawnWith(protocol: Exclude<Protocol, 'blocks'>, bytes: Uint8Array, cells: Cells, drawing: Drawing) {
		const size = sentSize(cells, drawing.cell ?? DEFAULT_CELL);
		const wrap = (sequence: string) => (drawing.tmux ? throughTmux(sequence) : sequence);
		if (protocol === 'sixel') {
			const pixels = await decodePaletted(bytes, size, SIXEL_COLOURS, this.load);
			if ('off' in pixels) return this.turnedOff(pixels.off);
			if ('problem' in pixels) return pixels;
			return {image: wrap(sixelImage(pixels))};
		}

		const encoded = await decodePictureAsPng(bytes, size, this.load);
		if ('off' in encoded) return this.turnedOff(encoded.off);
		if ('problem' in encoded) return encoded;
		if (protocol === 'iterm') return {image: wrap(itermImage(encoded.png, cells))};
		const id = this.takeId();
		return {rows: kittyPlaceholderRows(id, cells), kitty: {id, transmit: wrap(kittyTransmit(id, encoded.png, cells))}};
	}
}

/** The pixels a picture of `cells` is sent at: the cells' own, no wider than MAX_SENT_WIDTH, an even height. */
function sentSize(cells: Cells, cell: CellPixels): PixelSize {
	const scale = Math.min(1, MAX_SENT_WIDTH / (cells.columns * cell.width));
	const width = Math.max(1, Math.round(cells.columns * cell.width * scale));
	const height = Math.max(2, 2 * Math.round((cells.rows * cell.height * scale) / 2));
	return {width, height};
}

/**
 * A drawing in a word (`3u`: half blocks in 24-bit colour, Unicode; `kitty 10x20`), for keys in
 * memory and on disk (only half blocks are kept there).
 */
function drawingName({level, ascii, protocol = 'blocks', cell, tmux}: Drawing): string {
	if (protocol === 'blocks') return `${level}${ascii ? 'a' : 'u'}`;
	return `${protocol} ${cell ? `${cell.width}x${cell.height}` : ''}${tmux ? ' tmux' : ''}`;
}

function keyOf(place: PicturePlace, drawing: Drawing): string {
	return `${place.file}\u0000${place.cells.columns}x${place.cells.rows}\u0000${drawingName(drawing)}`;
}

/** The picture whose rows take the page's line `index`, if one does. */
export function placeAt(places: readonly PicturePlace[], index: number): PicturePlace | undefined {
	return places.find(place => index >= place.line && index < place.line + place.cells.rows);
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
	const place = placeAt(places, index);
	if (!place) return line;
	const drawn = drawnOf(place);
	if (!drawn) return line;
	const row = index - place.line;
	const prefix = place.prefixes[row] ?? '';
	if ('rows' in drawn) return `${prefix}\u001B[0m${drawn.rows[row] ?? ''}`;
	if ('image' in drawn) return row === 0 ? `${prefix}\u001B[0m${drawn.image}` : prefix;
	return row === Math.floor((place.cells.rows - 1) / 2) ? prefix + note(`· not shown: ${drawn.problem}`) : prefix;
}
