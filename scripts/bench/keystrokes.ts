// Times keystrokes in the app through ink-testing-library: the median ms
// between a keypress and the frame that answers it. scripts/bench.ts bundles
// it the way the bin is bundled and runs it; it prints [name, ms] rows as JSON.
// Usage (bundled): node keystrokes.js <blog folder> <large post>
import {render} from 'ink-testing-library';
import React from 'react';
import {loadBlog} from '../../source/posts/load.js';
import type {Blog} from '../../source/posts/model.js';
import {createTheme} from '../../source/theme.js';
import {App} from '../../source/ui/app.js';
import {median} from './median.js';

async function keystroke(blog: Blog, keys: string[]): Promise<number> {
	const app = render(React.createElement(App, {blog, theme: createTheme(1)}));
	// Longer than Ink's frame interval (30 fps), so each key is drawn at once, not held back a frame.
	const settle = async () => new Promise(resolve => {
		setTimeout(resolve, 60);
	});
	await settle();
	const times: number[] = [];
	for (const key of keys) {
		const before = app.lastFrame();
		const start = performance.now();
		app.stdin.write(key);
		// eslint-disable-next-line no-await-in-loop
		while (app.lastFrame() === before && performance.now() - start < 2000) await new Promise(resolve => setImmediate(resolve));
		times.push(performance.now() - start);
		// eslint-disable-next-line no-await-in-loop
		await settle();
	}

	app.unmount();
	if (process.env['KEYS_DEBUG']) process.stderr.write(`${keys.map((key, index) => `${JSON.stringify(key)}:${times[index]?.toFixed(1)}`).join(' ')}\n`);
	return median(times);
}

const [folder = '', large = ''] = process.argv.slice(2);
const blog = await loadBlog(folder, {drafts: false});
const rows: Array<[string, number]> = [
	['keystroke: j in the list (10,000 posts)', await keystroke(blog, Array.from({length: 15}, () => 'j'))],
	['keystroke: typing a search (10,000 posts)', await keystroke(blog, ['/', ...'kubelet'])],
	['keystroke: the tag picker (10,000 posts)', await keystroke(blog, ['t', ...'go', ' ', '\u007F', '\u007F', 'r', ' ', '\t', '\r'])],
	['keystroke: j in the reader (1 MB post)', await keystroke(await loadBlog(large, {drafts: false}), ['\r', ...Array.from({length: 15}, () => 'j')])],
	['keystroke: finding in the reader (1 MB post)', await keystroke(await loadBlog(large, {drafts: false}), ['\r', '/', ...'kubelet', '\r', 'n', 'n', 'N', ']', ']', '['])],
];
process.stdout.write(JSON.stringify(rows));
