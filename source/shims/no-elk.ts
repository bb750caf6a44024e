// Taken for elkjs inside beautiful-mermaid's vendor file (scripts/bundle.mjs): elkjs lays out the
// library's SVG output, and blogread draws diagrams as text only, which lays out without it.
export default class ElkNotShipped {
	constructor() {
		throw new Error('blogread draws Mermaid diagrams as text only');
	}
}
