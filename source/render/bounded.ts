import vm from 'node:vm';
import {errorCode, errorMessage} from '../errors.js';
import type {Post} from '../posts/types.js';
import type {RenderedMarkdown} from './markdown.js';
import {bodyOptions, withHeader, type PageOptions} from './post-header.js';
import {overBudget, plainPage, RenderCancelled, renderInWorker, SYNC_RENDER_LIMIT} from './render-job.js';

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

/**
 * Runs `work` on this thread; past `budgetMs`, V8 stops it wherever it is
 * (vm's watchdog thread) and this throws. Only for work whose state is thrown
 * away afterwards: a stopped renderer is not used again.
 */
function runWithin<T>(work: () => T, budgetMs: number): T {
	try {
		return vm.runInNewContext('work()', {work}, {timeout: budgetMs}) as T;
	} catch (error) {
		throw errorCode(error) === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? overBudget(budgetMs) : error;
	}
}

/**
 * A post as plain lines for a pipe or a file (`--print`). Rendered on this
 * thread, which has nothing else to do: a worker would cost 35 ms to start
 * for a 1 MB post. The budget is kept by the watchdog instead.
 */
export async function formatPost(post: Post, options: PageOptions, budgetMs: number): Promise<string> {
	const body = post.body;
	const read = {...post, body};
	const {renderPostPage} = await import('./post-page.js');
	let page: RenderedMarkdown;
	try {
		page = runWithin(() => renderPostPage(read, options), budgetMs);
	} catch (error) {
		page = withHeader(read, plainPage(body, options.width, errorMessage(error)), options);
	}

	return page.lines.map(line => line.trimEnd()).join('\n') + '\n';
}
