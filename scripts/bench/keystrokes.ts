// Times keystrokes in the app through ink-testing-library: the median ms
// between a keypress and the first frame that answers it (the app reports
// each frame it draws). scripts/bench.ts bundles it the way the bin is bundled
// and runs it; it prints [name, ms] rows as JSON.
// Usage (bundled): node keystrokes.js <blog folder> <large post>
import {render} from 'ink-testing-library';
import React from 'react';
import {loadBlog} from '../../source/posts/load.js';
import type {Blog} from '../../source/posts/model.js';
import {createTheme} from '../../source/theme/palette.js';
import {App, type FrameReport} from '../../source/ui/app.js';
import {median} from './median.js';

async function keystroke(blog: Blog, keys: string[]): Promise<number> {
	let report: FrameReport | undefined;
	let answered: (() => void) | undefined;
	const onFrame = (next: FrameReport) => {
		report = next;
		answered?.();
	};

	const app = render(React.createElement(App, {blog, theme: createTheme(1), onFrame}));
	/** Waits until the app has no work left from the last key (a search reading bodies, a page rendering). */
	const settle = async () => {
		while (!report?.settled) await new Promise(resolve => setTimeout(resolve, 5));
		// And a little more, so timers of the last key don't land in the next one's time.
		await new Promise(resolve => setTimeout(resolve, 30));
	};

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
	if (process.env['KEYS_DEBUG'])
		process.stderr.write(
			`${keys.map((key, index) => `${JSON.stringify(key)}:${times[index]?.toFixed(1)}`).join(' ')}\n`,
		);
	return median(times);
}

const [folder = '', large = ''] = process.argv.slice(2);
const blog = await loadBlog(folder, {drafts: false});
const rows: Array<[string, number]> = [
	[
		'keystroke: j in the list (10,000 posts)',
		await keystroke(
			blog,
			Array.from({length: 15}, () => 'j'),
		),
	],
	['keystroke: typing a search (10,000 posts)', await keystroke(blog, ['/', ...'kubelet'])],
	[
		'keystroke: the tag picker (10,000 posts)',
		await keystroke(blog, ['t', ...'go', ' ', '\u007F', '\u007F', 'r', ' ', '\t', '\r']),
	],
	[
		'keystroke: j in the reader (1 MB post)',
		await keystroke(await loadBlog(large, {drafts: false}), ['\r', ...Array.from({length: 15}, () => 'j')]),
	],
	[
		'keystroke: finding in the reader (1 MB post)',
		await keystroke(await loadBlog(large, {drafts: false}), [
			'\r',
			'/',
			...'kubelet',
			'\r',
			'n',
			'n',
			'N',
			']',
			']',
			'[',
		]),
	],
];
process.stdout.write(JSON.stringify(rows));
