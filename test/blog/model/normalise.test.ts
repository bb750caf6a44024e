import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import fc from 'fast-check';
import type {TermStrings} from '../../../source/blog/load/layout.js';
import {loadPostFile} from '../../../source/blog/load/read-post.js';
import {excerptBefore, headingText, toTerms, withoutLinks, withoutTags} from '../../../source/blog/model/normalise.js';
import {countWords, countWordsInUtf8} from '../../../source/blog/model/reading-time.js';
import {makePost} from '../../helpers/posts.js';

describe('toTerms: a string read by each generator’s rule', () => {
	const cases: Array<[value: string, strings: TermStrings, terms: string[]]> = [
		['second tag', 'whole', ['second tag']],
		['a, b', 'whole', ['a, b']],
		['go rust', 'words', ['go', 'rust']],
		['go, rust cli', 'words', ['go', 'rust cli']],
		['go rust', 'commas', ['go rust']],
		['go, rust', 'commas', ['go', 'rust']],
	];
	for (const [value, strings, terms] of cases) {
		it(`${JSON.stringify(value)}, ${strings} → ${JSON.stringify(terms)}`, () => {
			assert.deepEqual(toTerms(value, strings), terms);
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
		['machine learning', ['machine learning']],
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
		{
			name: 'a fence line with an info string inside an open fence is code: its # line is no title',
			data: {},
			body: 'Intro.\n\n```md\nSome Markdown:\n```go\n# Inside\n```\n\n# After the fence\n',
			expect: {title: 'After the fence', titleFromHeading: true},
		},
		{
			name: 'a # comment in a Hugo highlight block (any spacing) is no title',
			data: {},
			body: '{{< highlight bash >}}\n# install it\nmake\n{{< / highlight >}}\n\n# Real title\n',
			expect: {title: 'Real title', titleFromHeading: true},
		},
		{
			name: 'a # comment in a Liquid highlight or Hexo codeblock is no title',
			data: {},
			body:
				'{% highlight ruby %}\n# comment\n{% endhighlight %}\n' +
				'{% codeblock lang:sh %}\n# also\n{% endcodeblock %}\n',
			file: 'shell-notes.md',
			expect: {title: 'Shell notes', titleFromHeading: false},
		},
		{
			name: 'a # line in an HTML comment or <pre> block is no title; a one-line comment ends there',
			data: {},
			body: '<!--\n# Old title\n-->\n<pre>\n# prompt\n</pre>\n<!-- note -->\n# New title\n',
			expect: {title: 'New title', titleFromHeading: true},
		},
		{
			name: 'a heading may be indented up to three spaces',
			data: {},
			body: '   # Indented\n',
			expect: {title: 'Indented'},
		},
		{name: 'four spaces make it code', data: {}, body: '    # code\n', file: 'four.md', expect: {title: 'Four'}},
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
			name: 'a bundle folder named with a date gives date and slug',
			data: {},
			file: '2021-11-29-my-post/index.md',
			expect: {date: '2021-11-29', dateSource: 'file-name', slug: 'my-post', title: 'My post'},
		},
		{
			name: 'Zola: a date then _ in a file name',
			data: {},
			file: '2021-11-29_my-post.md',
			expect: {date: '2021-11-29', dateSource: 'file-name', slug: 'my-post'},
		},
		{
			name: 'Zola: an RFC 3339 date-time in a bundle name, translated',
			data: {},
			file: '2021-11-29T10:00:00Z_my-post/index.fr.md',
			expect: {date: '2021-11-29', slug: 'my-post', lang: 'fr'},
		},
		{
			name: 'a daily note named by its date is dated and titled by it',
			data: {},
			file: '2024-03-01.md',
			expect: {date: '2024-03-01', slug: '2024-03-01', title: '2024-03-01'},
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
		{name: 'pubDate', data: {pubDate: '2024-01-31'}, expect: {date: '2024-01-31', dateSource: 'front-matter'}},
		{name: "Astro's template: pubDate: 'Jul 08 2022'", data: {pubDate: 'Jul 08 2022'}, expect: {date: '2022-07-08'}},
		{
			name: 'AstroPaper: pubDatetime and modDatetime',
			data: {pubDatetime: '2022-09-23T04:58:53Z', modDatetime: '2023-12-21T09:12:47.400Z'},
			expect: {date: '2022-09-23', updated: '2023-12-21', warnings: []},
		},
		{
			name: 'keys in any case, with _ or -: published_at, LastUpdated',
			data: {published_at: '2021-05-06 10:00', LastUpdated: 'May 7, 2021'},
			expect: {date: '2021-05-06', updated: '2021-05-07'},
		},
		{
			name: 'date comes before pubDate, created last',
			data: {created: '2020-01-01', pubDate: '2021-01-01', date: '2022-01-01'},
			expect: {date: '2022-01-01'},
		},
		{
			name: 'a date that is no date: warned, and the next key is read',
			data: {date: 'TBD', created: '2020-01-01'},
			expect: {date: '2020-01-01', warnings: ['date: "TBD" is not a date']},
		},
		{
			name: 'an empty date is no date, and no warning',
			data: {date: '', lastmod: null},
			expect: {date: null, dateSource: null, updated: null, warnings: []},
		},
		{
			name: 'a number is no date',
			data: {date: 20220708},
			expect: {date: null, warnings: ['date: "20220708" is not a date']},
		},
		{
			name: 'updated from lastmod, then updated',
			data: {updated: '2024-01-02', lastmod: '2024-03-04'},
			expect: {updated: '2024-03-04'},
		},
		{
			name: 'a front matter slug is the slug, made safe',
			data: {slug: 'Hello/World \u001B[31m Again'},
			expect: {slug: 'hello-world-31m-again'},
		},
		{name: "AstroPaper's postSlug", data: {postSlug: 'astro-paper-2'}, expect: {slug: 'astro-paper-2'}},
		{
			name: 'the last part of a permalink',
			data: {permalink: '/2021/11/caf%C3%A9-notes.html'},
			expect: {slug: 'café-notes'},
		},
		{name: 'the last part of a url', data: {url: 'https://example.com/blog/my-post/'}, expect: {slug: 'my-post'}},
		{
			name: 'a permalink template names no slug: the file name does',
			data: {permalink: '/:year/:title/'},
			file: 'from-file.md',
			expect: {slug: 'from-file'},
		},
		{name: 'a slug with nothing left is none', data: {slug: '../..'}, file: 'kept.md', expect: {slug: 'kept'}},
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
			name: 'a date in Zola’s path, when the front matter gives none',
			data: {path: '2014/12/12/core-team'},
			file: 'core-team.md',
			expect: {date: '2014-12-12', dateSource: 'permalink'},
		},
		{
			name: 'a front-matter date before the address’s',
			data: {date: '2020-01-02', permalink: '/2014/12/12/x.html'},
			expect: {date: '2020-01-02', dateSource: 'front-matter'},
		},
		{
			name: 'the address’s date before the file name’s',
			data: {url: '/2014/12/12/x/'},
			file: '2019-01-01-x.md',
			expect: {date: '2014-12-12', dateSource: 'permalink'},
		},
		{
			name: 'a slug that starts with a date',
			data: {slug: '2013-05-06-old-news'},
			expect: {date: '2013-05-06', dateSource: 'permalink'},
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
		assert.deepEqual(countWords('one two  three\n\n- four ``` 5'), {words: 5, characters: 0});
		assert.equal(makePost({}, 'word '.repeat(460)).readingMinutes, 2);
	});
});

describe('headingText: a # heading line', () => {
	/** The pattern it replaces, which retried from every space of a long run: kept here as what it must equal. */
	const byPattern = (line: string): string | null => /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1] ?? null;
	const cases: Array<[string, string | null]> = [
		['# Title', 'Title'],
		['# Title ##', 'Title'],
		['## A second level: no title', null],
		['#\tTabbed #  ', 'Tabbed'],
		['# Learn C#', 'Learn C#'],
		['# a #b #', 'a #b'],
		['# ###', '###'],
		['   # Three spaces in', 'Three spaces in'],
		['    # Four: code', null],
		['#No space', null],
		['# ', null],
		['#  ', ' '],
		['plain text', null],
	];
	for (const [line, text] of cases) {
		it(JSON.stringify(line), () => {
			assert.equal(headingText(line), text);
			assert.equal(byPattern(line), text, 'as the pattern read it');
		});
	}

	it('reads every line as the pattern did', () => {
		const line = fc
			.array(fc.constantFrom(' ', '\t', '#', 'a', 'C', '\u2028', '\r', ' #', '# '), {maxLength: 12})
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(line, text => assert.equal(headingText(text), byPattern(text), JSON.stringify(text))),
			{numRuns: 20_000},
		);
	});

	it('reads a heading with a long run of spaces in it', () => {
		assert.equal(headingText(`# a${' '.repeat(100_000)}b #`), `a${' '.repeat(100_000)}b`);
	});
});

describe('excerptBefore: links and tags taken out in one pass', () => {
	// The patterns they replace, which read from each unclosed `[a](` or `<` to the end: what they must equal.
	const linksByPattern = (text: string) => text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
	const tagsByPattern = (text: string) => text.replace(/<[^>]+>/g, ' ');
	const cases: Array<[text: string, links: string, tags: string]> = [
		['see [the docs](https://a.b/c) now', 'see the docs now', 'see [the docs](https://a.b/c) now'],
		['![a cat](cat.png) and [x][y]', 'a cat and [x][y]', '![a cat](cat.png) and [x][y]'],
		['[a[b](c) [d](e', 'a[b [d](e', '[a[b](c) [d](e'],
		['!![a](b)', '!a', '!![a](b)'],
		['[a] (b)', '[a] (b)', '[a] (b)'],
		['<b>bold</b> <> <<i>> a < b', '<b>bold</b> <> <<i>> a < b', ' bold  <>  > a < b'],
		['[<a>](<b>)', '<a>', '[ ]( )'],
		['[a](\n)<\n>', 'a< >'.replace(' ', '\n'), '[a](\n) '],
	];
	for (const [text, links, tags] of cases) {
		it(JSON.stringify(text), () => {
			assert.equal(withoutLinks(text), links);
			assert.equal(linksByPattern(text), links, 'as the pattern read it');
			assert.equal(withoutTags(text), tags);
			assert.equal(tagsByPattern(text), tags, 'as the pattern read it');
		});
	}

	it('reads every text as the patterns did', () => {
		const text = fc
			.array(fc.constantFrom('[', ']', '(', ')', '!', '<', '>', 'a', ' ', '\n', '[a](', '<a '), {maxLength: 16})
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(text, input => {
				assert.equal(withoutLinks(input), linksByPattern(input), JSON.stringify(input));
				assert.equal(withoutTags(input), tagsByPattern(input), JSON.stringify(input));
			}),
			{numRuns: 20_000},
		);
	});

	it('reads an excerpt of 40,000 unclosed links or tags, as the start of the text', () => {
		assert.equal(
			excerptBefore(`${'[a]('.repeat(40_000)}\n<!--more-->`, '<!--more-->'),
			`${'[a]('.repeat(75).slice(0, 299)}…`,
		);
		assert.equal(
			excerptBefore(`${'<a '.repeat(40_000)}\n<!--more-->`, '<!--more-->'),
			`${'<a '.repeat(100).slice(0, 299)}…`,
		);
		assert.equal(
			excerptBefore(`Intro [here](${'('.repeat(40_000)}) and <b>more</b>.\n<!--more-->`, '<!--more-->'),
			'Intro here and more .',
		);
	});
});

describe('word counts from the file bytes', () => {
	const cases: Array<[string, number, number]> = [
		['one two  three\n\n- four ``` 5', 5, 0],
		['', 0, 0],
		['-- *** ``` ...', 0, 0],
		['naïve café', 2, 0],
		['no\u00A0break\u00A0space', 3, 0],
		['tab\tand\rcarriage', 3, 0],
		['a-b c_d e.f', 3, 0],
		['\uFEFF hello', 2, 0],
		// Chinese and Japanese have no spaces between words: each Han or Kana character is one.
		['日本語', 3, 3],
		['你好，世界。', 4, 4],
		['「こんにちは」と言った', 9, 9],
		['カタカナ・ｶﾀｶﾅ', 8, 8],
		['Go语言很好', 5, 4],
		['Go，Rust', 2, 0],
		['𠀋𠀋 extension B', 4, 2],
		['全角：ＡＢＣ　１２３', 4, 2],
		// Korean is written with spaces between words, and counted like other letters.
		['한국어 문장입니다', 2, 0],
		// Not Han: hexagram symbols, emoji.
		['䷀ 🎉', 2, 0],
	];
	for (const [text, words, characters] of cases) {
		it(`${JSON.stringify(text)} has ${words} words (${characters} of them CJK characters), counted either way`, () => {
			assert.deepEqual(countWords(text), {words, characters});
			assert.deepEqual(countWordsInUtf8(Buffer.from(text)), {words, characters});
		});
	}

	it('reads 5,510 Chinese characters as about 18 minutes, not one', () => {
		const body = `${'这是一个很长的中文句子，用来测试阅读时间。'.repeat(290)}`;
		const post = makePost({title: 'Chinese'}, body);
		assert.equal(post.words, 5510);
		assert.equal(post.readingMinutes, 18);
	});

	it('reads 460 English words as two minutes, as before', () => {
		assert.equal(makePost({}, 'word '.repeat(460)).readingMinutes, 2);
	});

	// The definition, written plainly: Han and Kana characters each a word; other runs between spaces
	// (controls, the no-break space, CJK punctuation) with a letter, digit or non-ASCII character.
	it('count as the definition does, on any text', () => {
		const han = new RegExp(
			'[\\u3040-\\u30FA\\u30FC-\\u30FF\\u31F0-\\u31FF\\u3400-\\u4DBF\\u4E00-\\u9FFF' +
				'\\uF900-\\uFAFF\\uFF66-\\uFF9F\\u{20000}-\\u{3FFFF}]',
			'u',
		);
		const space = /[\u0000-\u0020\u00A0\u3000-\u303F\u30FB\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF65]/u;
		const byDefinition = (text: string) => {
			let words = 0;
			let characters = 0;
			for (const run of text.split(new RegExp(`(?:${space.source})+|(${han.source})`, 'u'))) {
				if (run === undefined || run === '') continue;
				if (han.test(run)) characters++;
				else if (/[\dA-Za-z\u0080-\u{10FFFF}]/u.test(run)) words++;
			}

			return {words: words + characters, characters};
		};
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
					'ア',
					'・',
					'ｱ',
					'、',
					'，',
					'Ａ',
					'한',
					'䷀',
					'\u3000',
					'𠀋',
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
				assert.deepEqual(countWordsInUtf8(Buffer.from(input)), byDefinition(input));
				assert.deepEqual(countWords(input), byDefinition(input));
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
		['cjk.md', '---\ntitle: 中文标题不算\n---\n中文内容 and English\n', 6],
		['latin1-cjk-bytes.md', Buffer.from([0xe4, 0xe5, 0x20, 0xe9, 0xef, 0x20, 0x6f, 0x6b]), 3],
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
