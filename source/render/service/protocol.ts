// What the render service and its renderer processes say to each other. A page
// crosses as texts and a few number arrays, not as arrays of thousands of
// strings and objects: the main thread takes each message whole, in one go, and
// a structured clone of 300,000 lines held it 200-300 ms where one string takes 15.
// A long page's lines come ahead of it in pieces, a message each, so no one
// message (taken and split into lines in one go) holds the thread for long.
import type {Post} from '../../blog/model/model.js';
import type {RemoteFound} from '../../pictures/remote.js';
import type {ColorLevel, Theme, ThemeName, ThemeOptions} from '../../theme/palette.js';
import {appendAll} from '../../util/arrays.js';
import type {CodeBlockRange, Heading, PageLink, RenderedMarkdown} from '../markdown.js';
import type {PicturePlace} from '../picture-block.js';

/** A page as the reader keeps it: its lines, and their text without styles (what find searches). */
export type PageWithPlain = RenderedMarkdown & {plain: string[]};

/** A theme as a renderer rebuilds it: its functions don't cross processes. */
export type ThemeSpec = {level: ColorLevel; name: ThemeName; options: ThemeOptions};

export const themeSpec = (theme: Theme): ThemeSpec => ({level: theme.level, name: theme.name, options: theme.options});

/** How a page is drawn: PageOptions, with the theme as a spec. */
export type PageSpec = {
	width: number;
	theme: ThemeSpec;
	hyperlinks: boolean;
	pictureRows?: number;
	diagrams?: boolean;
	cellAspect?: number;
	remote?: Record<string, RemoteFound>;
};

/** A post's page for the reader (its body read by the renderer), or the post printed whole for a command. */
export type Job =
	| {kind: 'page'; post: Post; spec: PageSpec}
	| {kind: 'print'; post: Post; spec: PageSpec; lineEnd: '\n' | '\r\n'};

/** A post printed: its text as UTF-8, or why its file could not be read. */
export type Printed = {bytes: Uint8Array} | {unreadable: string};

/** A page as it crosses: see packPage. */
export type WirePage = {
	text: string;
	plain: string;
	lines: number;
	headings: Heading[];
	blockStarts: Int32Array;
	/** Pairs: line, note. */
	footnoteRefs: Int32Array;
	noteLines: Int32Array;
	links: PageLink[];
	codeBlocks: CodeBlockRange[];
	/** Triples: line, source, count. */
	sourceLines: Int32Array;
	notice: string | null;
	pictures: PicturePlace[];
};

/** Lines of the page (or beginning) that comes next, in order: see pageMessages. */
export type LinesPiece = {text: string; plain: string; count: number};

export type ToRenderer = {id: number; job: Job; budgetMs: number};

export type FromRenderer =
	/** Loaded: jobs may come. */
	| {ready: true}
	| {id: number; piece: LinesPiece}
	/** A large post's beginning, while the rest renders. */
	| {id: number; partial: WirePage}
	/**
	 * The job's result. `retire`: the render was stopped part way (its budget, a stack too deep), which
	 * may have left the renderer's modules half way through a change: this process takes no more jobs.
	 */
	| {id: number; page: WirePage; retire: boolean}
	| {id: number; printed: Printed; retire: boolean};

/** Rendered lines never hold a line feed (every renderer splits on them), so one joins them. */
const SEPARATOR = '\n';

/** Lines joined, a line feed inside one (a renderer's fault) made a space, so the count holds. */
function joined(lines: readonly string[]): string {
	const text = lines.join(SEPARATOR);
	if (countOf(text) === lines.length) return text;
	return lines.map(line => line.replaceAll(SEPARATOR, ' ')).join(SEPARATOR);
}

function countOf(text: string): number {
	let count = 1;
	for (let at = text.indexOf(SEPARATOR); at !== -1; at = text.indexOf(SEPARATOR, at + 1)) count++;
	return count;
}

/** A page made ready to cross (in the renderer): lines and plain text joined, positions as Int32Arrays. */
export function packPage(page: RenderedMarkdown, plain: readonly string[]): WirePage {
	return {
		text: joined(page.lines),
		plain: joined(plain),
		lines: page.lines.length,
		headings: page.headings,
		blockStarts: Int32Array.from(page.blockStarts),
		footnoteRefs: Int32Array.from(page.footnoteRefs.flatMap(({line, note}) => [line, note])),
		noteLines: Int32Array.from(page.noteLines),
		links: page.links,
		codeBlocks: page.codeBlocks,
		sourceLines: Int32Array.from(page.sourceLines.flatMap(({line, source, count}) => [line, source, count])),
		notice: page.notice,
		pictures: page.pictures,
	};
}

/** The lines of a joined text, `count` of them (an empty page is one empty text, and no line). */
function linesOf(text: string, count: number): string[] {
	if (count === 0) return [];
	const lines = text.split(SEPARATOR);
	if (lines.length !== count) throw new Error(`a page of ${count} lines came as ${lines.length}`);
	return lines;
}

/** Characters of lines a message carries, about: taking one and splitting it into lines takes a few milliseconds. */
export const PIECE_CHARS = 128 * 1024;

/**
 * A page as it crosses: its lines in pieces of about PIECE_CHARS characters
 * (none for a short page), and the page with the lines after the last piece.
 */
export function pageMessages(page: RenderedMarkdown, plain: readonly string[]): {pieces: LinesPiece[]; last: WirePage} {
	const pieces: LinesPiece[] = [];
	let from = 0;
	let chars = 0;
	for (let index = 0; index < page.lines.length; index++) {
		chars += (page.lines[index]?.length ?? 0) + 1;
		if (chars < PIECE_CHARS || index === page.lines.length - 1) continue;
		const to = index + 1;
		pieces.push({text: joined(page.lines.slice(from, to)), plain: joined(plain.slice(from, to)), count: to - from});
		from = to;
		chars = 0;
	}

	const rest = from === 0 ? page : {...page, lines: page.lines.slice(from)};
	return {pieces, last: packPage(rest, from === 0 ? plain : plain.slice(from))};
}

/** Lines that came in pieces ahead of their page. */
export type LinesSoFar = {lines: string[]; plain: string[]};

export const noLinesYet = (): LinesSoFar => ({lines: [], plain: []});

export function addPiece(soFar: LinesSoFar, piece: LinesPiece): void {
	appendAll(soFar.lines, linesOf(piece.text, piece.count));
	appendAll(soFar.plain, linesOf(piece.plain, piece.count));
}

/** The page and its plain lines, as they were packed; `before`: its lines that came ahead in pieces. */
export function unpackPage(wire: WirePage, before: LinesSoFar = noLinesYet()): PageWithPlain {
	const footnoteRefs: RenderedMarkdown['footnoteRefs'] = [];
	for (let at = 0; at + 1 < wire.footnoteRefs.length; at += 2)
		footnoteRefs.push({line: wire.footnoteRefs[at] ?? 0, note: wire.footnoteRefs[at + 1] ?? 0});
	const sourceLines: RenderedMarkdown['sourceLines'] = [];
	for (let at = 0; at + 2 < wire.sourceLines.length; at += 3) {
		const [line = 0, source = 0, count = 0] = wire.sourceLines.subarray(at, at + 3);
		sourceLines.push({line, source, count});
	}

	const lines = linesOf(wire.text, wire.lines);
	const plain = linesOf(wire.plain, wire.lines);
	return {
		lines: before.lines.length === 0 ? lines : before.lines.concat(lines),
		plain: before.plain.length === 0 ? plain : before.plain.concat(plain),
		headings: wire.headings,
		blockStarts: Array.from(wire.blockStarts),
		footnoteRefs,
		noteLines: Array.from(wire.noteLines),
		links: wire.links,
		codeBlocks: wire.codeBlocks,
		sourceLines,
		notice: wire.notice,
		pictures: wire.pictures,
	};
}
