import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {createKeyReader, ESCAPE_WAIT_MS, type KeyInput, REPLY_WINDOW_MS} from '../../../source/ui/keys/key-reader.js';

/** The keys a whole input gives, chunk by chunk, with what is still held flushed at the end. */
function read(...chunks: string[]): KeyInput[] {
	const reader = createKeyReader();
	return [...chunks.flatMap(chunk => reader.push(chunk)), ...reader.expire()];
}

/**
 * The keys of chunks that arrive over time, each `[gap, chunk]` ms after the
 * one before, as useKeys delivers them: whatever is held expires once its
 * `due()` passes with nothing new. At the end, everything held expires.
 */
function readOverTime(...arrivals: Array<[gap: number, chunk: string]>): KeyInput[] {
	let clock = 0;
	const reader = createKeyReader({now: () => clock});
	const keys: KeyInput[] = [];
	let since = 0;
	for (const [gap, chunk] of arrivals) {
		const due = reader.due();
		if (due !== undefined && gap >= due) {
			clock = since + due;
			keys.push(...reader.expire());
		}

		clock = since + gap;
		keys.push(...reader.push(chunk));
		since = clock;
	}

	clock += 10_000;
	keys.push(...reader.expire());
	return keys;
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

	// A slow link splits a reply with gaps of a tenth of a second or more: within the reply window its
	// start waits for its rest, so no part of it is a key (120 ms quit the app before); Esc alone still
	// answers within ESCAPE_WAIT_MS.
	const timed: Array<[string, Array<[number, string]>, KeyInput[]]> = [
		[
			'device attributes split by 120 ms',
			[
				[0, `${ESC}[`],
				[120, '?1;2c'],
			],
			[],
		],
		[
			'a DCS reply split by 120 ms',
			[
				[0, `${ESC}P`],
				[120, `1$r0m${ESC}\\`],
			],
			[],
		],
		[
			'an OSC colour reply split by 120 ms',
			[
				[0, `${ESC}]11;rgb:`],
				[120, `0000/0000/0000${ESC}\\`],
			],
			[],
		],
		[
			'an OSC reply split after its Esc, by 120 ms',
			[
				[0, ESC],
				[120, ']11;rgb:0000/0000/0000\u0007'],
			],
			[key('', {escape: true})],
		],
		[
			'a reply split after its Esc, by 400 ms',
			[
				[0, ESC],
				[400, '[?1;2c'],
			],
			[key('', {escape: true})],
		],
		[
			'an arrow split after its Esc over a slow link',
			[
				[0, ESC],
				[200, '[B'],
			],
			[key('', {escape: true}), key('', {downArrow: true})],
		],
		[
			'Esc then [ a second later: two keys',
			[
				[0, ESC],
				[1000, '['],
			],
			[key('', {escape: true}), key('[')],
		],
		['Esc then j at once: two keys', [[0, `${ESC}j`]], [key('', {escape: true}), key('j')]],
		[
			'Esc then j soon after: two keys',
			[
				[0, ESC],
				[100, 'j'],
			],
			[key('', {escape: true}), key('j')],
		],
		['Esc and [ typed together, nothing after: both keys, late', [[0, `${ESC}[`]], [key('', {escape: true}), key('[')]],
		[
			'a sequence cut short and never finished is no key',
			[
				[0, `${ESC}[?1;`],
				[2000, 'j'],
			],
			[key('j')],
		],
		[
			'an OSC reply’s tail past the window is typed',
			[
				[0, `${ESC}]11;rgb:`],
				[2000, 'ab'],
			],
			[key('ab')],
		],
	];
	for (const [name, arrivals, expected] of timed) {
		it(name, () => {
			assert.deepEqual(readOverTime(...arrivals), expected);
		});
	}

	it('holds a lone Esc for ESCAPE_WAIT_MS, a sequence’s start for the reply window', () => {
		const reader = createKeyReader({now: () => 0});
		assert.equal(reader.due(), undefined);
		reader.push(ESC);
		assert.equal(reader.due(), ESCAPE_WAIT_MS);
		reader.push('[');
		assert.equal(reader.due(), REPLY_WINDOW_MS);
		reader.push('A');
		assert.equal(reader.due(), undefined);
	});

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

	it('gives each complete reply, however split, to onReply whole, and the keys around it as keys', () => {
		const replies = [
			`${ESC}_Gi=31;OK${ESC}\\`,
			`${ESC}[6;20;10t`,
			`${ESC}P>|kitty(0.35.2)${ESC}\\`,
			`${ESC}[?62;4;22c`,
			`${ESC}]11;rgb:1a1a/1a1a/1a1a\u0007`,
		];
		fc.assert(
			fc.property(fc.array(fc.nat(), {maxLength: 6}), cuts => {
				const input = `j${replies.join('')}k`;
				const points = [...new Set(cuts.map(cut => cut % input.length))].sort((a, b) => a - b);
				const chunks = [...points, input.length].map((end, index) =>
					input.slice(index === 0 ? 0 : points[index - 1], end),
				);
				const heard: string[] = [];
				const reader = createKeyReader({onReply: sequence => heard.push(sequence)});
				const keys = [...chunks.flatMap(chunk => reader.push(chunk)), ...reader.expire()];
				assert.deepEqual(heard, replies);
				assert.deepEqual(keys.map(({input}) => input).join(''), 'jk');
			}),
			{numRuns: 300, seed: 20_261_203},
		);
	});

	it('gives no key to onReply', () => {
		const heard: string[] = [];
		const reader = createKeyReader({onReply: sequence => heard.push(sequence)});
		assert.deepEqual(reader.push(`a${ESC}[A${ESC}[5~q`).length, 4);
		assert.deepEqual(heard, []);
	});
});
