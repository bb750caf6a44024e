import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
	keepTranslations as translationSteps,
	keepUnchanged as unchangedSteps,
} from '../../../source/blog/load/merge-posts.js';
import type {Post} from '../../../source/blog/model/model.js';
import {allSteps} from '../../../source/util/slices.js';
import {makePost} from '../../helpers/posts.js';
import {runSteps} from '../../helpers/turns.js';

const keepUnchanged = (previous: Post[], fresh: Post[], changed: Set<string>) =>
	allSteps(unchangedSteps(previous, fresh, changed));
const keepTranslations = (previous: Post[], fresh: Post[], translations: Map<string, Post[]>) =>
	allSteps(translationSteps(previous, fresh, translations));

describe('keepUnchanged: a blog read again keeps the post objects that did not change', () => {
	const a = makePost({title: 'Alpha', date: '2024-01-01'}, 'A.', 'a.md');
	const b = makePost({title: 'Beta', date: '2024-01-02'}, 'B.', 'b.md');
	const cases: Array<[name: string, fresh: () => typeof a, changed: string[], kept: boolean]> = [
		['the same fields, not reported: the old object', () => ({...a}), [], true],
		['the same fields but its file reported changed: the fresh one', () => ({...a}), ['a.md'], false],
		['a field changed: the fresh one', () => ({...a, title: 'Alpha, again'}), [], false],
		['a list field changed: the fresh one', () => ({...a, tags: ['new']}), [], false],
		['another file at the same path: the fresh one', () => ({...a, absolutePath: '/elsewhere/a.md'}), [], false],
	];
	for (const [name, fresh, changed, kept] of cases) {
		it(name, () => {
			const next = fresh();
			const [merged] = keepUnchanged([a, b], [next], new Set(changed));
			assert.equal(merged === a, kept);
			assert.equal(merged === next, !kept);
		});
	}

	it('new posts come in and gone ones go, in the fresh order', () => {
		const c = makePost({title: 'Gamma'}, 'C.', 'c.md');
		assert.deepEqual(
			keepUnchanged([a, b], [c, {...a}], new Set()).map(post => post.title),
			['Gamma', 'Alpha'],
		);
	});
});

describe('keepTranslations: a translation the reader switched to stays after a reload', () => {
	const en = makePost({title: 'Hello', lang: 'en'}, 'Hi.', 'hello.en.md');
	const fr = {...makePost({title: 'Bonjour', lang: 'fr'}, 'Salut.', 'hello.fr.md'), slug: 'hello-fr'};
	const translations = new Map([
		[en.path, [en, fr]],
		[fr.path, [en, fr]],
	]);
	it('the shown translation replaces the listed version, with the listed slug', () => {
		const [shown] = keepTranslations([fr], [en], translations);
		assert.deepEqual([shown?.title, shown?.slug], ['Bonjour', en.slug]);
	});

	it('a listed version shown stays as read', () => {
		const fresh = [{...en}];
		assert.equal(keepTranslations([en], fresh, translations), fresh);
	});
});

describe('the merges in steps: a blog of thousands of posts merged a step at a time, with the same result', () => {
	const posts = Array.from({length: 3500}, (_, index) => makePost({title: `Post ${index}`}, 'Words.', `p-${index}.md`));
	const fresh = posts.map(post => ({...post}));
	it('keepUnchanged: a step per thousand posts, each old object kept', () => {
		const [kept, steps] = runSteps(unchangedSteps(posts, fresh, new Set()));
		assert.equal(steps, 6);
		assert.ok(kept.every((post, index) => post === posts[index]));
	});

	it('keepTranslations: a step per thousand posts, the fresh list itself when nothing is swapped', () => {
		const [listed, steps] = runSteps(translationSteps(posts, fresh, new Map()));
		assert.equal(steps, 6);
		assert.equal(listed, fresh);
	});
});
