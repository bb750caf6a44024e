import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {Post} from '../../../source/blog/model/model.js';
import {candidateList, closestSlugs, resolvePost} from '../../../source/blog/query/resolve-post.js';
import {makePost} from '../../helpers/posts.js';

const post = (file: string, title: string): Post => makePost({title}, 'Text.', file);

const rnn = post('posts/2015-05-21-rnn-effectiveness.md', 'The Unreasonable Effectiveness of RNNs');
const bundle = post('wasm-gsl/index.md', 'GSL in the browser');
const nestedBundle = post('posts/2019/04/a-post/index.md', 'A post in a bundle');
const notes = post('notes/wasm-gsl.md', 'Notes on building GSL');
const telematics = post('go/tiny-telematics.md', "Tiny Telematics: Tracking my truck's location");
const tools = post('go/tiny-tools.md', 'Tiny tools for the shell');
const go = post('go/go.md', 'Go');
const generics = post('go/go-generics.md', 'Go generics');
const english = post('hello.md', 'Hello');
const french = post('hello.fr.md', 'Bonjour');
const posts = [rnn, bundle, nestedBundle, notes, telematics, tools, go, generics, english];
const context = {posts, translations: [french], cwd: '/nowhere'};

describe('resolvePost: what --print accepts', () => {
	const found: Array<[string, string, Post, string?]> = [
		['a slug', 'rnn-effectiveness', rnn],
		['a slug in another case', 'RNN-Effectiveness', rnn],
		["a Jekyll file's name", '2015-05-21-rnn-effectiveness', rnn],
		['a file name with its extension', '2015-05-21-rnn-effectiveness.md', rnn],
		['a path in the blog', 'posts/2015-05-21-rnn-effectiveness.md', rnn],
		['a path in the blog without extension', './posts/2015-05-21-rnn-effectiveness', rnn],
		['a Windows path in the blog', 'posts\\2015-05-21-rnn-effectiveness.md', rnn],
		['an absolute path', rnn.absolutePath, rnn],
		['a path from the current folder', '../posts/2015-05-21-rnn-effectiveness.md', rnn, path.dirname(rnn.absolutePath)],
		['a page bundle by its path', 'wasm-gsl/index', bundle],
		['a page bundle by its folder’s path', 'wasm-gsl/', bundle],
		['a nested page bundle by its folder’s path', 'posts/2019/04/a-post', nestedBundle],
		['the start of a title, in any case', 'tiny telematics', telematics],
		['the start of a title, spaces folded', '  Tiny   Telematics:', telematics],
		['a whole title', 'go generics', generics],
		['a slug before a title that starts with it', 'go', go],
		['a translation by its file name', 'hello.fr', french],
		['a translation by its path', 'hello.fr.md', french],
		['the listed version by the slug they share', 'HELLO', english],
	];
	for (const [name, wanted, expected, cwd] of found) {
		it(`${name}: ${wanted}`, () => {
			const result = resolvePost(wanted, {...context, ...(cwd === undefined ? {} : {cwd})});
			assert.equal(result.kind === 'found' ? result.post.path : result, expected.path);
		});
	}

	const ambiguous: Array<[string, string, string, string]> = [
		['two posts with one slug', 'wasm-gsl', '2 posts have this slug', 'wasm-gsl/index.md, notes/wasm-gsl.md'],
		['a title start two titles share', 'Tiny', '2 titles start with it', 'tiny-telematics, tiny-tools'],
	];
	for (const [name, wanted, how, list] of ambiguous) {
		it(`${name} is ambiguous, never a silent pick: ${wanted}`, () => {
			const result = resolvePost(wanted, context);
			assert.equal(result.kind, 'ambiguous');
			if (result.kind !== 'ambiguous') return;
			assert.equal(result.how, how);
			assert.equal(candidateList(result.candidates), list);
		});
	}

	const missing: Array<[string, string, string[]]> = [
		['a slug one letter off', 'go-genercs', ['go-generics']],
		['a slug cut short', 'telematics', ['tiny-telematics']],
		['nothing like any post', 'kubernetes-operators', []],
		['the middle of a title is not its start', 'Effectiveness', ['rnn-effectiveness']],
	];
	for (const [name, wanted, closest] of missing) {
		it(`${name}: not found, with the closest slugs`, () => {
			assert.deepEqual(resolvePost(wanted, context), {kind: 'missing', closest});
		});
	}

	it('lists the first five candidates and how many more', () => {
		const many = Array.from({length: 8}, (_, index) => post(`p${index}.md`, `Post ${index}`));
		assert.equal(candidateList(many), 'p0, p1, p2, p3, p4 and 3 more');
		assert.equal(candidateList(many.slice(0, 2)), 'p0, p1');
	});

	it('closest slugs: nearest first, at most three', () => {
		const near = ['notes-1', 'notes-2', 'notes-12', 'notes-3', 'other'].map(slug => post(`${slug}.md`, slug));
		assert.deepEqual(closestSlugs('notes-13', near), ['notes-1', 'notes-12', 'notes-3']);
	});
});
