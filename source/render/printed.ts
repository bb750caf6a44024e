import type {Post} from '../blog/model/model.js';
import {CELL_ASPECT, cellAspectOf} from '../pictures/fit.js';
import type {PictureGraphics} from '../pictures/graphics.js';
import {type Drawn, lineWithPicture, PictureStore, placeAt} from '../pictures/picture-store.js';
import {remoteAddresses} from '../pictures/remote.js';
import {errorMessage} from '../util/errors.js';
import type {RenderedMarkdown} from './markdown.js';
import {plainPage} from './plain-page.js';
import {type PageOptions, printedLines} from './post-header.js';
import type {renderPrintedLines, renderPrintedPage} from './post-page.js';
import {runWithin} from './watchdog.js';

/**
 * A post as `--print` writes it, rendered on this thread, which has nothing
 * else to do (no key waits on it, and a renderer process would take a while
 * to start); the budget is kept by V8's watchdog. The renderer is loaded here.
 */
export async function formatPost(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
	say: (line: string) => void = () => {},
	pictures?: {store: PictureStore; graphics?: () => Promise<PictureGraphics>},
): Promise<string> {
	const {renderPrintedLines, renderPrintedPage} = await import('./post-page.js');
	if (options.pictureRows === undefined) return printedText(post, markdown, options, budgetMs, renderPrintedLines);
	return printedWithPictures(
		post,
		markdown,
		options,
		budgetMs,
		renderPrintedPage,
		say,
		pictures?.store,
		pictures?.graphics,
	);
}

/**
 * A post as the text `--print` writes: rendered within `budgetMs` (kept by V8's
 * watchdog, which stops the render wherever it is), else as plain text with a
 * notice. `render` is the renderer, loaded by the caller when it needs it.
 */
export function printedText(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
	render: typeof renderPrintedLines,
): string {
	let lines: string[];
	try {
		lines = runWithin(() => render(post, markdown, options), budgetMs);
	} catch (error) {
		lines = printedLines(post, plainPage(markdown, options.width, errorMessage(error)), options);
	}

	return joinedLines(lines);
}

function joinedLines(lines: readonly string[]): string {
	return `${lines.map(line => line.trimEnd()).join('\n')}\n`;
}

/**
 * A post as printedText gives it, with its pictures drawn into the rows kept for them (the page's
 * positions are rendered too: `render` is renderPrintedPage). Waits for every picture of the post.
 * Where no picture can be decoded (sharp could not be loaded), the post is printed with its images
 * as lines, and `say` is told why.
 */
export async function printedWithPictures(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
	render: typeof renderPrintedPage,
	say: (line: string) => void,
	store = new PictureStore(),
	graphics: () => Promise<PictureGraphics> = async () => ({}),
): Promise<string> {
	// Pictures on the web are fetched first (only with --remote-images), so the page keeps their rows.
	const remote = store.fetched;
	if (remote) {
		await remote.fetchAll(remoteAddresses(markdown, post.cover));
		options = {...options, remote: remote.known()};
	}

	let page: RenderedMarkdown;
	try {
		page = runWithin(() => render(post, markdown, options), budgetMs);
	} catch (error) {
		return joinedLines(printedLines(post, plainPage(markdown, options.width, errorMessage(error)), options));
	}

	if (page.pictures.length === 0) return joinedLines(page.lines);
	// Asked only of a post with pictures: it may mean asking the terminal, whose cells may be of another shape.
	const drawnAs = await graphics();
	const cellAspect = cellAspectOf(drawnAs.cell);
	if (cellAspect !== undefined && cellAspect !== CELL_ASPECT) {
		try {
			page = runWithin(() => render(post, markdown, {...options, cellAspect}), budgetMs);
		} catch {
			// Rendered once within the budget already: the pictures keep the usual cell's shape.
		}
	}
	const drawing = {level: options.theme.level, ascii: options.theme.glyphs.ascii, ...drawnAs};
	const drawn = new Map(
		await Promise.all(
			page.pictures.map(async place => [place, await store.draw(place, post.folder, drawing)] as const),
		),
	);
	if (store.off !== undefined) {
		say(`pictures are shown as lines: ${store.off}`);
		const {pictureRows: _, ...withoutPictures} = options;
		return printedText(post, markdown, withoutPictures, budgetMs, (...args) => render(...args).lines);
	}

	const {pictures} = page;
	const lines: string[] = [];
	for (const [index, line] of page.lines.entries()) {
		const place = placeAt(pictures, index);
		const picture = place && drawn.get(place);
		if (place && picture && 'image' in picture && index > place.line) continue;
		const shown = lineWithPicture(line, index, pictures, where => drawn.get(where), options.theme.muted);
		lines.push(index === place?.line ? sentFirst(picture) + shown : shown);
	}

	return joinedLines(lines);
}

/**
 * What is printed before a picture's first row: kitty's copy of the picture, which its placeholder
 * rows then show. (An iTerm2 or sixel picture is drawn at its first row, and covers the rows after
 * it, which are left out.)
 */
function sentFirst(picture: Drawn | undefined): string {
	return picture && 'kitty' in picture && picture.kitty ? picture.kitty.transmit : '';
}
