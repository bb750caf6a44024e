import yaml from 'js-yaml';
import {parse as parseToml} from 'smol-toml';
import {isWhiteSpace} from '../../text/char-codes.js';
import {cleanLine} from '../../text/sanitize.js';
import {errorMessage} from '../../util/errors.js';
import {readPlainYaml} from './plain-yaml.js';

export type FrontMatter = {
	data: Record<string, unknown>;
	body: string;
	warnings: string[];
};

/** Front matter larger than this is not parsed (no real post needs it). */
export const MAX_FRONT_MATTER_BYTES = 64 * 1024;

const ALLOWED_LANGUAGES = new Set(['', 'yaml', 'yml', 'toml', 'json']);

// Front matter is data. gray-matter would `eval` `---js` blocks; every parser
// it may reach is replaced, and anything else is refused before it is called.
// (Front matter is now read as gray-matter read it, by frontMatterData below;
// these are the engines it named.)
function refuse(): never {
	throw new Error('refused');
}

// A non-object result is caught below.
// js-yaml's core schema keeps dates as the text written (no time-zone shift),
// and makes aliases shared references, so an alias bomb costs nothing to parse
// (the post model only ever reads a bounded part of any value).
export const engines = {
	yaml: (text: string) => yaml.load(text, {schema: yaml.CORE_SCHEMA, json: true}) as object,
	toml: (text: string) => parseToml(text),
	json: (text: string) => JSON.parse(text) as object,
	javascript: refuse,
	js: refuse,
	coffee: refuse,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A site's config file as data (Hugo's `hugo.toml`, `config.yaml`…), with the
 * parsers and rules front matter gets: never code, and undefined for anything
 * that does not read as a table of settings.
 */
export function parseConfig(text: string, format: 'toml' | 'yaml' | 'json'): Record<string, unknown> | undefined {
	if (text.length > MAX_FRONT_MATTER_BYTES * 4) return undefined;
	try {
		const data: unknown = engines[format](text);
		return isRecord(data) ? data : undefined;
	} catch {
		return undefined;
	}
}

function firstLine(message: string): string {
	// Parser messages quote the post's text, which may hold control characters.
	return cleanLine((message.split('\n')[0] ?? message).replace(/:$/, ''));
}

/** Hugo-style JSON front matter: the file starts with a JSON object. */
function splitJsonObject(text: string): {json: string; rest: string} | undefined {
	let depth = 0;
	let inString = false;
	for (let index = 0; index < text.length && index < MAX_FRONT_MATTER_BYTES; index++) {
		const char = text[index];
		if (inString) {
			if (char === '\\') index++;
			else if (char === '"') inString = false;
		} else if (char === '"') {
			inString = true;
		} else if (char === '{') {
			depth++;
		} else if (char === '}') {
			depth--;
			if (depth === 0) return {json: text.slice(0, index + 1), rest: text.slice(index + 1).replace(/^[ \t]*\n/, '')};
		}
	}

	return undefined;
}

// YAML may also end its front matter with `...` (the YAML document end marker).
const CLOSING = {'---': /\n(---|\.\.\.)[ \t]*(?:\n|$)/, '+++': /\n(\+\+\+)[ \t]*(?:\n|$)/};
/** A `---` line after the first: where refused or Hexo-style front matter ends. */
const DASHES_LINE = /\n---[ \t]*(?:\n|$)/;

/**
 * Where a post's front matter is and what kind it is, found without parsing
 * any of it: reading a post's body again (to render or search it) needs no
 * more than this.
 */
type Located =
	| {kind: 'none'; body: string}
	| {kind: 'unclosed'; body: string; delimiter: string}
	| {kind: 'refused'; body: string; language: string; front: string}
	| {kind: 'delimited'; body: string; front: string; delimiters: [string, string]; language: string; tooLarge: boolean}
	| {kind: 'json'; body: string; json: string};

function delimited(text: string, delimiter: '---' | '+++', language: string): Located {
	const match = CLOSING[delimiter].exec(text);
	if (!match) return {kind: 'unclosed', body: text, delimiter};
	const end = match.index + match[0].length;
	return {
		kind: 'delimited',
		body: text.slice(end),
		front: text.slice(0, end),
		delimiters: [delimiter, match[1] ?? delimiter],
		language,
		tooLarge: match.index > MAX_FRONT_MATTER_BYTES,
	};
}

/** The text without a byte order mark, its line ends made `\n` (a search for `\r` first: most files have none). */
/**
 * `draft: true`, `draft = true`, `"draft": true` or `const draft = true` in
 * front matter that is code (`---js`): the one field read from it, as text,
 * without running it (a draft must never be listed for want of running code).
 */
const LITERAL_DRAFT = /(?:^|[\s,{;(])(?:(?:const|let|var)\s+)?["']?draft["']?\s*[:=]\s*true\b/m;

function withNewlines(source: string): string {
	const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
	return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

function locate(source: string): Located {
	const text = withNewlines(source);

	if (text.startsWith('+++\n')) return delimited(text, '+++', 'toml');

	if (text.startsWith('---')) {
		const language = text
			.slice(3, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'))
			.trim()
			.toLowerCase();
		if (language.startsWith('-')) return {kind: 'none', body: text};
		if (!ALLOWED_LANGUAGES.has(language)) {
			const end = DASHES_LINE.exec(text);
			const opened = text.indexOf('\n') + 1;
			return {
				kind: 'refused',
				body: end ? text.slice(end.index + end[0].length) : text,
				language,
				front: end ? text.slice(opened, end.index) : '',
			};
		}

		return delimited(text, '---', language === '' ? 'yaml' : language);
	}

	// `{{< shortcode >}}` or `{% tag %}` at the top is body text, not JSON.
	if (/^\{\s*(?:"|\})/.test(text)) {
		const split = splitJsonObject(text);
		if (split) return {kind: 'json', body: split.rest, json: split.json};
	}

	// Hexo allows front matter without the opening `---`: key: value lines, then `---`.
	if (/^[A-Za-z_][\w-]*:(?:[ \t]|$)/.test(text)) {
		const end = DASHES_LINE.exec(text);
		const head = end ? text.slice(0, end.index) : '';
		const known = /^(?:title|date|tags|categories|layout|author):/m.test(head);
		if (
			end &&
			known &&
			end.index < MAX_FRONT_MATTER_BYTES &&
			head.split('\n').every(line => /^(?:[A-Za-z_][\w-]*:(?:[ \t]|$)|[ \t]+\S|-[ \t]|#|[ \t]*$)/.test(line))
		) {
			return delimited(`---\n${text}`, '---', 'yaml');
		}
	}

	return {kind: 'none', body: text};
}

/** A post's Markdown body, its front matter left out and not parsed. */
export function frontMatterBody(source: string): string {
	return locate(source).body;
}

/** How many lines of the file come before the body (the front matter's): body line 0 is the file's line this + 1. */
export function bodyStartLine(source: string): number {
	const text = withNewlines(source);
	const {body} = locate(source);
	if (!text.endsWith(body)) return 0;
	return text.slice(0, text.length - body.length).split('\n').length - 1;
}

/**
 * The text gray-matter hands its YAML parser: after the opening line (`---`, `---yaml`), up to the first
 * line that starts with the closing delimiter.
 */
function yamlText(front: string, [opening, closing]: [string, string]): string {
	const afterOpening = front.slice(opening.length);
	const firstLine = afterOpening.slice(0, afterOpening.indexOf('\n'));
	const text = firstLine.trim() === '' ? afterOpening : afterOpening.slice(firstLine.length);
	const end = text.indexOf(`\n${closing}`);
	return end === -1 ? text : text.slice(0, end);
}

/**
 * Whether front matter holds only white space and `# comment` lines: gray-matter's
 * `matter.replace(/^\s*#[^\n]+/gm, '').trim() === ''`, in one pass. That pattern's `^\s*` crosses line ends,
 * so from each line of a run of blank lines it read the rest of the run again: 8 KB of blank lines in front
 * matter took 0.3 s, 64 KB would take seconds. A comment is a `#` after white space from a line's start, with
 * at least one character before the next `\n`; it runs to that `\n`.
 */
export function onlyComments(matter: string): boolean {
	let at = 0;
	for (;;) {
		while (at < matter.length && isWhiteSpace(matter.charCodeAt(at))) at++;
		if (at === matter.length) return true;
		if (matter.charCodeAt(at) !== 0x23 || at + 1 === matter.length || matter.charCodeAt(at + 1) === 0x0a) return false;
		const end = matter.indexOf('\n', at + 1);
		if (end === -1) return true;
		at = end;
	}
}

/** gray-matter's names for its engines: `yml` is YAML, whatever its case. */
function engineFor(name: string): (text: string) => unknown {
	const lower = name.toLowerCase();
	const alias =
		lower === 'js' || lower === 'javascript'
			? 'javascript'
			: lower === 'coffee' || lower === 'coffeescript' || lower === 'cson'
				? 'coffee'
				: lower === 'yaml' || lower === 'yml'
					? 'yaml'
					: name;
	const key = Object.hasOwn(engines, name) ? name : Object.hasOwn(engines, alias) ? alias : undefined;
	if (key === undefined) throw new Error(`gray-matter engine "${name}" is not registered`);
	return engines[key as keyof typeof engines];
}

/**
 * The data of delimited front matter (`front`: its opening line to its closing one), read as gray-matter 4
 * read it when given these delimiters, the language and blogread's engines: the language named on the opening
 * line (`---yaml`) as written, else `language`; the text up to the first `\n` and closing delimiter; nothing
 * (`{}`) for only blank and comment lines; else what the engine makes of the text, `{}` for null. Read here,
 * not by gray-matter, for its comment pattern (onlyComments); test/blog/load/front-matter.test.ts holds the
 * two equal.
 */
export function frontMatterData(front: string, [opening, closing]: [string, string], language: string): unknown {
	if (!front.startsWith(opening) || front.charAt(opening.length) === opening.slice(-1)) return {};
	let text = front.slice(opening.length);
	const newline = text.indexOf('\n');
	const raw = text.slice(0, newline);
	const named = raw.trim();
	if (named !== '') text = text.slice(raw.length);
	const close = text.indexOf(`\n${closing}`);
	const matter = close === -1 ? text : text.slice(0, close);
	if (onlyComments(matter)) return {};
	const data = engineFor(named === '' ? language.toLowerCase() || 'yaml' : named)(matter);
	return data ?? {};
}

/**
 * Splits a post into its front matter (YAML `---`, TOML `+++` or a JSON
 * object) and its Markdown body. Never throws: problems become warnings.
 */
export function parseFrontMatter(source: string): FrontMatter {
	const found = locate(source);
	const {body} = found;
	const problem = (warning: string): FrontMatter => ({data: {}, body, warnings: [`front matter: ${warning}`]});
	switch (found.kind) {
		case 'none':
			return {data: {}, body, warnings: []};
		case 'unclosed':
			return problem(`no closing ${found.delimiter} line`);
		case 'refused': {
			const refused = problem(`language "${cleanLine(found.language)}" refused (only YAML, TOML and JSON are read)`);
			// Code is never run; a draft marked in it as a plain literal is still a draft.
			return LITERAL_DRAFT.test(found.front.slice(0, MAX_FRONT_MATTER_BYTES))
				? {...refused, data: {draft: true}}
				: refused;
		}
		case 'json': {
			try {
				const data: unknown = JSON.parse(found.json);
				return isRecord(data) ? {data, body, warnings: []} : problem('not a set of key: value fields');
			} catch (error) {
				return problem(firstLine(errorMessage(error)));
			}
		}

		case 'delimited': {
			if (found.tooLarge) return problem('larger than 64 KB, ignored');
			const plain = found.language === 'yaml' ? readPlainYaml(yamlText(found.front, found.delimiters)) : undefined;
			if (plain) return {data: plain, body, warnings: []};
			try {
				const data = frontMatterData(found.front, found.delimiters, found.language);
				return isRecord(data) ? {data: {...data}, body, warnings: []} : problem('not a set of key: value fields');
			} catch (error) {
				return problem(firstLine(errorMessage(error)));
			}
		}
	}
}
