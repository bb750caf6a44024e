import {useCallback, useEffect, useMemo, useState} from 'react';
import {readBody} from '../../blog/load/body.js';
import type {Post} from '../../blog/model/model.js';
import {type GraphicsReplies, withReply} from '../../pictures/graphics.js';
import type {Drawing, Drawn, PictureStore} from '../../pictures/picture-store.js';
import {remoteAddresses} from '../../pictures/remote.js';
import type {PicturePlace} from '../../render/picture-block.js';

/**
 * The pictures of the open post as drawn so far: asking for one that is not starts drawing it
 * (only those on screen are asked for), and the app draws again when one is ready.
 */
export function usePictures(
	store: PictureStore | undefined,
	folder: string | undefined,
	drawing: Drawing,
): ((place: PicturePlace) => Drawn | undefined) | undefined {
	const [drawnCount, setDrawnCount] = useState(0);
	// This app, to a store that other apps (blogread serve's sessions) may share.
	const [owner] = useState(() => ({}));
	useEffect(
		() =>
			store?.onDrawn(() => {
				setDrawnCount(count => count + 1);
			}, owner),
		[store, owner],
	);
	// `cell` is the terminal's answer as it came (the same object until it answers again).
	const {level, ascii, protocol, cell, tmux} = drawing;
	// A new function when a picture is drawn: the view that reads it is drawn again.
	const drawnOf = useCallback(
		(place: PicturePlace) => {
			if (!store || folder === undefined || drawnCount < 0) return undefined;
			const graphics = {...(protocol ? {protocol} : {}), ...(cell ? {cell} : {}), ...(tmux ? {tmux} : {})};
			return store.drawnNow(place, folder, {level, ascii, ...graphics}, owner);
		},
		[store, folder, level, ascii, protocol, cell, tmux, drawnCount, owner],
	);
	return store ? drawnOf : undefined;
}

/**
 * What is known of the open post's pictures on the web (--remote-images: the store fetches them),
 * fetched once it is open; a new record each time more are known, for the page to be laid out again.
 */
export function useRemotePictures(store: PictureStore | undefined, post: Post | undefined) {
	const remote = store?.fetched;
	const [tried, setTried] = useState(0);
	useEffect(() => {
		if (!remote || !post) return;
		let open = true;
		const body = readBody(post);
		if (body.problem !== null) return;
		void remote.fetchAll(remoteAddresses(body.markdown, post.cover)).then(fetched => {
			if (fetched && open) setTried(remote.tried);
		});
		return () => {
			open = false;
		};
	}, [remote, post]);
	return useMemo(() => (remote && tried >= 0 ? remote.known() : undefined), [remote, tried]);
}

/** What the terminal has answered to the graphics query (run.tsx asks it), and the key reader's hook for replies. */
export function useGraphicsReplies(): [GraphicsReplies, (sequence: string) => void] {
	const [replies, setReplies] = useState<GraphicsReplies>({});
	const onReply = useCallback((sequence: string) => {
		setReplies(known => withReply(known, sequence));
	}, []);
	return [replies, onReply];
}
