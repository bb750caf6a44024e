// The bundle's parse5-htmlparser2-tree-adapter for cli-highlight
// (scripts/bundle.mjs): cli-highlight reads highlight.js's HTML with
// render/highlight-html.ts instead of parse5, which needs no tree adapter.
export default {};
