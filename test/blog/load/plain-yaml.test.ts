import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import yaml from 'js-yaml';
import {parseFrontMatter} from '../../../source/blog/load/front-matter.js';
import {readPlainYaml} from '../../../source/blog/load/plain-yaml.js';
import {SAMPLE_BLOG} from '../../helpers/paths.js';

/** What blogread's YAML engine makes of the text: the authority readPlainYaml must agree with. */
const jsYaml = (text: string): unknown => yaml.load(text, {schema: yaml.CORE_SCHEMA, json: true});

/** readPlainYaml's reading, which must be js-yaml's whenever there is one. */
function assertAgrees(text: string): void {
	const plain = readPlainYaml(text);
	if (plain === undefined) return;
	let expected: unknown;
	assert.doesNotThrow(
		() => {
			expected = jsYaml(text);
		},
		`js-yaml refuses what was read: ${JSON.stringify(text)}`,
	);
	assert.deepStrictEqual(plain, expected, JSON.stringify(text));
}

describe('readPlainYaml', () => {
	// Read here: each the same as js-yaml's reading.
	const read: Array<[string, string, Record<string, unknown>]> = [
		[
			'quoted title, date, flow tags',
			'\ntitle: "Post 1"\ndate: 2015-01-01\ntags: [go, shell]',
			{title: 'Post 1', date: '2015-01-01', tags: ['go', 'shell']},
		],
		['plain text with inner punctuation', "title: It's C# [v2], a:b\n", {title: "It's C# [v2], a:b"}],
		['single quotes keep # and colons', "title: 'a: b # c'", {title: 'a: b # c'}],
		[
			"the core schema's words",
			'a: true\nb: False\nc: ~\nd: NULL\ne: yes\nf: no',
			{a: true, b: false, c: null, d: null, e: 'yes', f: 'no'},
		],
		['whole numbers', 'weight: 10\nzero: 0', {weight: 10, zero: 0}],
		[
			'times stay text',
			'date: 2024-03-01T10:20:30+02:00\nupdated: 2024-03-01 10:20',
			{date: '2024-03-01T10:20:30+02:00', updated: '2024-03-01 10:20'},
		],
		['a block sequence, indented', 'tags:\n  - a\n  - "b c"\n  - 3\ntitle: x', {tags: ['a', 'b c', 3], title: 'x'}],
		['a block sequence at the left edge', 'tags:\n- a\n- b', {tags: ['a', 'b']}],
		['an empty value is null', 'summary:\ntitle: x', {summary: null, title: 'x'}],
		['empty flow sequence', 'tags: []', {tags: []}],
		[
			'comments and blank lines',
			'# note\n\ntitle: x   \n  # indented note\ntags:\n  # before\n  - a\n\n  - b',
			{title: 'x', tags: ['a', 'b']},
		],
		['a later key wins', 'title: a\ntitle: b', {title: 'b'}],
		[
			'paths and text past ASCII',
			'cover: /img/a.png\ntitle: Über\nname: 日本語',
			{cover: '/img/a.png', title: 'Über', name: '日本語'},
		],
		['a no-break space is text, not space', 'title: \u00a0x\u00a0', {title: '\u00a0x\u00a0'}],
		// Linear in the run of spaces: a pattern trimming them had taken over a second on this one.
		['a long run of spaces inside a value', `title: a${' '.repeat(60_000)}b   `, {title: `a${' '.repeat(60_000)}b`}],
	];
	for (const [name, text, expected] of read) {
		it(`reads ${name}`, () => {
			assert.deepStrictEqual(readPlainYaml(text), expected);
			assert.deepStrictEqual(jsYaml(text), expected, 'js-yaml reads it the same');
		});
	}

	// Left to js-yaml.
	const left: Array<[string, string]> = [
		['a nested mapping', 'cover:\n  image: a.png'],
		['a plain value on two lines', 'title: a\n  b'],
		['a block scalar', 'summary: |\n  text'],
		['an escape', 'title: "a\\tb"'],
		['an anchor', 'a: &x 1'],
		['an alias', 'b: *x'],
		['a tag', 'a: !!str 1'],
		['a comment after a value', 'title: a # note'],
		['a colon and space in a value', 'title: a: b'],
		['a flow mapping', 'a: {b: c}'],
		['a nested flow sequence', 'a: [b, [c]]'],
		['an empty flow item', 'a: [b, , c]'],
		['a quoted item holding a comma', 'a: ["b, c"]'],
		['numbers it is not sure of', 'a: 007'],
		['a float', 'a: 1.5'],
		['a negative number', 'a: -5'],
		['a huge number', 'a: 12345678901234567890'],
		['a key js-yaml renames', 'True: x'],
		['a key made a number', '_1: x'],
		['the prototype key', '__proto__: x'],
		['a quoted key', '"title": x'],
		['a tab', 'title:\tx'],
		['a control character', 'title: a\u0007'],
		// Given up on at once: the key line's pattern had retried from every space before it (2 s at 40,000).
		['a line separator after a long run of spaces', `title:${' '.repeat(40_000)}x\u2028`],
		['items at two indents', 'tags:\n  - a\n - b'],
		['a document end marker', 'title: a\n...'],
		['a directive', '%YAML 1.2\ntitle: a'],
		['a scalar document', 'just text'],
		['nothing but comments', '# a\n# b'],
	];
	for (const [name, text] of left) {
		it(`leaves ${name} to js-yaml`, () => assert.equal(readPlainYaml(text), undefined));
	}

	// Pieces of front matter: most read here, some not (to make sure each is left alone, or read right).
	const readableKey = fc.constantFrom('title', 'date', 'tags', 'draft', 'a-b', 'x1', 'y', 'Tags');
	const otherKey = fc.constantFrom('True', 'null', 'nULL', '_1', '__proto__', 'é', 'a b', '1', '"t"');
	const readableScalar = fc.constantFrom(
		'Hello',
		'Hello World',
		'"quoted: with # marks"',
		"'single, [brackets]'",
		'""',
		"''",
		'2015-01-01',
		'2015-01-01 10:00:00 +02:00',
		'2015-13-45T99:99',
		'0',
		'123',
		'999999999999999',
		'~',
		'null',
		'NULL',
		'true',
		'TRUE',
		'tRUE',
		'yes',
		'\u00a0x',
		'x\u00a0',
		'\u3000x',
		'é',
		'日本',
		'/path',
		'(x)',
		"It's",
		'a\u0085b',
	);
	/** Read here in a block, not in a flow sequence, where `,[]{}:#` are its own. */
	const blockScalar = fc.oneof(readableScalar, fc.constantFrom('a,b', 'x [y] {z}', 'a#c', 'a:b', 'C#'));
	const otherScalar = fc.oneof(
		fc.constantFrom(
			'"a\\"b"',
			"'it''s'",
			'"a',
			'00',
			'007',
			'-5',
			'+5',
			'1e3',
			'.5',
			'.inf',
			'1_000',
			'0x1F',
			'0o17',
			'12345678901234567890',
			'a # c',
			'a: b',
			'a:',
			'_1',
			'@x',
			'`x`',
			'%x',
			'&x a',
			'*x',
			'!x',
			'|',
			'>',
			'?',
			'? x',
			'-',
			'- x',
			'a\tb',
			'a\u2028b',
			'\ud800',
			'[x]',
		),
		fc.string({
			unit: fc.constantFrom('a', ' ', ':', '#', '-', ',', '[', ']', '"', "'", '1', '.', '\u00a0', '\\'),
			maxLength: 8,
		}),
	);
	/** Documents of these pieces, with an odd one `odd` times in a hundred. */
	const documents = (odd: number) => {
		const pick = <T>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
			odd === 0 ? usual : fc.oneof({arbitrary: usual, weight: 100 - odd}, {arbitrary: other, weight: odd});
		const scalar = pick(blockScalar, otherScalar);
		// Commas and colons in a flow sequence's items (quoted or not) are left to js-yaml.
		const flowScalar = readableScalar.filter(text => !/[,:]/.test(text));
		const flow = fc.array(pick(flowScalar, otherScalar), {maxLength: 4}).map(items => `[${items.join(', ')}]`);
		const value = fc.oneof(scalar, flow, fc.constant(''));
		const key = fc.tuple(
			pick(readableKey, otherKey),
			pick(fc.constantFrom(': ', ':  '), fc.constantFrom(':', ' :', ':\t')),
		);
		const pair = fc
			.tuple(key, value, fc.constantFrom('', ' ', '  '))
			.map(([[name, colon], text, end]) => `${name}${colon}${text}${end}`);
		const item = fc
			.tuple(pick(fc.constant('- '), fc.constantFrom('-', '-  ', '- - ')), scalar)
			.map(parts => parts.join(''));
		const sequence = fc
			.tuple(
				key,
				fc.constantFrom('', '  ', '    '),
				fc.array(fc.tuple(pick(fc.constant(''), fc.constantFrom(' ', '   ')), item), {minLength: 1, maxLength: 3}),
			)
			.map(([[name, colon], indent, items]) =>
				[`${name}${colon.trimEnd()}`, ...items.map(([shift, text]) => `${indent}${shift}${text}`)].join('\n'),
			);
		const line = fc.oneof(
			{arbitrary: pair, weight: 6},
			{arbitrary: sequence, weight: 3},
			{
				arbitrary: pick(
					fc.constantFrom('', '  ', '# comment', '  # note'),
					fc.constantFrom('...', '---x', '  more text', 'text', '- x'),
				),
				weight: 1,
			},
		);
		return fc.array(line, {minLength: 1, maxLength: 8}).map(lines => `\n${lines.join('\n')}`);
	};

	for (const [odd, atLeast] of [
		[0, 0.95],
		[3, 0.2],
		[20, 0.01],
	] as const) {
		it(`agrees with js-yaml on random front matter, ${odd} odd pieces in a hundred`, () => {
			let readHere = 0;
			const runs = 10_000;
			fc.assert(
				fc.property(documents(odd), text => {
					assertAgrees(text);
					if (readPlainYaml(text) !== undefined) readHere++;
				}),
				{numRuns: runs},
			);
			// A reader that gives up on everything would agree with anything: these must be read here.
			assert.ok(readHere >= runs * atLeast, `${readHere} of ${runs} read here`);
		});
	}

	it('reads the front matter of every post of the sample blog, as js-yaml does', () => {
		const files = readdirSync(SAMPLE_BLOG, {recursive: true, encoding: 'utf8'}).filter(file => file.endsWith('.md'));
		let readPlainly = 0;
		for (const file of files) {
			const text = readFileSync(path.join(SAMPLE_BLOG, file), 'utf8');
			if (!text.startsWith('---\n')) continue;
			const front = text.slice(3, text.indexOf('\n---', 3));
			assertAgrees(front);
			if (readPlainYaml(front) !== undefined) readPlainly++;
		}

		assert.ok(readPlainly >= files.length / 2, `${readPlainly} of ${files.length} posts read without js-yaml`);
	});
});

describe('parseFrontMatter with plain YAML', () => {
	// The text between the lines is gray-matter's: from after the opening line to the first line that
	// starts with the closing one.
	const cases: Array<[string, Record<string, unknown>]> = [
		['---\ntitle: x\n---\nbody', {title: 'x'}],
		['--- \ntitle: x\n---\nbody', {title: 'x'}],
		['---yaml\ntitle: x\n---\nbody', {title: 'x'}],
		['---\ntitle: x\n...\nbody', {title: 'x'}],
		['---\ntitle: x\n---more\nauthor: y\n---\nbody', {title: 'x'}],
		['---\ntags:\n- a\n---\n', {tags: ['a']}],
	];
	for (const [source, data] of cases) {
		it(JSON.stringify(source), () => {
			const parsed = parseFrontMatter(source);
			assert.deepStrictEqual(parsed.data, data);
			assert.deepEqual(parsed.warnings, []);
		});
	}
});
