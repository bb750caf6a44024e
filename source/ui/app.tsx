import {Box, useApp, useInput} from 'ink';
import React, {useEffect, useMemo, useReducer} from 'react';
import {describeFilters, queryWords, type Filters} from '../posts/filter.js';
import type {Blog} from '../posts/types.js';
import {listColumns} from '../render/list-row.js';
import {renderPostPage} from '../render/post-page.js';
import type {Theme} from '../theme.js';
import {EmptyState} from './empty-state.js';
import {FilteredEmpty} from './filtered-empty.js';
import {HelpOverlay} from './help-overlay.js';
import {Lines} from './lines.js';
import {ListView} from './list-view.js';
import {activeView, initialState, pickerRows, reducer, selectedIndex, shownPosts, sortLabel, type Layout} from './state.js';
import {StatusBar} from './status-bar.js';
import {PICKER_CHROME_ROWS, TagPicker} from './tag-picker.js';
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
};

export function App({blog, theme, maxWidth = MAX_READING_WIDTH, openFirst = false, hyperlinks = false, filters}: AppProps) {
	const {exit} = useApp();
	const {columns, rows} = useTerminalSize();
	const {posts} = blog;
	const [state, dispatch] = useReducer(reducer, {posts, openFirst, ...(filters ? {filters} : {})}, initialState);

	// One row is left free: Ink clears and redraws the whole screen when its
	// output is as tall as the terminal, which flickers.
	const height = Math.max(2, rows - 1);
	const contentHeight = height - 1;
	const shown = shownPosts(posts, state.filters, state.sort);
	const selected = selectedIndex(state, shown);
	const post = posts.find(candidate => candidate.path === state.selectedPath);
	const readerWidth = Math.max(10, Math.min(columns - 2, maxWidth));

	const columnsLayout = useMemo(() => listColumns(shown, columns - 2), [shown, columns]);
	const page = useMemo(
		() => (state.view === 'reader' && post ? renderPostPage(post, {width: readerWidth, theme, hyperlinks}) : undefined),
		[state.view, post, readerWidth, theme, hyperlinks],
	);

	const layout: Layout = {
		posts,
		listHeight: contentHeight,
		readerLines: page?.lines.length ?? 0,
		readerHeight: contentHeight,
		pickerHeight: Math.max(1, contentHeight - PICKER_CHROME_ROWS),
	};

	useEffect(() => {
		dispatch({type: 'relayout', layout});
	}, [columns, rows, layout.readerLines]);

	useEffect(() => {
		if (state.quitting) exit();
	}, [state.quitting]);

	useInput((input, key) => {
		dispatch({type: 'input', input, flags: key, layout});
	});

	const filterText = describeFilters(state.filters);
	const sortText = state.sort === 'date' ? '' : ` · by ${sortLabel(state.sort)}`;
	const drafts = blog.hiddenDrafts > 0 ? ` · ${blog.hiddenDrafts} draft${blog.hiddenDrafts === 1 ? '' : 's'} hidden` : '';
	const listStatus = `${blog.root}${filterText === '' ? '' : ` · ${filterText}`} · ${shown.length} of ${posts.length} posts${sortText}${drafts}`;

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
		const visible = page.lines.slice(state.readerTop, state.readerTop + contentHeight).map(line => ` ${line}`);
		content = <Lines lines={visible} height={contentHeight} />;
		left = post.title;
		right = `${lineRange(state.readerTop, page.lines.length, contentHeight)} ${positionLabel(state.readerTop, page.lines.length, contentHeight)} · ? help`;
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

	return (
		<Box flexDirection="column" height={height} width={columns}>
			{content}
			<StatusBar left={state.notice ?? left} right={right} width={columns} theme={theme} />
		</Box>
	);
}
