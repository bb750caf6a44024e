import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {describe, it} from 'node:test';
import {type HighlightNode, parseFragment} from '../../source/render/highlight-html.js';

type Highlighter = {
	highlight: (code: string, options: {language: string; ignoreIllegals?: boolean}) => {value: string};
	listLanguages: () => string[];
};
type Parse5Node = {
	type: string;
	data?: string;
	name?: string;
	attribs?: Record<string, string>;
	childNodes?: Parse5Node[];
};
type Parse5 = {parseFragment: (html: string, options: {treeAdapter: unknown}) => {childNodes: Parse5Node[]}};

const require = createRequire(import.meta.url);
const hljs = require('highlight.js') as Highlighter;
// What cli-highlight reads highlight.js's HTML with, outside the bundle.
const parse5 = require('parse5') as Parse5;
const treeAdapter = require('parse5-htmlparser2-tree-adapter') as unknown;

/** A parse5 node with only what cli-highlight reads of it (the adapter's nodes also link to their parents). */
function shape(node: Parse5Node): HighlightNode {
	if (node.type === 'text') return {type: 'text', data: node.data ?? ''};
	return {
		type: 'tag',
		name: 'span',
		attribs: {class: node.attribs?.['class'] ?? ''},
		childNodes: (node.childNodes ?? []).map(shape),
	};
}

// Keywords, strings with both quotes, an ampersand, angle brackets, markup with embedded script and style, wide text.
const sample = [
	'function main(x) { return "text" + \'c\' + 42 && a < b > c; } // note: 日本語 & co',
	'<div class="a">&amp;<script>var y = 1;</script><style>p { color: red; }</style></div>',
	'# Heading with `code` and **bold**',
	"SELECT name FROM users WHERE id = 3 AND name <> 'x';",
	'',
	'  indented\tand tabbed',
].join('\n');

describe("reading highlight.js's HTML", () => {
	const cases: Array<[string, string, HighlightNode[]]> = [
		['plain text', 'a b', [{type: 'text', data: 'a b'}]],
		['escaped characters', '&lt;a&gt; &amp; &quot;b&quot; &#x27;c&#x27;', [{type: 'text', data: `<a> & "b" 'c'`}]],
		[
			'nested spans',
			'<span class="hljs-a">x<span class="hljs-b">y</span></span>z',
			[
				{
					type: 'tag',
					name: 'span',
					attribs: {class: 'hljs-a'},
					childNodes: [
						{type: 'text', data: 'x'},
						{type: 'tag', name: 'span', attribs: {class: 'hljs-b'}, childNodes: [{type: 'text', data: 'y'}]},
					],
				},
				{type: 'text', data: 'z'},
			],
		],
	];
	for (const [name, html, nodes] of cases) {
		it(name, () => {
			assert.deepEqual(parseFragment(html).childNodes, nodes);
		});
	}

	it('gives the tree parse5 gives, for every language', () => {
		const differ = hljs.listLanguages().filter(language => {
			const html = hljs.highlight(sample, {language, ignoreIllegals: true}).value;
			const expected = parse5.parseFragment(html, {treeAdapter}).childNodes.map(shape);
			return JSON.stringify(parseFragment(html).childNodes) !== JSON.stringify(expected);
		});
		assert.deepEqual(differ, []);
	});
});
