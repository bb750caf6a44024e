import type {Post} from '../posts/types.js';
import {renderMarkdown, type RenderedMarkdown} from './markdown.js';
import {bodyOptions, withHeader, type PageOptions} from './post-header.js';

export type {PageOptions} from './post-header.js';

/** A whole post as the reader and `--print` show it, rendered here and now. */
export function renderPostPage(post: Post, options: PageOptions): RenderedMarkdown {
	return withHeader(post, renderMarkdown(post.body, bodyOptions(post, options)), options);
}
