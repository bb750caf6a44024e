// Raw HTML in a post, as a reader of the page would see it: images and links
// shown as Markdown's are, lists with their markers, tables as tables, <pre> as
// a code block, <details> with its summary; what a browser does not show
// (scripts, styles, comments) is dropped. htmlparser2 parses it forgivingly, the
// way a browser does (implied and missing end tags), without recursion; the
// tree kept from it is capped in depth, so drawing it is bounded too.

import {Parser} from 'htmlparser2';
import type {Tokens} from 'marked';
import {indentLines} from '../text/indent.js';
import {showControls} from '../text/sanitize.js';
import {displayWidth, wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {appendAll, maxOf} from '../util/arrays.js';
import {renderCodeBlock} from './code-block.js';
import {type LinkRecorder, renderImage, renderLink} from './link.js';
import {shownText} from './refs.js';
import {renderTable} from './table.js';

export type HtmlElement = {name: string; attributes: Record<string, string>; children: HtmlNode[]};
/** An element, or text (entities decoded). */
export type HtmlNode = HtmlElement | string;

/** Elements nested deeper than this are read as part of the deepest one kept. */
export const MAX_HTML_DEPTH = 32;
/** Attribute values are cut to this many characters. */
export const MAX_ATTRIBUTE = 2048;
/** A `colspan` adds empty cells to its row up to this many. */
const MAX_COLUMNS = 64;

/** Attributes the drawing reads; the others are not kept. */
const KEPT_ATTRIBUTES = new Set([
	'href',
	'src',
	'data-src',
	'alt',
	'title',
	'class',
	// A <progress> or <meter>'s figures.
	'value',
	'max',
	'start',
	'colspan',
	'align',
	'type',
	'checked',
]);
/** Elements whose content a browser never shows. */
const HIDDEN = new Set(['script', 'style', 'template', 'title', 'head', 'noembed', 'noframes', 'textarea']);
/** Elements shown by what they point to, not by their (fallback) content. */
const MEDIA = new Set(['iframe', 'video', 'audio', 'embed']);
const BLOCK = new Set(
	[
		'address article aside blockquote body caption center dd details dialog dir div dl dt fieldset figcaption',
		'figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre search section',
		'summary table tbody td tfoot th thead tr ul',
	]
		.join(' ')
		.split(' '),
);
const BULLETS = ['•', '◦', '▪'];
const SUMMARY_MARK = '▸ ';

/** HTML → a tree of elements and text, no deeper than MAX_HTML_DEPTH. */
export function parseHtml(html: string): HtmlNode[] {
	const root: HtmlElement = {name: '', attributes: {}, children: []};
	const open: HtmlElement[] = [root];
	// Elements opened past the depth cap are not kept: their end tags are counted off instead.
	let unkept = 0;
	let hidden = 0;
	const parser = new Parser(
		{
			onopentag(name, attributes) {
				if (HIDDEN.has(name)) hidden++;
				if (open.length > MAX_HTML_DEPTH) {
					unkept++;
					return;
				}

				const kept: Record<string, string> = {};
				for (const [key, value] of Object.entries(attributes))
					if (KEPT_ATTRIBUTES.has(key))
						kept[key] = value.length > MAX_ATTRIBUTE ? `${value.slice(0, MAX_ATTRIBUTE)}…` : value;
				const element: HtmlElement = {name, attributes: kept, children: []};
				open.at(-1)?.children.push(element);
				open.push(element);
			},
			onclosetag(name) {
				if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
				if (unkept > 0) unkept--;
				else if (open.length > 1) open.pop();
			},
			ontext(text) {
				if (hidden > 0) return;
				const {children} = open.at(-1) ?? root;
				const last = children.length - 1;
				if (typeof children[last] === 'string') children[last] += text;
				else children.push(text);
			},
		},
		{decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true},
	);
	parser.end(html);
	return root.children;
}

export type HtmlOptions = {
	theme: Theme;
	/** Make links clickable with OSC 8 (only web and mail links ever are). */
	hyperlinks: boolean;
	/** Told of every `<a href>` drawn, in order (the links view lists them). */
	recordLink?: LinkRecorder;
	/**
	 * An `<img>` alone in its run of text (in a `<p>`, a `<figure>`, a centred `<div>`): its picture's
	 * rows over its line, `caption` (render/picture-block.ts). Without it, every image is its line.
	 */
	picture?: (src: string, caption: string, width: number) => string[];
};

type Draw = HtmlOptions & {
	/** Already rendered Markdown, by number, that placeholders in the text stand for. */
	parts?: string[];
	/** How many lists enclose the one being drawn: picks its bullet. */
	listDepth: number;
};

// Inline text is built as one string; a block boundary in it is marked with a
// control character (post text cannot hold one: it passes showControls first)
// and becomes one line break however many meet, with the spaces around it.
const BREAK = '\u001E';
/** Stands for rendered Markdown number N in an inline run: `\u001A` N `\u001A`. */
const PLACEHOLDER = /\u001A(\d+)\u001A/;

function textOf(text: string, draw: Draw, pre: boolean): string {
	const shown = (piece: string) => {
		const safe = shownText(piece);
		return pre ? safe : safe.replace(/[ \t\n\r\f]+/g, ' ');
	};
	if (draw.parts === undefined) return shown(text);
	const parts = draw.parts;
	return text
		.split(PLACEHOLDER)
		.map((piece, index) => (index % 2 === 1 ? (parts[Number(piece)] ?? '') : shown(piece)))
		.join('');
}

/**
 * Inline text as it will be wrapped: block boundaries become single line
 * breaks, and spaces next to a line break go (wrapping would drop them).
 * Each pattern matches whole runs, so a long run of spaces costs its length once.
 */
function settle(text: string): string {
	return text
		.replace(/[ \u001E]+/g, run => (run.includes(BREAK) ? BREAK : run))
		.replace(/^\u001E|\u001E$/g, '')
		.replace(/[ \u001E\n]+/g, run =>
			run.includes(BREAK) || run.includes('\n') ? run.replace(/[ \u001E]/g, '') || '\n' : run,
		);
}

function firstSource(element: HtmlElement): string {
	const own = element.attributes['src'] ?? element.attributes['data-src'];
	if (own !== undefined) return own;
	for (const child of element.children)
		if (typeof child !== 'string' && child.name === 'source' && child.attributes['src'] !== undefined)
			return child.attributes['src'];
	return '';
}

function mediaText(element: HtmlElement, draw: Draw): string {
	const kind = element.name === 'iframe' || element.name === 'embed' ? 'embed' : element.name;
	const title = element.attributes['title'] ?? '';
	const label = title === '' ? kind : `${kind}: ${title}`;
	return draw.theme.muted(`[${showControls(label)}] (${showControls(firstSource(element))})`);
}

function listItemsText(list: HtmlElement, draw: Draw, pre: boolean): string {
	const ordered = list.name === 'ol';
	let number = Number.parseInt(list.attributes['start'] ?? '1', 10);
	if (!Number.isSafeInteger(number)) number = 1;
	// Wrapping drops leading spaces: nesting shows by the bullet alone.
	const bullet = BULLETS[draw.listDepth % BULLETS.length] ?? '•';
	draw.listDepth++;
	const items = list.children.map(child => {
		if (typeof child === 'string' || child.name !== 'li') return inlineOf([child], draw, pre);
		const marker = ordered ? `${number++}.` : bullet;
		return `${BREAK}${draw.theme.muted(marker)} ${inlineOf(child.children, draw, pre)}${BREAK}`;
	});
	draw.listDepth--;
	return `${BREAK}${items.join('')}${BREAK}`;
}

/** A number as an attribute writes it (`5`, `0.75`), or undefined: attributes come from the post. */
function numberAttribute(element: HtmlElement, name: string): string | undefined {
	const value = element.attributes[name]?.trim();
	return value !== undefined && /^-?\d{1,15}(?:\.\d{1,15})?$/.test(value) ? value : undefined;
}

/**
 * A progress bar or gauge as its figures, `5/34` (a browser draws a bar): a
 * `<progress>` out of its `max` (1 when not given), a `<meter>` out of its
 * `max` when given. Undefined without a value: the element's own text then.
 */
function gaugeText(element: HtmlElement, kind: 'progress' | 'meter'): string | undefined {
	const value = numberAttribute(element, 'value');
	if (value === undefined) return undefined;
	const max = numberAttribute(element, 'max') ?? (kind === 'progress' ? '1' : undefined);
	return max === undefined ? value : `${value}/${max}`;
}

/** An element as inline text; block elements inside are set off by line breaks. */
function elementText(element: HtmlElement, draw: Draw, pre: boolean): string {
	const {theme} = draw;
	const inner = () => inlineOf(element.children, draw, pre);
	switch (element.name) {
		case 'br':
			return '\n';
		case 'img':
			return renderImage(element.attributes['alt'] ?? element.attributes['title'] ?? '', firstSource(element), theme);
		case 'a': {
			const href = element.attributes['href'];
			return href === undefined ? inner() : renderLink(inner(), href, theme, draw.hyperlinks, draw.recordLink);
		}

		case 'b':
		case 'strong':
			return theme.strong(inner());
		case 'i':
		case 'em':
		case 'cite':
		case 'dfn':
		case 'var':
			return theme.em(inner());
		case 'code':
		case 'tt':
		case 'samp':
			return theme.code(inner());
		case 's':
		case 'del':
		case 'strike':
			return theme.del(inner());
		case 'q':
			return `“${inner()}”`;
		case 'input':
			return element.attributes['type']?.toLowerCase() === 'checkbox'
				? `[${element.attributes['checked'] === undefined ? ' ' : 'x'}] `
				: '';
		case 'pre':
			return `${BREAK}${inlineOf(element.children, draw, true)}${BREAK}`;
		case 'ul':
		case 'ol':
		case 'menu':
			return listItemsText(element, draw, pre);
		case 'summary':
			return `${BREAK}${theme.strong(SUMMARY_MARK + inner())}${BREAK}`;
		case 'td':
		case 'th':
			return `${inner()} `;
		case 'progress':
		case 'meter':
			return gaugeText(element, element.name) ?? inner();
		default:
			if (HIDDEN.has(element.name)) return '';
			if (MEDIA.has(element.name)) return mediaText(element, draw);
			return BLOCK.has(element.name) ? `${BREAK}${inner()}${BREAK}` : inner();
	}
}

function inlineOf(nodes: HtmlNode[], draw: Draw, pre = false): string {
	return nodes
		.map(node => (typeof node === 'string' ? textOf(node, draw, pre) : elementText(node, draw, pre)))
		.join('');
}

/** A run of lines, and whether it is set off from its neighbours by a blank line (as paragraphs are). */
type Chunk = {lines: string[]; spaced: boolean};

function joinChunks(chunks: Chunk[], tight = false): string[] {
	const lines: string[] = [];
	chunks.forEach((chunk, index) => {
		const previous = chunks[index - 1];
		if (!tight && previous && (previous.spaced || chunk.spaced)) lines.push('');
		appendAll(lines, chunk.lines);
	});
	return lines;
}

function textChunk(text: string, width: number, spaced: boolean, style?: (line: string) => string): Chunk[] {
	const settled = settle(text);
	if (settled.trim() === '') return [];
	const lines = wrapStyled(settled, width);
	return [{lines: style ? lines.map(line => style(line)) : lines, spaced}];
}

function listChunks(list: HtmlElement, width: number, draw: Draw): Chunk[] {
	const items = list.children.filter(child => typeof child !== 'string' || child.trim() !== '');
	const ordered = list.name === 'ol';
	let start = Number.parseInt(list.attributes['start'] ?? '1', 10);
	if (!Number.isSafeInteger(start)) start = 1;
	const markers = items.map((_, index) =>
		ordered ? `${start + index}.` : (BULLETS[draw.listDepth % BULLETS.length] ?? '•'),
	);
	const markerWidth = maxOf(markers.map(displayWidth), 0) + 1;
	const lines: string[] = [];
	draw.listDepth++;
	items.forEach((item, index) => {
		const content = typeof item !== 'string' && item.name === 'li' ? item.children : [item];
		const body = joinChunks(blockChunks(content, width - markerWidth, draw), true);
		const marker = (markers[index] ?? '').padStart(ordered ? markerWidth - 1 : 0).padEnd(markerWidth);
		appendAll(lines, indentLines(body.length > 0 ? body : [''], draw.theme.muted(marker), ' '.repeat(markerWidth)));
	});
	draw.listDepth--;
	return lines.length > 0 ? [{lines, spaced: true}] : [];
}

/** The text of a <pre>, as written: tags dropped, <br> as a line break, the first line break after <pre> not kept. */
function preText(nodes: HtmlNode[]): string {
	return nodes
		.map(node => {
			if (typeof node === 'string') return node;
			if (node.name === 'br') return '\n';
			return HIDDEN.has(node.name) ? '' : preText(node.children);
		})
		.join('');
}

function preLanguage(pre: HtmlElement): string {
	const code = pre.children.find((child): child is HtmlElement => typeof child !== 'string' && child.name === 'code');
	for (const element of [pre, code]) {
		const match = /(?:^|\s)(?:language|lang)-([\w+#.-]+)|\bbrush:\s*([\w+#.-]+)/.exec(
			element?.attributes['class'] ?? '',
		);
		if (match) return match[1] ?? match[2] ?? '';
	}

	return '';
}

function preChunks(pre: HtmlElement, width: number, draw: Draw): Chunk[] {
	const code = preText(pre.children)
		.replace(/^\r?\n/, '')
		.trimEnd();
	return code === '' ? [] : [{lines: renderCodeBlock(code, preLanguage(pre), width, draw.theme), spaced: true}];
}

function elementChildren(element: HtmlElement, names: string[]): HtmlElement[] {
	return element.children.filter(
		(child): child is HtmlElement => typeof child !== 'string' && names.includes(child.name),
	);
}

/** A row's cells as text; a `colspan` adds empty cells after its own, up to MAX_COLUMNS in the row. */
function rowTexts(cells: HtmlElement[], draw: Draw): string[] {
	const texts: string[] = [];
	for (const cell of cells) {
		texts.push(settle(inlineOf(cell.children, draw)).trim());
		const span = Number.parseInt(cell.attributes['colspan'] ?? '1', 10);
		for (let extra = 1; extra < span && texts.length < MAX_COLUMNS; extra++) texts.push('');
	}

	return texts;
}

/**
 * An HTML table through the Markdown table renderer, its first row the
 * header. A table of one row is a layout (pictures side by side): its cells
 * are shown one after another.
 */
function tableChunks(table: HtmlElement, width: number, draw: Draw): Chunk[] {
	const rows: HtmlElement[][] = [];
	for (const part of elementChildren(table, ['thead', 'tbody', 'tfoot', 'tr'])) {
		if (part.name === 'tr') rows.push(elementChildren(part, ['td', 'th']));
		else for (const row of elementChildren(part, ['tr'])) rows.push(elementChildren(row, ['td', 'th']));
	}

	const caption = elementChildren(table, ['caption']).flatMap(element =>
		textChunk(inlineOf(element.children, draw), width, false, draw.theme.em),
	);
	const captionLines = caption.flatMap(chunk => chunk.lines);
	const other = table.children.filter(
		child => typeof child === 'string' || !/^(?:thead|tbody|tfoot|tr|caption)$/.test(child.name),
	);
	const rest = blockChunks(other, width, draw);
	const [first = [], ...others] = rows;
	if (others.length === 0)
		return [...caption, ...first.flatMap(cell => blockChunks(cell.children, width, draw)), ...rest];

	const texts = rows.map(row => rowTexts(row, draw));
	const columns = maxOf(
		texts.map(row => row.length),
		0,
	);
	const aligns = Array.from({length: columns}, (_, index) => {
		const align = first[index]?.attributes['align']?.toLowerCase();
		return align === 'left' || align === 'right' || align === 'center' ? align : null;
	});
	const cells = (row: string[]) =>
		aligns.map((align, index): Tokens.TableCell => {
			const text = row[index] ?? '';
			return {text, tokens: [{type: 'text', raw: text, text}], header: false, align};
		});
	const [header = [], ...body] = texts;
	const token: Tokens.Table = {type: 'table', raw: '', align: aligns, header: cells(header), rows: body.map(cells)};
	const lines = renderTable(token, width, draw.theme, tokens => tokens.map(token => token.raw).join(''));
	return [{lines: [...captionLines, ...lines], spaced: true}, ...rest];
}

function blockOf(element: HtmlElement, width: number, draw: Draw): Chunk[] {
	const {theme} = draw;
	const children = () => blockChunks(element.children, width, draw);
	switch (element.name) {
		case 'p': {
			// A paragraph of pictures only (a centred banner) draws them, as a <div> or <figure> does.
			const pictures = draw.picture && imagesAlone(element.children) ? blockChunks(element.children, width, draw) : [];
			if (pictures.length > 0) return pictures.map((chunk, index) => (index === 0 ? {...chunk, spaced: true} : chunk));
			return textChunk(inlineOf(element.children, draw), width, true);
		}
		case 'h1':
			return textChunk(inlineOf(element.children, draw), width, true, theme.heading1);
		case 'h2':
			return textChunk(inlineOf(element.children, draw), width, true, theme.heading2);
		case 'h3':
		case 'h4':
		case 'h5':
		case 'h6':
			return textChunk(inlineOf(element.children, draw), width, true, theme.heading3);
		case 'summary':
			return textChunk(SUMMARY_MARK + inlineOf(element.children, draw), width, false, theme.strong);
		case 'ul':
		case 'ol':
		case 'menu':
			return listChunks(element, width, draw);
		case 'li':
			return listChunks({name: 'ul', attributes: {}, children: [element]}, width, draw);
		case 'pre':
			return preChunks(element, width, draw);
		case 'table':
			return tableChunks(element, width, draw);
		case 'blockquote': {
			const lines = joinChunks(blockChunks(element.children, width - 2, draw));
			const quoted = lines.map(line => (line === '' ? theme.quote('│') : theme.quote('│ ') + theme.quote(line)));
			return quoted.length > 0 ? [{lines: quoted, spaced: true}] : [];
		}

		case 'dd': {
			const lines = joinChunks(blockChunks(element.children, width - 2, draw));
			return lines.length > 0 ? [{lines: indentLines(lines, '  ', '  '), spaced: false}] : [];
		}

		case 'dt':
			return textChunk(inlineOf(element.children, draw), width, false, theme.strong);
		case 'hr':
			return [{lines: [theme.codeFrame('─'.repeat(width))], spaced: true}];
		default:
			return HIDDEN.has(element.name) ? [] : children();
	}
}

/** Nodes as blocks: runs of text and inline elements become wrapped paragraphs. */
/** The `<img>` elements of a run that holds nothing else (spaces and line breaks aside), or undefined. */
function imagesAlone(run: HtmlNode[]): HtmlElement[] | undefined {
	const images: HtmlElement[] = [];
	for (const node of run) {
		if (typeof node === 'string') {
			if (node.trim() !== '') return undefined;
		} else if (node.name === 'img') images.push(node);
		else if (node.name !== 'br') return undefined;
	}

	return images.length > 0 ? images : undefined;
}

function blockChunks(nodes: HtmlNode[], width: number, draw: Draw): Chunk[] {
	const columns = Math.max(1, width);
	const chunks: Chunk[] = [];
	let run: HtmlNode[] = [];
	const flush = () => {
		const images = draw.picture ? imagesAlone(run) : undefined;
		if (images && draw.picture) {
			for (const image of images) {
				const caption = elementText(image, draw, false);
				chunks.push({lines: draw.picture(firstSource(image), caption, columns), spaced: false});
			}
		} else if (run.length > 0) appendAll(chunks, textChunk(inlineOf(run, draw), columns, false));
		run = [];
	};

	for (const node of nodes) {
		if (typeof node === 'string' || !BLOCK.has(node.name)) {
			run.push(node);
			continue;
		}

		flush();
		appendAll(chunks, blockOf(node, columns, draw));
	}

	flush();
	return chunks;
}

/** A block of raw HTML as lines no wider than `width`. */
export function htmlBlockLines(html: string, width: number, options: HtmlOptions): string[] {
	return joinChunks(blockChunks(parseHtml(html), width, {...options, listDepth: 0}));
}

/** A piece of an inline run: raw HTML as written, or Markdown already rendered. */
export type InlinePiece = {html: string} | {rendered: string};

/**
 * Inline HTML mixed with Markdown (`<a href="…">**bold**</a>`): the tags are
 * parsed together, the rendered Markdown between them kept as it is. Block
 * elements among them start lines of their own.
 */
export function renderInlineHtml(pieces: InlinePiece[], options: HtmlOptions): string {
	const parts: string[] = [];
	const html = pieces
		.map(piece => {
			if ('html' in piece) return piece.html;
			parts.push(piece.rendered);
			return `\u001A${parts.length - 1}\u001A`;
		})
		.join('');
	const nodes = parseHtml(html);
	const text = settle(inlineOf(nodes, {...options, parts, listDepth: 0}));
	// Spaces on both sides of a tag that shows nothing (a comment, a hidden <span>) are one space, as in a browser.
	return /<pre\b/i.test(html) ? text : text.replace(/ {2,}/g, ' ');
}
