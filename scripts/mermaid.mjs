// beautiful-mermaid's text renderer, and its parser (diagrams are counted before they are laid
// out), bundled on their own and loaded the first time a post has a Mermaid diagram (scripts/bundle.mjs).

export {parseMermaid, renderMermaidASCII} from 'beautiful-mermaid';
