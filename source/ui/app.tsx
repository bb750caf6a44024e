import {Box, useApp, useInput} from 'ink';
import React, {useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {markRanges} from '../reader/find.js';
import {describeFilters, prepareTerms, queryWords, type Filters, type SortKey} from '../posts/filter.js';
import type {Blog, Post} from '../posts/types.js';
import {listColumns} from '../render/list-row.js';
import {wrapStyled} from '../render/text-width.js';
import type {Theme} from '../theme.js';
import {EmptyState} from './empty-state.js';
import {FilteredEmpty} from './filtered-empty.js';
import {HelpOverlay} from './help-overlay.js';
import {Lines} from './lines.js';
import {ListView} from './list-view.js';
import {ContentsOverlay} from './contents-overlay.js';
import {loadRenderer, onPageReady, readerPage} from './page-cache.js';
import {hitsFor} from './reader-keys.js';
import {activeView, initialState, pickerRows, readerTop, reducer, selectedIndex, shownPosts, sortLabel, type Layout, type ReaderPage} from './state.js';
import {StatusBar} from './status-bar.js';
import {PICKER_CHROME_ROWS, TagPicker} from './tag-picker.js';
import {usePostSwaps} from './use-post-swaps.js';
import {useSearchPreparation} from './use-search-preparation.js';
import {useTerminalSize} from './use-terminal-size.js';
import {lineRange, positionLabel} from './viewport.js';

/** Reading is easier in a column than across a wide terminal. */
export const MAX_READING_WIDTH = 100;

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
	/** Opens a post in an editor and returns it re-read; without it, `e` says it can't. */
	onEdit?: (post: Post) => Promise<Post>;
};

/** Below this, no layout works: the app says so instead of drawing a broken one. */
export const MIN_COLUMNS = 20;
export const MIN_ROWS = 5;

export function App({blog, theme, maxWidth = MAX_READING_WIDTH, openFirst = false, hyperlinks = false, filters, sort, center = false, onEdit}: AppProps) {
	const {exit} = useApp();
	const {columns, rows} = useTerminalSize();
	// Posts change only when one is edited and re-read.
	const [posts, setPosts] = useState(blog.posts);
	const [state, dispatch] = useReducer(reducer, {posts, openFirst, ...(filters ? {filters} : {}), ...(sort ? {sort} : {})}, initialState);

	// One row is left free: Ink clears and redraws the whole screen when its
	// output is as tall as the terminal, which flickers.
	const height = Math.max(2, rows - 1);
	const contentHeight = height - 1;
	const shown = shownPosts(posts, state.filters, state.sort);
	const selected = selectedIndex(state, shown);
	const post = posts.find(candidate => candidate.path === state.selectedPath);
	const readerWidth = Math.max(10, Math.min(columns - 2, maxWidth));

	const columnsLayout = useMemo(() => listColumns(shown, columns - 2), [shown, columns]);
	// Rendered once per post and width (and cached); only the visible window reaches Ink.
	const pageOf = (path: string | null): ReaderPage | undefined => {
		const target = posts.find(candidate => candidate.path === path);
		return target ? readerPage(target, readerWidth, theme, hyperlinks) : undefined;
	};

	// A large post renders in the background; this redraws when it is ready.
	const [, setPagesReady] = useState(0);
	useEffect(() => {
		const stop = onPageReady(() => {
			setPagesReady(count => count + 1);
		});
		// The list is on screen: now load what reading a post needs.
		void loadRenderer();
		return stop;
	}, []);
	const page = state.view === 'reader' ? pageOf(state.selectedPath) : undefined;
	const layout: Layout = {
		posts,
		listHeight: contentHeight,
		pageOf,
		readerHeight: contentHeight,
		pickerHeight: Math.max(1, contentHeight - PICKER_CHROME_ROWS),
	};

	useEffect(() => {
		dispatch({type: 'relayout', layout});
	}, [columns, rows, posts]);

	// After the frame: the tag picker's index, so `t` doesn't build it while a key waits.
	useEffect(() => {
		const later = setImmediate(() => {
			prepareTerms(posts);
		});
		return () => {
			clearImmediate(later);
		};
	}, [posts]);

	useEffect(() => {
		if (state.quitting) exit();
	}, [state.quitting]);

	usePostSwaps({state, dispatch, posts, setPosts, translations: blog.translations, onEdit});
	useSearchPreparation(state.searching, posts);

	// Keys may arrive before the screen has caught up with the last one: the
	// handler reads the newest layout, and the reducer renders what it needs.
	const layoutRef = useRef(layout);
	layoutRef.current = layout;
	useInput((input, key) => {
		dispatch({type: 'input', input, flags: key, layout: layoutRef.current});
	});

	const filterText = describeFilters(state.filters);
	const sortText = state.sort === 'date' ? '' : ` · by ${sortLabel(state.sort)}`;
	const skipped = blog.problems?.length ?? 0;
	const drafts = (blog.hiddenDrafts > 0 ? ` · ${blog.hiddenDrafts} draft${blog.hiddenDrafts === 1 ? '' : 's'} hidden` : '')
		+ (skipped > 0 ? ` · ${skipped} folder${skipped === 1 ? '' : 's'} unreadable` : '');
	const where = blog.layout ? `${blog.root} (${blog.layout})` : blog.root;
	const listStatus = `${where}${filterText === '' ? '' : ` · ${filterText}`} · ${shown.length} of ${posts.length} posts${sortText}${drafts}`;

	let content: React.ReactNode;
	let left = listStatus;
	let right = `${positionLabel(state.listTop, shown.length, contentHeight)} · ? help`;
	if (state.showHelp) {
		content = <HelpOverlay view={activeView(state)} width={columns} height={contentHeight} theme={theme} />;
		left = 'Help';
		right = 'any key closes';
	} else if (state.picker) {
		content = <TagPicker rows={pickerRows(posts, state.filters, state.picker)} picker={state.picker} width={columns} height={contentHeight} theme={theme} />;
		right = `${state.picker.chosen.length} chosen`;
	} else if (state.view === 'reader' && page && post) {
		const top = readerTop(state, layout);
		const margin = ' '.repeat(center ? Math.max(1, Math.floor((columns - readerWidth) / 2)) : 1);
		const hits = state.find.query === '' || state.find.editing ? [] : hitsFor(page, state.find.query);
		if (state.contents) {
			const current = page.headings.findLastIndex(heading => heading.line <= top);
			content = <ContentsOverlay headings={page.headings} cursor={state.contents.cursor} top={state.contents.top} current={current} width={columns} height={contentHeight} theme={theme} />;
		} else {
			const visible = page.lines.slice(top, top + contentHeight).map((line, offset) => {
				const ranges = hits.flatMap((hit, index) => (hit.line === top + offset ? [{...hit, ...(index === state.find.current ? theme.currentHitCodes : theme.hitCodes)}] : []));
				return margin + markRanges(line, ranges);
			});
			content = <Lines lines={visible} height={contentHeight} />;
		}

		left = post.title;
		if (state.find.editing) left = `/${state.find.query}▏ find · Enter goes to the next match · Esc stops`;
		else if (state.find.query !== '' && hits.length > 0) left = `hit ${state.find.current + 1}/${hits.length} "${state.find.query}" · n N next/previous · ${post.title}`;
		else if (state.find.query !== '') left = `not found: "${state.find.query}" · ${post.title}`;
		// A partial page's length is not the post's: a position in it would mislead.
		right = page.partial ? 'rendering the rest… · ? help' : `${lineRange(top, page.lines.length, contentHeight)} ${positionLabel(top, page.lines.length, contentHeight)} · ? help`;
	} else if (state.view === 'reader' && post) {
		content = <Lines lines={[theme.muted(` Rendering "${post.title}"…`)]} height={contentHeight} />;
		left = post.title;
		right = 'rendering · ? help';
	} else if (posts.length === 0) {
		content = <EmptyState root={blog.root} hiddenDrafts={blog.hiddenDrafts} width={columns} height={contentHeight} theme={theme} />;
		left = `${blog.root} · no posts`;
		right = '? help · q quit';
	} else if (shown.length === 0) {
		content = <FilteredEmpty posts={posts} filters={state.filters} sort={state.sort} width={columns} height={contentHeight} theme={theme} />;
	} else {
		content = <ListView posts={shown} columns={columnsLayout} selected={selected} top={state.listTop} height={contentHeight} width={columns} theme={theme} words={queryWords(state.filters.query)} />;
	}

	if (state.searching) {
		left = `/${state.filters.query}▏ ${shown.length} of ${posts.length} · Enter keeps · Esc clears`;
	}

	if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
		const message = wrapStyled(`Terminal too small (${columns}x${rows}); blogread needs ${MIN_COLUMNS}x${MIN_ROWS}.`, Math.max(1, columns));
		return <Lines lines={message.slice(0, Math.max(1, rows - 1))} height={Math.max(1, rows - 1)} />;
	}

	return (
		<Box flexDirection="column" height={height} width={columns}>
			{content}
			<StatusBar left={state.notice ?? left} right={right} width={columns} theme={theme} />
		</Box>
	);
}
