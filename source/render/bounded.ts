import type {Post} from '../blog/model/model.js';
import type {PictureGraphics} from '../pictures/graphics.js';
import type {PictureStore} from '../pictures/picture-store.js';
import {errorMessage} from '../util/errors.js';
import type {RenderedMarkdown} from './markdown.js';
import {plainPageInSlices, RenderCancelled} from './plain-page.js';
import {bodyOptions, type PageOptions, withHeader} from './post-header.js';
import {printedText, printedWithPictures} from './printed.js';
import {renderInWorker, SYNC_RENDER_LIMIT} from './render-job.js';

/**
 * A whole post, rendered on this thread when it is small, else in a worker
 * thread with a time budget; past the budget, the worker gives the post as
 * plain text with a notice, and this thread has stayed free throughout. The
 * Markdown renderer (marked, highlight.js) is loaded here only for small posts.
 */
export async function renderPostPageBounded(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
	signal?: AbortSignal,
): Promise<RenderedMarkdown> {
	if (markdown.length <= SYNC_RENDER_LIMIT) {
		const {renderPostPage} = await import('./post-page.js');
		return renderPostPage(post, markdown, options);
	}

	try {
		return withHeader(post, await renderInWorker(markdown, bodyOptions(post, options), budgetMs, signal), options);
	} catch (error) {
		if (error instanceof RenderCancelled) throw error;
		// No worker could give it (none started, or it died): the fallback here, a slice a turn.
		const plain = await plainPageInSlices(markdown, options.width, errorMessage(error), signal);
		return withHeader(post, plain, options);
	}
}

/**
 * A post as plain lines for a pipe or a file (`--print`). Rendered on this
 * thread, which has nothing else to do (a worker takes a while to
 * start); the budget is kept by the watchdog instead.
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
	if (options.pictureRows !== undefined) {
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
	return printedText(post, markdown, options, budgetMs, renderPrintedLines);
}
