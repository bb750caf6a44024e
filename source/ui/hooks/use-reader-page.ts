import {useEffect, useState} from 'react';
import type {Post} from '../../blog/model/model.js';
import type {Theme} from '../../theme/palette.js';
import type {Drawings, PageCache} from '../pages/page-cache.js';
import type {ReaderPage} from '../state/model.js';

/**
 * The open post's page at `width`, rendered once per post and width (and
 * cached) by the render service, off this thread: undefined until it is ready
 * (a long post's beginning first), and the app redraws when it is.
 */
export function useReaderPage(
	post: Post | undefined,
	width: number,
	theme: Theme,
	hyperlinks: boolean,
	pages: PageCache,
	drawings: Drawings = {},
): ReaderPage | undefined {
	const [, setPagesReady] = useState(0);
	// This app, to the cache that other apps (blogread serve's) may share.
	const [owner] = useState(() => ({}));
	useEffect(() => {
		const stop = pages.onPageReady(() => {
			setPagesReady(count => count + 1);
		}, owner);
		return () => {
			stop();
			pages.stopBackgroundRenders(owner);
		};
	}, [owner, pages]);
	// After the first frame, which the list doesn't need a renderer for: one is started for the first post.
	useEffect(() => {
		pages.warm();
	}, [pages]);
	return post ? pages.readerPage(post, width, theme, hyperlinks, owner, drawings) : undefined;
}
