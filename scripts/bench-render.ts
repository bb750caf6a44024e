// Times markdown → lines for the largest corpus post and the sample blog.
// Usage: npx tsx scripts/bench-render.ts [file.md ...]
import path from 'node:path';
import {readBody} from '../source/blog/load/body.js';
import {loadPostFile} from '../source/blog/load/read-post.js';
import {renderPostPage} from '../source/render/post-page.js';
import {createTheme} from '../source/theme/palette.js';
import {median} from './bench/median.js';

const files = process.argv.slice(2);
if (files.length === 0) files.push('test/fixtures/corpus/large-100kb.md', 'posts/2024/kubelet-pod-lifecycle.md');
const theme = createTheme(3);

for (const file of files) {
	const post = loadPostFile(path.resolve(file), path.basename(file));
	const {markdown} = readBody(post);
	renderPostPage(post, markdown, {width: 80, theme, hyperlinks: false});
	const row = [file, `${Math.round(Buffer.byteLength(markdown) / 1024)} KB`];
	for (const width of [40, 80, 120]) {
		const times: number[] = [];
		for (let run = 0; run < 7; run++) {
			const start = performance.now();
			renderPostPage(post, markdown, {width, theme, hyperlinks: false});
			times.push(performance.now() - start);
		}

		row.push(`${width} cols: ${median(times).toFixed(1)} ms`);
	}

	console.log(row.join('  '));
}
