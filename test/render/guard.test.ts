import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import stripAnsi from 'strip-ansi';
import {
	guardLines,
	guardMarkdown,
	MAX_CONTAINERS_PER_LINE,
	MAX_DELIMITER_RUN,
	MAX_DELIMITERS_PER_PARAGRAPH,
	MAX_INDENT,
	MAX_LINE_LENGTH,
} from '../../source/render/guard.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';

describe('the input caps', () => {
	const cases: Array<[string, string, boolean]> = [
		['an ordinary post', '# Title\n\nSome *text* and `code`.\n\n> a quote\n', false],
		['quotes as deep as allowed', `${'> '.repeat(MAX_CONTAINERS_PER_LINE)}deep\n`, false],
		['one quote deeper', `${'>'.repeat(MAX_CONTAINERS_PER_LINE + 1)} deep\n`, true],
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
	const pieces = ['>', '> ', ' ', '\t', '*', '* ', '- ', '1. ', '_', '~', '`', '```', '[', '<', 'a', '\n', '\n\n'];
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

describe('a line longer than MAX_LINE_LENGTH, in pieces with nothing dropped', () => {
	const words = (count: number) => Array.from({length: count}, (_, at) => `word${at}`).join(' ');
	const plainText = (markdown: string) =>
		renderMarkdown(markdown, {width: 100, theme: createTheme(0)})
			.lines.join(' ')
			.split(/\s+/)
			.filter(Boolean);
	const cases: Array<[string, string]> = [
		['prose: split at spaces before letters', words(12_000)],
		['one word of 50,000 letters', 'x'.repeat(50_000)],
		[
			'punctuation where it is cut: escaped, not a list, a quote or a heading',
			`${'x'.repeat(MAX_LINE_LENGTH)}- > # ${'y'.repeat(10)}`,
		],
		['a surrogate pair where it is cut stays whole', `${'x'.repeat(MAX_LINE_LENGTH - 1)}😀${'z'.repeat(100)}`],
	];
	for (const [name, markdown] of cases) {
		it(name, () => {
			const guarded = guardMarkdown(markdown);
			assert.equal(guarded.capped, true);
			const lines = guarded.markdown.split('\n');
			assert.ok(lines.length > 1);
			for (const line of lines) assert.ok(line.length <= MAX_LINE_LENGTH + 1, `${line.length}`);
			// Every character is there, in order; only blanks and escapes added where a line ends.
			assert.equal(guarded.markdown.replaceAll(/[\s\\]/g, ''), markdown.replaceAll(/\s/g, ''));
			assert.ok(!guarded.markdown.includes('\uFFFD') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(guarded.markdown));
		});
	}

	it('prose reads the same, one paragraph with every word', () => {
		const markdown = words(12_000);
		assert.deepEqual(plainText(markdown), markdown.split(' '));
	});

	it('code in a fence is cut at the length, every character kept', () => {
		const line = 'ab '.repeat(10_000);
		const guarded = guardMarkdown(`\`\`\`\n${line}\n\`\`\``);
		assert.equal(guarded.markdown, `\`\`\`\n${line.slice(0, MAX_LINE_LENGTH)}\n${line.slice(MAX_LINE_LENGTH)}\n\`\`\``);
	});
});

// Containers opened on one line: marked recurses once a container, and `- ` × 1,500 on one
// line exhausted its stack (the app exited). Past 16 on a line the rest reads as text.
describe('containers opened on one line', () => {
	const theme = createTheme(1);
	const rendered = (markdown: string, width: number) => {
		const {lines, notice} = renderMarkdown(markdown, {width, theme});
		return {lines: lines.map(line => stripAnsi(line)), notice};
	};
	// The first line at 80 and at 40 columns: at 40, blocks left narrower than 16 columns are their text.
	const deep: Array<[string, string, string, string]> = [
		[
			'`- ` × 1,500 then text',
			`${'- '.repeat(1500)}x`,
			'• ◦ ▪ • ◦ ▪ • ◦ ▪ • ◦ ▪ • ◦ ▪ • - - - -',
			'• ◦ ▪ • ◦ ▪ • ◦ ▪ • ◦ ▪ • - - - - - - -',
		],
		[
			'`> - ` repeated',
			`${'> - '.repeat(800)}x`,
			'│ • │ ◦ │ ▪ │ • │ ◦ │ ▪ │ • │ ◦ > - > -',
			'│ • │ ◦ │ ▪ │ • │ ◦ │ ▪ │ - > - > - > -',
		],
		[
			'`- > ` repeated',
			`${'- > '.repeat(800)}x`,
			'• │ ◦ │ ▪ │ • │ ◦ │ ▪ │ • │ ◦ │ - > - >',
			'• │ ◦ │ ▪ │ • │ ◦ │ ▪ │ • > - > - > - >',
		],
		['`1. ` repeated', `${'1. '.repeat(1000)}x`, `${'1. '.repeat(27).trimEnd()}`, `${'1. '.repeat(13).trimEnd()}`],
		[
			'`* + ` repeated',
			`${'* + '.repeat(800)}x`,
			'• ◦ ▪ • ◦ ▪ • ◦ ▪ • ◦ ▪ • ◦ ▪ • * + * +',
			'• ◦ ▪ • ◦ ▪ • ◦ ▪ • ◦ ▪ • + * + * + * +',
		],
		['`> ` × 3,000', `${'> '.repeat(3000)}x`, `${'│ '.repeat(16)}> > > >`, `${'│ '.repeat(13)}> > > >`],
		['`>` × 3,000', `${'>'.repeat(3000)}x`, `${'│ '.repeat(16)}>>>>>>>`, `${'│ '.repeat(13)}>>>>>>>`],
		[
			'nine-digit items',
			`${'123456789. '.repeat(100)}x`,
			'123456789. 123456789. 123456789.',
			'123456789. 123456789. 123456789.',
		],
	];
	for (const [name, markdown, ...starts] of deep) {
		for (const [index, width] of [80, 40].entries()) {
			it(`${name}, ${width} columns: drawn some levels deep, the rest as text`, () => {
				const {lines, notice} = rendered(markdown, width);
				assert.ok(lines[0]?.startsWith(starts[index] ?? ''), lines[0]);
				assert.ok(lines.join(' ').trimEnd().endsWith('x'));
				assert.ok(!lines.join('').includes('\\'), 'no escape of the guard shows');
				for (const line of lines) assert.ok(displayWidth(line) <= width, line);
				assert.ok(notice);
			});
		}
	}

	const kept: Array<[string, string, string[]]> = [
		['a rule of 1,500 `- `', '- '.repeat(1500), ['─'.repeat(40)]],
		[
			'a rule of `* ` after 5 items',
			`${'- '.repeat(5)}${'* '.repeat(40)}`,
			['• ◦ ▪ • ◦ ──────────────────────────────'],
		],
		['task items (marked reads the rest as text)', `${'- [ ] '.repeat(3)}x`, ['• [ ] - [ ] - [ ] x']],
		['600 tight `*` items, 1,200 delimiters', '* *item*\n'.repeat(600), Array(600).fill('• item')],
		[
			'an item of `~` runs',
			`- ${'~ '.repeat(30)}`,
			[`• ${'~ '.repeat(19).trimEnd()}`, `  ${'~ '.repeat(11).trimEnd()}`],
		],
	];
	for (const [name, markdown, expected] of kept) {
		it(name, () => assert.deepEqual(rendered(markdown, 40).lines, expected));
	}
});
