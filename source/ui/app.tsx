import {Box, useApp} from 'ink';
import {useEffect, useMemo, useReducer, useRef} from 'react';
import type {Blog} from '../blog/model/model.js';
import type {Filters, SortKey} from '../blog/query/model.js';
import {fieldsOnly, type SearchBodies} from '../blog/search/search.js';
import {cellAspectOf, pictureRowsFor} from '../pictures/fit.js';
import type {GraphicsReplies, PictureGraphics} from '../pictures/graphics.js';
import type {PictureStore} from '../pictures/picture-store.js';
import {listColumns} from '../render/list-row.js';
import {wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {Lines} from './components/lines.js';
import {StatusBar} from './components/status-bar.js';
import {type Follow, useFollow} from './hooks/use-follow.js';
import {useHeldScreen} from './hooks/use-held-screen.js';
import {type MemoryHost, useMemory} from './hooks/use-memory.js';
import {useGraphicsReplies, usePictures, useRemotePictures} from './hooks/use-pictures.js';
import {useReaderPage} from './hooks/use-reader-page.js';
import {type Host, useRequests} from './hooks/use-requests.js';
import {useSearchText} from './hooks/use-search-text.js';
import {useTerminalSize} from './hooks/use-terminal-size.js';
import {useKeys} from './keys/use-keys.js';
import {initialState, reducer} from './machine/reducer.js';
import type {PageCache} from './pages/page-cache.js';
import {screenView} from './screens/choose.js';
import {helpLayout} from './screens/help/layout.js';
import {listLayout} from './screens/list/layout.js';
import {READ_MARK_WIDTH} from './screens/list/view.js';
import {PICKER_CHROME_ROWS} from './screens/picker/view.js';
import type {Screen} from './state/model.js';
import {activeView, listOf, postAt, prepareTermsOf, selectedIndex} from './state/selectors.js';
import {scrollToShow} from './state/viewport.js';

/** Reading is easier in a column than across a wide terminal. */
export const MAX_READING_WIDTH = 100;

/** Below this, no layout works: the app says so instead of drawing a broken one. */
export const MIN_COLUMNS = 20;
export const MIN_ROWS = 5;

/** What the app says after each frame it draws. */
export type FrameReport = {
	/** Input events taken so far. */
	inputs: number;
	/** Nothing is left to do for them: no key waits for a page, no request is open, the search sees every body. */
	settled: boolean;
	/** The app is quitting: no frame follows. */
	quitting: boolean;
	columns: number;
	rows: number;
};

export type AppProps = {
	blog: Blog;
	theme: Theme;
	/** Cap on the reading column (from --width). */
	maxWidth?: number;
	/** Start in the reader on the first post; leaving it quits. */
	openFirst?: boolean;
	/** Make links clickable (OSC 8). */
	hyperlinks?: boolean;
	/** Filters from the command line (--tag, --search). */
	filters?: Filters;
	/** The list's first sort order. */
	sort?: SortKey;
	/** Centre the reading column when the terminal is wider than it. */
	center?: boolean;
	/** What only the process can do (an editor, Ctrl-Z); without it, those keys say they can't. */
	host?: Host;
	/** Bodies already read (for a search given on the command line). */
	bodies?: SearchBodies;
	/** The reading state kept between runs (positions, read marks); absent: none, and no read marks. */
	memory?: MemoryHost;
	/** Follow the files: posts changed, added or removed on disk while the app runs show at once. */
	follow?: Follow;
	/** Called after every frame: tests and the benchmark wait for the frame that answers their keys. */
	onFrame?: (report: FrameReport) => void;
	/** Where rendered posts are kept: the process's, or the server's, shared by its readers. */
	pages: PageCache;
	/** Where pictures are drawn (the process's, or the server's); absent: images are their lines. */
	pictures?: PictureStore;
	/** How pictures are drawn besides their colours, from what the terminal answered; absent: half blocks. */
	graphics?: (replies: GraphicsReplies) => PictureGraphics;
	/** Said in the status line as the app starts (why it started again: mount-app.tsx). */
	notice?: string;
};

export function App({
	blog,
	theme,
	maxWidth = MAX_READING_WIDTH,
	openFirst = false,
	hyperlinks = false,
	filters,
	sort,
	center = false,
	host = {},
	bodies,
	memory,
	follow,
	onFrame,
	pages,
	pictures,
	graphics,
	notice,
}: AppProps) {
	const {exit} = useApp();
	const {columns, rows} = useTerminalSize();
	const [state, dispatch] = useReducer(
		reducer,
		{
			posts: blog.posts,
			openFirst,
			...(filters ? {filters} : {}),
			...(sort ? {sort} : {}),
			search: bodies?.view(blog.posts) ?? fieldsOnly,
			leftOut: {unreadable: blog.problems ?? [], skipped: blog.skipped ?? []},
			...(memory ? {memory: memory.initial} : {}),
			firstRead: follow?.firstRead === true,
		},
		initialState,
	);
	useMemory(memory, state);
	useEffect(() => {
		if (notice) dispatch({type: 'said', notice});
	}, [notice]);
	const searchActive = state.searching || state.filters.query.trim() !== '';
	const search = useSearchText(state.posts, searchActive, bodies);

	// Every row is used: the screen writer (screen-writer.ts) never scrolls the terminal.
	const height = Math.max(2, rows);
	const contentHeight = height - 1;
	const readerWidth = Math.max(10, Math.min(columns - 2, maxWidth));
	const post = postAt(state.posts, state.selectedPath);
	// A picture takes half the screen at most; without colour, with `i`, or where no picture can be
	// decoded (pictures.off, said once), images are their lines.
	const drawsPictures = pictures !== undefined && pictures.off === undefined && state.pictures && theme.level > 0;
	const [replies, onReply] = useGraphicsReplies();
	const drawnAs = useMemo(() => graphics?.(replies), [graphics, replies]);
	const cellAspect = cellAspectOf(drawnAs?.cell);
	const remote = useRemotePictures(drawsPictures ? pictures : undefined, state.view === 'reader' ? post : undefined);
	const drawings = {
		diagrams: state.pictures,
		...(drawsPictures ? {pictureRows: pictureRowsFor(contentHeight)} : {}),
		...(drawsPictures && cellAspect !== undefined ? {cellAspect} : {}),
		...(remote ? {remote} : {}),
	};
	const page = useReaderPage(
		state.view === 'reader' ? post : undefined,
		readerWidth,
		theme,
		hyperlinks,
		pages,
		drawings,
	);
	const pictureOf = usePictures(drawsPictures ? pictures : undefined, post?.folder, {
		level: theme.level,
		ascii: theme.glyphs.ascii,
		...drawnAs,
	});
	const picturesOff = pictures?.off;
	useEffect(() => {
		if (picturesOff !== undefined) dispatch({type: 'said', notice: `pictures as lines: ${picturesOff}`});
	}, [picturesOff]);
	const layout = useMemo(
		() => listLayout(columns, contentHeight, state.details),
		[columns, contentHeight, state.details],
	);
	// Keys whose work only the process can do (an editor, Ctrl-Z) are not offered where it can't.
	const without = [host.edit ? '' : 'edit', host.suspend ? '' : 'suspend'].join(' ').trim();
	const help = helpLayout(activeView(state), columns, contentHeight, theme.glyphs, without);
	const helpLines = help.body.length;
	// Without a page (on the list) this stays undefined as the selection moves, so the screen below
	// stays the same object: a new one is a 'screen' action, a second render and a refilter at every key.
	const openPage = useMemo(() => (post && page ? {path: post.path, page} : undefined), [post, page]);
	const screen: Screen = useMemo(
		() => ({
			listHeight: layout.listHeight,
			readerHeight: contentHeight,
			pickerHeight: Math.max(1, contentHeight - PICKER_CHROME_ROWS),
			page: openPage,
			search,
			help: {lines: helpLines, height: help.room},
		}),
		[layout, contentHeight, openPage, search, helpLines, help.room],
	);

	// Keys may arrive before the screen has caught up with the last one: they are read with the newest screen.
	const screenRef = useRef(screen);
	screenRef.current = screen;
	useEffect(() => {
		dispatch({type: 'screen', screen});
	}, [screen]);
	useKeys(({input, flags}) => {
		dispatch({type: 'keys', input, flags, screen: screenRef.current});
	}, onReply);
	const followed = useFollow({
		follow,
		posts: state.posts,
		sort: state.sort,
		openFile: state.view === 'reader' ? (post ?? state.deleted ?? undefined)?.absolutePath : undefined,
		dispatch,
		screen: screenRef,
	});
	// The blog as last read: what the status says of it (hidden drafts) and its translations follow the files too.
	const current = followed ?? blog;
	useRequests({
		request: state.request,
		posts: state.posts,
		dispatch,
		screen: screenRef,
		translations: current.translations,
		host,
	});

	// After the frame: the tag index, so neither `t` nor choosing tags builds it while a key waits.
	useEffect(() => {
		const later = setImmediate(() => {
			prepareTermsOf(state.posts, state.sort);
		});
		return () => {
			clearImmediate(later);
		};
	}, [state.posts, state.sort]);

	useEffect(() => {
		if (state.quitting) exit();
	}, [state.quitting, exit]);

	const waitingForPage = state.view === 'reader' && post !== undefined && page === undefined;
	const heldScreen = useHeldScreen(waitingForPage);
	const settled =
		state.pending.length === 0 && state.request === null && !waitingForPage && (!searchActive || search.complete);
	useEffect(() => {
		onFrame?.({inputs: state.inputs, settled, quitting: state.quitting, columns, rows});
	});

	const shown = listOf(state, screen);
	const markWidth = state.marks ? READ_MARK_WIDTH : 0;
	// Sized by every post, not those shown, so the columns stay put while a search is typed.
	const columnsLayout = useMemo(
		() => listColumns(state.posts, layout.listWidth - 2 - markWidth),
		[state.posts, layout.listWidth, markWidth],
	);
	if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
		const message = wrapStyled(
			`Terminal too small (${columns}x${rows}); blogread needs ${MIN_COLUMNS}x${MIN_ROWS}.`,
			Math.max(1, columns),
		);
		return <Lines lines={message.slice(0, Math.max(1, rows))} height={Math.max(1, rows)} />;
	}

	// Scroll positions are clamped as they are drawn too: a resize is drawn before the state machine hears of it.
	const selected = selectedIndex(state, shown);
	const view = heldScreen(
		screenView({
			state,
			screen,
			blog: current,
			theme,
			width: columns,
			height: contentHeight,
			shown,
			selected,
			listTop: scrollToShow(selected, state.listTop, shown.length, layout.listHeight),
			listLayout: layout,
			listColumns: columnsLayout,
			search,
			post,
			page,
			readerMargin: center ? Math.max(1, Math.floor((columns - readerWidth) / 2)) : 1,
			without,
			...(pictureOf ? {pictureOf} : {}),
		}),
		columns,
		rows,
	);
	return (
		<Box flexDirection="column" height={height} width={columns}>
			<Lines lines={view.lines} height={contentHeight} />
			<StatusBar left={state.notice ?? view.status.left} right={view.status.right} width={columns} theme={theme} />
		</Box>
	);
}
