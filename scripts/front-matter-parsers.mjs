// The front matter parsers, bundled on their own and loaded the first time a
// post is read from its file: a start that takes every post from the index
// never parses them (scripts/bundle.mjs).

export {default as matter} from 'gray-matter';
export {default as yaml} from 'js-yaml';
export {parse as parseToml} from 'smol-toml';
