import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {cleanLine, escapeForJson, hasControls, keepOwnEscapes, showControls} from '../../source/text/sanitize.js';

const ESC = '\u001B';
/** kitty's image placeholder: coloured, a cell of it shows a picture kitty already holds. */
const PLACEHOLDER = '\u{10EEEE}';

describe('showControls: text that may span lines', () => {
	const cases: Array<[text: string, shown: string]> = [
		['plain text', 'plain text'],
		['tab\tand\nnewline stay', 'tab\tand\nnewline stay'],
		[`${ESC}[31mred`, '^[[31mred'],
		['bell\u0007 nul\u0000 del\u007F', 'bell^G nul^@ del^?'],
		['cr\r bs\b', 'cr^M bs^H'],
		['c1 \u009B \u009D \u0085', 'c1 <U+009B> <U+009D> <U+0085>'],
		['bidi \u202E \u2066 \u200F \u061C', 'bidi <U+202E> <U+2066> <U+200F> <U+061C>'],
		['wide 漢字 and emoji 👍 stay', 'wide 漢字 and emoji 👍 stay'],
		[`kitty ${PLACEHOLDER}\u0305 cell`, 'kitty <U+10EEEE>\u0305 cell'],
		// Its neighbours in the same private plane (the same first unit) are only text.
		['\u{10EEED}\u{10EEEF}', '\u{10EEED}\u{10EEEF}'],
	];
	for (const [text, shown] of cases) {
		it(JSON.stringify(text), () => {
			assert.equal(showControls(text), shown);
		});
	}
});

describe('cleanLine and hasControls: text shown on one line', () => {
	const cases: Array<[text: string, line: string, controls: boolean]> = [
		['  A title  ', 'A title', false],
		['two\nlines', 'two lines', true],
		['tabs\t\there', 'tabs here', true],
		[`${ESC}]2;owned\u0007title`, '^[]2;owned^Gtitle', true],
		['\u202Egnp.exe', '<U+202E>gnp.exe', true],
		[`a ${PLACEHOLDER} title`, 'a <U+10EEEE> title', true],
		['', '', false],
	];
	for (const [text, line, controls] of cases) {
		it(JSON.stringify(text), () => {
			assert.equal(cleanLine(text), line);
			assert.equal(hasControls(text), controls);
		});
	}
});

describe('escapeForJson: JSON safe to cat', () => {
	const cases: Array<[value: string, json: string]> = [
		['plain', '"plain"'],
		[`${ESC}[2J`, '"\\u001b[2J"'],
		['c1 \u009B', '"c1 \\u009b"'],
		['bidi \u202E', '"bidi \\u202e"'],
		[`kitty ${PLACEHOLDER}`, '"kitty \\udbfb\\udeee"'],
	];
	for (const [value, json] of cases) {
		it(JSON.stringify(value), () => {
			const escaped = escapeForJson(JSON.stringify(value));
			assert.equal(escaped, json);
			assert.equal(JSON.parse(escaped), value, 'reads back as the value');
		});
	}
});

describe('keepOwnEscapes: the last check on rendered output', () => {
	const cases: Array<[rendered: string, kept: string]> = [
		[`${ESC}[1mbold${ESC}[22m`, `${ESC}[1mbold${ESC}[22m`],
		[
			`${ESC}]8;;https://example.org/${'\u0007'}link${ESC}]8;;\u0007`,
			`${ESC}]8;;https://example.org/\u0007link${ESC}]8;;\u0007`,
		],
		[`${ESC}]8;;file:///etc/passwd\u0007x`, '^[]8;;file:///etc/passwd^Gx'],
		[`${ESC}]52;c;aGk=\u0007`, '^[]52;c;aGk=^G'],
		[`${ESC}[2J${ESC}[H`, '^[[2J^[[H'],
		['\u009B31m', '<U+009B>31m'],
		['tab\tand\nnewline', 'tab\tand\nnewline'],
		[`cell ${PLACEHOLDER}`, 'cell <U+10EEEE>'],
	];
	for (const [rendered, kept] of cases) {
		it(JSON.stringify(rendered), () => {
			assert.equal(keepOwnEscapes(rendered), kept);
		});
	}
});
