// Pictures on the page: an image alone in its paragraph (Markdown's, a linked
// one, Hugo's figure) takes the rows its cells need, reserved here before it
// is decoded, with its line ([image: alt] (src)) under it as the caption that
// search and find see. The rows are filled in later, by whoever shows the page
// (the reader, --print); what cannot be drawn keeps its line and says why.
import type {Token, Tokens} from 'marked';
import {readBlogFile} from '../blog/load/read-file.js';
import {type PictureSource, pictureSource} from '../pictures/find.js';
import {type Cells, fitCells} from '../pictures/fit.js';
import {pictureSize} from '../pictures/header.js';
import {FIRST_HEADER_BYTES, HEADER_BYTES, MAX_PICTURE_BYTES} from '../pictures/limits.js';
import type {RemoteFound} from '../pictures/remote.js';
import {wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {PICTURE_MARK} from './refs.js';

/** Where the pictures of a post are looked for, and how tall one may be (serializable: a worker renders too). */
export type PictureContext = {
	/** The post's file, which relative addresses start from. */
	post: string;
	/** The blog's folder: nothing outside it is read. */
	folder: string;
	/** The most rows a picture takes (half the screen, by default). */
	maxRows: number;
	/** How many times taller than wide a cell is, where the terminal said (else fit.ts's CELL_ASPECT). */
	cellAspect?: number;
	/** Pictures fetched from the web (--remote-images), by address; without it, none is drawn. */
	remote?: Record<string, RemoteFound>;
};

/** A picture's rows on the page: from `line`, `cells.rows` of them, each after its line's own prefix. */
export type PicturePlace = {
	line: number;
	file: string;
	cells: Cells;
	/** What comes before the picture on each of its rows (a list's indent, a quote's bar), as drawn. */
	prefixes: string[];
	/** `file` is a web address, fetched (remote.ts). */
	remote?: true;
};

/** A picture found and measured: its file (or web address, fetched), and the cells it takes on the page. */
export type FoundPicture = {file: string; cells: Cells; remote?: true};

export type PictureSlot = FoundPicture | {problem: string} | undefined;

/** The picture an address names, for a page `width` wide: its file read as far as its size. */
export function pictureSlot(href: string, width: number, context: PictureContext): PictureSlot {
	const source: PictureSource = pictureSource(href, {absolutePath: context.post, folder: context.folder});
	if ('remote' in source) {
		// Not fetched (yet, or ever): its line.
		const address = href.trim();
		const found = context.remote?.[address];
		if (!found || 'problem' in found) return found;
		return {
			file: address,
			cells: fitCells(found.width, found.height, width, context.maxRows, context.cellAspect),
			remote: true,
		};
	}

	if ('problem' in source) return source;
	let start: {bytes: Uint8Array; size: number};
	let size: ReturnType<typeof pictureSize>;
	try {
		// A post may hold dozens of pictures, each read here as the page is laid out: a little first.
		start = readBlogFile(source.file, context.folder, FIRST_HEADER_BYTES);
		size = pictureSize(start.bytes);
		if ('problem' in size && start.size > start.bytes.length) {
			start = readBlogFile(source.file, context.folder, HEADER_BYTES);
			size = pictureSize(start.bytes);
		}
	} catch (error) {
		const code = (error as {code?: unknown}).code;
		return {problem: code === 'EOUTSIDE' ? 'outside the blog' : code === 'ENOTFILE' ? 'not a file' : 'unreadable'};
	}

	if (start.size > MAX_PICTURE_BYTES) {
		return {problem: `${Math.ceil(start.size / 1024 / 1024)} MB (at most ${MAX_PICTURE_BYTES / 1024 / 1024})`};
	}

	if ('problem' in size) return size;
	return {file: source.file, cells: fitCells(size.width, size.height, width, context.maxRows, context.cellAspect)};
}

/** An image to draw, and the token drawn as its caption (the image, the link around it, Hugo's figure). */
export type LoneImage = {image: Tokens.Image; caption: Token};

/** The images of a paragraph that holds nothing else (a figure, a linked image), or undefined. */
export function imagesAlone(tokens: Token[]): LoneImage[] | undefined {
	const images: LoneImage[] = [];
	for (const token of tokens) {
		if (token.type === 'image') images.push({image: token as Tokens.Image, caption: token});
		else if (token.type === 'templateFigure') images.push({image: token['image'] as Tokens.Image, caption: token});
		else if (token.type === 'link' && isLinkedImage(token as Tokens.Link)) {
			images.push({image: (token as Tokens.Link).tokens[0] as Tokens.Image, caption: token});
		} else if (!(token.type === 'br' || (token.type === 'text' && token.raw.trim() === ''))) return undefined;
	}

	return images.length > 0 ? images : undefined;
}

function isLinkedImage(link: Tokens.Link): boolean {
	return link.tokens.length === 1 && link.tokens[0]?.type === 'image';
}

/**
 * One picture's rows, each carrying PICTURE_MARK where the picture starts, then its caption. The
 * rows show a placeholder until the picture is drawn into them; `slots` gets the picture's cells.
 */
export function pictureLines(
	slot: PictureSlot,
	caption: string,
	width: number,
	theme: Theme,
	slots: FoundPicture[],
): string[] {
	if (slot === undefined) return wrapStyled(caption, width);
	if ('problem' in slot) return wrapStyled(`${caption} ${theme.muted(`· not shown: ${slot.problem}`)}`, width);
	slots.push(slot);
	const middle = Math.floor((slot.cells.rows - 1) / 2);
	const rows = Array.from(
		{length: slot.cells.rows},
		(_, row) => PICTURE_MARK + (row === middle ? theme.muted(theme.glyphs.ellipsis) : ''),
	);
	return rows.concat(wrapStyled(caption, width));
}

/** Lines with pictures' rows (pictureLines) as shown: the marks gone, the pictures' places found. */
export function withPicturePlaces(
	lines: string[],
	slots: readonly FoundPicture[],
): {lines: string[]; pictures: PicturePlace[]} {
	if (slots.length === 0) return {lines, pictures: []};
	const pictures = picturePlaces(lines, slots, prefix => prefix);
	return {lines: lines.map(line => line.replace(PICTURE_MARK, '')), pictures};
}

/**
 * The pictures' places in the finished lines (`slots` as pictureLines recorded them, in page
 * order): each run of marked rows is one picture, and each row's prefix is what its line
 * has before the mark, made safe by `ownText`.
 */
export function picturePlaces(
	lines: readonly string[],
	slots: readonly FoundPicture[],
	ownText: (prefix: string) => string,
): PicturePlace[] {
	const places: PicturePlace[] = [];
	if (slots.length === 0) return places;
	let current: PicturePlace | undefined;
	lines.forEach((line, index) => {
		const at = line.indexOf(PICTURE_MARK);
		if (at === -1) return;
		if (!current || current.prefixes.length === current.cells.rows) {
			const slot = slots[places.length];
			if (!slot) return;
			current = {line: index, file: slot.file, cells: slot.cells, prefixes: [], ...(slot.remote ? {remote: true} : {})};
			places.push(current);
		}

		current.prefixes.push(ownText(line.slice(0, at)));
	});
	return places;
}
