// highlight.js's languages and aliases as the full library resolves them, for
// the lazily registering stand-in (source/render/lazy-highlight.ts): used by
// the build and by its test.
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** `names`: every language (its file is highlight.js/lib/languages/<name>); `aliases`: alias → name. */
export function highlightLanguageTable() {
	const hljs = require('highlight.js');
	const names = hljs.listLanguages();
	const owner = new Map(names.map(name => [hljs.getLanguage(name), name]));
	const aliases = {};
	for (const name of names) {
		for (const alias of hljs.getLanguage(name).aliases ?? []) {
			const key = alias.toLowerCase();
			const resolved = owner.get(hljs.getLanguage(key));
			if (resolved && !names.includes(key)) aliases[key] = resolved;
		}
	}

	return {names, aliases};
}
