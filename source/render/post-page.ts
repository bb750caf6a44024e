import type {Post} from '../posts/types.js';
import type {Theme} from '../theme.js';
import {renderMarkdown, type RenderedMarkdown} from './markdown.js';
import {postHeaderLines} from './post-header.js';

/** A whole post as the reader and `--print` show it: metadata header, then the body. */
export type PageOptions = {width: number; theme: Theme; hyperlinks: boolean};

export function renderPostPage(post: Post, {width, theme, hyperlinks}: PageOptions): RenderedMarkdown {
	const header = postHeaderLines(post, width, theme);
	const body = renderMarkdown(post.body, {width, theme, hyperlinks, ...(post.titleFromHeading ? {skipTitleHeading: post.title} : {})});
	const shift = (line: number) => line + header.length;
	return {
		lines: [...header, ...body.lines],
		headings: body.headings.map(heading => ({...heading, line: shift(heading.line)})),
		blockStarts: [0, ...body.blockStarts.map(shift)],
		footnoteRefs: body.footnoteRefs.map(ref => ({...ref, line: shift(ref.line)})),
		noteLines: body.noteLines.map(shift),
	};
}

/** A post as plain lines for a pipe or a file (`--print`). */
export function formatPost(post: Post, options: PageOptions): string {
	return renderPostPage(post, options).lines.map(line => line.trimEnd()).join('\n') + '\n';
}
