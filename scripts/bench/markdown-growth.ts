// How the cost of each Markdown construct grows with its size: renders a post
// made of one construct at n and 4n characters (median of 3, after a warm-up)
// and prints the ratio; a linear construct is about 4, and issue 48 asks ≤ 5.
// Usage: node --import tsx scripts/bench/markdown-growth.ts [--only NAME] [--size N]
import {parseArgs} from 'node:util';
import {renderMarkdown} from '../../source/render/markdown.js';
import {createTheme} from '../../source/theme/palette.js';
import {constructs} from './markdown-constructs.js';
import {median} from './median.js';

const {values} = parseArgs({
	options: {only: {type: 'string'}, skip: {type: 'string'}, size: {type: 'string'}, runs: {type: 'string'}},
});
const theme = createTheme(3);

function time(markdown: string, runs: number): number {
	const times: number[] = [];
	for (let run = 0; run < runs; run++) {
		const start = performance.now();
		renderMarkdown(markdown, {width: 80, theme, sourceLines: true});
		times.push(performance.now() - start);
	}
	return median(times);
}

renderMarkdown('# warm *up* `x` $a$ [^1]\n\n[^1]: n\n', {width: 80, theme});
const runs = Number(values.runs ?? 3);
for (const construct of constructs) {
	if (values.only !== undefined && !values.only.split(',').some(name => construct.name.includes(name))) continue;
	if (values.skip?.split(',').some(name => construct.name.includes(name))) continue;
	const n = Number(values.size ?? construct.n);
	renderMarkdown(construct.post(n), {width: 80, theme});
	const small = time(construct.post(n), runs);
	// A construct that is slow already at n is not tried at 4n (it could take minutes).
	const large = small > 4000 ? Number.NaN : time(construct.post(n * 4), runs);
	const ratio = large / small;
	console.log(
		`${construct.name.padEnd(30)} n=${String(n).padStart(7)}  ${small.toFixed(1).padStart(8)} ms  4n ${large.toFixed(1).padStart(9)} ms  ×${ratio.toFixed(1)}${ratio > 5 ? '  !' : ''}`,
	);
}
