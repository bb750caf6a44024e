// cli-highlight reads highlight.js's HTML with parse5 (190 KB of the renderer's
// bundle, 15 ms to load at each --print of a post with code) into htmlparser2's
// tree shape, and colours that tree. highlight.js writes only `<span class="…">`,
// `</span>` and text with its five characters escaped, so this reads exactly
// that into the same shape. The bundle hands it to cli-highlight in parse5's
// place (scripts/bundle.mjs); test/render/highlight-html.test.ts checks it gives the
// tree parse5 gives for every language.

export type HighlightNode =
	| {type: 'text'; data: string}
	| {type: 'tag'; name: 'span'; attribs: {class: string}; childNodes: HighlightNode[]};

const PIECE = /<span class="([^"]*)">|<\/span>|[^<]+|</g;
const ESCAPED = /&(?:amp|lt|gt|quot|#x27);/g;
const CHARACTERS: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'"};

/** highlight.js's HTML → nodes as parse5's fragment parser, with htmlparser2's tree adapter, gives them. */
export function parseFragment(html: string): {childNodes: HighlightNode[]} {
	const root: {childNodes: HighlightNode[]} = {childNodes: []};
	const open = [root];
	for (const [piece, className] of html.matchAll(PIECE)) {
		const parent = open.at(-1) ?? root;
		if (className !== undefined) {
			const span: HighlightNode = {type: 'tag', name: 'span', attribs: {class: className}, childNodes: []};
			parent.childNodes.push(span);
			open.push(span);
		} else if (piece === '</span>') {
			if (open.length > 1) open.pop();
		} else {
			parent.childNodes.push({type: 'text', data: piece.replace(ESCAPED, entity => CHARACTERS[entity] ?? entity)});
		}
	}

	return root;
}
