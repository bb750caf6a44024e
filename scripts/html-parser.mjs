// The HTML parser and the HTML5 entity table, bundled on their own and loaded
// the first time a post has raw HTML or a named character reference (scripts/bundle.mjs).

export {decodeHTMLStrict} from 'entities';
export {Parser} from 'htmlparser2';
