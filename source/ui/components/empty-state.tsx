import {POST_EXTENSION_LIST} from '../../posts/discover.js';
import {cleanLine} from '../../text/sanitize.js';
import {wrapStyled} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {Lines} from './lines.js';

/** What an empty folder shows: what was searched, and how to point blogread elsewhere. */
export function EmptyState({
	root,
	hiddenDrafts,
	leftOut = 0,
	width,
	height,
	theme,
}: {
	root: string;
	hiddenDrafts: number;
	/** Files skipped as not posts, and folders that could not be read. */
	leftOut?: number;
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
		`blogread looked for Markdown files (${POST_EXTENSION_LIST}) in this folder and its subfolders.`,
		hiddenDrafts === 0 ? '' : drafts,
		leftOut === 0
			? ''
			: `${leftOut === 1 ? '1 file or folder was' : `${leftOut} files or folders were`} left out: ` +
				'! shows which, and why.',
		'',
		'Point it at a blog: blogread ~/src/my-blog, or set BLOGREAD_DIR.',
		'',
		theme.muted(
			leftOut === 0
				? `q quits ${theme.glyphs.separator} ? shows the keys`
				: `q quits ${theme.glyphs.separator} ! shows what was left out ${theme.glyphs.separator} ? shows the keys`,
		),
	];
	const lines = text.flatMap(line => (line === '' ? [''] : wrapStyled(line, width)));
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
