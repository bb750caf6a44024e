import type {Post} from '../posts/model.js';
import {renderMarkdown, type RenderedMarkdown} from './markdown.js';
import {bodyOptions, withHeader, type PageOptions} from './post-header.js';

export type {PageOptions} from './post-header.js';

/** A whole post (its fields, and its body as read) as the reader and `--print` show it, rendered here and now. */
export function renderPostPage(post: Post, markdown: string, options: PageOptions): RenderedMarkdown {
	return withHeader(post, renderMarkdown(markdown, bodyOptions(post, options)), options);
}
