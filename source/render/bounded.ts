import {errorMessage} from '../errors.js';
import type {Post} from '../posts/types.js';
import type {RenderedMarkdown} from './markdown.js';
import {bodyOptions, withHeader, type PageOptions} from './post-header.js';
import {plainPage, RenderCancelled, renderInWorker, SYNC_RENDER_LIMIT} from './render-job.js';

/**
 * A whole post, rendered on this thread when it is small, else in a worker
 * thread with a time budget; past the budget, the post is shown as plain
 * text with a notice, and this thread has stayed free throughout. The
 * Markdown renderer (marked, highlight.js) is loaded here only for small posts.
 */
export async function renderPostPageBounded(post: Post, options: PageOptions, budgetMs: number, signal?: AbortSignal): Promise<RenderedMarkdown> {
	// The body is read once here (a post's body may come from its file on each use).
	const body = post.body;
	const read = {...post, body};
	if (body.length <= SYNC_RENDER_LIMIT) {
		const {renderPostPage} = await import('./post-page.js');
		return renderPostPage(read, options);
	}

	try {
		return withHeader(read, await renderInWorker(body, bodyOptions(read, options), budgetMs, signal), options);
	} catch (error) {
		if (error instanceof RenderCancelled) throw error;
		return withHeader(read, plainPage(body, options.width, errorMessage(error)), options);
	}
}

/** A post as plain lines for a pipe or a file (`--print`). */
export async function formatPost(post: Post, options: PageOptions, budgetMs: number): Promise<string> {
	const page = await renderPostPageBounded(post, options, budgetMs);
	return page.lines.map(line => line.trimEnd()).join('\n') + '\n';
}
