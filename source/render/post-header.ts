import {isGuessedDate, type Post} from '../blog/model/model.js';
import type {RemoteFound} from '../pictures/remote.js';
import {wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {appendAll} from '../util/arrays.js';
import type {RenderedMarkdown} from './markdown.js';
import {type FoundPicture, type PictureContext, pictureLines, pictureSlot, withPicturePlaces} from './picture-block.js';

/** The post's date, and where a guessed one comes from. */
function dateText(post: Post, theme: Theme): string {
	if (post.date === null) return theme.muted('undated');
	if (!isGuessedDate(post)) return theme.date(post.date);
	return theme.guessedDate(`${post.date}~ (${post.dateSource === 'git' ? 'last commit' : 'file modified'})`);
}

/**
 * The metadata a reader sees above a post: title, byline, tags, excerpt, cover, warnings. With
 * `pictures`, the cover's picture gets rows above its line (recorded in `slots`).
 */
export function postHeaderLines(
	post: Post,
	width: number,
	theme: Theme,
	pictures?: {context: PictureContext; slots: FoundPicture[]},
): string[] {
	const lines = wrapStyled(theme.title(post.title), width);
	const byline = [
		dateText(post, theme),
		post.author,
		`${post.readingMinutes} min read`,
		post.categories.length > 0 ? post.categories.join(', ') : null,
		post.updated && post.updated !== post.date ? `updated ${post.updated}` : null,
		post.languages.length > 1
			? `${post.lang ?? '?'} (also ${post.languages.filter(language => language !== post.lang).join(', ')}: L)`
			: post.lang,
		post.draft ? theme.warning('draft') : null,
	].filter((part): part is string => part !== null);
	appendAll(lines, wrapStyled(byline.join(theme.muted(` ${theme.glyphs.separator} `)), width));
	if (post.tags.length > 0) appendAll(lines, wrapStyled(post.tags.map(tag => theme.tag(`#${tag}`)).join(' '), width));
	if (post.excerpt) lines.push('', ...wrapStyled(theme.em(post.excerpt), width));
	if (post.cover) {
		const line = theme.muted(`[cover: ${post.cover}]`);
		const slot = pictures ? pictureSlot(post.cover, width, pictures.context) : undefined;
		if (slot && 'file' in slot) lines.push('');
		appendAll(lines, pictures ? pictureLines(slot, line, width, theme, pictures.slots) : wrapStyled(line, width));
	}
	for (const warning of post.warnings)
		appendAll(lines, wrapStyled(theme.warning(`${theme.glyphs.warning} ${warning}`), width));
	lines.push(theme.codeFrame(theme.glyphs.rule.repeat(width)), '');
	return lines;
}

export type PageOptions = {
	width: number;
	theme: Theme;
	hyperlinks: boolean;
	/** Rows kept for pictures, at most this many a picture (with colour only); absent: images are their lines. */
	pictureRows?: number;
	/** Mermaid diagrams drawn (the default), or shown as their source. */
	diagrams?: boolean;
	/** How many times taller than wide a cell is, where the terminal said: pictures keep their shape in it. */
	cellAspect?: number;
	/** Pictures fetched from the web (--remote-images), by address. */
	remote?: Record<string, RemoteFound>;
};

/** Where a post's pictures are looked for, when the page draws them (with colour only). */
function pictureContext(post: Post, {theme, pictureRows, cellAspect, remote}: PageOptions): PictureContext | undefined {
	if (pictureRows === undefined || theme.level === 0) return undefined;
	return {
		post: post.absolutePath,
		folder: post.folder,
		maxRows: pictureRows,
		...(cellAspect ? {cellAspect} : {}),
		...(remote ? {remote} : {}),
	};
}

/** The body's render options for a post. */
export function bodyOptions(post: Post, options: PageOptions) {
	const {width, theme, hyperlinks, diagrams} = options;
	const pictures = pictureContext(post, options);
	return {
		width,
		theme,
		hyperlinks,
		mdx: post.path.toLowerCase().endsWith('.mdx'),
		...(post.titleFromHeading ? {skipTitleHeading: post.title} : {}),
		...(pictures ? {pictures} : {}),
		...(diagrams === false ? {diagrams: false} : {}),
	};
}

/** The header above a rendered body: the post's, with the body's notice among its warnings, and its cover's place. */
function headerOver(post: Post, body: RenderedMarkdown, options: PageOptions) {
	const notices = body.notice ? [body.notice] : [];
	const context = pictureContext(post, options);
	const slots: FoundPicture[] = [];
	const shown = {...post, warnings: [...post.warnings, ...notices]};
	const lines = postHeaderLines(shown, options.width, options.theme, context ? {context, slots} : undefined);
	return withPicturePlaces(lines, slots);
}

/** The lines of the header, then of the rendered body: a page as printed. */
export function printedLines(post: Post, body: RenderedMarkdown, options: PageOptions): string[] {
	return headerOver(post, body, options).lines.concat(body.lines);
}

/** The header, then the rendered body, with every position shifted past the header. */
export function withHeader(post: Post, body: RenderedMarkdown, options: PageOptions): RenderedMarkdown {
	const {lines: header, pictures: cover} = headerOver(post, body, options);
	const shift = (line: number) => line + header.length;
	// concat and object literals: spreading a large post's lines and blocks (18,000 lines and 6,000
	// blocks in 1 MB) into new arrays and objects took three times as long.
	const blockStarts = [0];
	for (const start of body.blockStarts) blockStarts.push(shift(start));
	return {
		lines: header.concat(body.lines),
		headings: body.headings.map(({line, depth, text}) => ({line: shift(line), depth, text})),
		blockStarts,
		footnoteRefs: body.footnoteRefs.map(({line, note}) => ({line: shift(line), note})),
		noteLines: body.noteLines.map(shift),
		links: body.links.map(({line, text, href}) => ({line: shift(line), text, href})),
		codeBlocks: body.codeBlocks.map(({start, end, code}) => ({start: shift(start), end: shift(end), code})),
		sourceLines: body.sourceLines.map(({line, source, count}) => ({line: shift(line), source, count})),
		notice: body.notice,
		pictures: cover.concat(body.pictures.map(place => ({...place, line: shift(place.line)}))),
	};
}
