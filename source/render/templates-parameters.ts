// Hugo's shortcode parameters, as its documentation describes them.

/** A shortcode's parameters: quoted (`"…"`, `` `…` ``, `'…'`) or bare, each `name=value` or positional. */
const PARAMETER = /(?:([\w-]+)\s*=\s*)?(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`|'([^']*)'|([^\s"`']+))/g;

export type Parameters = {named: Map<string, string>; positional: string[]};

/** Hugo's shortcode parameters, named and positional. */
export function shortcodeParameters(text: string): Parameters {
	const named = new Map<string, string>();
	const positional: string[] = [];
	for (const match of text.matchAll(PARAMETER)) {
		const value = match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? match[4] ?? match[5] ?? '';
		if (match[1] === undefined) positional.push(value);
		else named.set(match[1].toLowerCase(), value);
	}

	return {named, positional};
}
