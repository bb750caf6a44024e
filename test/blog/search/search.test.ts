import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {searchRank, visiblePosts} from '../../../source/blog/query/filters.js';
import {noFilters, queryWords} from '../../../source/blog/query/model.js';
import {
	describeRank,
	fieldsOnly,
	MATCH_FIELDS,
	MATCH_KINDS,
	SearchBodies,
	TOP_RANK,
} from '../../../source/blog/search/search.js';
import {PREFIX, SUBSTRING, WHOLE, WordIndex} from '../../../source/blog/search/word-index.js';
import {wordRuns} from '../../../source/text/search-words.js';
import {shownPosts} from '../../../source/ui/state/selectors.js';
import {runCli} from '../../helpers/cli.js';
import {makePost, searchOf} from '../../helpers/posts.js';

const titles = (list: Array<{title: string}>) => list.map(post => post.title);

describe('search tiers: how and where a search is found', () => {
	// [name, front matter, body, query, expected "kind in field", or null for no match]
	const cases: Array<[string, Record<string, unknown>, string, string, string | null]> = [
		['the phrase in a title', {title: 'Post 42: the answer'}, '', 'Post 42:', 'phrase in title'],
		['the phrase, any case and spacing', {title: 'POST   42: the answer'}, '', 'post 42:', 'phrase in title'],
		['the phrase must start and end at word edges', {title: 'Post 420'}, '', 'post 42', 'word prefix in title'],
		['a suffix is a substring', {title: 'Post 142: more'}, '', 'post 42:', 'substring in title'],
		['a whole word', {title: 'Raft, explained'}, '', 'raft', 'whole word in title'],
		['a word prefix', {title: 'Rafting trips'}, '', 'raft', 'word prefix in title'],
		['inside a word', {title: 'Warcraft notes'}, '', 'raft', 'substring in title'],
		['inside a word, at its start elsewhere', {title: 'drafted, then rafts'}, '', 'raft', 'word prefix in title'],
		['a word with punctuation, as typed', {title: 'C++ tips'}, '', 'c++', 'whole word in title'],
		['a tag', {title: 'Notes', tags: ['raft']}, '', 'raft', 'whole word in tags'],
		['a whole tag above a title inside a word', {title: 'Warcraft', tags: ['raft']}, '', 'raft', 'whole word in tags'],
		[
			'a whole word in the excerpt above word starts before it',
			{title: 'Rafting', tags: ['rafts'], excerpt: 'On a raft.'},
			'',
			'raft',
			'whole word in excerpt',
		],
		['a category counts as a tag', {title: 'Notes', category: 'Consensus'}, '', 'consensus', 'whole word in tags'],
		['no phrase across two tags', {title: 'Notes', tags: ['go', 'rust']}, '', 'go rust', 'whole word in tags'],
		['an excerpt', {title: 'Notes', excerpt: 'All about Raft.'}, '', 'raft', 'whole word in excerpt'],
		['an author counts as the excerpt', {title: 'Notes', author: 'Ann Raft'}, '', 'raft', 'whole word in excerpt'],
		['a body word', {title: 'Notes'}, 'We use Raft here.', 'raft', 'whole word in body'],
		['a body word prefix', {title: 'Notes'}, 'Rafting.', 'raft', 'word prefix in body'],
		['inside a body word: identifiers', {title: 'Notes'}, 'Call readFileSync(path).', 'filesync', 'substring in body'],
		['snake_case is one word', {title: 'Notes'}, 'set max_open_files', 'open', 'substring in body'],
		['punctuation in a body is left out', {title: 'Notes'}, 'fmt.Println(42)', 'fmt.println', 'whole word in body'],
		['beyond ASCII, ignoring case', {title: 'Notes'}, 'Über Straße', 'über', 'whole word in body'],
		['the Kelvin sign is a k', {title: 'Notes'}, '\u212Aelvin scale', 'kelvin', 'whole word in body'],
		['a better kind wins over a better field', {title: 'Warcraft'}, 'Raft.', 'raft', 'whole word in body'],
		['a better field wins within a kind', {title: 'Raft', tags: ['raft']}, 'raft', 'raft', 'whole word in title'],
		['the worst word sets the tier', {title: 'Raft and Paxos'}, '', 'raft pax', 'word prefix in title'],
		['the phrase beats whole words', {title: 'Raft in Go'}, '', 'raft in', 'phrase in title'],
		['words in different fields', {title: 'Raft', tags: ['go']}, '', 'go raft', 'whole word in tags'],
		['a word missing everywhere', {title: 'Raft'}, 'log', 'raft paxos', null],
		['a word only in the body', {title: 'Raft'}, 'paxos', 'raft paxos', 'whole word in body'],
	];
	for (const [name, data, body, query, expected] of cases) {
		it(name, () => {
			const post = makePost({date: '2024-01-01', ...data}, body);
			const found = describeRank(searchRank(post, queryWords(query), searchOf([post])));
			assert.equal(found ? `${found.kind} in ${found.field}` : null, expected);
		});
	}

	it('ranks every kind, then every field, each tier once', () => {
		const tiers: string[] = [];
		for (let rank = TOP_RANK; rank > 0; rank--) {
			const found = describeRank(rank);
			tiers.push(`${found?.kind} in ${found?.field}`);
		}

		assert.deepEqual(
			tiers,
			MATCH_KINDS.flatMap(kind => MATCH_FIELDS.map(field => `${kind} in ${field}`)),
		);
		assert.equal(describeRank(0), null);
	});

	it('before the bodies are read, searches the fields only', () => {
		const post = makePost({title: 'Notes'}, 'raft');
		assert.equal(searchRank(post, ['raft'], fieldsOnly), 0);
		assert.equal(searchRank(post, [], fieldsOnly), 1, 'no words: every post');
	});

	it('splits words as the body index does', () => {
		assert.deepEqual(wordRuns('fmt.Println(x) snake_case Ünïcode 中文 ::'), [
			'fmt',
			'println',
			'x',
			'snake_case',
			'ünïcode',
			'中文',
		]);
	});
});

describe('search order: the best tier first, then the sort order', () => {
	// A blog of a thousand posts titled "Post N: …", a day apart, newest first.
	const thousand = Array.from({length: 1000}, (_, index) =>
		makePost(
			{
				title: `Post ${1000 - index}: notes`,
				date: new Date(Date.UTC(2020, 0, 1000 - index)).toISOString().slice(0, 10),
			},
			`Body of post ${1000 - index}.`,
			`post-${1000 - index}.md`,
		),
	);
	const thousandText = searchOf(thousand);
	const search = (query: string, posts = thousand, text = thousandText) =>
		titles(visiblePosts(posts, {...noFilters, query}, 'date', text));

	it('"Post 42:" puts Post 42 above Post 142, 242 and 342', () => {
		const shown = search('Post 42:');
		assert.equal(shown[0], 'Post 42: notes');
		assert.ok(shown.indexOf('Post 42: notes') < shown.indexOf('Post 142: notes'));
		assert.ok(shown.includes('Post 342: notes'));
	});

	it('"Post 4" while typing: the exact phrase, then word prefixes, then the rest', () => {
		const shown = search('Post 4');
		assert.deepEqual(shown.slice(0, 3), ['Post 4: notes', 'Post 499: notes', 'Post 498: notes']);
		assert.ok(shown.indexOf('Post 40: notes') < shown.indexOf('Post 994: notes'), 'a word prefix above a substring');
	});

	const raft = [
		makePost({title: 'Drafted plans', date: '2025-01-01'}, 'Nothing here.'),
		makePost({title: 'Warcraft nights', date: '2024-06-01'}, 'Games.'),
		makePost({title: 'Rafting trips', date: '2024-03-01'}, 'Rivers.'),
		makePost({title: 'Raft', date: '2020-01-01'}, 'Consensus.'),
		makePost({title: 'Consensus notes', date: '2019-01-01', tags: ['raft']}, 'Logs.'),
		makePost({title: 'Old logs', date: '2018-01-01'}, 'We moved to Raft in 2017.'),
	];
	const raftText = searchOf(raft);

	it('"raft": Raft above word starts above Warcraft and drafted; title, tags, then body', () => {
		assert.deepEqual(search('raft', raft, raftText), [
			'Raft',
			'Consensus notes',
			'Old logs',
			'Rafting trips',
			'Drafted plans',
			'Warcraft nights',
		]);
	});

	it('within a tier, the chosen sort order', () => {
		assert.deepEqual(titles(visiblePosts(raft, {...noFilters, query: 'raft'}, 'title', raftText)).slice(-2), [
			'Drafted plans',
			'Warcraft nights',
		]);
		assert.deepEqual(titles(visiblePosts(raft, {...noFilters, query: 'ra'}, 'title', raftText)).slice(0, 2), [
			'Raft',
			'Rafting trips',
		]);
	});
});

describe('search as it is typed', () => {
	const posts = [
		makePost({title: 'Go: fmt and friends', date: '2025-01-01', tags: ['go']}, 'Call fmt.Println(42) :: done.'),
		makePost({title: 'Post 42: the answer', date: '2024-01-01'}, 'Raft and readFileSync.'),
		makePost({title: 'Post 142: more', date: '2023-01-01', tags: ['raft']}, 'Nothing :: here.'),
		makePost({title: 'Drafts', date: '2022-01-01', author: 'Ann'}, 'x := 1'),
	];
	const text = searchOf(posts);
	// Each letter searches only the posts the query before it showed: that must show what a fresh search shows.
	for (const query of ['post 42:', 'fmt.println', '::x', 'raft read', 'ann dr', 'go: f']) {
		it(`"${query}" letter by letter shows what it shows typed at once`, () => {
			for (let length = 1; length <= query.length; length++) {
				const filters = {...noFilters, query: query.slice(0, length)};
				assert.deepEqual(
					titles(shownPosts(posts, filters, 'date', text)),
					titles(visiblePosts(posts, filters, 'date', text)),
					JSON.stringify(filters.query),
				);
			}
		});
	}
});

describe('search over read posts, all at once', () => {
	// Short fields from a few pieces, so words, prefixes, phrases and punctuation meet often.
	const PIECES = ['raft', 'rafting', 'draft', 'post', '42', '42:', 'c++', 'go', 'éclair', '中文', ' ', ' ', '-', '.'];
	const field = (seed: number, length: number) =>
		Array.from({length}, (_, at) => PIECES[(seed * 7 + at * 5 + ((seed >> 3) % 5)) % PIECES.length]).join('');
	// Many blocks of fields (256 posts each), the last one still filling.
	const posts = Array.from({length: 2600}, (_, index) =>
		makePost({title: field(index, 4), tags: [field(index + 1, 2)], excerpt: field(index + 2, 6)}, '', `p-${index}.md`),
	);
	const bodies = new SearchBodies({readText: () => ''});
	bodies.prepare(posts);
	const view = bodies.view(posts);

	const queries = ['raft', 'post 42:', '42', 'c++ go', 'éclair', '中', 'draft raft', 'zzz', 'go post 42', '42: c++'];
	/** The titles of the posts `searched` ranks otherwise than post by post on the fields alone. */
	const differing = (searched: typeof view, query: string) => {
		const words = queryWords(query);
		const expected = fieldsOnly.search(words);
		const ranks = searched.search(words).rankAll(posts);
		return posts.filter((post, index) => ranks[index] !== expected.rank(post)).map(post => post.title);
	};

	for (const query of queries) {
		it(`ranks "${query}" as post by post on the fields alone`, () => {
			assert.deepEqual(differing(view, query), []);
			const ranks = view.search(queryWords(query)).rankAll(posts);
			assert.ok(ranks.some(rank => rank > 0) || query === 'zzz', 'some post matches');
		});
	}

	// Each word is looked for only where the text it grew from (a letter less, at either end) was found.
	const typed = [
		...queries.flatMap(query => Array.from(query, (_, at) => query.slice(0, at + 1))),
		'ft',
		'aft',
		'raft',
	];
	it('ranks a search typed letter by letter, at the end or the start, as post by post', () => {
		const fresh = new SearchBodies({readText: () => ''});
		fresh.prepare(posts);
		const growing = fresh.view(posts);
		for (const query of typed) assert.deepEqual(differing(growing, query), [], query);
	});

	it('finds a search of punctuation alone in every body read (bodies keep words only)', () => {
		const ranks = view.search(['-']).rankAll(posts);
		assert.ok(ranks.every(rank => rank >= 1));
		assert.ok(
			ranks.some(rank => rank > 1),
			'higher where the fields have it',
		);
	});

	it('ranks posts not read yet by their fields', () => {
		const late = makePost({title: 'Raft, late'}, 'raft', 'late.md');
		const search = view.search(['raft']);
		assert.equal(search.rankAll([late])[0], fieldsOnly.search(['raft']).rank(late));
	});
});

describe('the word index', () => {
	it("keeps each text's words, across chunks, with each word once", () => {
		const index = new WordIndex();
		// 3,000 texts of 40 words each: more than one chunk of 65,536.
		const texts = Array.from({length: 3000}, (_, text) =>
			Array.from({length: 40}, (_, word) => `w${text}x${word} W${text}X${word}`).join(' '),
		);
		for (const text of texts) index.add(text);
		assert.equal(index.size, 3000);
		const best = (word: string) => {
			const found = new Uint8Array(index.size);
			index.bestInEach(index.findings(word), found);
			return found;
		};
		for (const text of [0, 1638, 1639, 2999]) {
			assert.equal(best(`w${text}x39`)[text], WHOLE, `text ${text}`);
			assert.equal(best(`w${text}x3`)[text], WHOLE);
			assert.equal(best(`${text}x3`)[text], SUBSTRING);
			assert.equal(best(`w${text}x`)[text], PREFIX);
			assert.equal(best(`w${text + 1}x39`)[text], 0);
		}
	});
});

describe('the word index, growing while searched', () => {
	it('finds the words of texts added after a search, a few at a time and many', () => {
		const index = new WordIndex();
		const add = (from: number, to: number) => {
			for (let text = from; to > text; text++) index.add(`common t${text}`);
		};
		const best = (word: string) => {
			const found = new Uint8Array(index.size);
			index.bestInEach(index.findings(word), found);
			return found;
		};
		add(0, 100);
		const found = best('t7');
		const texts = (kind: number) => [...found.keys()].filter(text => found[text] === kind);
		assert.deepEqual(texts(WHOLE), [7]);
		assert.deepEqual(texts(PREFIX), [70, 71, 72, 73, 74, 75, 76, 77, 78, 79]);
		// Fewer than a quarter more: looked through word by word.
		add(100, 110);
		assert.equal(best('t105')[105], WHOLE);
		assert.equal(best('common').filter(kind => kind === WHOLE).length, 110);
		// Many more: found through the words' texts, made again.
		add(110, 400);
		assert.equal(best('t399')[399], WHOLE);
		assert.equal(best('t105')[105], WHOLE);
		assert.equal(best('common').filter(kind => kind === WHOLE).length, 400);
		assert.equal(best('nowhere').filter(kind => kind > 0).length, 0);
	});
});

describe('the word index, a search typed a letter at a time', () => {
	// Words sharing pieces, so a longer search word is found in fewer and fewer of them.
	const PIECES = ['fig', 'ure', 'con', 'fi', 'g', 'x', 'é', '42', 'ig'];
	const word = (seed: number) =>
		Array.from({length: 1 + (seed % 4)}, (_, at) => PIECES[(seed * 7 + at * 3) % PIECES.length]).join('');
	const texts = Array.from({length: 400}, (_, text) =>
		Array.from({length: 12}, (_, at) => word(text * 13 + at)).join(' '),
	);
	const fresh = (count: number, wanted: string) => {
		const index = new WordIndex();
		for (const text of texts.slice(0, count)) index.add(text);
		const found = index.findings(wanted);
		return {kinds: [...found.kinds], hits: [...found.hits]};
	};

	it('finds what a fresh index finds, growing at the end or the start, with texts added between', () => {
		const index = new WordIndex();
		let added = 0;
		const add = (count: number) => {
			for (const text of texts.slice(added, added + count)) index.add(text);
			added += count;
		};

		add(200);
		for (const typed of [
			['f', 'fi', 'fig', 'figu', 'figur', 'figure'],
			['g', 'ig', 'fig', 'nfig', 'onfig', 'config'],
			['4', '42', '42x', 'x', 'xé', 'xéf'],
		]) {
			for (const wanted of typed) {
				const found = index.findings(wanted);
				assert.deepEqual({kinds: [...found.kinds], hits: [...found.hits]}, fresh(added, wanted), wanted);
				if (added < texts.length) add(25);
			}
		}
	});
});

describe('a long body, read over many slices', () => {
	// 100,000 distinct words (2 MB): one piece at a time, each slice a look at the clock.
	const long = Array.from({length: 100_000}, (_, at) => `x${at}[^${at}]`).join(' ');
	const posts = [
		makePost({title: 'Short one'}, '', 'a.md'),
		makePost({title: 'Long one'}, '', 'b.md'),
		makePost({title: 'Short two'}, '', 'c.md'),
	];
	const texts = new Map([
		['a.md', 'alpha x5'],
		['b.md', long],
		['c.md', 'gamma x99999'],
	]);
	const readText = (post: (typeof posts)[number]) => texts.get(path.basename(post.absolutePath)) ?? '';
	const ranksOf = (bodies: SearchBodies, word: string) => [...bodies.view(posts).search([word]).rankAll(posts)];

	it('finds what reading it in one go finds, and answers searches between slices', () => {
		const whole = new SearchBodies({readText});
		whole.prepare(posts);
		const sliced = new SearchBodies({readText});
		// Whether the long post is found by the last word of its body, after each slice.
		const foundLast: boolean[] = [];
		// A budget already spent: each slice reads one piece of the long body and stops.
		while (!sliced.prepare(posts, -1)) {
			assert.equal(sliced.view(posts).complete, false);
			assert.ok((ranksOf(sliced, 'alpha')[0] ?? 0) > 0, 'the short post before it is read');
			foundLast.push((ranksOf(sliced, 'x99999')[1] ?? 0) > 0);
		}

		// Until all of it is in, the long post is ranked by its fields alone.
		const firstFound = foundLast.indexOf(true);
		assert.ok(firstFound > 100, `found after ${firstFound} slices of ${foundLast.length}`);
		assert.ok(foundLast.slice(firstFound).every(Boolean));
		for (const word of ['x99999', 'x5', 'alpha', 'gamma', 'x123', 'nowhere'])
			assert.deepEqual(ranksOf(sliced, word), ranksOf(whole, word), word);
		assert.deepEqual(
			ranksOf(sliced, 'x99999').map(rank => rank > 0),
			[false, true, true],
		);
	});

	it('goes on with a long body first when the next slice is for another list', () => {
		const bodies = new SearchBodies({readText});
		bodies.prepare(posts, -1);
		bodies.prepare(posts, -1);
		const others = [posts[2], posts[0]].filter(post => post !== undefined);
		while (!bodies.prepare(others, -1));
		assert.ok((ranksOf(bodies, 'gamma')[2] ?? 0) > 0);
		while (!bodies.prepare(posts, -1));
		assert.ok((ranksOf(bodies, 'x77777')[1] ?? 0) > 0);
	});
});

describe('--search on the command line', () => {
	const blog = mkdtempSync(path.join(tmpdir(), 'blogread-search-'));
	after(() => {
		rmSync(blog, {recursive: true, force: true});
	});
	const posts: Array<[string, string, string]> = [
		['drafted.md', 'Drafted plans', '2025-01-01'],
		['warcraft.md', 'Warcraft nights', '2024-06-01'],
		['rafting.md', 'Rafting trips', '2024-03-01'],
		['raft.md', 'Raft', '2020-01-01'],
	];
	mkdirSync(blog, {recursive: true});
	for (const [file, title, date] of posts)
		writeFileSync(path.join(blog, file), `---\ntitle: ${title}\ndate: ${date}\n---\nText.\n`);

	it("--list prints the matches in the app's order: the best tier first, then the sort order", async () => {
		const result = await runCli(['--list', '--json', '--search', 'RAFT', blog]);
		assert.equal(result.code, 0);
		assert.deepEqual(titles(JSON.parse(result.stdout) as Array<{title: string}>), [
			'Raft',
			'Rafting trips',
			'Drafted plans',
			'Warcraft nights',
		]);
	});
});
