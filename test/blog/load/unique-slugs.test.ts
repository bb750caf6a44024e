import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {makeSlugsUnique} from '../../../source/blog/load/unique-slugs.js';
import {allSteps} from '../../../source/util/slices.js';
import {makePost} from '../../helpers/posts.js';

describe('makeSlugsUnique: every slug names one post', () => {
	const cases: Array<[string, string[], string[]]> = [
		[
			'a Jekyll name beside a plain one',
			['2019-05-01-wasm-gsl.md', 'wasm-gsl.md'],
			['2019-05-01-wasm-gsl', 'wasm-gsl'],
		],
		['a nested post before a top-level one', ['a/x.md', 'x.md'], ['a/x', 'x']],
		['two nested posts', ['a/intro.md', 'b/intro.md'], ['intro', 'b/intro']],
		['a page bundle beside a file', ['wasm-gsl/index.md', 'notes/wasm-gsl.md'], ['wasm-gsl/index', 'wasm-gsl']],
		[
			'a page bundle that gives way goes by its folder’s path, without /index',
			['2025/otel-arrow.md', '2026/otel-arrow/index.md'],
			['otel-arrow', '2026/otel-arrow'],
		],
		['two extensions', ['x.md', 'x.markdown'], ['x.md', 'x']],
		['names that differ only in case', ['X.MD', 'X.md', 'x.md'], ['x', 'x.md', 'x-2']],
	];
	for (const [name, files, slugs] of cases) {
		it(name, () => {
			const list = files.map(file => makePost({title: file}, 'Text.', file));
			allSteps(makeSlugsUnique(list));
			assert.deepEqual(
				list.map(item => item.slug),
				slugs,
			);
		});
	}
});
