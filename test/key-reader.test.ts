import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {createKeyReader, type KeyInput} from '../source/ui/key-reader.js';

/** The keys a whole input gives, chunk by chunk, with what is still held flushed at the end. */
function read(...chunks: string[]): KeyInput[] {
	const reader = createKeyReader();
	return [...chunks.flatMap(chunk => reader.push(chunk)), ...reader.flush()];
}

const key = (input: string, flags: KeyInput['flags'] = {}): KeyInput => ({input, flags});
const ESC = '\u001B';

describe('the key reader', () => {
	const cases: Array<[string, string[], KeyInput[]]> = [
		['typed text', ['jjk'], [key('jjk')]],
		[
			'arrows, in both forms terminals send',
			[`${ESC}[A${ESC}OB${ESC}[1;5C`],
			[key('', {upArrow: true}), key('', {downArrow: true}), key('', {rightArrow: true})],
		],
		[
			'Home, End, PgUp, PgDn, Delete',
			[`${ESC}[H${ESC}[4~${ESC}[5~${ESC}[6~${ESC}[3~`],
			[
				key('', {home: true}),
				key('', {end: true}),
				key('', {pageUp: true}),
				key('', {pageDown: true}),
				key('', {delete: true}),
			],
		],
		[
			'Enter, Tab, Backspace and Ctrl keys',
			['\r\t\u007F\u0003\u001A'],
			[
				key('', {return: true}),
				key('', {tab: true}),
				key('', {backspace: true}),
				key('c', {ctrl: true}),
				key('z', {ctrl: true}),
			],
		],
		['a lone Esc, once nothing follows', [ESC], [key('', {escape: true})]],
		['Esc typed just before a key is both keys', [`${ESC}?`], [key('', {escape: true}), key('?')]],
		[
			'Esc just before / and q',
			[`${ESC}/${ESC}q`],
			[key('', {escape: true}), key('/'), key('', {escape: true}), key('q')],
		],
		['an arrow split between two reads', [ESC, '[', 'B'], [key('', {downArrow: true})]],
		['device attributes reply', [`${ESC}[?1;2c`], []],
		['secondary device attributes', [`${ESC}[>0;276;0c`], []],
		['a mode report', [`${ESC}[?2004;1$y`], []],
		['a cursor position report', [`${ESC}[12;40R`], []],
		['an OSC colour reply ending in BEL', [`${ESC}]11;rgb:0000/0000/0000\u0007`], []],
		['an OSC colour reply ending in ST', [`${ESC}]11;rgb:ffff/ffff/ffff${ESC}\\`], []],
		[
			'a reply split between reads, keys around it',
			['j', `${ESC}]11;rgb:00`, '00/0000/0000\u0007k'],
			[key('j'), key('k')],
		],
		['a DCS reply', [`${ESC}P1$r0m${ESC}\\`], []],
		['focus events and mouse reports', [`${ESC}[I${ESC}[O${ESC}[<0;10;5M`], []],
		['8-bit CSI and OSC', ['\u009B?1;2c\u009D11;rgb:0/0/0\u0007'], []],
		['pasted text between paste markers', [`${ESC}[200~hello${ESC}[201~`], [key('hello')]],
		['an unfinished reply is dropped, not typed', [`${ESC}]11;rgb:0000`], []],
		['Esc then ] with nothing after: both keys', [`${ESC}]`], [key('', {escape: true}), key(']')]],
		[
			'a Ctrl key typed in an unfinished reply ends it, and is a key',
			[`${ESC}]11;rgb`, '\u0019j'],
			[key('y', {ctrl: true}), key('j')],
		],
		[
			'BEL is Ctrl-G; NUL and C1 controls are nothing',
			['a\u0007b\u0000c\u0085d'],
			[key('a'), key('g', {ctrl: true}), key('bcd')],
		],
	];
	for (const [name, chunks, expected] of cases) {
		it(name, () => {
			assert.deepEqual(read(...chunks), expected);
		});
	}

	// Random bytes, split anywhere: nothing throws, and every key is a named key, a Ctrl letter or printable text.
	it('never throws and gives only well-formed keys, whatever the bytes and however they are split', () => {
		const piece = fc.oneof(
			fc.string({unit: 'binary', maxLength: 12}),
			fc.constantFrom(ESC, `${ESC}[`, `${ESC}]`, `${ESC}P`, '\u0007', `${ESC}\\`, '\u009B', '\u009D', '[A', '1;2c'),
		);
		fc.assert(
			fc.property(fc.array(piece, {maxLength: 20}), chunks => {
				for (const {input, flags} of read(...chunks)) {
					const named = Object.keys(flags);
					if (flags.ctrl) assert.match(input, /^[a-z]$/);
					else if (named.length > 0) assert.equal(input, '');
					else assert.doesNotMatch(input, /[\u0000-\u001F\u007F-\u009F]/);
				}
			}),
			{numRuns: 2000, seed: 20_261_201},
		);
	});

	// However a complete reply arrives, split or whole, it gives no key: no view can change.
	it('gives no key for a complete terminal reply, split at any point', () => {
		const replies = [
			`${ESC}[?1;2c`,
			`${ESC}[?2004;1$y`,
			`${ESC}]11;rgb:1a1a/1a1a/1a1a\u0007`,
			`${ESC}]10;rgb:ffff/ffff/ffff${ESC}\\`,
			`${ESC}P>|xterm(390)${ESC}\\`,
		];
		fc.assert(
			fc.property(fc.constantFrom(...replies), fc.array(fc.nat(), {maxLength: 4}), (reply, cuts) => {
				const points = [...new Set(cuts.map(cut => cut % reply.length))].sort((a, b) => a - b);
				const chunks = [...points, reply.length].map((end, index) =>
					reply.slice(index === 0 ? 0 : points[index - 1], end),
				);
				assert.deepEqual(read(...chunks), []);
			}),
			{numRuns: 500, seed: 20_261_201},
		);
	});
});
