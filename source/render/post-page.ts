import type {Post} from '../posts/model.js';
import {type RenderedMarkdown, renderMarkdown} from './markdown.js';
import {bodyOptions, type PageOptions, withHeader} from './post-header.js';

export type {PageOptions} from './post-header.js';
export {warmUpStep} from './warm-up.js';

/** A whole post (its fields, and its body as read) as the reader and `--print` show it, rendered here and now. */
export function renderPostPage(post: Post, markdown: string, options: PageOptions): RenderedMarkdown {
	return withHeader(post, renderMarkdown(markdown, bodyOptions(post, options)), options);
}
