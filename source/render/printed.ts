import type {Post} from '../blog/model/model.js';
import {lineWithPicture, PictureStore} from '../pictures/picture-store.js';
import {errorMessage} from '../util/errors.js';
import type {RenderedMarkdown} from './markdown.js';
import {plainPage} from './plain-page.js';
import {type PageOptions, printedLines} from './post-header.js';
import type {renderPostPage, renderPrintedLines} from './post-page.js';
import {runWithin} from './watchdog.js';

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
 * positions are rendered too: `render` is renderPostPage). Waits for every picture of the post.
 * Where no picture can be decoded (sharp could not be loaded), the post is printed with its images
 * as lines, and `say` is told why.
 */
export async function printedWithPictures(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
	render: typeof renderPostPage,
	say: (line: string) => void,
	store = new PictureStore(),
): Promise<string> {
	let page: RenderedMarkdown;
	try {
		page = runWithin(() => render(post, markdown, options), budgetMs);
	} catch (error) {
		return joinedLines(printedLines(post, plainPage(markdown, options.width, errorMessage(error)), options));
	}

	const drawing = {level: options.theme.level, ascii: options.theme.glyphs.ascii};
	const drawn = new Map(
		await Promise.all(
			page.pictures.map(async place => [place, await store.draw(place, post.folder, drawing)] as const),
		),
	);
	if (store.off !== undefined) {
		say(`pictures are shown as lines: ${store.off}`);
		const {pictureRows: _, ...withoutPictures} = options;
		return joinedLines(render(post, markdown, withoutPictures).lines);
	}

	const {pictures} = page;
	return joinedLines(
		page.lines.map((line, index) =>
			lineWithPicture(line, index, pictures, place => drawn.get(place), options.theme.muted),
		),
	);
}
