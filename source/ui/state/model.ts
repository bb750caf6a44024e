// The app's state and the actions that change it. The reducer (reducer.ts) is
// pure: it never renders a page or reads a file. What it needs from the world
// arrives as a Screen; what it wants done (open an editor, swap in a
// translation) it leaves in `request` for a hook to carry out.

import type {Post, SkippedFile} from '../../blog/model/model.js';
import type {Filters, MatchMode, SortKey, Term} from '../../blog/query/model.js';
import type {SearchText} from '../../blog/search/search.js';
import type {RenderedMarkdown} from '../../render/markdown.js';
import type {KeyFlags} from '../keys/keymap.js';
import type {Anchor} from './anchor.js';

/** The tag picker while it is open: choices are applied only on Enter. */
export type PickerState = {
	/** Text typed to narrow the tags. */
	query: string;
	cursor: number;
	top: number;
	chosen: Term[];
	mode: MatchMode;
	/** Term keys in the order shown, fixed when the picker opens so rows don't jump as counts change. */
	order: string[];
};

export type FindState = {query: string; editing: boolean; current: number};

export const noFind: FindState = {query: '', editing: false, current: -1};

/** The contents overlay: which heading is under the cursor, and the first one shown. */
export type ContentsState = {cursor: number; top: number};

/** The links overlay: which link is under the cursor, and the first one shown. */
export type LinksState = {cursor: number; top: number};

/** The problems overlay: its first row on screen. */
export type ProblemsViewState = {top: number};

/** What was left out of the list when the blog was loaded: folders that could not be read, files that are not posts. */
export type LeftOut = {unreadable: string[]; skipped: SkippedFile[]};

/** Something the state machine wants done outside it; the answer comes back as an action. */
export type Request =
	/** `bodyLine`: the body's line (from 0) at the top of the reader's screen, when the reader is open. */
	| {kind: 'edit'; path: string; bodyLine?: number}
	| {kind: 'translation'; path: string}
	| {kind: 'suspend'}
	/** Open a link of the post (its address as written: untrusted). */
	| {kind: 'openLink'; url: string}
	/** Put text on the clipboard; `what` names it in the notice ("the code block"). */
	| {kind: 'copy'; text: string; what: string}
	/** Put a link's address (as written: untrusted) on the clipboard. */
	| {kind: 'copyLink'; url: string};

export type State = {
	/** Every post of the blog, before filters (an edit or a translation swaps one). */
	posts: Post[];
	view: 'list' | 'reader';
	showHelp: boolean;
	/** The first line of the help on screen (it scrolls when it is taller than the screen). */
	helpTop: number;
	/** The selected post's details beside or under the list (`i` hides and shows them). */
	details: boolean;
	/** The reader draws pictures and Mermaid diagrams (`i` shows their text instead: alt lines, diagram sources). */
	pictures: boolean;
	/** Typing goes into the list's search field. */
	searching: boolean;
	picker: PickerState | null;
	filters: Filters;
	sort: SortKey;
	/** The selected post, by path: it stays selected while the list around it changes. */
	selectedPath: string | null;
	/**
	 * The selection is row 1 because the filters or the sort changed, and no key
	 * has moved it since: while more bodies are read and the list is ranked
	 * again, it stays on the best match.
	 */
	followsTop: boolean;
	/** First list row on screen. */
	listTop: number;
	/** Where the open post is read from; kept as an anchor so a re-wrap keeps the same text on top. */
	readerAnchor: Anchor;
	/** Positions to return to with ' (footnote, contents and find jumps push here). */
	jumps: Anchor[];
	/** Where each post was left, by path (kept between runs when the reading state is on). */
	positions: Record<string, Anchor>;
	/** Read marks are shown and kept (off with --no-state). */
	marks: boolean;
	/** Read posts, by path: the content hash each had when read (ui/state/read-marks.ts). */
	read: Record<string, string>;
	/** The list shows unread (and updated) posts only. */
	unreadOnly: boolean;
	/** The post last marked read: with unread only, it stays listed until the selection leaves it. */
	justRead: string | null;
	/** Find in the post: the query, whether it is being typed, and the current hit. */
	find: FindState;
	contents: ContentsState | null;
	/** The links overlay over the reader, while it is open. */
	links: LinksState | null;
	/** What loading left out (fixed for the run); the problems overlay lists it with the posts' warnings. */
	leftOut: LeftOut;
	/** The first read of the blog, while it fills the list: files read of those found (the status says so). */
	firstRead: {done: number; total: number} | null;
	/** The problems overlay over the list, while it is open. */
	problems: ProblemsViewState | null;
	/** The open post, as it was, when its file was deleted while it was read (the reader says so). */
	deleted: Post | null;
	/** A one-off message for the status line; cleared by the next key. */
	notice: string | null;
	/** Set by the quit keys; the app exits when it sees it. */
	quitting: boolean;
	/** Going back from the reader quits: blogread was opened on one post. */
	backQuits: boolean;
	request: Request | null;
	/** Keys typed in the reader before the open post's page was rendered, in order: they are read when it is. */
	pending: Array<{input: string; flags: KeyFlags}>;
	/** How many input actions have been taken (tests wait for their frame with it). */
	inputs: number;
};

/** `partial`: only the beginning of a large post, shown while the rest renders. */
export type ReaderPage = RenderedMarkdown & {plain: string[]; partial?: boolean};

/** What the state machine knows of the world it moves in: sizes, the open post's page, what search can see. */
export type Screen = {
	/** List rows that fit on screen. */
	listHeight: number;
	/** Reader lines that fit on screen. */
	readerHeight: number;
	/** Rows of the tag picker's list. */
	pickerHeight: number;
	/** The selected post's page at the screen's width, once rendered. */
	page: {path: string; page: ReaderPage} | undefined;
	/** The text searches run over (bodies are read in the background). */
	search: SearchText;
	/** The help's lines at this size, and how many show at once (absent: it all fits). */
	help?: {lines: number; height: number};
};

export type Action =
	| {type: 'keys'; input: string; flags: KeyFlags; screen: Screen}
	| {type: 'screen'; screen: Screen}
	/** A request was carried out: `post` replaces the post at `path` (edited and re-read, or its translation). */
	| {type: 'replaced'; path: string; post: Post; notice: string; screen: Screen}
	/** A request was carried out with nothing to swap in (suspended and back), or could not be, and why. */
	| {type: 'answered'; notice: string | null}
	/** The blog's files changed on disk and were read again: the posts now, and what loading left out (if read). */
	| {type: 'postsChanged'; posts: Post[]; leftOut?: LeftOut; screen: Screen}
	/** The first read goes on: `done` files of `total`, and now and then the posts read so far (not yet in order). */
	| {type: 'postsRead'; posts?: Post[]; done: number; total: number; screen: Screen}
	/** Something to say in the status line that no key asked for (watching fell back to polling). */
	| {type: 'said'; notice: string}
	/** A link to another post of the blog was followed: that post opens in the reader. */
	| {type: 'openPost'; path: string};
