import type {Post} from '../blog/model/model.js';
import {type RenderedMarkdown, renderMarkdown} from './markdown.js';
import {bodyOptions, type PageOptions, printedLines, withHeader} from './post-header.js';

export type {PageOptions} from './post-header.js';
export {warmUpStep} from './warm-up.js';

/** A whole post (its fields, and its body as read) as the reader shows it, rendered here and now. */
export function renderPostPage(post: Post, markdown: string, options: PageOptions): RenderedMarkdown {
	return withHeader(post, renderMarkdown(markdown, bodyOptions(post, options)), options);
}

/**
 * The same post's lines, as `--print` writes them: without the positions the
 * reader keeps (where blocks come from, shifted past the header), which took
 * a twentieth of printing a large post.
 */
export function renderPrintedLines(post: Post, markdown: string, options: PageOptions): string[] {
	return printedLines(post, renderMarkdown(markdown, {...bodyOptions(post, options), sourceLines: false}), options);
}
