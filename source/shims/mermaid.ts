// The bundle's `beautiful-mermaid` for blogread's code: the diagram layout (about 300 KB to parse)
// serves only posts with a Mermaid diagram, required the first time one is drawn.
import type {parseMermaid as realParse, renderMermaidASCII as realRender} from 'beautiful-mermaid';
import {vendorModule} from './vendor.js';

const load = vendorModule<{renderMermaidASCII: typeof realRender; parseMermaid: typeof realParse}>('mermaid.cjs');

export function renderMermaidASCII(...args: Parameters<typeof realRender>): string {
	return load().renderMermaidASCII(...args);
}

export function parseMermaid(...args: Parameters<typeof realParse>): ReturnType<typeof realParse> {
	return load().parseMermaid(...args);
}
