import {useEffect, useState} from 'react';
import type {Post} from '../../blog/model/model.js';
import type {Theme} from '../../theme/palette.js';
import type {Drawings, PageCache} from '../pages/page-cache.js';
import {loadRenderer} from '../pages/renderer.js';
import type {ReaderPage} from '../state/model.js';

/**
 * The open post's page at `width`, rendered once per post and width (and
 * cached): at once for a small post, else its beginning while a worker thread
 * renders the rest, which redraws when ready. The renderer itself is loaded
 * (and warmed up) just after the first frame, which the list doesn't need it for.
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
	// Loaded (and warmed up) once: later calls find it loading or loaded.
	useEffect(() => {
		void loadRenderer({theme, width});
	}, [theme, width]);
	return post ? pages.readerPage(post, width, theme, hyperlinks, owner, drawings) : undefined;
}
