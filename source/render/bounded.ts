import vm from 'node:vm';
import type {Post} from '../posts/model.js';
import {errorCode, errorMessage} from '../util/errors.js';
import type {RenderedMarkdown} from './markdown.js';
import {bodyOptions, type PageOptions, printedLines, withHeader} from './post-header.js';
import {
	overBudget,
	plainPage,
	plainPageInSlices,
	RenderCancelled,
	renderInWorker,
	SYNC_RENDER_LIMIT,
} from './render-job.js';

/**
 * A whole post, rendered on this thread when it is small, else in a worker
 * thread with a time budget; past the budget, the post is shown as plain
 * text with a notice, and this thread has stayed free throughout. The
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
		const plain = await plainPageInSlices(markdown, options.width, errorMessage(error), signal);
		return withHeader(post, plain, options);
	}
}

/**
 * Where runWithin leaves the work for the script it runs: a script run in this
 * context sees only globals (a context of its own, made for each run, took
 * 5-7 ms of every --print).
 */
const WATCHED = '__blogreadWatchedWork';

/**
 * Runs `work` on this thread; past `budgetMs`, V8 stops it wherever it is
 * (vm's watchdog thread) and this throws. Only for work whose state is thrown
 * away afterwards: a stopped renderer is not used again.
 */
function runWithin<T>(work: () => T, budgetMs: number): T {
	const global = globalThis as Record<string, unknown>;
	global[WATCHED] = work;
	try {
		return vm.runInThisContext(`globalThis.${WATCHED}()`, {timeout: budgetMs}) as T;
	} catch (error) {
		throw errorCode(error) === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? overBudget(budgetMs) : error;
	} finally {
		delete global[WATCHED];
	}
}

/**
 * A post as plain lines for a pipe or a file (`--print`). Rendered on this
 * thread, which has nothing else to do (a worker takes tens of milliseconds to
 * start); the budget is kept by the watchdog instead.
 */
export async function formatPost(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
): Promise<string> {
	const {renderPrintedLines} = await import('./post-page.js');
	let lines: string[];
	try {
		lines = runWithin(() => renderPrintedLines(post, markdown, options), budgetMs);
	} catch (error) {
		lines = printedLines(post, plainPage(markdown, options.width, errorMessage(error)), options);
	}

	return `${lines.map(line => line.trimEnd()).join('\n')}\n`;
}
