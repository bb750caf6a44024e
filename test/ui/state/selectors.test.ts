import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Post} from '../../../source/blog/model/model.js';
import {noFilters} from '../../../source/blog/query/model.js';
import {fieldsOnly} from '../../../source/blog/search/search.js';
import {initialState, reducer} from '../../../source/ui/machine/reducer.js';
import type {Screen} from '../../../source/ui/state/model.js';
import {pickerRows, positionOf, shownPosts} from '../../../source/ui/state/selectors.js';
import {makePost, searchOf} from '../../helpers/posts.js';

/** Stand-ins for posts: only the path is read. */
const list = (count: number) => Array.from({length: count}, (_, index) => ({path: `p${index}`}) as Post);

describe('where the selected post is in the list', () => {
	const long = list(1000);
	// [name, list, path, the list's top, the position expected]
	const cases: Array<[string, Post[], string | null, number, number]> = [
		['on screen, at the top', long, 'p0', 0, 0],
		['on screen, at the bottom of a long list', long, 'p999', 980, 999],
		['below the top by less than the rows looked at first', long, 'p300', 100, 300],
		['far below the top', long, 'p900', 0, 900],
		['above the top', long, 'p3', 700, 3],
		['a top past the end', long, 'p10', 5000, 10],
		['not in the list', long, 'p1000', 10, -1],
		['nothing selected', long, null, 0, -1],
		['an empty list', [], 'p0', 0, -1],
		['a short list', list(5), 'p4', 3, 4],
	];
	for (const [name, posts, path, top, expected] of cases) {
		it(name, () => {
			assert.equal(positionOf(posts, path, top), expected);
		});
	}
});

describe('the list shown', () => {
	const posts = [
		makePost({title: 'Go pools', date: '2024-03-01', tags: ['go']}, 'Workers.'),
		makePost({title: 'Rust errors', date: '2024-02-01', tags: ['rust']}, 'Results.'),
		makePost({title: 'Go and Rust', date: '2024-01-01', tags: ['go', 'rust']}, 'Both.'),
	];
	const text = searchOf(posts);
	const titles = (shown: Post[]) => shown.map(post => post.title);

	it('is the same list for a query with the same words (a space typed between them)', () => {
		const first = shownPosts(posts, {...noFilters, query: 'go'}, 'date', text);
		const spaced = shownPosts(posts, {...noFilters, query: 'go '}, 'date', text);
		assert.equal(spaced, first);
		assert.deepEqual(titles(spaced), ['Go pools', 'Go and Rust']);
		assert.deepEqual(titles(shownPosts(posts, {...noFilters, query: 'go both'}, 'date', text)), ['Go and Rust']);
	});

	it('is worked out again when the tags differ, even with the same words', () => {
		const go = shownPosts(posts, {...noFilters, query: 'rust'}, 'date', text);
		const tagged = shownPosts(posts, {terms: [{kind: 'tag', name: 'go'}], mode: 'and', query: 'rust '}, 'date', text);
		assert.notEqual(tagged, go);
		assert.deepEqual(titles(tagged), ['Go and Rust']);
	});
});

describe("the tag picker's rows", () => {
	const posts = [
		makePost({title: 'A', date: '2024-03-01', tags: ['go', 'cli']}),
		makePost({title: 'B', date: '2024-02-01', tags: ['go']}),
		makePost({title: 'C', date: '2024-01-01', tags: ['rust']}),
	];
	const screen: Screen = {listHeight: 10, readerHeight: 10, pickerHeight: 8, page: undefined, search: fieldsOnly};
	const keys = (input: string, state = initialState({posts, search: fieldsOnly})) =>
		[...input].reduce((next, key) => reducer(next, {type: 'keys', input: key, flags: {}, screen}), state);
	const rowsOf = (state: ReturnType<typeof keys>) =>
		state.picker ? pickerRows(state, state.picker, screen).map(row => `${row.key} ${row.count}`) : [];

	it('keep the order they opened in as the counts change', () => {
		const open = keys('t');
		assert.deepEqual(rowsOf(open), ['tag:go 2', 'tag:cli 1', 'tag:rust 1']);
		// #rust chosen (j j Space): #go and #cli would now show nothing, and stay where they were.
		assert.deepEqual(rowsOf(keys('jj ', open)), ['tag:go 0', 'tag:cli 0', 'tag:rust 1']);
	});

	it('put a tag that came while the picker was open first, with the first of its rows', () => {
		const open = keys('t');
		const added = [...posts, makePost({title: 'D', date: '2023-01-01', tags: ['zig', 'web', 'web2']})];
		const changed = reducer(open, {type: 'postsChanged', posts: added, screen});
		assert.deepEqual(rowsOf(changed), ['tag:go 2', 'tag:web 1', 'tag:web2 1', 'tag:zig 1', 'tag:cli 1', 'tag:rust 1']);
	});

	it('narrow by what is typed, best matches first', () => {
		assert.deepEqual(rowsOf(keys('tr')), ['tag:rust 1']);
		assert.deepEqual(rowsOf(keys('tc')), ['tag:cli 1']);
		assert.deepEqual(rowsOf(keys('tg')), ['tag:go 2']);
	});
});
