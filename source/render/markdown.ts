import type {Token, Tokens} from 'marked';
import stripAnsi from 'strip-ansi';
import {indentLines} from '../text/indent.js';
import {CONTROL_CHARACTERS, keepOwnEscapes, showControls} from '../text/sanitize.js';
import {displayWidth, wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {appendAll, maxOf} from '../util/arrays.js';
import {ALERT_TITLES, type Alert, alertOf} from './alerts.js';
import {fenceLanguage, framedLines, renderCodeBlock} from './code-block.js';
import {drawDiagram} from './diagram.js';
import {withFootnoteContinuations} from './footnote-lines.js';
import {guardMarkdown} from './guard.js';
import {htmlBlockLines} from './html.js';
import {createInlineRenderer, type InlineRenderer, plainText, REF_END, REF_SENTINELS, REF_START} from './inline.js';
import {mdxToMarkdown} from './mdx.js';
import {
	type FoundPicture,
	imagesAlone,
	type LoneImage,
	type PictureContext,
	type PicturePlace,
	type PictureSlot,
	pictureLines,
	picturePlaces,
	pictureSlot,
} from './picture-block.js';
import {CODE_MARK, MARK_CHARACTERS} from './refs.js';
import {withoutSiteMarkup} from './site-markup.js';
import {sourceLineOf} from './source-lines.js';
import {renderTable} from './table.js';
import {withTemplateLines} from './template-lines.js';
import type {CaptionedCode} from './templates.js';

export type Heading = {
	/** Index into `lines` where the heading starts. */
	line: number;
	depth: number;
	text: string;
};

/** A footnote reference as drawn: the line it is on and the note's number. */
export type FootnoteRef = {line: number; note: number};

/**
 * A link as drawn: the first line of the block it is in (a top-level block, or a note), its text as
 * seen, its address as written in the post (untrusted).
 */
export type PageLink = {line: number; text: string; href: string};

/** A code block: its lines on the page (`end` is past its last frame line), and its text exactly as in the source. */
export type CodeBlockRange = {start: number; end: number; code: string};

/** A top-level block's first line on the page, the line of the body (from 0) it was written on, and its line count. */
export type SourceLine = {line: number; source: number; count: number};

export type RenderedMarkdown = {
	lines: string[];
	headings: Heading[];
	/** Where each top-level block starts: reading positions are kept relative to these across re-wraps. */
	blockStarts: number[];
	/** Every footnote reference, in reading order. */
	footnoteRefs: FootnoteRef[];
	/** The line each note starts on, by number (index 0 is note 1). */
	noteLines: number[];
	/** Every link, the notes' too, in reading order. */
	links: PageLink[];
	/** Every fenced or indented code block, in order. */
	codeBlocks: CodeBlockRange[];
	/** Where top-level blocks come from in the body, in page order (for an editor opened at the same place). */
	sourceLines: SourceLine[];
	/** Why the post is not shown as written, if it isn't (pathological input was capped, or too slow to render). */
	notice: string | null;
	/** The rows kept for pictures, to be drawn in by whoever shows the page (none without RenderOptions.pictures). */
	pictures: PicturePlace[];
};

export type RenderOptions = {
	width: number;
	theme: Theme;
	/** The post's title when it came from the body's first `# heading`: that heading is not repeated. */
	skipTitleHeading?: string;
	/** Make links clickable with OSC 8 (only when the terminal supports it). */
	hyperlinks?: boolean;
	/** The post is MDX: JavaScript lines are dropped and components shown as placeholders. */
	mdx?: boolean;
	/**
	 * Work out where each block comes from in the body (`sourceLines`, for an editor opened
	 * at the reader's place); `--print` has no use for it. Default true.
	 */
	sourceLines?: boolean;
	/** Draw Mermaid fences as diagrams. Default true; the reader's `i` turns it off, showing their source. */
	diagrams?: boolean;
	/** Give pictures rows to be drawn in (`pictures` in the result); without it, every image is its line. */
	pictures?: PictureContext;
};

/** Any of the marks in refs.ts (REF_SENTINELS is global: its `test` would keep state between lines). */
const ANY_MARK = new RegExp(REF_SENTINELS.source);
/**
 * A mark, or a control character (ours start colours and links): a line with
 * neither, most of a post's, is shown as it is, without keepOwnEscapes' look
 * at every character (a tenth of rendering a post of plain paragraphs).
 */
const MARK_OR_CONTROL = new RegExp(`[${CONTROL_CHARACTERS}${MARK_CHARACTERS}]`);

/** Deeper nesting than this (lists, quotes) is shown as plain text. */
const MAX_DEPTH = 16;

type FootnoteToken = {type: 'footnote'; label: string; content: Token[]};
type FootnotesToken = {type: 'footnotes'; items: FootnoteToken[]};

type Context = {
	theme: Theme;
	inline: InlineRenderer;
	footnotes: FootnoteToken[];
	/** How many lists enclose the one being drawn: picks its bullet. */
	listDepth: number;
	/** Links in raw HTML are made clickable as Markdown links are. */
	hyperlinks: boolean;
	/** Links as they are drawn, with the line of the block they are in once it is known. */
	links: Array<{text: string; href: string; line?: number}>;
	/** Code blocks' source text as they are drawn; their lines are found by CODE_MARK. */
	codes: string[];
	/** Mermaid fences drawn as diagrams (else shown as their source). */
	diagrams: boolean;
	/** Where pictures are looked for: without it, every image is its line. */
	pictures: PictureContext | undefined;
	/** Each picture address's slot at a width, looked up once a render. */
	pictureSlots: Map<string, PictureSlot>;
	/** The pictures given rows, in page order. */
	drawnPictures: FoundPicture[];
};

/**
 * A heading: levels 1 and 2 underlined (`═`, `─`), deeper levels in colour;
 * without colour they keep their `###` marks, so every level still shows.
 */
function headingLines(token: Tokens.Heading, width: number, context: Context): string[] {
	const {theme} = context;
	const marks = token.depth > 2 && theme.level === 0 ? `${'#'.repeat(token.depth)} ` : '';
	const text = marks + context.inline.render(token.tokens);
	const style = token.depth === 1 ? theme.heading1 : token.depth === 2 ? theme.heading2 : theme.heading3;
	const wrapped = wrapStyled(text, width);
	const lines = wrapped.map(line => style(line));
	if (token.depth <= 2) {
		const ruleWidth = Math.min(width, maxOf(wrapped.map(displayWidth), 0));
		const rule = token.depth === 1 ? theme.glyphs.doubleRule : theme.glyphs.rule;
		lines.push(theme.codeFrame(rule.repeat(ruleWidth)));
	}

	return lines;
}

function listLines(token: Tokens.List, width: number, context: Context, depth: number): string[] {
	const start = typeof token.start === 'number' ? token.start : 1;
	const markers = token.items.map((item, index) => {
		const {bullets} = context.theme.glyphs;
		const bullet = token.ordered ? `${start + index}.` : (bullets[context.listDepth % bullets.length] ?? '*');
		return item.task ? `${bullet} [${item.checked ? 'x' : ' '}]` : bullet;
	});
	const markerWidth = maxOf(markers.map(displayWidth), 0) + 1;
	const lines: string[] = [];
	context.listDepth++;
	token.items.forEach((item, index) => {
		const body = blockLines(
			item.tokens.filter(child => child.type !== 'checkbox'),
			width - markerWidth,
			context,
			depth + 1,
			!token.loose,
		);
		if (token.loose && index > 0) lines.push('');
		const marker = (markers[index] ?? '').padStart(token.ordered ? markerWidth - 1 : 0).padEnd(markerWidth);
		appendAll(lines, indentLines(body.length > 0 ? body : [''], context.theme.muted(marker), ' '.repeat(markerWidth)));
	});
	context.listDepth--;
	return lines;
}

const ALERT_ROLES = {
	note: 'alertNote',
	tip: 'alertTip',
	important: 'alertImportant',
	warning: 'alertWarning',
	caution: 'alertCaution',
} as const;

/** A GitHub alert: a label line (`│ ℹ Note`) and the body, behind a bar in the kind's colour. */
function alertLines(alert: Alert, width: number, context: Context, depth: number): string[] {
	const {theme} = context;
	const style = theme[ALERT_ROLES[alert.kind]];
	const {bar} = theme.glyphs;
	const label = `${theme.glyphs.alerts[alert.kind]} ${ALERT_TITLES[alert.kind]}`;
	const body = blockLines(alert.body, width - 2, context, depth + 1);
	return [
		style(`${bar} `) + theme.strong(style(label)),
		...body.map(line => (line === '' ? style(bar) : style(`${bar} `) + line)),
	];
}

function blockLinesOf(token: Token, width: number, context: Context, depth: number): string[] {
	const {theme, inline} = context;
	switch (token.type) {
		case 'heading':
			return headingLines(token as Tokens.Heading, width, context);
		case 'paragraph':
		case 'text': {
			const text = token as Tokens.Paragraph | Tokens.Text;
			const pictures = context.pictures && text.tokens ? imagesAlone(text.tokens) : undefined;
			if (pictures) return pictures.flatMap(picture => pictureBlockLines(picture, width, context));
			return wrapStyled(text.tokens ? inline.render(text.tokens) : plainText(text.text), width);
		}

		case 'list':
			return listLines(token as Tokens.List, width, context, depth);
		case 'code': {
			const code = token as CaptionedCode;
			context.codes.push(code.text);
			const lines = codeOrDiagramLines(code, width, context);
			// The first and last lines are the frame's: never empty, never wrapped again.
			lines[0] = CODE_MARK + (lines[0] ?? '');
			lines[lines.length - 1] = CODE_MARK + (lines.at(-1) ?? '');
			return lines;
		}
		case 'blockquote': {
			const alert = alertOf(token as Tokens.Blockquote);
			if (alert) return alertLines(alert, width, context, depth);
			const inner = blockLines((token as Tokens.Blockquote).tokens, width - 2, context, depth + 1);
			const {bar} = theme.glyphs;
			return inner.map(line => (line === '' ? theme.quote(bar) : theme.quote(`${bar} `) + theme.quote(line)));
		}

		case 'table':
			return renderTable(token as Tokens.Table, width, theme, tokens => inline.render(tokens));
		case 'hr':
			return [theme.codeFrame(theme.glyphs.rule.repeat(width))];
		case 'html':
			return htmlBlockLines((token as Tokens.HTML).text, width, {
				theme,
				hyperlinks: context.hyperlinks,
				recordLink: (text, href) => context.links.push({text, href}),
				...(context.pictures ? {picture: (src, caption, at) => pictureRowsOver(src, caption, at, context)} : {}),
			});
		case 'footnotes':
			appendAll(context.footnotes, (token as unknown as FootnotesToken).items);
			return [];
		case 'space':
		case 'def':
		case 'footnote':
			return [];
		default:
			return 'raw' in token && typeof token.raw === 'string' ? wrapStyled(showControls(token.raw.trim()), width) : [];
	}
}

/** An image alone in its paragraph: rows for its picture, when it can be drawn, over its line. */
function pictureBlockLines({image, caption}: LoneImage, width: number, context: Context): string[] {
	return pictureRowsOver(image.href, context.inline.render([caption]), width, context);
}

/** The rows of the picture at `href` (looked up once a render and width), over its `caption` line. */
function pictureRowsOver(href: string, caption: string, width: number, context: Context): string[] {
	const pictures = context.pictures;
	if (!pictures) return wrapStyled(caption, width);
	const key = `${width}\u0000${href}`;
	let slot = context.pictureSlots.get(key);
	if (!context.pictureSlots.has(key)) {
		slot = pictureSlot(href, width, pictures);
		context.pictureSlots.set(key, slot);
	}

	return pictureLines(slot, caption, width, context.theme, context.drawnPictures);
}

/**
 * A code block, or a Mermaid diagram drawn (the reader's `i` shows its source instead). A diagram
 * that cannot be drawn is its source, the label saying why.
 */
function codeOrDiagramLines(code: CaptionedCode, width: number, context: Context): string[] {
	const {theme} = context;
	if (fenceLanguage(code.lang) !== 'mermaid' || !context.diagrams) {
		return renderCodeBlock(code.text, code.lang, width, theme, code.caption);
	}

	const diagram = drawDiagram(code.text, Math.max(1, width - 2), theme);
	if ('lines' in diagram) return framedLines(['mermaid', code.caption ?? ''], diagram.lines, width, theme);
	return renderCodeBlock(code.text, code.lang, width, theme, `diagram not drawn: ${diagram.problem}`);
}

/** Block tokens → lines no wider than `width`; blocks are separated by a blank line unless `tight`. */
function blockLines(tokens: Token[], width: number, context: Context, depth: number, tight = false): string[] {
	// Blocks narrower than a list marker may be (`123456789. [x] `) are text, so the indents above them fit the page.
	if (depth > MAX_DEPTH || width < 16) {
		return tokens.flatMap(token =>
			wrapStyled(showControls(token.raw.replace(/\\([!-/:-@[-`{-~])/g, '$1')), Math.max(1, width)),
		);
	}

	const lines: string[] = [];
	for (const token of tokens) {
		const block = blockLinesOf(token, Math.max(1, width), context, depth);
		if (block.length === 0) continue;
		if (lines.length > 0 && !tight) lines.push('');
		appendAll(lines, block);
	}

	return lines;
}

/** The notes, each starting at a line given to `placed` (with the links it holds drawn by then). */
function notesLines(
	footnotes: FootnoteToken[],
	width: number,
	context: Context,
	starts: number[],
	placed: (start: number) => void,
): string[] {
	const lines = [
		...headingLines(
			{type: 'heading', depth: 2, raw: '', text: 'Notes', tokens: [{type: 'text', raw: 'Notes', text: 'Notes'}]},
			width,
			context,
		),
	];
	footnotes.forEach((note, index) => {
		starts.push(lines.length);
		const marker = `[${index + 1}]`;
		const body = blockLines(note.content, width - marker.length - 1, context, 1);
		placed(lines.length);
		appendAll(
			lines,
			indentLines(body.length > 0 ? body : [''], `${context.theme.footnote(marker)} `, ' '.repeat(marker.length + 1)),
		);
	});
	return lines;
}

/** Markdown → styled terminal lines for one width. Pure: same input, same lines. */
export function renderMarkdown(markdown: string, options: RenderOptions): RenderedMarkdown {
	const width = Math.max(1, Math.floor(options.width));
	// A fresh Marked per post: marked-footnote keeps per-document state
	// (numbering, the notes token) that leaks into the next document otherwise.
	const hyperlinks = options.hyperlinks === true && options.theme.level > 0;
	const drawn: Context['links'] = [];
	const inline = createInlineRenderer(options.theme, {
		hyperlinks,
		recordLink: (text, href) => drawn.push({text, href}),
	});

	const context: Context = {
		theme: options.theme,
		inline,
		footnotes: [],
		listDepth: 0,
		hyperlinks,
		links: drawn,
		codes: [],
		diagrams: options.diagrams !== false,
		pictures: options.pictures,
		pictureSlots: new Map(),
		drawnPictures: [],
	};
	const guarded = guardMarkdown(options.mdx ? mdxToMarkdown(markdown) : markdown);
	// These change lines but never add or remove one: every line of what is lexed is the body's line of that number.
	const lexed = withTemplateLines(withFootnoteContinuations(withoutSiteMarkup(guarded.markdown)));
	let tokens: Token[] = inline.lex(lexed);
	const sourceLine: ReturnType<typeof sourceLineOf> =
		options.sourceLines === false ? new Map() : sourceLineOf(lexed, tokens);
	const firstBlock = tokens.find(token => token.type !== 'space' && token.type !== 'footnotes');
	if (
		options.skipTitleHeading !== undefined &&
		firstBlock?.type === 'heading' &&
		(firstBlock as Tokens.Heading).depth === 1
	) {
		tokens = tokens.filter(token => token !== firstBlock);
	}

	const lines: string[] = [];
	const headings: Heading[] = [];
	const blockStarts: number[] = [];
	const sourceLines: SourceLine[] = [];
	const placeLinks = (line: number) => {
		for (let index = drawn.length - 1; index >= 0 && drawn[index]?.line === undefined; index--) {
			const link = drawn[index];
			if (link) link.line = line;
		}
	};
	for (const token of tokens) {
		const block = blockLinesOf(token, width, context, 0);
		if (block.length === 0) continue;
		if (lines.length > 0) lines.push('');
		blockStarts.push(lines.length);
		placeLinks(lines.length);
		const source = sourceLine.get(token);
		if (source !== undefined) sourceLines.push({line: lines.length, ...source});
		if (token.type === 'heading') {
			const heading = token as Tokens.Heading;
			// Drawn a second time for the contents: its links are not listed twice.
			const linksBefore = drawn.length;
			headings.push({
				line: lines.length,
				depth: heading.depth,
				text: stripAnsi(inline.render(heading.tokens)).replace(REF_SENTINELS, ''),
			});
			drawn.length = linksBefore;
		}

		appendAll(lines, block);
	}

	const noteLines: number[] = [];
	if (context.footnotes.length > 0) {
		if (lines.length > 0) lines.push('');
		blockStarts.push(lines.length);
		headings.push({line: lines.length, depth: 2, text: 'Notes'});
		const starts: number[] = [];
		const offset = lines.length;
		const notes = notesLines(context.footnotes, width, context, starts, start => placeLinks(offset + start));
		appendAll(
			noteLines,
			starts.map(start => start + lines.length),
		);
		appendAll(lines, notes);
	}

	const pictures = picturePlaces(lines, context.drawnPictures, prefix =>
		keepOwnEscapes(prefix.replace(REF_SENTINELS, '')),
	);
	const footnoteRefs: FootnoteRef[] = [];
	const codeBlocks: CodeBlockRange[] = [];
	let openCode: number | undefined;
	const reference = new RegExp(`${REF_START}\\[(\\d+)\\]${REF_END}`, 'g');
	const shown = lines.map((line, index) => {
		if (!MARK_OR_CONTROL.test(line)) return line;
		if (!ANY_MARK.test(line)) return keepOwnEscapes(line);
		if (line.includes(REF_START))
			for (const match of stripAnsi(line).matchAll(reference)) footnoteRefs.push({line: index, note: Number(match[1])});
		if (line.includes(CODE_MARK)) {
			if (openCode === undefined) openCode = index;
			else {
				codeBlocks.push({start: openCode, end: index + 1, code: context.codes[codeBlocks.length] ?? ''});
				openCode = undefined;
			}
		}

		return keepOwnEscapes(line.replace(REF_SENTINELS, ''));
	});
	const notice = guarded.capped
		? 'parts of this post were simplified to keep it readable (extreme nesting, delimiter runs or very long lines)'
		: null;
	const links = drawn.map(({text, href, line}) => ({line: line ?? 0, text, href}));
	return {
		lines: shown,
		headings,
		blockStarts,
		footnoteRefs,
		noteLines,
		links,
		codeBlocks,
		sourceLines,
		notice,
		pictures,
	};
}
