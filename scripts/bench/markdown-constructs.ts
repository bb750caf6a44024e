// Posts of one Markdown construct each, at a given size: what
// scripts/bench/markdown-growth.ts measures growth on (issue 48).

const repeatTo = (unit: string, chars: number) => unit.repeat(Math.max(1, Math.floor(chars / unit.length)));
/** One paragraph of `unit` repeated, in lines of about 80 characters (a line is cut past 20,000: guard.ts). */
const paragraphOf = (unit: string, chars: number) => {
	const line = repeatTo(unit, 80);
	return repeatTo(`${line}\n`, chars);
};

/** Each construct as a post of about `chars` characters, and the n it is measured at. */
export const constructs: Array<{name: string; n: number; post: (chars: number) => string}> = [
	{name: 'maths-brackets-unclosed', n: 16_000, post: chars => repeatTo('\\[\n', chars)},
	{name: 'maths-dollars-lines', n: 16_000, post: chars => repeatTo('$$ x\n', chars)},
	{name: 'maths-parens-unclosed', n: 16_000, post: chars => paragraphOf('\\( a ', chars)},
	{name: 'maths-dollar-unclosed', n: 16_000, post: chars => paragraphOf('$a ', chars)},
	{name: 'maths-double-dollar-inline', n: 16_000, post: chars => `x ${paragraphOf('$$a ', chars)}`},
	{
		name: 'footnote-references',
		n: 16_000,
		post: chars => `${paragraphOf('a[^1] ', (chars * 2) / 3)}\n\n${repeatTo('[^1]: note [^1]\n', chars / 3)}`,
	},
	{
		name: 'footnotes-many',
		n: 100_000,
		post: chars => {
			const count = Math.floor(chars / 22);
			const refs = Array.from({length: count}, (_, index) => `x[^${index}]`).join(' ');
			return `${refs}\n\n${Array.from({length: count}, (_, index) => `[^${index}]: n`).join('\n')}`;
		},
	},
	{name: 'footnote-ref-unclosed', n: 16_000, post: chars => paragraphOf('[^', chars)},
	{name: 'footnote-ref-unclosed-words', n: 16_000, post: chars => paragraphOf('[^a ', chars)},
	{name: 'autolink-dots', n: 4_000, post: chars => `http://a${'.'.repeat(chars)}`},
	{name: 'autolink-repeated', n: 16_000, post: chars => paragraphOf('http://', chars)},
	{name: 'autolink-line', n: 4_000, post: chars => repeatTo('http://', chars)},
	{name: 'email-line', n: 4_000, post: chars => repeatTo('a@', chars)},
	{name: 'footnote-ref-unclosed-line', n: 4_000, post: chars => repeatTo('[^', chars)},
	{name: 'www-repeated', n: 16_000, post: chars => paragraphOf('www.', chars)},
	{name: 'email-repeated', n: 16_000, post: chars => paragraphOf('a@', chars)},
	{name: 'emphasis-spaces', n: 4_000, post: chars => `*a${' '.repeat(chars)}b*`},
	{name: 'emphasis-runs', n: 400, post: chars => repeatTo('*a ', chars)},
	{name: 'emphasis-closed', n: 16_000, post: chars => paragraphOf('*a* ', chars)},
	{name: 'code-spans', n: 16_000, post: chars => paragraphOf('`a` ', chars)},
	{name: 'backticks-unclosed', n: 16_000, post: chars => paragraphOf('`a ', chars)},
	{name: 'links-unclosed', n: 16_000, post: chars => paragraphOf('[a ', chars)},
	{name: 'links', n: 16_000, post: chars => paragraphOf('[a](b) ', chars)},
	{name: 'lines-and-headings', n: 16_000, post: chars => repeatTo('text\n# h\n', chars)},
	{name: 'setext-no-blank', n: 16_000, post: chars => repeatTo('a\n', chars)},
	{name: 'table-rows-no-blank', n: 16_000, post: chars => repeatTo('a|b\n', chars)},
	{name: 'table', n: 16_000, post: chars => `a|b\n-|-\n${repeatTo('c|d\n', chars)}`},
	{name: 'list-lazy-lines', n: 16_000, post: chars => `- a\n${repeatTo('b\n', chars)}`},
	{name: 'list-indented-lines', n: 16_000, post: chars => `- a\n${repeatTo('  b\n', chars)}`},
	{name: 'nested-list-lines', n: 16_000, post: chars => `- - a\n${repeatTo('    b\n', chars)}`},
	{name: 'quote-lines', n: 16_000, post: chars => repeatTo('> a\n', chars)},
	{name: 'emoji-colons', n: 16_000, post: chars => paragraphOf(':a', chars)},
	{name: 'entities', n: 16_000, post: chars => paragraphOf('&a', chars)},
	{name: 'html-unclosed', n: 16_000, post: chars => paragraphOf('<a ', chars)},
	{name: 'footnote-def-lines', n: 16_000, post: chars => `[^1]: a\n${repeatTo('b\n', chars)}\n\nx[^1]`},
];
