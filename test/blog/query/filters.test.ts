import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {countVisible, filterSorted, searchRank, visiblePosts} from '../../../source/blog/query/filters.js';
import {
	describeFilters,
	type Filters,
	noFilters,
	type Term,
	termKey,
	termLabel,
	termLabelLength,
} from '../../../source/blog/query/model.js';
import {comparePosts, sortPosts} from '../../../source/blog/query/sort.js';
import {
	narrowEntries,
	prepareTermFilter,
	sortTermCounts,
	termCounts,
	termEntries,
} from '../../../source/blog/query/term-index.js';
import {closestTerms, matchesTerms} from '../../../source/blog/query/terms.js';
import {fieldsOnly} from '../../../source/blog/search/search.js';
import {makePost, searchOf} from '../../helpers/posts.js';

/** A term to choose, of any kind, by one of `names`. */
const chosenTerm = (...names: string[]): fc.Arbitrary<Term> =>
	fc.record({
		kind: fc.constantFrom('tag', 'category', 'any') as fc.Arbitrary<Term['kind']>,
		name: fc.constantFrom(...names),
	});
const matchMode = fc.constantFrom('and', 'or') as fc.Arbitrary<'and' | 'or'>;

const kubelet = makePost(
	{
		title: 'Kubelet deep dive',
		date: '2025-07-15',
		tags: ['k8s', 'Go'],
		category: 'Tech',
		excerpt: 'The sync loop.',
		author: 'Ann',
	},
	'The kubelet watches pods. Go code.',
);
const goPool = makePost(
	{title: 'A Go worker pool', date: '2024-01-01', tags: ['go', 'concurrency'], category: 'Tech'},
	'Workers and channels. '.repeat(300),
);
const rust = makePost(
	{title: 'Rust errors', date: '2023-05-05', tags: ['rust'], category: 'Notes', author: 'Kube Fan'},
	'Result and the question mark.',
);
const undated = makePost({title: 'About', tags: ['meta']}, 'Mentions kubelet once.');
const posts = [kubelet, goPool, rust, undated];
const text = searchOf(posts);
const titles = (list: typeof posts) => list.map(post => post.title);
const tag = (name: string): Term => ({kind: 'tag', name});

describe('matchesTerms', () => {
	const cases: Array<[string, Term[], 'and' | 'or', string[]]> = [
		['one tag, any case', [tag('GO')], 'and', ['Kubelet deep dive', 'A Go worker pool']],
		['two tags, all', [tag('go'), tag('k8s')], 'and', ['Kubelet deep dive']],
		['two tags, any', [tag('k8s'), tag('rust')], 'or', ['Kubelet deep dive', 'Rust errors']],
		['a category is not a tag', [tag('tech')], 'and', []],
		['a category', [{kind: 'category', name: 'tech'}], 'and', ['Kubelet deep dive', 'A Go worker pool']],
		['--tag matches either', [{kind: 'any', name: 'notes'}], 'and', ['Rust errors']],
		['no terms', [], 'and', ['Kubelet deep dive', 'A Go worker pool', 'Rust errors', 'About']],
	];
	for (const [name, terms, mode, expected] of cases) {
		it(name, () => {
			assert.deepEqual(titles(posts.filter(post => matchesTerms(post, terms, mode))), expected);
		});
	}
});

describe('search', () => {
	it('ranks by how and where the words are found (test/blog/search/search.test.ts has the tiers)', () => {
		const words = ['kube'];
		assert.ok(searchRank(rust, words, text) > searchRank(kubelet, words, text), 'a whole word (author) above a prefix');
		assert.ok(searchRank(kubelet, words, text) > searchRank(undated, words, text), 'a title above a body');
		assert.ok(searchRank(undated, words, text) > 0);
		assert.equal(searchRank(goPool, words, text), 0);
	});

	it('needs every word somewhere', () => {
		assert.deepEqual(titles(visiblePosts(posts, {...noFilters, query: 'go pods'}, 'date', text)), [
			'Kubelet deep dive',
		]);
		assert.deepEqual(titles(visiblePosts(posts, {...noFilters, query: '  '}, 'date', text)), titles(posts));
	});

	it('puts the best matches first, then keeps the sort order', () => {
		assert.deepEqual(titles(visiblePosts(posts, {...noFilters, query: 'kube'}, 'date', text)), [
			'Rust errors',
			'Kubelet deep dive',
			'About',
		]);
		assert.deepEqual(
			titles(visiblePosts(posts, {...noFilters, query: 'o'}, 'date', text)),
			['About', 'A Go worker pool', 'Rust errors', 'Kubelet deep dive'],
			'a word starting with o (About: once), then inside words in titles, newest first, then in tags',
		);
	});

	it('combines with tags', () => {
		assert.deepEqual(titles(visiblePosts(posts, {terms: [tag('go')], mode: 'and', query: 'channels'}, 'date', text)), [
			'A Go worker pool',
		]);
	});
});

describe('countVisible', () => {
	const cases: Array<[string, Filters]> = [
		['no filters', noFilters],
		['a search', {...noFilters, query: 'go'}],
		['a search found nowhere', {...noFilters, query: 'zebra'}],
		['a tag', {...noFilters, terms: [{kind: 'tag', name: 'go'}]}],
		[
			'two tags, all',
			{
				...noFilters,
				terms: [
					{kind: 'tag', name: 'go'},
					{kind: 'tag', name: 'k8s'},
				],
			},
		],
		[
			'two tags, any',
			{
				mode: 'or',
				query: '',
				terms: [
					{kind: 'tag', name: 'rust'},
					{kind: 'tag', name: 'k8s'},
				],
			},
		],
		['a category and a search', {...noFilters, terms: [{kind: 'category', name: 'Tech'}], query: 'pods'}],
	];
	for (const [name, filters] of cases) {
		it(`counts what the list shows: ${name}`, () => {
			const shown = visiblePosts(posts, filters, 'title', text).length;
			assert.equal(countVisible(posts, filters, text), shown);
		});
	}

	it('counts 0 and all where the list shows none and all', () => {
		assert.equal(countVisible(posts, {...noFilters, query: 'zebra'}, text), 0);
		assert.equal(countVisible(posts, noFilters, text), posts.length);
	});
});

describe('sorting', () => {
	const cases: Array<['date' | 'title' | 'reading', string[]]> = [
		['date', ['Kubelet deep dive', 'A Go worker pool', 'Rust errors', 'About']],
		['title', ['A Go worker pool', 'About', 'Kubelet deep dive', 'Rust errors']],
		['reading', ['About', 'Rust errors', 'Kubelet deep dive', 'A Go worker pool']],
	];
	for (const [sort, expected] of cases) {
		it(sort, () => {
			assert.deepEqual(titles(visiblePosts([...posts].reverse(), noFilters, sort, text)), expected);
		});
	}

	it('sorts a copy, or hands back posts already in order', () => {
		const reversed = [...posts].reverse();
		const sorted = sortPosts(reversed, 'date');
		assert.notEqual(sorted, reversed);
		assert.deepEqual(titles(reversed), [...titles(posts)].reverse(), 'the input is left alone');
		assert.equal(sortPosts(sorted, 'date'), sorted);
	});

	// filterSorted ranks by buckets instead of sorting: it must give what a full sort by (rank, order) gives.
	it('filters sorted posts into the order a full sort would give', () => {
		const many = Array.from({length: 60}, (_, index) =>
			makePost(
				{
					title: `${['Kube', 'Go', 'Rust'][index % 3] ?? ''} note ${index % 7}`,
					date: index % 5 === 0 ? undefined : `2024-0${1 + (index % 9)}-1${index % 10}`,
					tags: [index % 4 === 0 ? 'kube' : 'misc'],
				},
				index % 2 === 0 ? 'go kube rust' : 'plain',
			),
		);
		const manyText = searchOf(many);
		for (const sort of ['date', 'title', 'reading'] as const) {
			for (const query of ['', 'kube', 'go', 'kube go', 'note', 'nothing']) {
				const words = query.split(' ').filter(word => word !== '');
				const expected = many
					.map(post => ({post, rank: searchRank(post, words, manyText)}))
					.filter(entry => entry.rank > 0)
					.sort((a, b) => b.rank - a.rank || comparePosts(sort)(a.post, b.post))
					.map(entry => entry.post);
				assert.deepEqual(
					titles(filterSorted(sortPosts(many, sort), {...noFilters, query}, manyText)),
					titles(expected),
					`${sort} "${query}"`,
				);
			}
		}
	});
});

describe('termEntries', () => {
	it('counts what each tag would show, given the other filters', () => {
		const entries = termEntries(posts, [tag('go')], 'and', '', text);
		const count = (key: string) => entries.find(entry => entry.key === key)?.count;
		assert.equal(count('tag:go'), 2);
		assert.equal(count('tag:k8s'), 1);
		assert.equal(count('tag:rust'), 0, 'a dead end shows 0');
		assert.equal(count('category:tech'), 2);
		assert.equal(entries.find(entry => entry.key === 'tag:rust')?.total, 1);
	});

	// The counts come from one pass over the posts; by definition, a term's count is the posts
	// that pass the search and the chosen terms with that term added.
	it('counts exactly as filtering with each term added would, for any posts, choice, mode and search', () => {
		const names = ['go', 'Go', 'rust', 'k8s', 'web'];
		const post = fc
			.record({
				tags: fc.subarray(names),
				categories: fc.subarray(['tech', 'Notes', 'go']),
				body: fc.constantFrom('plain', 'about kubelets', 'go go'),
				title: fc.constantFrom('Go notes', 'Rust', 'Misc'),
			})
			.map(({tags, categories, body, title}) => makePost({title, tags, categories}, body));
		fc.assert(
			fc.property(
				fc.array(post, {maxLength: 12}),
				fc.array(chosenTerm('go', 'rust', 'tech', 'web'), {maxLength: 3}),
				matchMode,
				fc.constantFrom('', 'kubelet', 'go'),
				(many, chosen, mode, query) => {
					const words = query === '' ? [] : [query];
					const manyText = searchOf(many);
					for (const entry of termEntries(many, chosen, mode, query, manyText)) {
						const withTerm = chosen.some(term => termKey(term) === entry.key) ? chosen : [...chosen, entry.term];
						const expected = many.filter(
							candidate => searchRank(candidate, words, manyText) > 0 && matchesTerms(candidate, withTerm, mode),
						).length;
						assert.equal(entry.count, expected, `${entry.key} with ${JSON.stringify(chosen)} ${mode} "${query}"`);
					}
				},
			),
			{numRuns: 500, seed: 20_261_129},
		);
	});

	it('counts posts you would see with any chosen tag, in OR mode', () => {
		const entries = termEntries(posts, [tag('go')], 'or', '', text);
		assert.equal(entries.find(entry => entry.key === 'tag:rust')?.count, 3);
	});

	it('counts only posts that match the search', () => {
		const entries = termEntries(posts, [], 'and', 'kubelet', text);
		assert.equal(entries.find(entry => entry.key === 'tag:go')?.count, 1);
		assert.equal(entries.find(entry => entry.key === 'tag:meta')?.count, 1);
	});

	it('lists tags before categories, most used first, then by name', () => {
		assert.deepEqual(
			termEntries(posts, [], 'and', '', text).map(entry => entry.key),
			['tag:go', 'tag:concurrency', 'tag:k8s', 'tag:meta', 'tag:rust', 'category:tech', 'category:notes'],
		);
	});

	it('narrows by prefix, then substring, then letters in order', () => {
		const entries = termEntries(posts, [], 'and', '', text);
		assert.deepEqual(
			narrowEntries(entries, 'c').map(entry => entry.key),
			['tag:concurrency', 'category:tech'],
		);
		assert.deepEqual(
			narrowEntries(entries, 'ccy').map(entry => entry.key),
			['tag:concurrency'],
		);
		assert.deepEqual(
			narrowEntries(entries, 'K8').map(entry => entry.key),
			['tag:k8s'],
		);
		assert.deepEqual(narrowEntries(entries, 'zzz'), []);
	});
});

describe('the term index', () => {
	// With the index made (as the app makes its lists'), tags filter through it; without, post by post.
	it('filters and counts the same through the index as post by post, and as matchesTerms says', () => {
		const names = ['go', 'Go', 'rust', 'k8s', 'web'];
		const post = fc
			.record({
				tags: fc.subarray(names),
				categories: fc.subarray(['tech', 'Notes', 'go']),
				title: fc.constantFrom('Go notes', 'Rust', 'Misc'),
			})
			.map(({tags, categories, title}) => makePost({title, tags, categories}));
		fc.assert(
			fc.property(
				fc.array(post, {maxLength: 12}),
				fc.array(chosenTerm('go', 'GO', 'rust', 'tech', 'web', 'none'), {maxLength: 3}),
				matchMode,
				fc.constantFrom('', 'go', 'notes misc'),
				(many, terms, mode, query) => {
					// `many` filtered through its index, a copy of it post by post.
					const copy = [...many];
					prepareTermFilter(many);
					const manyText = searchOf(many);
					const filters: Filters = {terms, mode, query};
					const expected = filterSorted(copy, filters, manyText);
					assert.deepEqual(titles(filterSorted(many, filters, manyText)), titles(expected));
					assert.equal(countVisible(many, filters, manyText), expected.length);
					assert.equal(countVisible(copy, filters, manyText), expected.length);
					if (query === '')
						assert.deepEqual(titles(expected), titles(many.filter(post => matchesTerms(post, terms, mode))));
				},
			),
			{numRuns: 300, seed: 20_261_201},
		);
	});

	it('carries the index over to the posts sorted another way, filtering as post by post', () => {
		const post = fc
			.record({
				tags: fc.subarray(['go', 'Go', 'rust', 'web']),
				categories: fc.subarray(['tech', 'go']),
				title: fc.constantFrom('Go notes', 'Rust', 'Misc', 'about'),
				date: fc.constantFrom(undefined, '2024-01-01', '2023-05-05', '2025-12-31'),
				words: fc.nat(3),
			})
			.map(({tags, categories, title, date, words}) =>
				makePost({title, tags, categories, ...(date ? {date} : {})}, 'word '.repeat(words * 300)),
			);
		fc.assert(
			fc.property(
				fc.array(post, {maxLength: 10}),
				fc.array(chosenTerm('go', 'rust', 'tech', 'web'), {minLength: 1, maxLength: 3}),
				matchMode,
				fc.constantFrom('date', 'title', 'reading') as fc.Arbitrary<'date' | 'title' | 'reading'>,
				(many, terms, mode, sort) => {
					prepareTermFilter(many);
					const sorted = sortPosts(many, sort);
					const filters: Filters = {terms, mode, query: ''};
					const expected = sorted.filter(candidate => matchesTerms(candidate, terms, mode));
					assert.deepEqual(titles(filterSorted(sorted, filters, fieldsOnly)), titles(expected));
					// Counted through the carried index, and through one built for a copy.
					const counts = (list: typeof many) =>
						termEntries(list, terms, mode, '', fieldsOnly).map(entry => `${entry.key} ${entry.count}/${entry.total}`);
					assert.deepEqual(counts(sorted), counts([...sorted]));
				},
			),
			{numRuns: 300, seed: 20_261_203},
		);
	});

	it('keeps names the collator holds equal in the order they first appear', () => {
		const first = makePost({title: 'One', tags: ['eclair']});
		const second = makePost({title: 'Two', tags: ['Éclair']});
		const keysOf = (list: typeof posts) => termEntries(list, [], 'and', '', fieldsOnly).map(entry => entry.key);
		assert.deepEqual(keysOf([first, second]), ['tag:eclair', 'tag:éclair']);
		assert.deepEqual(keysOf([second, first]), ['tag:éclair', 'tag:eclair']);
	});

	it('sorts counted terms by their counts, then totals, then names', () => {
		const many = [
			makePost({title: 'A', tags: ['beta', 'alpha'], category: 'Zed'}),
			makePost({title: 'B', tags: ['beta', 'gamma']}),
			makePost({title: 'C', tags: ['gamma', 'alpha']}),
			makePost({title: 'D', tags: ['alpha', 'delta'], category: 'Ace'}),
		];
		const counted = termCounts(many, [{kind: 'tag', name: 'alpha'}], 'and', undefined);
		assert.deepEqual(
			counted.map(entry => `${entry.key} ${entry.count}`),
			['tag:beta 1', 'tag:alpha 3', 'category:zed 1', 'tag:gamma 1', 'tag:delta 1', 'category:ace 1'],
			'in the order first seen',
		);
		assert.deepEqual(
			sortTermCounts(many, counted).map(entry => entry.key),
			['tag:alpha', 'tag:beta', 'tag:gamma', 'tag:delta', 'category:ace', 'category:zed'],
		);
	});

	const labels: Array<[Term, string]> = [
		[{kind: 'tag', name: 'go'}, '#go'],
		[{kind: 'category', name: 'Tech'}, 'category:Tech'],
		[{kind: 'any', name: 'notes'}, '#notes'],
		[{kind: 'tag', name: '日本語😀'}, '#日本語😀'],
	];
	for (const [term, label] of labels) {
		it(`measures ${label} as termLabel writes it`, () => {
			assert.equal(termLabel(term), label);
			assert.equal(termLabelLength(term), label.length);
		});
	}
});

describe('narrowing the picker', () => {
	const entry = (kind: 'tag' | 'category', name: string) => {
		const term: Term = {kind, name};
		return {term, key: termKey(term), count: 1, total: 1};
	};
	// [typed, names (tags, or `category:` ones), the names left, best first]
	const cases: Array<[string, string[], string[]]> = [
		['to', ['stop', 'tools', 'topic-1', 'photo'], ['tools', 'topic-1', 'stop', 'photo']],
		['tpc', ['topic-1', 'tcp', 'tropical'], ['topic-1', 'tropical']],
		['Go', ['GO', 'golang', 'mongo', 'category:Go'], ['GO', 'golang', 'category:Go', 'mongo']],
		// The kind is not part of the name: a category's `category` never matches.
		['cat', ['category:Tech', 'category:Cats'], ['category:Cats']],
		['a:b', ['a:b', 'xa:bx', 'category:a:b'], ['a:b', 'category:a:b', 'xa:bx']],
		['ab', ['a😀b', '😀ab'], ['😀ab', 'a😀b']],
		['😀', ['a😀b', 'x'], ['a😀b']],
		['  ', ['go', 'rust'], ['go', 'rust']],
	];
	for (const [typed, names, expected] of cases) {
		it(`"${typed}" over ${names.join(', ')}`, () => {
			const entries = names.map(name =>
				name.startsWith('category:') ? entry('category', name.slice('category:'.length)) : entry('tag', name),
			);
			const left = narrowEntries(entries, typed).map(found =>
				found.term.kind === 'category' ? `category:${found.term.name}` : found.term.name,
			);
			assert.deepEqual(left, expected);
		});
	}

	// What narrowing means, said plainly: starts with, contains, or has the letters in order (each character whole).
	const quality = (name: string, wanted: string) => {
		const lower = name.toLowerCase();
		if (lower.startsWith(wanted)) return 3;
		if (lower.includes(wanted)) return 2;
		let position = 0;
		for (const char of lower) if (char === wanted[position]) position++;
		return position === wanted.length ? 1 : 0;
	};

	it('keeps, for any names and text, the entries that match, closer matches first, in their order', () => {
		const piece = fc.constantFrom('a', 'B', 'ab', ':', '-', 'é', '😀', '\ud83d', 'x');
		const text = fc.array(piece, {maxLength: 5}).map(parts => parts.join(''));
		fc.assert(
			fc.property(fc.array(text, {maxLength: 8}), text, (names, typed) => {
				const entries = names.map(name => entry('tag', name));
				const wanted = typed.trim().toLowerCase();
				const expected =
					wanted === ''
						? entries
						: entries
								.map(item => ({item, quality: quality(item.term.name, wanted)}))
								.filter(scored => scored.quality > 0)
								.sort((a, b) => b.quality - a.quality)
								.map(scored => scored.item);
				assert.deepEqual(narrowEntries(entries, typed), expected);
			}),
			{numRuns: 500, seed: 20_261_202},
		);
	});
});

describe('describing filters', () => {
	const cases: Array<[Filters, string]> = [
		[noFilters, ''],
		[{terms: [tag('k8s'), tag('go')], mode: 'and', query: ''}, '#k8s #go'],
		[
			{terms: [tag('k8s'), {kind: 'category', name: 'Tech'}], mode: 'or', query: ' kubelet '},
			'#k8s | category:Tech · "kubelet"',
		],
	];
	for (const [filters, expected] of cases) {
		it(JSON.stringify(expected), () => {
			assert.equal(describeFilters(filters), expected);
		});
	}

	it('suggests the closest existing tags for a typo', () => {
		assert.deepEqual(closestTerms(posts, 'rsut'), ['rust']);
		assert.deepEqual(closestTerms(posts, 'concurency'), ['concurrency']);
		assert.deepEqual(closestTerms(posts, 'zzzzzzzz'), []);
	});
});
