import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {plainText, replaceEmojiShortcodes, textShown} from '../../source/render/inline.js';

/** What textShown does when it cannot tell the text is shown as it is. */
const slowly = (source: string) => plainText(replaceEmojiShortcodes(source.replace(/\n/g, ' ')));

describe('text as shown', () => {
	const cases: Array<[string, string, string]> = [
		['plain prose, as it is', 'Words, "quotes" and (brackets)!', 'Words, "quotes" and (brackets)!'],
		['a line break re-wraps', 'one\ntwo', 'one two'],
		['an emoji name', 'Shipped :tada:', 'Shipped 🎉'],
		['a time is no emoji name', 'at 10:30:00', 'at 10:30:00'],
		['a reference', 'Fish &amp; chips', 'Fish & chips'],
		['a control character made visible', 'bell\u0007', 'bell^G'],
		['a bidi override made visible', 'a\u202Eb', 'a<U+202E>b'],
		["the renderer's marks dropped", 'a\u2063b', 'ab'],
	];
	for (const [name, source, shown] of cases) {
		it(name, () => {
			assert.equal(textShown(source), shown);
		});
	}

	// The shortcut for text with nothing to change must never skip a character that changes.
	it('is what the whole treatment gives, for every character', () => {
		const differ: string[] = [];
		for (let code = 0; code <= 0xffff; code++) {
			if (code >= 0xd800 && code <= 0xdfff) continue;
			const text = `a${String.fromCharCode(code)}b`;
			if (textShown(text) !== slowly(text)) differ.push(code.toString(16));
		}

		assert.deepEqual(differ, []);
	});
});
