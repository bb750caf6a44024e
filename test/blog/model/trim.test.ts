import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {toSlug} from '../../../source/blog/model/slugs.js';
import {trimRuns} from '../../../source/blog/model/trim.js';
import {spacedStart} from '../../../source/blog/model/white-space.js';

describe('trimRuns: runs taken off the ends', () => {
	// The patterns it replaces, which retried from each character of a run that stops short of the end.
	const byPattern = (text: string, chars: '-.' | '/', endOnly: boolean): string => {
		const run = chars === '/' ? '\\/+' : '[-.]+';
		return text.replace(new RegExp(endOnly ? `${run}$` : `^${run}|${run}$`, 'g'), '');
	};
	const cases: Array<[text: string, chars: '-.' | '/', endOnly: boolean, trimmed: string]> = [
		['/posts/', '/', false, 'posts'],
		['//a//b//', '/', false, 'a//b'],
		['a/b///', '/', true, 'a/b'],
		['/a/', '/', true, '/a'],
		['///', '/', false, ''],
		['-.my-post.-', '-.', false, 'my-post'],
		['.', '-.', false, ''],
		['a.b', '-.', false, 'a.b'],
	];
	for (const [text, chars, endOnly, trimmed] of cases) {
		it(`${JSON.stringify(text)} → ${JSON.stringify(trimmed)}`, () => {
			assert.equal(trimRuns(text, chars, endOnly), trimmed);
			assert.equal(byPattern(text, chars, endOnly), trimmed, 'as the pattern read it');
		});
	}

	it('trims every text as the patterns did', () => {
		const text = fc.array(fc.constantFrom('/', '-', '.', 'a', ' '), {maxLength: 12}).map(parts => parts.join(''));
		fc.assert(
			fc.property(text, fc.boolean(), (input, endOnly) => {
				for (const chars of ['-.', '/'] as const)
					assert.equal(trimRuns(input, chars, endOnly), byPattern(input, chars, endOnly), JSON.stringify(input));
			}),
			{numRuns: 10_000},
		);
	});

	it('keeps a long run inside the text', () => {
		assert.equal(trimRuns(`/a${'/'.repeat(100_000)}b/`, '/'), `a${'/'.repeat(100_000)}b`);
	});
});

describe('toSlug: the ends of a slug', () => {
	const cases: Array<[value: string, slug: string | null]> = [
		['--My Post--', 'my-post'],
		['.hidden.', 'hidden'],
		['-.-', null],
		[`a${'.-'.repeat(300)}b`, `a${'.-'.repeat(99)}.`],
		[`a${'.-'.repeat(400)}b`, 'a'],
		[`${'.-'.repeat(400)}b`, null],
	];
	for (const [value, slug] of cases) {
		it(`${JSON.stringify(value.slice(0, 40))} → ${JSON.stringify(slug?.slice(0, 40) ?? null)}`, () => {
			assert.equal(toSlug(value), slug);
		});
	}
});

describe('spacedStart: the start of a text, its white space runs made one space', () => {
	const byPattern = (text: string, count: number) => text.replace(/\s+/g, ' ').slice(0, count);
	it('gives what the pattern gave, at every length', () => {
		const text = fc
			.array(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028', 'a', 'bc', '<a '), {maxLength: 14})
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(text, fc.integer({min: 0, max: 12}), (input, count) =>
				assert.equal(spacedStart(input, count), byPattern(input, count), JSON.stringify(input)),
			),
			{numRuns: 20_000},
		);
	});

	it('reads only the start of a long text', () => {
		assert.equal(spacedStart(`${'<a \n'.repeat(500_000)}`, 301), '<a '.repeat(101).slice(0, 301));
		assert.equal(spacedStart(`${' '.repeat(100_000)}a  b`, 301), ' a b');
	});
});
