// The bundle's `beautiful-mermaid` for blogread's code: the diagram layout (about 300 KB to parse)
// serves only posts with a Mermaid diagram, required the first time one is drawn.
import type {renderMermaidASCII as realRender} from 'beautiful-mermaid';
import {vendorModule} from './vendor.js';

const load = vendorModule<{renderMermaidASCII: typeof realRender}>('mermaid.cjs');

export function renderMermaidASCII(...args: Parameters<typeof realRender>): string {
	return load().renderMermaidASCII(...args);
}
