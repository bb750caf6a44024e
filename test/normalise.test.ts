import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import fc from 'fast-check';
import {loadPostFile} from '../source/posts/load.js';
import {countWords, countWordsInUtf8, toCalendarDate, toTerms} from '../source/posts/normalise.js';
import {makePost} from './helpers/posts.js';

describe('toCalendarDate', () => {
	const cases: Array<[unknown, string | null]> = [
		['2025-07-15', '2025-07-15'],
		['2025-7-5', '2025-07-05'],
		['2025-07-15T23:30:00-08:00', '2025-07-15'],
		['2025-07-15 10:00', '2025-07-15'],
		['2025-02-30', null],
		['July 15, 2025', null],
		['', null],
		[20250715, null],
		[new Date(Date.UTC(2025, 6, 15)), '2025-07-15'],
	];
	for (const [input, expected] of cases) {
		it(`${String(input)} → ${String(expected)}`, () => {
			assert.equal(toCalendarDate(input), expected);
		});
	}
});

describe('toTerms', () => {
	const cases: Array<[unknown, string[]]> = [
		[
			['go', 'rust'],
			['go', 'rust'],
		],
		['go, rust , cli', ['go', 'rust', 'cli']],
		['go rust', ['go', 'rust']],
		[['Go', 'go', 'GO'], ['Go']],
		[
			[2024, 'x', null, {}],
			['2024', 'x'],
		],
		[[['nested', 'list']], ['nested', 'list']],
		[undefined, []],
		[['bad\u001B[31mtag'], ['bad^[[31mtag']],
	];
	for (const [input, expected] of cases) {
		it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
			assert.deepEqual(toTerms(input), expected);
		});
	}
});

describe('normalisePost', () => {
	const cases: Array<{
		name: string;
		data: Record<string, unknown>;
		body?: string;
		file?: string;
		expect: Partial<ReturnType<typeof makePost>>;
	}> = [
		{
			name: 'title from front matter',
			data: {title: 'Hello'},
			body: '# Other',
			expect: {title: 'Hello', titleFromHeading: false},
		},
		{
			name: 'title from the first # heading',
			data: {},
			body: '```\n# not this\n```\n\n# This one\n',
			expect: {title: 'This one', titleFromHeading: true},
		},
		{
			name: 'the title finder follows fences as the renderer does: a longer fence holds a shorter one',
			data: {},
			body: '````md\n```go\n# not this\n```\n# nor this\n````\n# This one\n',
			expect: {title: 'This one', titleFromHeading: true},
		},
		{name: 'a heading ending in # keeps it', data: {}, body: '# Learn C#\n', expect: {title: 'Learn C#'}},
		{name: 'a closing run of # is dropped', data: {}, body: '# Title ##\n', expect: {title: 'Title'}},
		{
			name: 'title from the file name',
			data: {},
			body: 'text',
			file: 'my_first-post.md',
			expect: {title: 'My first post', slug: 'my_first-post'},
		},
		{
			name: 'bundle: index.md is named after its folder',
			data: {},
			file: 'hello-world/index.md',
			expect: {slug: 'hello-world', title: 'Hello world'},
		},
		{
			name: 'Jekyll file name gives date and slug',
			data: {},
			file: '2023-05-09-notes.md',
			expect: {date: '2023-05-09', slug: 'notes', title: 'Notes'},
		},
		{
			name: 'front matter date wins over the file name',
			data: {date: '2020-01-02'},
			file: '2023-05-09-notes.md',
			expect: {date: '2020-01-02'},
		},
		{name: 'pubDate', data: {pubDate: '2024-01-31'}, expect: {date: '2024-01-31'}},
		{name: 'published as a date', data: {published: '2024-02-01'}, expect: {date: '2024-02-01', draft: false}},
		{name: 'published: false is a draft', data: {published: false}, expect: {draft: true, date: null}},
		{name: 'draft: true', data: {draft: true}, expect: {draft: true}},
		{
			name: 'category kept apart from tags',
			data: {category: 'Tech', tags: ['go']},
			expect: {categories: ['Tech'], tags: ['go']},
		},
		{name: 'excerpt falls back to summary', data: {summary: 'Short.'}, expect: {excerpt: 'Short.'}},
		{name: 'author as a list', data: {author: ['Ann', 'Bo']}, expect: {author: 'Ann, Bo'}},
		{
			name: 'control characters in the title are shown, not sent',
			data: {title: 'a\u001B]2;pwned\u0007b'},
			expect: {title: 'a^[]2;pwned^Gb'},
		},
		{
			name: 'missing everything',
			data: {},
			body: '',
			file: 'x.md',
			expect: {title: 'X', date: null, tags: [], author: null, excerpt: null, words: 0, readingMinutes: 1},
		},
	];
	for (const {name, data, body, file, expect} of cases) {
		it(name, () => {
			const post = makePost(data, body, file);
			for (const [key, value] of Object.entries(expect)) assert.deepEqual(post[key as keyof typeof post], value, key);
		});
	}

	it('warns about a date it cannot read', () => {
		assert.deepEqual(makePost({date: 'someday'}).warnings, ['date: "someday" is not a date']);
	});

	it('counts words and reading time', () => {
		assert.equal(countWords('one two  three\n\n- four ``` 5'), 5);
		assert.equal(makePost({}, 'word '.repeat(460)).readingMinutes, 2);
	});
});

describe('word counts from the file bytes', () => {
	const cases: Array<[string, number]> = [
		['one two  three\n\n- four ``` 5', 5],
		['', 0],
		['-- *** ``` ...', 0],
		['naïve café 日本語', 3],
		['no\u00A0break\u00A0space', 3],
		['tab\tand\rcarriage', 3],
		['a-b c_d e.f', 3],
		['\uFEFF hello', 2],
	];
	for (const [text, words] of cases) {
		it(`${JSON.stringify(text)} has ${words} words, counted either way`, () => {
			assert.equal(countWords(text), words);
			assert.equal(countWordsInUtf8(Buffer.from(text)), words);
		});
	}

	// The definition, written plainly: runs between spaces (controls, no-break space) with a letter,
	// digit or non-ASCII character.
	it('count as the definition does, on any text', () => {
		const byDefinition = (text: string) =>
			text.split(/[\u0000-\u0020\u00A0]+/).filter(run => /[\dA-Za-z\u0080-\uFFFF]/.test(run)).length;
		const text = fc
			.array(
				fc.constantFrom(
					'a',
					'1',
					' ',
					'\n',
					'\t',
					'-',
					'*',
					'é',
					'日',
					'🎉',
					'\u00A0',
					'\u00C2',
					'\u0100',
					'\r',
					'\u007F',
					'\u0000',
				),
				{maxLength: 40},
			)
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(text, input => {
				assert.equal(countWordsInUtf8(Buffer.from(input)), byDefinition(input));
				assert.equal(countWords(input), byDefinition(input));
			}),
			{numRuns: 2000, seed: 20_261_129},
		);
	});

	const folder = mkdtempSync(path.join(tmpdir(), 'blogread-words-'));
	after(() => {
		rmSync(folder, {recursive: true, force: true});
	});
	const files: Array<[string, string | Buffer, number]> = [
		['yaml.md', '---\ntitle: Front matter words are not counted\n---\none two three\n', 3],
		['toml.md', '+++\ntitle = "Not these"\n+++\nfour five\n', 2],
		['json.md', '{"title": "Nor these"}\nsix seven eight nine\n', 4],
		['hexo.md', 'title: Hexo words\ndate: 2024-01-01\n---\nten\n', 1],
		['bom.md', '\uFEFF---\ntitle: BOM\n---\n\u00A0one\u00A0two\n', 2],
		['crlf.md', '---\r\ntitle: CRLF\r\n---\r\nthree words here\r\n', 3],
		['plain.md', 'no front matter at all\n', 5],
		['latin1.md', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b]), 2],
		['utf16.md', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('one two', 'utf16le')]), 2],
	];
	for (const [name, content, words] of files) {
		it(`${name}: ${words} words in the body`, () => {
			const file = path.join(folder, name);
			writeFileSync(file, content);
			assert.equal(loadPostFile(file, name).words, words);
		});
	}
});
