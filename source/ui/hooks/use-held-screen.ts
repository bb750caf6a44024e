import {useEffect, useRef, useState} from 'react';
import type {ScreenView} from '../screens/view.js';

/**
 * How long the screen before a post stays up while its page is on its way:
 * most pages come well within it, and the reader's "Rendering…" placeholder
 * would only flash between the list and the post.
 */
export const HOLD_MS = 150;

type Held = {view: ScreenView; columns: number; rows: number};

/**
 * What is drawn while a page is awaited: the last screen drawn before the wait, for HOLD_MS at the
 * same size, then the view as it is (the placeholder). Call it on every render, before any early return.
 */
export function useHeldScreen(waiting: boolean): (view: ScreenView, columns: number, rows: number) => ScreenView {
	const last = useRef<Held | undefined>(undefined);
	const [expired, setExpired] = useState(false);
	useEffect(() => {
		if (!waiting) {
			setExpired(false);
			return;
		}

		const timer = setTimeout(() => setExpired(true), HOLD_MS);
		return () => clearTimeout(timer);
	}, [waiting]);
	return (view, columns, rows) => {
		const held = last.current;
		if (!waiting) last.current = {view, columns, rows};
		else if (!expired && held && held.columns === columns && held.rows === rows) return held.view;
		return view;
	};
}
