// Times keystrokes in the app through ink-testing-library: the median ms
// between a keypress and the first frame that answers it (the app reports
// each frame it draws). scripts/bench.ts bundles it the way the bin is bundled
// and runs it; it prints [name, ms] rows as JSON.
// Usage (bundled): node keystrokes.js <blog folder> <large post>
import {loadBlog} from '../../source/posts/load.js';
import {keystroke} from './app-keys.js';

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
