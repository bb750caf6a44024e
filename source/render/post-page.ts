import type {Post} from '../posts/types.js';
import type {Theme} from '../theme.js';
import {renderMarkdown, type RenderedMarkdown} from './markdown.js';
import {postHeaderLines} from './post-header.js';

/** A whole post as the reader and `--print` show it: metadata header, then the body. */
export function renderPostPage(post: Post, width: number, theme: Theme): RenderedMarkdown {
	const header = postHeaderLines(post, width, theme);
	const body = renderMarkdown(post.body, {width, theme, ...(post.titleFromHeading ? {skipTitleHeading: post.title} : {})});
	return {
		lines: [...header, ...body.lines],
		headings: body.headings.map(heading => ({...heading, line: heading.line + header.length})),
	};
}

/** A post as plain lines for a pipe or a file (`--print`). */
export function formatPost(post: Post, width: number, theme: Theme): string {
	return renderPostPage(post, width, theme).lines.map(line => line.trimEnd()).join('\n') + '\n';
}
