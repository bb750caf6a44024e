import type {Post} from '../posts/types.js';
import type {Theme} from '../theme.js';
import {renderMarkdown, type RenderedMarkdown} from './markdown.js';
import {postHeaderLines} from './post-header.js';
import {renderInWorker, SYNC_RENDER_LIMIT, plainPage} from './render-job.js';

export type PageOptions = {width: number; theme: Theme; hyperlinks: boolean};

/** The body's render options for a post. */
function bodyOptions(post: Post, {width, theme, hyperlinks}: PageOptions) {
	return {width, theme, hyperlinks, mdx: post.path.toLowerCase().endsWith('.mdx'), ...(post.titleFromHeading ? {skipTitleHeading: post.title} : {})};
}

/** The header, then the rendered body, with every position shifted past the header. */
export function withHeader(post: Post, body: RenderedMarkdown, {width, theme}: PageOptions): RenderedMarkdown {
	const notices = [...(body.notice ? [body.notice] : [])];
	const header = postHeaderLines({...post, warnings: [...post.warnings, ...notices]}, width, theme);
	const shift = (line: number) => line + header.length;
	return {
		lines: [...header, ...body.lines],
		headings: body.headings.map(heading => ({...heading, line: shift(heading.line)})),
		blockStarts: [0, ...body.blockStarts.map(shift)],
		footnoteRefs: body.footnoteRefs.map(ref => ({...ref, line: shift(ref.line)})),
		noteLines: body.noteLines.map(shift),
		notice: body.notice,
	};
}

/** A whole post as the reader and `--print` show it, rendered here and now. */
export function renderPostPage(post: Post, options: PageOptions): RenderedMarkdown {
	return withHeader(post, renderMarkdown(post.body, bodyOptions(post, options)), options);
}

/**
 * A whole post, rendered on this thread when it is small, else in a worker
 * thread with a time budget; past the budget, the post is shown as plain
 * text with a notice, and this thread has stayed free throughout.
 */
export async function renderPostPageBounded(post: Post, options: PageOptions, budgetMs: number): Promise<RenderedMarkdown> {
	if (post.body.length <= SYNC_RENDER_LIMIT) return renderPostPage(post, options);
	try {
		return withHeader(post, await renderInWorker(post.body, bodyOptions(post, options), budgetMs), options);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return withHeader(post, plainPage(post.body, options.width, reason), options);
	}
}

/** A post as plain lines for a pipe or a file (`--print`). */
export async function formatPost(post: Post, options: PageOptions, budgetMs: number): Promise<string> {
	const page = await renderPostPageBounded(post, options, budgetMs);
	return page.lines.map(line => line.trimEnd()).join('\n') + '\n';
}
