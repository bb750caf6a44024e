// Times keystrokes in the app through ink-testing-library: the median ms
// between a keypress and the first frame that answers it (the app reports
// each frame it draws). scripts/bench.ts bundles it the way the bin is bundled
// and runs it, once over 10,000 posts with the large post and once over
// 100,000 posts without; it prints [name, ms] rows as JSON.
// Usage (bundled): node keystrokes.js <blog folder> [large post]
import {loadBlog} from '../../source/blog/load/load.js';
import {keystroke} from './app-keys.js';

const [folder = '', large] = process.argv.slice(2);
const blog = await loadBlog(folder, {drafts: false});
const posts = blog.posts.length.toLocaleString('en');
const tagCount = new Set(blog.posts.flatMap(post => post.tags.map(tag => tag.toLowerCase()))).size;
// A blog made with generate.mjs's topics has thousands of `topic-N` tags: typing `topic-42` narrows through
// them key by key, then `topic-7` widens it again to about a tenth of them. The shared set's twelve tags are
// narrowed as they always were, so the 10,000-post row stays comparable with its earlier runs.
const pickerKeys =
	tagCount > 1000
		? ['t', ...'topic-42', ' ', '\u007F', '\u007F', '7', ' ', '\t', '\r']
		: ['t', ...'go', ' ', '\u007F', '\u007F', 'r', ' ', '\t', '\r'];
const rows: Array<[string, number]> = [
	[
		`keystroke: j in the list (${posts} posts)`,
		await keystroke(
			blog,
			Array.from({length: 15}, () => 'j'),
		),
	],
	[`keystroke: typing a search (${posts} posts)`, await keystroke(blog, ['/', ...'kubelet'])],
	[
		`keystroke: the tag picker (${posts} posts, ${tagCount.toLocaleString('en')} tags)`,
		await keystroke(blog, pickerKeys),
	],
];
if (large) {
	rows.push(
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
	);
}

process.stdout.write(JSON.stringify(rows));
