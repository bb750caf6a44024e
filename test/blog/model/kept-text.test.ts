import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import {parseFrontMatter} from '../../../source/blog/load/front-matter.js';
import {keptText} from '../../../source/blog/model/kept-text.js';
import type {Post} from '../../../source/blog/model/model.js';
import {normalisePost} from '../../../source/blog/model/normalise.js';

describe('keptText', () => {
	const cases: Array<[string, string]> = [
		['empty', ''],
		['a tag', 'go'],
		['12 characters, a copy already', 'Bench Writer'],
		['13 characters, the shortest view', 'Bench Writers'],
		['32 characters, shared', 'a title of exactly 32 characters'],
		['33 characters, copied', 'a title of exactly 33 characters.'],
		['beyond ASCII', 'Über die Brücke: 橋を渡る 🌉 — notes'],
		['a lone surrogate, kept as it is', 'broken \ud800 surrogate in a title'],
		['long', 'word '.repeat(2000)],
	];
	for (const [name, text] of cases) {
		it(`keeps the characters: ${name}`, () => {
			// Cut out of a longer text, as a parser gives it.
			const view = `${'-'.repeat(100)}${text}`.slice(100);
			assert.equal(keptText(view), text);
			assert.equal(keptText(keptText(view)), text);
		});
	}
});

describe('what a post keeps', () => {
	// The engine's collector, to measure what stays: only for this test.
	v8.setFlagsFromString('--expose-gc');
	const collect = vm.runInNewContext('gc') as () => void;

	it('keeps none of the front matter its title, author, tags and excerpt were read from', () => {
		const count = 4000;
		// 4 KB of front matter a post, 16 MB in all, that nothing needs once the post is made.
		const padding = 'x'.repeat(4000);
		const frontMatter = (index: number) =>
			`---\ntitle: "A post about the number ${index}"\nauthor: "A writer with a long name"\n` +
			`tags: [one-long-tag-name-${index % 7}, another]\nexcerpt: "What post ${index} is about, in a line"\n` +
			`padding: "${padding}"\n---\n\nThe body.\n`;
		const read = (text: string, index: number): Post => {
			const front = parseFrontMatter(text);
			const where = {relativePath: `post-${index}.md`, absolutePath: `/blog/post-${index}.md`};
			return normalisePost({...where, data: front.data, body: front.body, warnings: front.warnings});
		};
		// The parsers are loaded, and each text made whole, before measuring: as from a file, not built up in pieces.
		read(frontMatter(0), 0);
		collect();
		const before = process.memoryUsage().heapUsed;
		let texts = Array.from({length: count}, (_, index) => Buffer.from(frontMatter(index)).toString());
		const posts = texts.map(read);
		// Nothing else holds the texts now: what they leave behind, the posts hold.
		texts = [];
		collect();
		const kept = process.memoryUsage().heapUsed - before;
		assert.equal(posts[7]?.title, 'A post about the number 7');
		assert.deepEqual(posts[7]?.tags, ['one-long-tag-name-0', 'another']);
		// A post of its own is under 1 KB; holding its front matter it was over 5 KB.
		assert.ok(kept < count * 2048, `${(kept / count).toFixed(0)} bytes a post`);
	});
});
