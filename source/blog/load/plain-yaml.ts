// Most front matter is a few plain `key: value` lines: a title in quotes, a date, a list of tags.
// Through gray-matter, js-yaml reads 10,000 such blocks in some 105 ms (js-yaml alone in 55); this
// reads them in 35–40, and a blog of nothing else never loads the parsers' file at all (6 ms of a
// start that reads a post from its file, as --print does). It reads only shapes whose meaning
// under js-yaml's core schema is plain, and gives up on anything else (nesting, anchors, block
// scalars, escapes, comments after a value, a number it is not sure of…), which js-yaml then
// reads as before: the result is always js-yaml's. test/blog/load/plain-yaml.test.ts holds the
// two equal over random documents.

type Scalar = string | number | boolean | null;
type Value = Scalar | Scalar[];

/**
 * Not read here: what is not printable or holds a tab (js-yaml refuses it, or reads it in its own ways), and
 * U+2028 and U+2029, which `.` does not match: the line patterns below would retry from every space before one.
 */
const UNREADABLE = /[\t\uFEFF\u2028\u2029\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]/;
/** A key line: a plain name at the left edge, a colon, then nothing or a space and the value. */
const KEY_LINE = /^([A-Za-z][\w-]*):(?: +(.*))?$/;
/** Keys js-yaml would read as something else and then name differently (`True:` is the key "true"). */
const RENAMED_KEYS = new Set(['true', 'false', 'null']);
/** A block sequence's item: its indent and its value. */
const ITEM_LINE = /^( *)- +(.*)$/;
const DOUBLE_QUOTED = /^"([^"\\]*)" *$/;
const SINGLE_QUOTED = /^'([^']*)' *$/;
/** A date or time as written (no number under the core schema reads it): kept as its text. */
const DATE_TEXT = /^\d{4}-\d\d-\d\d(?:[Tt ]\d\d?:\d\d(?::\d\d(?:\.\d+)?)?(?: ?(?:Z|[+-]\d\d?(?::?\d\d)?))?)?$/;
/** A whole number js-yaml reads exactly as this does (no sign, no leading zero, no `_`, within 2^53). */
const WHOLE_NUMBER = /^(?:0|[1-9]\d{0,14})$/;
const WORDS: ReadonlyMap<string, null | boolean> = new Map([
	['~', null],
	['null', null],
	['Null', null],
	['NULL', null],
	['true', true],
	['True', true],
	['TRUE', true],
	['false', false],
	['False', false],
	['FALSE', false],
]);

/**
 * Spaces trimmed, and only spaces: YAML's white space here (tabs are not read at all); trim() takes U+00A0 too.
 * A loop, not `/ +$/`: that pattern tries again from every space of a long run that ends before the text
 * does, and 60,000 spaces inside a value took it over a second.
 */
function trimSpaces(text: string): string {
	let start = 0;
	let end = text.length;
	while (start < end && text.charCodeAt(start) === 0x20) start++;
	while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
	return text.slice(start, end);
}

/** Marks a value this reader does not read. */
const GIVE_UP = Symbol('give up');
type Read = Value | typeof GIVE_UP;

/** A scalar without quotes, as the core schema resolves it; in a flow sequence `[…]` its indicators end it. */
function plainScalar(text: string, inFlow: boolean): Scalar | typeof GIVE_UP {
	const word = WORDS.get(text);
	if (word !== undefined) return word;
	if (text.includes(': ') || text.includes(' #') || text.endsWith(':')) return GIVE_UP;
	if (inFlow && /[[\]{},:#]/.test(text)) return GIVE_UP;
	const first = text.charCodeAt(0);
	// A letter first (or `/`, `(`, anything past ASCII): never a number, a null or a boolean under the core schema,
	// nor an indicator (an anchor, a tag, a block scalar, a nested collection, a sign), which are js-yaml's to read.
	if ((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7a) return text;
	if (first >= 0xa0 || first === 0x2f || first === 0x28) return text;
	if (WHOLE_NUMBER.test(text)) return Number(text);
	if (DATE_TEXT.test(text)) return text;
	return GIVE_UP;
}

/** One scalar: quoted (no escapes, on one line) or plain; nothing may follow a closing quote but spaces. */
function scalar(text: string, inFlow: boolean): Scalar | typeof GIVE_UP {
	const first = text[0];
	if (first === '"') return DOUBLE_QUOTED.exec(text)?.[1] ?? GIVE_UP;
	if (first === "'") return SINGLE_QUOTED.exec(text)?.[1] ?? GIVE_UP;
	return text === '' ? GIVE_UP : plainScalar(text, inFlow);
}

/** `[a, "b", 3]` on one line. */
function flowSequence(text: string): Read {
	const inner = /^\[(.*)\] *$/.exec(text)?.[1];
	if (inner === undefined) return GIVE_UP;
	if (trimSpaces(inner) === '') return [];
	const items: Scalar[] = [];
	for (const part of inner.split(',')) {
		const item = scalar(trimSpaces(part), true);
		if (item === GIVE_UP) return GIVE_UP;
		items.push(item);
	}

	return items;
}

function value(text: string): Read {
	return text.startsWith('[') ? flowSequence(text) : scalar(text, false);
}

const isBlankOrComment = (line: string): boolean => /^ *(?:#|$)/.test(line);

/**
 * The front matter gray-matter would hand js-yaml (the text between the `---` lines) as js-yaml
 * reads it with the core schema and `json: true`, when it is only `key: value` lines, one-line
 * flow sequences and block sequences of scalars; undefined for anything else.
 */
export function readPlainYaml(text: string): Record<string, unknown> | undefined {
	if (UNREADABLE.test(text) || !text.isWellFormed()) return undefined;
	const lines = text.split('\n');
	const data: Record<string, unknown> = {};
	let keys = 0;
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index] ?? '';
		if (isBlankOrComment(line)) continue;
		const key = KEY_LINE.exec(line);
		const name = key?.[1];
		if (name === undefined || (name.length <= 5 && RENAMED_KEYS.has(name.toLowerCase()))) return undefined;
		const written = trimSpaces(key?.[2] ?? '');
		if (written !== '') {
			const read = value(written);
			if (read === GIVE_UP) return undefined;
			data[name] = read;
			keys++;
			continue;
		}

		// Nothing after the colon: a block sequence follows, or the value is null.
		const items: Scalar[] = [];
		let indent: string | undefined;
		while (index + 1 < lines.length) {
			const next = lines[index + 1] ?? '';
			if (isBlankOrComment(next)) {
				index++;
				continue;
			}

			const item = ITEM_LINE.exec(next);
			// Not an item: the next key (anything else, such as a nested mapping, is given up on as the next line).
			if (!item) break;

			if (indent !== undefined && item[1] !== indent) return undefined;
			indent = item[1];
			const read = scalar(trimSpaces(item[2] ?? ''), false);
			if (read === GIVE_UP) return undefined;
			items.push(read);
			index++;
		}

		data[name] = indent === undefined ? null : items;
		keys++;
	}

	return keys === 0 ? undefined : data;
}
