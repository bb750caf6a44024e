import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {isInside} from '../../../source/blog/load/discover.js';

describe('whether a file is inside the blog', () => {
	// [folder, target, inside]: plain joins take the short way, anything with a part to resolve the long one.
	const cases: Array<[string, string, boolean]> = [
		['/blog', '/blog/post.md', true],
		['/blog', '/blog/2024/05/post.md', true],
		['/blog', '/blog', true],
		['/blog', '/blogger/post.md', false],
		['/blog', '/blo', false],
		['/blog', '/other/post.md', false],
		['/blog', '/blog/../etc/passwd', false],
		['/blog', '/blog/./post.md', true],
		['/blog', '/blog//post.md', true],
		['/blog', '/blog/2024/..', true],
		['/blog', '/blog/2024/../..', false],
		['/blog/', '/blog/post.md', true],
		['/blog/posts/..', '/blog/other.md', true],
		['/blog/posts/..', '/blog/posts/../../x.md', false],
		['/', '/anything/at/all.md', true],
		['/blog', '/blog/..hidden/post.md', true],
		['/blog', '/blog/post..md', true],
	];
	for (const [folder, target, inside] of cases) {
		it(`${target} ${inside ? 'is' : 'is not'} inside ${folder}`, () => {
			assert.equal(isInside(folder, target), inside);
		});
	}
});
