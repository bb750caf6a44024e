import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {describe, it} from 'node:test';
// @ts-expect-error plain JavaScript shared with the build
import {highlightLanguageTable} from '../../scripts/highlight-languages.mjs';
import {lazyHighlight} from '../../source/render/lazy-highlight.js';

type Highlighter = {
	highlight: (code: string, options: {language: string; ignoreIllegals?: boolean}) => {value: string};
	getLanguage: (name: string) => object | undefined;
};

const require = createRequire(import.meta.url);
const full = require('highlight.js') as Highlighter;
const {names, aliases} = highlightLanguageTable() as {names: string[]; aliases: Record<string, string>};
const loaders = Object.fromEntries(
	names.map(name => [name, () => require(`highlight.js/lib/languages/${name}`) as () => unknown]),
);

/** A lazy highlighter on a core of its own (the full library registered everything into the shared one). */
function freshLazy() {
	delete require.cache[require.resolve('highlight.js/lib/core')];
	return lazyHighlight(require('highlight.js/lib/core') as Parameters<typeof lazyHighlight>[0], loaders, aliases);
}

const lazy = freshLazy();

// A bit of everything: keywords, strings, numbers, comments, markup with embedded script and style.
const sample = [
	'function main(x) { return "text" + 42; } // note',
	'<div class="a"><script>var y = 1;</script><style>p { color: red; }</style></div>',
	'# Heading with `code` and **bold**',
	'SELECT name FROM users WHERE id = 3;',
	'GET /index.html HTTP/1.1\nContent-Type: application/json\n\n{"key": [1, 2]}',
].join('\n');

describe('highlight.js with languages registered on first use', () => {
	it('knows every language and alias the full library knows, and no other', () => {
		for (const name of [...names, ...Object.keys(aliases), 'GoLang', 'nonsense-language']) {
			assert.equal(lazy.getLanguage(name) === undefined, full.getLanguage(name) === undefined, name);
		}
	});

	// Each on a fresh core, so a language embedded in another (CSS and JavaScript in HTML) is not there by luck.
	it('registers the languages a language embeds, with nothing loaded before', () => {
		const embedding = names.filter(name => /subLanguage/.test(String(loaders[name]?.())));
		assert.ok(embedding.length > 10 && embedding.includes('xml'));
		const differ = embedding.filter(
			name =>
				freshLazy().highlight(sample, {language: name, ignoreIllegals: true}).value !==
				full.highlight(sample, {language: name, ignoreIllegals: true}).value,
		);
		assert.deepEqual(differ, []);
	});

	it('highlights exactly as the full library, for every language and alias', () => {
		const differ = [...names, ...Object.keys(aliases)].filter(
			name =>
				lazy.highlight(sample, {language: name, ignoreIllegals: true}).value !==
				full.highlight(sample, {language: name, ignoreIllegals: true}).value,
		);
		assert.deepEqual(differ, []);
	});
});
