import assert from 'node:assert/strict';
import {existsSync, rmSync} from 'node:fs';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import matter from 'gray-matter';
import {
	engines,
	frontMatterBody,
	frontMatterData,
	MAX_FRONT_MATTER_BYTES,
	onlyComments,
	parseFrontMatter,
} from '../../../source/blog/load/front-matter.js';
import {normalisePost} from '../../../source/blog/model/normalise.js';

describe('parseFrontMatter', () => {
	const cases: Array<{name: string; source: string; data: Record<string, unknown>; body: string; warning?: RegExp}> = [
		{
			name: 'YAML',
			source: '---\ntitle: Hi\ntags: [a, b]\n---\nBody\n',
			data: {title: 'Hi', tags: ['a', 'b']},
			body: 'Body\n',
		},
		{
			name: 'YAML keeps dates as written',
			source: '---\ndate: 2025-07-15\n---\nx',
			data: {date: '2025-07-15'},
			body: 'x',
		},
		{name: 'YAML with ---yaml', source: '---yaml\ntitle: Hi\n---\nx', data: {title: 'Hi'}, body: 'x'},
		{
			name: 'TOML',
			source: '+++\ntitle = "Hi"\ntags = ["a"]\n+++\nBody',
			data: {title: 'Hi', tags: ['a']},
			body: 'Body',
		},
		{name: 'JSON object at the top', source: '{\n  "title": "Hi"\n}\n\nBody', data: {title: 'Hi'}, body: '\nBody'},
		{name: 'no front matter', source: '# Title\n\nBody', data: {}, body: '# Title\n\nBody'},
		{
			name: 'a shortcode at the top is body text',
			source: '{{< figure src="x" >}}\n',
			data: {},
			body: '{{< figure src="x" >}}\n',
		},
		{name: 'a thematic break is not front matter', source: '----\n\ntext', data: {}, body: '----\n\ntext'},
		{name: 'BOM and CRLF', source: '\uFEFF---\r\ntitle: Hi\r\n---\r\nBody\r\n', data: {title: 'Hi'}, body: 'Body\n'},
		{name: 'YAML closed with ...', source: '---\ntitle: Hi\n...\nBody', data: {title: 'Hi'}, body: 'Body'},
		{
			name: 'Hexo: no opening ---',
			source: 'title: Hi\ndate: 2024-01-02\ntags:\n- a\n---\nBody',
			data: {title: 'Hi', date: '2024-01-02', tags: ['a']},
			body: 'Body',
		},
		{
			name: 'a body that only looks like Hexo front matter',
			source: 'Update: fixed\n---\nMore',
			data: {},
			body: 'Update: fixed\n---\nMore',
		},
		{name: 'broken YAML', source: '---\ntitle: "open\n---\nBody', data: {}, body: 'Body', warning: /^front matter: /},
		{
			name: 'YAML that is not a mapping',
			source: '---\n- a\n- b\n---\nBody',
			data: {},
			body: 'Body',
			warning: /not a set of key/,
		},
		{
			name: 'unclosed block',
			source: '---\ntitle: Hi\nBody',
			data: {},
			body: '---\ntitle: Hi\nBody',
			warning: /no closing ---/,
		},
		{name: 'broken JSON', source: '{\n"title": oops}\nBody', data: {}, body: 'Body', warning: /^front matter: /},
	];

	for (const {name, source, data, body, warning} of cases) {
		it(name, () => {
			const parsed = parseFrontMatter(source);
			assert.deepEqual(parsed.data, data);
			assert.equal(parsed.body, body);
			assert.equal(frontMatterBody(source), body, 'the body is found the same way without parsing the front matter');
			if (warning) assert.match(parsed.warnings.join('\n'), warning);
			else assert.deepEqual(parsed.warnings, []);
		});
	}

	for (const language of [
		'js',
		'javascript',
		'JS',
		'JavaScript',
		'coffee',
		'cson',
		'python',
		'constructor',
		'__proto__',
	]) {
		it(`refuses ---${language} front matter without running it`, () => {
			const marker = `/tmp/blogread-test-${language}-${process.pid}`;
			const source = `---${language}\n{ title: require('fs').writeFileSync('${marker}', 'x') || 'ran' }\n---\nBody`;
			const parsed = parseFrontMatter(source);
			assert.deepEqual(parsed.data, {});
			assert.equal(parsed.body, 'Body');
			assert.equal(frontMatterBody(source), 'Body');
			assert.match(parsed.warnings[0] ?? '', /refused/);
			assert.equal(existsSync(marker), false);
			rmSync(marker, {force: true});
		});
	}

	// SECURITY.md promises it: a megabyte of front matter is never parsed (YAML's cost grows with it).
	it('reads front matter up to 64 KB, and ignores it past that with a warning', () => {
		const block = (bytes: number) => `---\ntitle: Big\nnote: "${'x'.repeat(bytes)}"\n---\n# From the body\n\nText.\n`;
		const under = parseFrontMatter(block(MAX_FRONT_MATTER_BYTES - 100));
		assert.equal(under.data['title'], 'Big');
		assert.deepEqual(under.warnings, []);
		const over = parseFrontMatter(block(MAX_FRONT_MATTER_BYTES + 100));
		assert.deepEqual(over.data, {});
		assert.match(over.warnings.join('; '), /larger than 64 KB, ignored/);
		const post = normalisePost({
			relativePath: 'big.md',
			absolutePath: '/big.md',
			data: over.data,
			body: over.body,
			warnings: over.warnings,
		});
		assert.equal(post.title, 'From the body');
		assert.ok(
			post.warnings.some(warning => /larger than 64 KB/.test(warning)),
			post.warnings.join('; '),
		);
	});

	// Code is never run; a draft marked in it as a literal is a draft all the same.
	it('reads only a literal draft flag from front matter that is code', () => {
		const cases: Array<[front: string, draft: boolean]> = [
			['const title = "x";\nconst draft = true;', true],
			['module.exports = { title: "x", draft: true }', true],
			['{"draft": true}', true],
			['let draft=true', true],
			['const draft = false;', false],
			['const notdraft = true;', false],
			['const title = "x";', false],
		];
		for (const [front, draft] of cases) {
			const parsed = parseFrontMatter(`---js\n${front}\n---\nBody\n`);
			assert.deepEqual(parsed.data, draft ? {draft: true} : {}, front);
			assert.match(parsed.warnings.join(' '), /language "js" refused/, front);
			assert.equal(parsed.body, 'Body\n');
		}
	});

	it('gives the same answer for the same broken post twice (no stale cache)', () => {
		const source = '---\ntitle: [unclosed\n---\nBody';
		const first = parseFrontMatter(source);
		const second = parseFrontMatter(source);
		assert.deepEqual(second, first);
		assert.equal(second.warnings.length, 1);
	});

	it('keeps a YAML alias bomb cheap: aliases are shared, and the post model reads a bounded part', () => {
		const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
		for (let level = 1; level < 10; level++) {
			const previous = String.fromCharCode(96 + level);
			const name = String.fromCharCode(97 + level);
			bomb.push(`${name}: &${name} [${Array.from({length: 9}, () => `*${previous}`).join(',')}]`);
		}

		const parsed = parseFrontMatter(`---\n${bomb.join('\n')}\ntags: *j\ntitle: *j\nauthor: *j\n---\nBody`);
		assert.deepEqual(parsed.warnings, []);
		const post = normalisePost({
			relativePath: 'bomb.md',
			absolutePath: '/bomb.md',
			data: parsed.data,
			body: parsed.body,
			warnings: [],
		});
		assert.deepEqual(post.tags, [], 'nested lists of lists are not tags');
		assert.equal(post.title, 'Bomb');
		assert.equal(post.author, null);
	});
});

describe('front matter read as gray-matter read it, without its comment pattern', () => {
	/** gray-matter's test for front matter with nothing in it, which read blank lines again from each one. */
	const emptyByPattern = (text: string) => text.replace(/^\s*#[^\n]+/gm, '').trim() === '';

	it('finds only blank and comment lines as gray-matter did', () => {
		const text = fc
			.array(fc.constantFrom(' ', '\t', '\n', '\r', '#', 'a', '\u2028', '\u00a0', '# a\n'), {maxLength: 14})
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(text, input => assert.equal(onlyComments(input), emptyByPattern(input), JSON.stringify(input))),
			{numRuns: 20_000},
		);
	});

	it('reads every front matter to the data gray-matter gave, or its error', () => {
		const opening = fc.constantFrom(
			'---',
			'---yaml',
			'---YML',
			'---  ',
			'--- yaml ',
			'---toml',
			'---Toml',
			'---json',
			'+++',
		);
		const line = fc.constantFrom(
			'',
			' ',
			'a: 1',
			'b: [x, y]',
			'# c',
			'  # note',
			'#',
			'c = 2',
			'{"d": 1}',
			'- x',
			'---x',
			'null',
			'"s"',
			'\t#x',
		);
		const front = fc.tuple(opening, fc.array(line, {maxLength: 6}), fc.boolean()).map(([open, lines, dots]) => {
			const delimiter = open === '+++' ? '+++' : '---';
			const closing = delimiter === '---' && dots ? '...' : delimiter;
			const named = open.slice(3).trim().toLowerCase();
			return {
				text: `${open}\n${lines.join('\n')}\n${closing}\n`,
				delimiters: [delimiter, closing] as [string, string],
				language: delimiter === '+++' ? 'toml' : named === '' ? 'yaml' : named,
			};
		});
		const outcome = (read: () => unknown) => {
			try {
				return {data: read()};
			} catch (error) {
				return {error: error instanceof Error ? error.message : String(error)};
			}
		};
		fc.assert(
			fc.property(front, ({text, delimiters, language}) => {
				const ours = outcome(() => frontMatterData(text, delimiters, language));
				const theirs = outcome(() => matter(text, {language, delimiters, engines}).data);
				assert.deepEqual(ours, theirs, JSON.stringify(text));
			}),
			{numRuns: 5000},
		);
	});

	it('reads front matter of 60 KB of blank lines, and a field after them', () => {
		const blanks = '\n'.repeat(60 * 1024);
		assert.deepEqual(parseFrontMatter(`---${blanks}---\nBody\n`), {data: {}, body: 'Body\n', warnings: []});
		assert.deepEqual(parseFrontMatter(`+++${blanks}+++\nBody\n`), {data: {}, body: 'Body\n', warnings: []});
		assert.deepEqual(parseFrontMatter(`---\ntitle: a${blanks}date: 2024-01-02\n---\nBody\n`), {
			data: {title: 'a', date: '2024-01-02'},
			body: 'Body\n',
			warnings: [],
		});
		assert.deepEqual(parseFrontMatter(`+++\ntitle = "a"${blanks}+++\nBody\n`), {
			data: {title: 'a'},
			body: 'Body\n',
			warnings: [],
		});
	});
});
