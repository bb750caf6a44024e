import {cleanLine} from '../../text/sanitize.js';
import {wrapStyled} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {Lines} from './lines.js';

/** What an empty folder shows: what was searched, and how to point blogread elsewhere. */
export function EmptyState({
	root,
	hiddenDrafts,
	width,
	height,
	theme,
}: {
	root: string;
	hiddenDrafts: number;
	width: number;
	height: number;
	theme: Theme;
}) {
	const drafts =
		hiddenDrafts === 1
			? '1 draft is hidden: run with --drafts to see it.'
			: `${hiddenDrafts} drafts are hidden: run with --drafts to see them.`;
	const text = [
		theme.heading2(`No posts in ${cleanLine(root)}`),
		'',
		'blogread looked for .md, .markdown and .mdx files in this folder and its subfolders.',
		hiddenDrafts === 0 ? '' : drafts,
		'',
		'Point it at a blog: blogread ~/src/my-blog, or set BLOGREAD_DIR.',
		'',
		theme.muted(`q quits ${theme.glyphs.separator} ? shows the keys`),
	];
	const lines = text.flatMap(line => (line === '' ? [''] : wrapStyled(line, width)));
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
