// Times keys in the app through ink-testing-library: the median ms between a
// keypress and the first frame that answers it (the app reports each frame it
// draws). Shared by keystrokes.ts and search.ts, which the benchmark bundles
// the way the bin is bundled.
import {render} from 'ink-testing-library';
import React from 'react';
import type {Blog} from '../../source/blog/model/model.js';
import type {SearchBodies} from '../../source/blog/search/search.js';
import {createTheme} from '../../source/theme/palette.js';
import {App, type FrameReport} from '../../source/ui/app.js';
import {appRenders} from '../../source/ui/pages/app-renders.js';
import {PageCache} from '../../source/ui/pages/page-cache.js';
import {median} from './median.js';

/** The median time from each of `keys` to the frame that answers it; `bodies`: search text read already. */
export async function keystroke(blog: Blog, keys: string[], bodies?: SearchBodies): Promise<number> {
	let report: FrameReport | undefined;
	let answered: (() => void) | undefined;
	const onFrame = (next: FrameReport) => {
		report = next;
		answered?.();
	};

	const renders = appRenders();
	const app = render(
		React.createElement(App, {
			blog,
			theme: createTheme(1),
			onFrame,
			pages: new PageCache(renders),
			...(bodies ? {bodies} : {}),
		}),
	);
	/** Waits until the app has no work left from the last key (a search reading bodies, a page rendering). */
	const settle = async () => {
		while (!report?.settled) await new Promise(resolve => setTimeout(resolve, 5));
		// And a little more, so timers of the last key don't land in the next one's time.
		await new Promise(resolve => setTimeout(resolve, 30));
	};

	// The app starts its renderer right after its first frame; a person's first
	// key comes later than that, so the keys are timed once it is ready.
	await renders.ready();
	await settle();
	const times: number[] = [];
	for (const key of keys) {
		const before = report?.inputs ?? 0;
		const start = performance.now();
		await new Promise<void>(resolve => {
			answered = () => {
				if ((report?.inputs ?? 0) > before) resolve();
			};

			app.stdin.write(key);
		});
		times.push(performance.now() - start);
		answered = undefined;
		await settle();
	}

	app.unmount();
	renders.close();
	if (process.env['KEYS_DEBUG'])
		process.stderr.write(
			`${keys.map((key, index) => `${JSON.stringify(key)}:${times[index]?.toFixed(1)}`).join(' ')}\n`,
		);
	return median(times);
}
