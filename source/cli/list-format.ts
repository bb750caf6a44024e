// `--list` for scripts: one line per post, laid out by a template of `{field}`
// names (`--format '{date} {title}'`). Into a pipe, `--list` uses the
// tab-separated default, so `cut -f2` gives slugs and fzf shows whole lines.
import {type FieldName, jsonNames, type Post} from '../blog/model/model.js';
import {hasControls, showControls} from '../text/sanitize.js';
import {UserError} from '../util/errors.js';

/** The fields a layout may name: those of `--list --json`, in its order. */
export const FORMAT_FIELDS: readonly FieldName[] = jsonNames;

type Part = {text: string} | {field: FieldName};

/** A checked layout: literal text and fields, in order. */
export type ListFormat = {parts: Part[]};

const PLACEHOLDER = /\{(\w*)\}|\\([t\\])/g;
const byLowerName = new Map(FORMAT_FIELDS.map(name => [name.toLowerCase(), name]));

const usage = (message: string): never => {
	throw new UserError(message, 2);
};

/**
 * `{name}` (any case) is a field; `\t` a tab and `\\` a backslash, as typing a
 * tab in a shell is awkward; any other text, braces included, is kept as it is.
 */
export function parseListFormat(raw: string): ListFormat {
	const parts: Part[] = [];
	let text = '';
	let last = 0;
	for (const match of raw.matchAll(PLACEHOLDER)) {
		text += raw.slice(last, match.index);
		last = match.index + match[0].length;
		const [, name, escaped] = match;
		if (escaped !== undefined) {
			text += escaped === 't' ? '\t' : '\\';
			continue;
		}

		const field = byLowerName.get((name ?? '').toLowerCase());
		if (field === undefined) return usage(`--format: unknown field {${name}} (fields: ${FORMAT_FIELDS.join(', ')})`);
		parts.push({text}, {field});
		text = '';
	}

	parts.push({text: text + raw.slice(last)});
	if (!parts.some(part => 'field' in part)) {
		usage(`--format needs {field} names, as in --format '{date}\\t{slug}\\t{title}', got "${raw}"`);
	}

	return {parts: parts.filter(part => 'field' in part || part.text !== '')};
}

/** `--list` into a pipe: date, slug, title and tags, separated by tabs, never padded. */
export const TAB_SEPARATED: ListFormat = parseListFormat('{date}\\t{slug}\\t{title}\\t{tags}');

/**
 * One field as text that cannot break a line or a column: a missing value or
 * an empty list is `-` (shells' `read` and awk merge empty fields), lists are
 * joined by commas, and a tab, line break or other control in a value (a file
 * name may hold any) is shown as `^I`, `^J`… instead.
 */
export function fieldText(value: unknown): string {
	let text: string;
	if (value === null || value === undefined) text = '';
	else if (Array.isArray(value)) text = value.join(',');
	else text = String(value);
	if (text === '') return '-';
	if (!hasControls(text)) return text;
	return showControls(text.replace(/\t/g, '^I').replace(/\n/g, '^J'));
}

/** One line per post, as the layout says. */
export function formatLines(posts: readonly Post[], format: ListFormat): string {
	let out = '';
	for (const post of posts) {
		for (const part of format.parts) out += 'field' in part ? fieldText(post[part.field]) : part.text;
		out += '\n';
	}

	return out;
}
