// beautiful-mermaid's text renderer, bundled on its own and loaded the first time a post
// has a Mermaid diagram (scripts/bundle.mjs).

export {renderMermaidASCII} from 'beautiful-mermaid';
