import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {markMatches} from '../../source/text/mark-matches.js';

const bracket = (match: string) => `[${match}]`;

describe('markMatches', () => {
	const cases: Array<{text: string; words: string[]; end?: number; marked: string}> = [
		{text: 'Raft and Warcraft', words: ['raft'], marked: '[Raft] and Warc[raft]'},
		{text: 'no match here', words: ['kubelet'], marked: 'no match here'},
		{text: 'either word', words: ['either', 'word'], marked: '[either] [word]'},
		{text: 'empty words mark nothing', words: ['', ''], marked: 'empty words mark nothing'},
		{text: 'a.b and axb', words: ['a.b'], marked: '[a.b] and axb'},
		{text: 'Ünïcode ÜNÏCODE', words: ['ünï'], marked: '[Ünï]code [ÜNÏ]CODE'},
		{text: 'cut before the match', words: ['match'], end: 7, marked: 'cut bef'},
		{text: 'a match cut short', words: ['match'], end: 5, marked: 'a [mat]'},
		{text: 'nothing to mark, cut', words: [], end: 7, marked: 'nothing'},
	];
	for (const {text, words, end, marked} of cases)
		it(`${JSON.stringify(text)} ${JSON.stringify(words)}${end === undefined ? '' : ` to ${end}`}`, () => {
			assert.equal(markMatches(text, words, bracket, end), marked);
		});
});
