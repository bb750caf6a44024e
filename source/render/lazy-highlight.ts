// highlight.js as cli-highlight uses it (highlight, getLanguage, listLanguages,
// highlightAuto), with each language registered on first use instead of all
// 190 at import, which held up the first code block shown.
// The bundle hands this to cli-highlight in place of highlight.js
// (scripts/bundle.mjs); test/render/lazy-highlight.test.ts checks it gives the same
// highlighting as the full library for every language and alias.

type LanguageDefinition = (hljs: never) => unknown;
type Core = {
	registerLanguage: (name: string, definition: LanguageDefinition) => void;
	getLanguage: (name: string) => object | undefined;
	highlight: (code: string, options: {language: string; ignoreIllegals?: boolean}) => {value: string};
	highlightAuto: (code: string, subset?: string[]) => {value: string};
};

/** Every language a mode embeds by name (`subLanguage`); '*' when it may be any language. */
function embeddedLanguages(definition: object): Set<string> {
	const found = new Set<string>();
	const seen = new Set<object>();
	const visit = (value: unknown): void => {
		if (Array.isArray(value)) {
			for (const item of value) visit(item);
			return;
		}

		if (typeof value !== 'object' || value === null || seen.has(value)) return;
		seen.add(value);
		const mode = value as {subLanguage?: string | string[]; contains?: unknown; variants?: unknown; starts?: unknown};
		if (typeof mode.subLanguage === 'string') found.add(mode.subLanguage);
		else if (Array.isArray(mode.subLanguage))
			for (const name of mode.subLanguage.length === 0 ? ['*'] : mode.subLanguage) found.add(name);
		visit(mode.contains);
		visit(mode.variants);
		visit(mode.starts);
	};

	visit(definition);
	return found;
}

/**
 * `languages`: each language's definition by name, loaded when called.
 * `aliases`: alias → language name, as the full library resolves them.
 */
export function lazyHighlight(
	core: Core,
	languages: Record<string, () => LanguageDefinition>,
	aliases: Record<string, string>,
) {
	/** Registers the language a name or alias means (and those it embeds); gives its name. */
	const ensure = (requested: string | undefined): string | undefined => {
		const key = (requested ?? '').toLowerCase();
		const name = Object.hasOwn(languages, key) ? key : aliases[key];
		const load = name === undefined ? undefined : languages[name];
		if (name === undefined || load === undefined || core.getLanguage(name)) return name;
		core.registerLanguage(name, load());
		for (const embedded of embeddedLanguages(core.getLanguage(name) ?? {})) {
			if (embedded === '*') ensureAll();
			else ensure(embedded);
		}

		return name;
	};

	const ensureAll = (): void => {
		for (const name of Object.keys(languages)) ensure(name);
	};

	return {
		// By the language's own name: which language an alias means must not depend on what was loaded first.
		highlight(code: string, options: {language: string; ignoreIllegals?: boolean}) {
			return core.highlight(code, {...options, language: ensure(options.language) ?? options.language});
		},
		highlightAuto(code: string, subset?: string[]) {
			ensureAll();
			return core.highlightAuto(code, subset);
		},
		getLanguage(name: string) {
			const resolved = ensure(name);
			return resolved === undefined ? undefined : core.getLanguage(resolved);
		},
		listLanguages: () => Object.keys(languages),
	};
}
