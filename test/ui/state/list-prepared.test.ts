import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Post} from '../../../source/blog/model/model.js';
import {checkSorted, sortPosts} from '../../../source/blog/query/sort.js';
import {termsPrepared} from '../../../source/blog/query/term-index.js';
import {listColumns, measureColumns} from '../../../source/render/list-row.js';
import {listPrepared, postAt} from '../../../source/ui/state/selectors.js';
import {allSteps} from '../../../source/util/slices.js';
import {makePost} from '../../helpers/posts.js';
import {runSteps} from '../../helpers/turns.js';

/** `count` posts, newest first, one a day back from 2024-12-31; titles of growing width. */
function datedPosts(count: number): Post[] {
	return Array.from({length: count}, (_, index) => {
		const day = new Date(Date.UTC(2024, 11, 31 - index)).toISOString().slice(0, 10);
		return makePost(
			{title: `Post ${'x'.repeat(index % 40)}`, date: day, tags: [`t${index % 9}`]},
			'Words.',
			`p-${index}.md`,
		);
	});
}

describe('a list read again, made ready a step at a time before it is shown', () => {
	it('checkSorted: a list in order is remembered as sorted (sortPosts keeps it), a step per 1,000 posts', () => {
		const posts = datedPosts(2500);
		const [inOrder, steps] = runSteps(checkSorted(posts, 'date'));
		assert.deepEqual([inOrder, steps], [true, 2]);
		assert.equal(sortPosts(posts, 'date'), posts);
		assert.deepEqual(runSteps(checkSorted(posts, 'date')), [true, 0]);
	});

	it('checkSorted: a list out of order is not remembered, and sortPosts sorts it', () => {
		const posts = datedPosts(30).reverse();
		assert.equal(allSteps(checkSorted(posts, 'date')), false);
		const sorted = sortPosts(posts, 'date');
		assert.notEqual(sorted, posts);
		assert.deepEqual(
			sorted.map(post => post.path),
			[...posts].reverse().map(post => post.path),
		);
	});

	it('measureColumns: the widest title and tags, a step per 1,000 posts, kept with the list for listColumns', () => {
		const posts = datedPosts(2500);
		const [widest, steps] = runSteps(measureColumns(posts));
		assert.equal(steps, 2);
		assert.deepEqual(widest, {title: 'Post '.length + 39, tags: 3});
		assert.equal(allSteps(measureColumns(posts)), widest);
		assert.deepEqual(listColumns(posts, null), {width: null, titleWidth: 44, tagsWidth: 3});
	});

	it('termsPrepared: a step per 1,000 posts the first time, none once the list has its terms', () => {
		const posts = datedPosts(2500);
		assert.equal(runSteps(termsPrepared(posts))[1], 2);
		assert.equal(runSteps(termsPrepared(posts))[1], 0);
	});

	it('listPrepared: all four (order, posts by path, columns, terms), and nothing left to do for the same list', () => {
		const posts = datedPosts(1500);
		assert.equal(runSteps(listPrepared(posts, 'date'))[1], 4);
		assert.equal(runSteps(listPrepared(posts, 'date'))[1], 0);
		assert.equal(sortPosts(posts, 'date'), posts);
		assert.equal(postAt(posts, 'p-1499.md'), posts[1499]);
	});
});
