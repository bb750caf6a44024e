// The app's state and the actions that change it. The reducer (reducer.ts) is
// pure: it never renders a page or reads a file. What it needs from the world
// arrives as a Screen; what it wants done (open an editor, swap in a
// translation) it leaves in `request` for a hook to carry out.
import type {KeyFlags} from '../../keymap.js';
import type {Filters, MatchMode, SortKey, Term} from '../../posts/filter.js';
import type {Post} from '../../posts/model.js';
import type {SearchText} from '../../posts/search.js';
import type {RenderedMarkdown} from '../../render/markdown.js';
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

/** Something the state machine wants done outside it; the answer comes back as an action. */
export type Request = {kind: 'edit'; path: string} | {kind: 'translation'; path: string} | {kind: 'suspend'};

export type State = {
	/** Every post of the blog, before filters (an edit or a translation swaps one). */
	posts: Post[];
	view: 'list' | 'reader';
	showHelp: boolean;
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
	/** Where each post was left, by path, while the program runs. */
	positions: Record<string, Anchor>;
	/** Find in the post: the query, whether it is being typed, and the current hit. */
	find: FindState;
	contents: ContentsState | null;
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
};

export type Action =
	| {type: 'keys'; input: string; flags: KeyFlags; screen: Screen}
	| {type: 'screen'; screen: Screen}
	/** A request was carried out: `post` replaces the post at `path` (edited and re-read, or its translation). */
	| {type: 'replaced'; path: string; post: Post; notice: string; screen: Screen}
	/** A request was carried out with nothing to swap in (suspended and back), or could not be, and why. */
	| {type: 'answered'; notice: string | null};
