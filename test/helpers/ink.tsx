import {after} from 'node:test';
import {render} from 'ink-testing-library';
import React from 'react';
import stripAnsi from 'strip-ansi';
import {App, type AppProps} from '../../source/ui/app.js';
import {loadRenderer} from '../../source/ui/page-cache.js';

export const keys = {
	up: '\u001B[A',
	down: '\u001B[B',
	left: '\u001B[D',
	right: '\u001B[C',
	pageUp: '\u001B[5~',
	pageDown: '\u001B[6~',
	home: '\u001B[H',
	end: '\u001B[F',
	enter: '\r',
	escape: '\u001B',
	backspace: '\u007F',
	tab: '\t',
} as const;

const tick = async (ms = 15) => new Promise(resolve => {
	setTimeout(resolve, ms);
});

/** The app on a fake terminal, with a way to press keys and read what a person would see. */
export async function renderApp(props: AppProps) {
	// As in a terminal after the first frame, the renderer is there when a key opens a post.
	await loadRenderer();
	const instance = render(<App {...props} />);
	await tick();
	const frame = () => stripAnsi(instance.lastFrame() ?? '');
	return {
		...instance,
		frame,
		/** Each argument is one keypress (or a chunk typed at once). */
		async press(...inputs: string[]) {
			for (const input of inputs) {
				instance.stdin.write(input);
				// eslint-disable-next-line no-await-in-loop
				await tick();
			}
		},
		/** Changes the fake terminal's size and tells the app, as a real resize would. */
		async resize(columns: number, rows: number) {
			Object.defineProperty(instance.stdout, 'columns', {value: columns, configurable: true});
			Object.defineProperty(instance.stdout, 'rows', {value: rows, configurable: true});
			instance.stdout.emit('resize');
			await tick(30);
		},
		async waitFor(predicate: (frame: string) => boolean, timeout = 1000) {
			const start = Date.now();
			while (!predicate(frame())) {
				if (Date.now() - start > timeout) throw new Error(`timed out; last frame:\n${frame()}`);
				// eslint-disable-next-line no-await-in-loop
				await tick(10);
			}
		},
	};
}

/** Renders apps for one test file, and unmounts them all when the file's tests end. */
export function appOpener(defaults?: AppProps) {
	const apps: Array<{unmount: () => void}> = [];
	after(() => {
		for (const app of apps) app.unmount();
	});
	return async (props: AppProps | undefined = defaults) => {
		if (!props) throw new Error('no app props');
		const app = await renderApp(props);
		apps.push(app);
		return app;
	};
}
