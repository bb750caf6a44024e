import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Post} from '../../../source/blog/model/model.js';
import {compareNames, compareSimpleNames} from '../../../source/blog/query/names.js';
import {comparePosts, newestFirst} from '../../../source/blog/query/sort.js';
import {allSteps} from '../../../source/util/slices.js';
import {runSteps} from '../../helpers/turns.js';

const collator = new Intl.Collator('en', {sensitivity: 'base'});
/** compareNames takes the quick way only where the collator of the environment is English. */
const english = /^en(?:-|$)/.test(new Intl.Collator().resolvedOptions().locale);
// Plain titles, and characters the quick comparison must leave to the collator.
const alphabet = [...' 0123456789abcxyzABCXYZ', '-', '.', '!', 'é', 'Ä', 'ß', '\u00AD', '日', '\u0301'];

/** A random string from `alphabet`, the same every run (a linear congruential generator from `seed`). */
function randomStrings(seed: number, count: number): string[] {
	let state = seed;
	const next = (below: number) => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state % below;
	};

	return Array.from({length: count}, () =>
		Array.from({length: next(7)}, () => alphabet[next(alphabet.length)] ?? '').join(''),
	);
}

describe('comparing titles on a date tie', () => {
	const cases: Array<[string, string, number]> = [
		['apple', 'Banana', -1],
		['Post 42', 'post 42', 0],
		['Post 42', 'Post 142', 1],
		['a b', 'ab', -1],
		['ab', 'abc', -1],
		['Z9', 'z10', 1],
	];
	for (const [a, b, order] of cases)
		it(`orders ${JSON.stringify(a)} and ${JSON.stringify(b)} as the English collator does`, () => {
			assert.equal(compareSimpleNames(a, b), order);
			assert.equal(Math.sign(collator.compare(a, b)), order);
		});

	it('leaves any other character to the collator', () => {
		assert.equal(compareSimpleNames('café', 'cafe'), undefined);
		assert.equal(compareSimpleNames('a-b', 'ab'), undefined);
		assert.equal(compareSimpleNames('ab', 'ab\u00AD'), undefined);
	});

	it('agrees with the collator on 20,000 random pairs, wherever it answers', () => {
		const strings = randomStrings(42, 40_000);
		let answered = 0;
		for (let index = 0; index < strings.length; index += 2) {
			const a = strings[index] ?? '';
			const b = strings[index + 1] ?? '';
			const quick = compareSimpleNames(a, b);
			if (quick === undefined) continue;
			answered++;
			assert.equal(quick, Math.sign(collator.compare(a, b)), `${JSON.stringify(a)} ${JSON.stringify(b)}`);
			if (english) assert.equal(Math.sign(compareNames(a, b)), quick);
		}

		assert.ok(answered > 1000, `only ${answered} pairs were plain`);
	});
});

describe('sorting newest first by day', () => {
	it('orders as the date comparison does, stably: given dates, guessed ones, undated, ties by title', () => {
		const titles = ['alpha', 'Alpha', 'beta', 'Zeta', 'café', 'ärger', '10 things', '9 things'];
		const dates = ['2024-01-02', '2024-01-03', '2023-12-31', null];
		const sources = ['front-matter', 'git', 'modified', 'file-name'] as const;
		let state = 7;
		const next = (below: number) => {
			state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
			return state % below;
		};

		for (let round = 0; round < 50; round++) {
			const posts = Array.from({length: 40}, (_, index) => {
				const date = dates[next(dates.length)] ?? null;
				return {
					path: `post-${index}.md`,
					title: titles[next(titles.length)] ?? '',
					date,
					dateSource: date === null ? null : (sources[next(sources.length)] ?? null),
				} as unknown as Post;
			});
			const expected = [...posts].sort(comparePosts('date')).map(post => post.path);
			const sorted = allSteps(newestFirst(posts));
			assert.deepEqual(
				sorted.map(post => post.path),
				expected,
			);
			// Sorted again (as posts from the index are), nothing moves, ties included.
			assert.deepEqual(
				allSteps(newestFirst([...sorted])).map(post => post.path),
				expected,
			);
		}
	});

	it('sorts a big blog a step at a time: at least one step per 1,000 posts, the same order', () => {
		const posts = Array.from({length: 3500}, (_, index) => {
			const day = String((index % 28) + 1).padStart(2, '0');
			return {
				path: `p-${index}.md`,
				title: `T ${index % 97}`,
				date: `2024-01-${day}`,
				dateSource: null,
			} as unknown as Post;
		});
		const [sorted, steps] = runSteps(newestFirst(posts));
		assert.ok(steps >= 6, `${steps} steps`);
		assert.deepEqual(
			sorted.map(post => post.path),
			[...posts].sort(comparePosts('date')).map(post => post.path),
		);
	});
});
