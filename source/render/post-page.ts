import type {Post} from '../blog/model/model.js';
import {type RenderedMarkdown, renderMarkdown} from './markdown.js';
import {bodyOptions, type PageOptions, printedLines, withHeader} from './post-header.js';

export type {PageOptions} from './post-header.js';
export {warmUpStep} from './warm-up.js';

/** A whole post (its fields, and its body as read) as the reader shows it, rendered here and now. */
export function renderPostPage(post: Post, markdown: string, options: PageOptions): RenderedMarkdown {
	return withHeader(post, renderMarkdown(markdown, bodyOptions(post, options)), options);
}

/** The body as `--print` needs it: without where each block comes from (for the reader's editor key). */
const printedBody = (post: Post, markdown: string, options: PageOptions) =>
	renderMarkdown(markdown, {...bodyOptions(post, options), sourceLines: false});

/**
 * The same post's lines, as `--print` writes them: without the positions the
 * reader keeps (where blocks come from, shifted past the header), which took
 * a twentieth of printing a large post.
 */
export function renderPrintedLines(post: Post, markdown: string, options: PageOptions): string[] {
	return printedLines(post, printedBody(post, markdown, options), options);
}

/** The post as `--print` draws its pictures into it: the page with its pictures' places, without source lines. */
export function renderPrintedPage(post: Post, markdown: string, options: PageOptions): RenderedMarkdown {
	return withHeader(post, printedBody(post, markdown, options), options);
}
