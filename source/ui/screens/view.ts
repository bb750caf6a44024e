// What every screen's view takes and gives. A view is a plain function of the
// app's state and what the hooks worked out for this frame: it gives the lines
// to draw (already cut to the width) and the status line, and draws nothing
// itself; App hands them to Ink.
import type {Blog, Post} from '../../blog/model/model.js';
import type {SearchText} from '../../blog/search/search.js';
import type {Drawn} from '../../pictures/picture-store.js';
import type {ListColumns} from '../../render/list-row.js';
import type {PicturePlace} from '../../render/picture-block.js';
import {cleanLine} from '../../text/sanitize.js';
import {displayWidth} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import type {ReaderPage, Screen, State} from '../state/model.js';
import type {ListLayout} from './list/layout.js';

/** The status line: `left` is cut to fit, `right` always shows whole. */
export type StatusText = {left: string; right: string};

/** `right` as the status line draws it: a space either side. */
export const statusRight = (right: string): string => ` ${cleanLine(right)} `;

/** The columns the status line's left side has (its leading space included) at `width`, beside `right`. */
export const statusLeftRoom = (width: number, right: string): number =>
	Math.max(0, width - displayWidth(statusRight(right)));

/** A screen as drawn: at most `height` lines, each cut to the width, and its status line. */
export type ScreenView = {lines: string[]; status: StatusText};

/** What a view draws from: the state, and this frame's terminal, pages and layout. */
export type ViewContext = {
	state: State;
	screen: Screen;
	/** The blog as last read (hidden drafts, the folder's name, its layout). */
	blog: Blog;
	theme: Theme;
	/** The terminal's width, and its rows but the status line. */
	width: number;
	height: number;
	/** The posts the list shows (filtered and sorted), the selected one's index, the first row on screen. */
	shown: Post[];
	selected: number;
	listTop: number;
	listLayout: ListLayout;
	listColumns: ListColumns;
	search: SearchText;
	/** The post open in the reader, and its page once rendered at the reader's width. */
	post: Post | undefined;
	page: ReaderPage | undefined;
	/** The reader's column: where it starts. */
	readerMargin: number;
	/** Commands this app can't carry out (an editor, Ctrl-Z), left out of the help. */
	without: string;
	/** The open post's pictures as drawn so far (absent: pictures are not drawn). */
	pictureOf?: (place: PicturePlace) => Drawn | undefined;
};

/** `a · b · c`: parts of a status line, the empty ones left out. */
export function joined(theme: Theme, ...parts: string[]): string {
	return parts.filter(part => part !== '').join(` ${theme.glyphs.separator} `);
}

/** Lines padded with blank ones to `height`, the last line kept at the bottom (an overlay's key hint). */
export function withFooter(lines: string[], footer: string, height: number): string[] {
	const body = lines.slice(0, Math.max(0, height - 1));
	while (body.length < height - 1) body.push('');
	return [...body, footer].slice(0, height);
}
