import {useEffect, useMemo, useState} from 'react';
import type {Post} from '../../blog/model/model.js';
import {SearchBodies, type SearchText} from '../../blog/search/search.js';

/** Reading done per turn of the event loop: short, so a key typed meanwhile is answered within a frame. */
const SLICE_MS = 4;

/**
 * What searches can see. While a search is open or kept (`active`), the posts'
 * bodies are read a slice at a time, so the first letter typed never waits
 * for all of them; the text is handed on once they are all read.
 */
export function useSearchText(posts: Post[], active: boolean, given?: SearchBodies): SearchText {
	const bodies = useMemo(() => given ?? new SearchBodies(), [given]);
	const [text, setText] = useState(() => bodies.view(posts));
	useEffect(() => {
		const current = bodies.view(posts);
		setText(current);
		if (!active || current.complete) return;
		let next: NodeJS.Immediate | undefined;
		const slice = () => {
			if (bodies.prepare(posts, SLICE_MS)) {
				next = undefined;
				setText(bodies.view(posts));
			} else {
				next = setImmediate(slice);
			}
		};

		next = setImmediate(slice);
		return () => {
			if (next) clearImmediate(next);
		};
	}, [bodies, posts, active]);
	return text;
}
