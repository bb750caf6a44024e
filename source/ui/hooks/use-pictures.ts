import {useCallback, useEffect, useState} from 'react';
import type {Drawing, Drawn, PictureStore} from '../../pictures/picture-store.js';
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
	const {level, ascii} = drawing;
	// A new function when a picture is drawn: the view that reads it is drawn again.
	const drawnOf = useCallback(
		(place: PicturePlace) =>
			store && folder !== undefined && drawnCount >= 0
				? store.drawnNow(place, folder, {level, ascii}, owner)
				: undefined,
		[store, folder, level, ascii, drawnCount, owner],
	);
	return store ? drawnOf : undefined;
}
