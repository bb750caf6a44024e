import {after} from 'node:test';
import {render} from 'ink-testing-library';
import stripAnsi from 'strip-ansi';
import type {RenderService} from '../../source/render/service/render-service.js';
import {App, type AppProps, type FrameReport} from '../../source/ui/app.js';
import {appRenders} from '../../source/ui/pages/app-renders.js';
import {PageCache} from '../../source/ui/pages/page-cache.js';

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

/** How long a frame may take to come on a loaded machine before a test gives up. */
const DEADLINE_MS = 15_000;

/**
 * The app on a fake terminal, with a way to press keys and read what a person
 * would see. Every wait is for a frame the app reports (FrameReport), with a
 * deadline: never a fixed pause.
 */
/** An app's props in a test: its own page cache unless the test shares one. */
export type TestAppProps = Omit<AppProps, 'pages'> & {pages?: PageCache};

/** One render service for a test file's apps, as a process has one: its renderer is started once. */
let renders: RenderService | undefined;
export function testRenders(): RenderService {
	renders ??= appRenders();
	return renders;
}

export async function renderApp({pages = new PageCache(testRenders()), ...props}: TestAppProps) {
	let report: FrameReport | undefined;
	let quitting = false;
	const wakers = new Set<() => void>();
	const onFrame = (next: FrameReport) => {
		report = next;
		for (const wake of wakers) wake();
	};

	const instance = render(<App {...props} pages={pages} onFrame={onFrame} />);
	const frame = () => stripAnsi(instance.lastFrame() ?? '');
	/** Waits for a frame whose report passes `check` (polling the frame too, for `waitFor`). */
	const until = async (check: (report: FrameReport) => boolean, what: string, timeout = DEADLINE_MS) => {
		const deadline = Date.now() + timeout;
		while (!(report && check(report))) {
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last frame:\n${frame()}`);
			await new Promise<void>(resolve => {
				const wake = () => {
					wakers.delete(wake);
					clearTimeout(poll);
					resolve();
				};

				const poll = setTimeout(wake, 20);
				wakers.add(wake);
			});
		}
	};

	await until(next => next.settled, 'the first frame');
	return {
		...instance,
		frame,
		/** Each argument is one keypress (or a chunk typed at once); each waits for the frame that answers it. */
		async press(...inputs: string[]) {
			for (const input of inputs) {
				if (quitting) {
					instance.stdin.write(input);
					continue;
				}

				const before = report?.inputs ?? 0;
				instance.stdin.write(input);
				await until(next => next.inputs > before && next.settled, `the frame answering ${JSON.stringify(input)}`);
				quitting = report?.quitting === true;
			}
		},
		/** Changes the fake terminal's size and tells the app, as a real resize would. */
		async resize(columns: number, rows: number) {
			Object.defineProperty(instance.stdout, 'columns', {value: columns, configurable: true});
			Object.defineProperty(instance.stdout, 'rows', {value: rows, configurable: true});
			instance.stdout.emit('resize');
			await until(
				next => next.columns === columns && next.rows === rows && next.settled,
				`a frame at ${columns}x${rows}`,
			);
		},
		/** For what comes later on its own (a large post rendered in the background): waits for a frame that shows it. */
		async waitFor(predicate: (frame: string) => boolean, timeout = DEADLINE_MS) {
			await until(() => predicate(frame()), 'a frame that passes the check', timeout);
		},
	};
}

/** Renders apps for one test file, and unmounts them all when the file's tests end. */
export function appOpener(defaults?: TestAppProps) {
	const apps: Array<{unmount: () => void}> = [];
	after(() => {
		for (const app of apps) app.unmount();
	});
	return async (props: TestAppProps | undefined = defaults) => {
		if (!props) throw new Error('no app props');
		const app = await renderApp(props);
		apps.push(app);
		return app;
	};
}
