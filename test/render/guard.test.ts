import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {
	guardLines,
	guardMarkdown,
	MAX_DELIMITER_RUN,
	MAX_DELIMITERS_PER_PARAGRAPH,
	MAX_INDENT,
	MAX_LINE_LENGTH,
	MAX_QUOTE_DEPTH,
} from '../../source/render/guard.js';

describe('the input caps', () => {
	const cases: Array<[string, string, boolean]> = [
		['an ordinary post', '# Title\n\nSome *text* and `code`.\n\n> a quote\n', false],
		['quotes as deep as allowed', `${'> '.repeat(MAX_QUOTE_DEPTH)}deep\n`, false],
		['one quote deeper', `${'>'.repeat(MAX_QUOTE_DEPTH + 1)} deep\n`, true],
		['indentation as deep as allowed', `${'\t'.repeat(MAX_INDENT / 4)}- item\n`, false],
		['one column deeper', `${' '.repeat(MAX_INDENT + 1)}- item\n`, true],
		['the longest delimiter run kept', `${'*'.repeat(MAX_DELIMITER_RUN)}\n`, false],
		['one longer', `${'_'.repeat(MAX_DELIMITER_RUN + 1)}\n`, true],
		['as many delimiters as a paragraph may have', '*a* '.repeat(MAX_DELIMITERS_PER_PARAGRAPH / 2), false],
		['one more', `${'*a* '.repeat(MAX_DELIMITERS_PER_PARAGRAPH / 2)}_`, true],
		['many delimiters, spread over paragraphs', '*a*\n\n'.repeat(MAX_DELIMITERS_PER_PARAGRAPH), false],
		['the longest line kept', 'x'.repeat(MAX_LINE_LENGTH), false],
		['one longer, at the end', `a\n${'x'.repeat(MAX_LINE_LENGTH + 1)}`, true],
		['deep lines inside a fence are code', `\`\`\`\n${'>'.repeat(40)}\n\`\`\`\n`, false],
	];
	for (const [name, markdown, capped] of cases) {
		it(name, () => {
			const guarded = guardMarkdown(markdown);
			assert.equal(guarded.capped, capped);
			if (!capped) assert.equal(guarded.markdown, markdown);
			assert.deepEqual(guarded, guardLines(markdown));
		});
	}

	// The whole-text checks only skip the line-by-line pass; around the limits both must agree.
	const pieces = ['>', '> ', ' ', '\t', '*', '_', '~', '`', '```', '[', '<', 'a', '\n', '\n\n'];
	const runs = fc
		.tuple(fc.constantFrom(...pieces), fc.integer({min: 1, max: 40}))
		.map(([piece, count]) => piece.repeat(count));
	it('give what going line by line gives', () => {
		fc.assert(
			fc.property(fc.array(runs, {maxLength: 40}), parts => {
				const markdown = parts.join('');
				assert.deepEqual(guardMarkdown(markdown), guardLines(markdown));
			}),
			{numRuns: 2000, seed: 20_261_201},
		);
	});
});
