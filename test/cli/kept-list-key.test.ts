import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {type FlagValues, parseFlags} from '../../source/cli/flags.js';
import {keptListKey} from '../../source/cli/kept-list-key.js';
import {parseListFormat} from '../../source/cli/list-format.js';
import {resolveOptions} from '../../source/cli/options.js';

const none = parseFlags({});
const optionsOf = (flags: Partial<FlagValues> = {}, target = 'blog') =>
	resolveOptions([target], {...none, list: true, ...flags}, {}, {});
const noon = new Date(2026, 11, 3, 12);

describe('what a kept list is kept under', () => {
	// [name, flags, into a terminal, kept]
	const whether: Array<[string, Partial<FlagValues>, boolean, boolean]> = [
		['a list into a pipe or a file', {}, false, true],
		['a list for a person at a terminal (its width and colours count)', {}, true, false],
		['--json at a terminal', {json: true}, true, true],
		['--format at a terminal', {format: parseListFormat('{slug}')}, true, true],
		['a search (it reads every body)', {search: 'kubelet'}, false, false],
		['a list with a tag', {tag: ['go']}, false, true],
	];
	for (const [name, flags, toTerminal, kept] of whether) {
		it(`${kept ? 'keeps' : 'does not keep'} ${name}`, () => {
			assert.equal(keptListKey(optionsOf(flags), toTerminal, noon) !== undefined, kept);
		});
	}

	// Each differs from a plain list into a pipe on the same day.
	const plain = keptListKey(optionsOf(), false, noon);
	const others: Array<[string, string | undefined]> = [
		['--json', keptListKey(optionsOf({json: true}), false, noon)],
		['--format', keptListKey(optionsOf({format: parseListFormat('{slug}')}), false, noon)],
		['another --format', keptListKey(optionsOf({format: parseListFormat('{title}')}), false, noon)],
		['--tag', keptListKey(optionsOf({tag: ['go']}), false, noon)],
		['--drafts', keptListKey(optionsOf({drafts: true}), false, noon)],
		['--lang', keptListKey(optionsOf({lang: 'fr'}), false, noon)],
		['--section', keptListKey(optionsOf({section: ['notes']}), false, noon)],
		['another blog', keptListKey(optionsOf({}, 'other'), false, noon)],
		// A post dated after today is a draft: tomorrow it is listed.
		['the next day', keptListKey(optionsOf(), false, new Date(2026, 11, 4, 12))],
	];
	for (const [name, key] of others) {
		it(`is another with ${name}`, () => {
			assert.ok(key !== undefined);
			assert.notEqual(key, plain);
		});
	}

	it('is the same for the same flags, blog and day, at any hour', () => {
		assert.equal(keptListKey(optionsOf(), false, new Date(2026, 11, 3, 23, 59)), plain);
	});

	it('is another for the blog named another way: the notes on stderr name it as it was named', () => {
		assert.notEqual(keptListKey(optionsOf({}, './blog/'), false, noon), plain);
	});
});
