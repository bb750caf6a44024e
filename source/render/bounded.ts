import vm from 'node:vm';
import {errorCode, errorMessage} from '../errors.js';
import type {Post} from '../posts/types.js';
import type {RenderedMarkdown} from './markdown.js';
import {bodyOptions, withHeader, type PageOptions} from './post-header.js';
import {overBudget, plainPage, RenderCancelled, renderInWorker, SYNC_RENDER_LIMIT} from './render-job.js';

/** A post whose body has been read once (a post's body may come from its file on each use). */
export function withBodyRead(post: Post): Post {
	return {...post, body: post.body};
}

/** The post as plain text, with the reason it is not rendered. */
function shownPlain(post: Post, options: PageOptions, error: unknown): RenderedMarkdown {
	return withHeader(post, plainPage(post.body, options.width, errorMessage(error)), options);
}

/**
 * A whole post, rendered on this thread when it is small, else in a worker
 * thread with a time budget; past the budget, the post is shown as plain
 * text with a notice, and this thread has stayed free throughout. The
 * Markdown renderer (marked, highlight.js) is loaded here only for small posts.
 */
export async function renderPostPageBounded(post: Post, options: PageOptions, budgetMs: number, signal?: AbortSignal): Promise<RenderedMarkdown> {
	const read = withBodyRead(post);
	if (read.body.length <= SYNC_RENDER_LIMIT) {
		const {renderPostPage} = await import('./post-page.js');
		return renderPostPage(read, options);
	}

	try {
		return withHeader(read, await renderInWorker(read.body, bodyOptions(read, options), budgetMs, signal), options);
	} catch (error) {
		if (error instanceof RenderCancelled) throw error;
		return shownPlain(read, options, error);
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
	const read = withBodyRead(post);
	const {renderPostPage} = await import('./post-page.js');
	let page: RenderedMarkdown;
	try {
		page = runWithin(() => renderPostPage(read, options), budgetMs);
	} catch (error) {
		page = shownPlain(read, options, error);
	}

	return page.lines.map(line => line.trimEnd()).join('\n') + '\n';
}
