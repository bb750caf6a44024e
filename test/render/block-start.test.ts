import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {startBeforeBlankLine} from '../../source/render/block-start.js';
import {createInlineRenderer} from '../../source/render/inline.js';
import {createTheme} from '../../source/theme/palette.js';

describe('startBeforeBlankLine', () => {
	const cases: Array<[name: string, source: string, expected: number | undefined]> = [
		['at the start', '$$\nx\n$$', 0],
		['on a later line of the paragraph', 'some words\n$$\nx\n$$', 11],
		['after a blank line', 'some words\n\n$$\nx\n$$', undefined],
		['after a line of spaces', 'some words\n  \t\n$$\nx\n$$', undefined],
		['not at a line start', 'costs $$5', undefined],
		['nowhere', 'some words', undefined],
	];
	for (const [name, source, expected] of cases) {
		it(name, () => assert.equal(startBeforeBlankLine(source, /^\$\$/m), expected));
	}
});

// marked asks every block extension where its block could start at each paragraph, with the
// whole rest of the post: one that looked past the paragraph made a 4 MB post take 94 s.
describe('the block extensions look no further than the paragraph', () => {
	const starts = createInlineRenderer(createTheme(0)).marked.defaults.extensions?.startBlock ?? [];
	const blocks = [
		'$$\nx = 1\n$$',
		'\\[\nx = 1\n\\]',
		'{{< comment >}}\nhidden\n{{< /comment >}}',
		'{{< highlight go >}}\nx\n{{< /highlight >}}',
		'{% highlight ruby %}\nx\n{% endhighlight %}',
	];
	it('has block extensions to ask', () => assert.ok(starts.length >= 3, `${starts.length} start functions`));
	for (const block of blocks) {
		const firstLine = block.split('\n')[0];
		it(`finds ${firstLine} inside the paragraph`, () => {
			const found = starts.map(start => start.call({lexer: undefined as never}, `a line\n${block}`));
			assert.ok(found.includes(7), `starts gave ${found.join(', ')}`);
		});
		it(`does not look for ${firstLine} past a blank line`, () => {
			const found = starts.map(start => start.call({lexer: undefined as never}, `a line\n\n${block}`));
			assert.deepEqual(
				found.filter(index => typeof index === 'number'),
				[],
			);
		});
	}
});
