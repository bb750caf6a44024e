import {Box, useApp, useInput} from 'ink';
import React, {useEffect, useMemo, useReducer} from 'react';
import type {Blog} from '../posts/types.js';
import {listColumns} from '../render/list-row.js';
import {renderPostPage} from '../render/post-page.js';
import type {Theme} from '../theme.js';
import {EmptyState} from './empty-state.js';
import {HelpOverlay} from './help-overlay.js';
import {Lines} from './lines.js';
import {ListView} from './list-view.js';
import {initialState, reducer, type Layout} from './state.js';
import {StatusBar} from './status-bar.js';
import {useTerminalSize} from './use-terminal-size.js';
import {lineRange, positionLabel} from './viewport.js';

/** Reading is easier in a column than across a wide terminal. */
export const MAX_READING_WIDTH = 100;

export type AppProps = {
	blog: Blog;
	theme: Theme;
	/** Cap on the reading column (from --width). */
	maxWidth?: number;
	/** Posts in the folder before command-line filters; defaults to all shown. */
	total?: number;
	/** Start in the reader on the first post; leaving it quits. */
	openFirst?: boolean;
	/** Make links clickable (OSC 8). */
	hyperlinks?: boolean;
};

export function App({blog, theme, maxWidth = MAX_READING_WIDTH, total = blog.posts.length, openFirst = false, hyperlinks = false}: AppProps) {
	const {exit} = useApp();
	const {columns, rows} = useTerminalSize();
	const [state, dispatch] = useReducer(reducer, openFirst, initialState);

	// One row is left free: Ink clears and redraws the whole screen when its
	// output is as tall as the terminal, which flickers.
	const height = Math.max(2, rows - 1);
	const contentHeight = height - 1;
	const {posts} = blog;
	const post = posts[state.selected];
	const readerWidth = Math.max(10, Math.min(columns - 2, maxWidth));

	const columnsLayout = useMemo(() => listColumns(posts, columns - 2), [posts, columns]);
	const page = useMemo(
		() => (state.view === 'reader' && post ? renderPostPage(post, {width: readerWidth, theme, hyperlinks}) : undefined),
		[state.view, post, readerWidth, theme, hyperlinks],
	);

	const layout: Layout = {
		postCount: posts.length,
		listHeight: contentHeight,
		readerLines: page?.lines.length ?? 0,
		readerHeight: contentHeight,
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

	let content: React.ReactNode;
	let left: string;
	let right: string;
	if (state.showHelp) {
		content = <HelpOverlay view={state.view} width={columns} height={contentHeight} theme={theme} />;
		left = 'Help';
		right = 'any key closes';
	} else if (state.view === 'reader' && page && post) {
		const visible = page.lines.slice(state.readerTop, state.readerTop + contentHeight).map(line => ` ${line}`);
		content = <Lines lines={visible} height={contentHeight} />;
		left = post.title;
		right = `${lineRange(state.readerTop, page.lines.length, contentHeight)} ${positionLabel(state.readerTop, page.lines.length, contentHeight)} · ? help`;
	} else if (posts.length === 0) {
		content = <EmptyState root={blog.root} hiddenDrafts={blog.hiddenDrafts} width={columns} height={contentHeight} theme={theme} />;
		left = `${blog.root} · no posts`;
		right = '? help · q quit';
	} else {
		content = <ListView posts={posts} columns={columnsLayout} selected={state.selected} top={state.listTop} height={contentHeight} width={columns} theme={theme} />;
		const drafts = blog.hiddenDrafts > 0 ? ` · ${blog.hiddenDrafts} draft${blog.hiddenDrafts === 1 ? '' : 's'} hidden` : '';
		left = `${blog.root} · ${posts.length} of ${total} posts${drafts}`;
		right = `${positionLabel(state.listTop, posts.length, contentHeight)} · ? help`;
	}

	return (
		<Box flexDirection="column" height={height} width={columns}>
			{content}
			<StatusBar left={state.notice ?? left} right={right} width={columns} theme={theme} />
		</Box>
	);
}
