import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
	chooseProtocol,
	GRAPHICS_QUERY,
	type GraphicsReplies,
	inMultiplexer,
	type PictureGraphics,
	type Place,
	type Protocol,
	pictureGraphics,
	withReply,
	worthAsking,
} from '../../source/pictures/graphics.js';
import type {ImageMode} from '../../source/pictures/mode.js';

const ESC = '\u001B';
const ST = `${ESC}\\`;
type Mode = Exclude<ImageMode, 'off'>;

/** The id kitty's query in GRAPHICS_QUERY asks with: its reply names it. */
const QUERY_ID = /^\u001B_Gi=(\d+),/u.exec(GRAPHICS_QUERY)?.[1] ?? '';

describe('GRAPHICS_QUERY', () => {
	it("asks kitty's graphics query first, with an id the replies are read for", () => {
		assert.match(GRAPHICS_QUERY, /^\u001B_Gi=\d+,[^;]*\ba=q\b[^;]*;[A-Za-z0-9+/=]*\u001B\\/u);
		assert.deepEqual(withReply({}, `${ESC}_Gi=${QUERY_ID};OK${ST}`), {kitty: true});
	});

	it('asks the cell size (XTWINOPS 16) and the name (XTVERSION)', () => {
		assert.ok(GRAPHICS_QUERY.includes(`${ESC}[16t`));
		assert.ok(GRAPHICS_QUERY.includes(`${ESC}[>0q`));
	});

	it('ends with the device attributes request (DA1), which every terminal answers, so it answers last', () => {
		assert.ok(GRAPHICS_QUERY.endsWith(`${ESC}[c`));
		assert.equal(GRAPHICS_QUERY.indexOf(`${ESC}[c`), GRAPHICS_QUERY.length - 3, 'asked once, at the end');
	});
});

describe('withReply', () => {
	const before: GraphicsReplies = {version: 'earlier'};
	// [what, the sequence the terminal sent, the replies after it (from `before`)]
	const cases: Array<[string, string, GraphicsReplies]> = [
		['kitty took the query', `${ESC}_Gi=31;OK${ST}`, {...before, kitty: true}],
		['kitty took it, with more keys', `${ESC}_Gi=31,p=1;OK${ST}`, {...before, kitty: true}],
		['kitty refused the query', `${ESC}_Gi=31;ENOENT:file not found${ST}`, {...before, kitty: false}],
		['a reply for another image (i=7)', `${ESC}_Gi=7;OK${ST}`, before],
		['a reply for an id that starts alike (i=310)', `${ESC}_Gi=310;OK${ST}`, before],
		['XTVERSION: kitty', `${ESC}P>|kitty(0.35.2)${ST}`, {...before, version: 'kitty(0.35.2)'}],
		[
			'XTVERSION: WezTerm',
			`${ESC}P>|WezTerm 20240203-110809-5046fc22${ST}`,
			{version: 'WezTerm 20240203-110809-5046fc22'},
		],
		['XTVERSION: 80 characters', `${ESC}P>|${'v'.repeat(80)}${ST}`, {version: 'v'.repeat(80)}],
		['XTVERSION: over 80 characters', `${ESC}P>|${'v'.repeat(81)}${ST}`, before],
		['XTVERSION: a control character in the name', `${ESC}P>|kitty\u0007(0.35.2)${ST}`, before],
		['XTVERSION: an escape in the name', `${ESC}P>|kit${ESC}[31mty${ST}`, before],
		['XTVERSION: an empty name', `${ESC}P>|${ST}`, before],
		['the cell size: 20 high, 10 wide', `${ESC}[6;20;10t`, {...before, cell: {width: 10, height: 20}}],
		['the cell size: no height', `${ESC}[6;0;10t`, before],
		['the cell size: no width', `${ESC}[6;20;0t`, before],
		['the window size in pixels (XTWINOPS 4), not the cell', `${ESC}[4;600;800t`, before],
		['DA1 naming sixel (4)', `${ESC}[?62;4;22c`, {...before, sixel: true, done: true}],
		['DA1 without sixel', `${ESC}[?1;2c`, {...before, sixel: false, done: true}],
		['DA1 with 14, not 4', `${ESC}[?64;14;22c`, {...before, sixel: false, done: true}],
		['DA1 with sixel last', `${ESC}[?65;1;4c`, {...before, sixel: true, done: true}],
		['DA2 (secondary attributes), not DA1', `${ESC}[>1;4;0c`, before],
		['an OSC 11 background colour reply', `${ESC}]11;rgb:0000/0000/0000${ST}`, before],
		['a key press', 'q', before],
	];
	for (const [name, sequence, expected] of cases) {
		it(`${name}: ${JSON.stringify(sequence)}`, () => {
			assert.deepEqual(withReply(before, sequence), expected);
		});
	}

	it('gives back the very same object for a sequence that is no answer', () => {
		const replies: GraphicsReplies = {kitty: true, cell: {width: 9, height: 18}};
		for (const sequence of [`${ESC}]11;rgb:ffff/ffff/ffff${ESC}\\`, `${ESC}_Gi=7;OK${ST}`, `${ESC}[6;0;0t`])
			assert.equal(withReply(replies, sequence), replies, JSON.stringify(sequence));
	});

	it('does not change the replies it is given', () => {
		const replies: GraphicsReplies = {version: 'kitty(0.35.2)'};
		withReply(replies, `${ESC}_Gi=31;OK${ST}`);
		withReply(replies, `${ESC}[?62;4c`);
		assert.deepEqual(replies, {version: 'kitty(0.35.2)'});
	});

	it('builds up the replies a terminal sends, in order', () => {
		const answers = [`${ESC}_Gi=31;OK${ST}`, `${ESC}[6;36;18t`, `${ESC}P>|kitty(0.35.2)${ST}`, `${ESC}[?62;22c`];
		assert.deepEqual(answers.reduce(withReply, {}), {
			kitty: true,
			cell: {width: 18, height: 36},
			version: 'kitty(0.35.2)',
			sixel: false,
			done: true,
		});
	});
});

describe('inMultiplexer', () => {
	const cases: Array<[NodeJS.ProcessEnv, boolean]> = [
		[{}, false],
		[{TMUX: '/tmp/tmux-1000/default,123,0'}, true],
		[{TMUX: ''}, false],
		[{TERM: 'tmux-256color'}, true],
		[{TERM: 'screen-256color'}, true],
		[{TERM: 'screen'}, true],
		[{TERM: 'xterm-256color'}, false],
		[{TERM: 'xterm-kitty', TMUX: '/tmp/tmux-1000/default,1,0'}, true],
	];
	for (const [env, expected] of cases) {
		it(`${JSON.stringify(env)} → ${expected}`, () => {
			assert.equal(inMultiplexer(env), expected);
		});
	}
});

const TMUX = '/tmp/tmux-1000/default,4242,0';
const KITTY: GraphicsReplies = {kitty: true, version: 'kitty(0.35.2)', done: true};
const GHOSTTY: GraphicsReplies = {kitty: true, version: 'ghostty 1.1.3', done: true};
const WEZTERM: GraphicsReplies = {kitty: true, version: 'WezTerm 20240203', done: true};

describe('chooseProtocol', () => {
	// [what, mode, env, replies, protocol in the app, protocol in printed output]
	const cases: Array<[string, Mode, NodeJS.ProcessEnv, GraphicsReplies, Protocol, Protocol]> = [
		['blocks, asked for', 'blocks', {TERM: 'xterm-kitty'}, KITTY, 'blocks', 'blocks'],
		['kitty, asked for', 'kitty', {}, {}, 'kitty', 'kitty'],
		['kitty, asked for, inside tmux', 'kitty', {TMUX}, {}, 'kitty', 'kitty'],
		['iterm, asked for: printed output only', 'iterm', {}, {}, 'blocks', 'iterm'],
		['sixel, asked for: printed output only', 'sixel', {}, {}, 'blocks', 'sixel'],
		['sixel, asked for, in kitty', 'sixel', {TERM: 'xterm-kitty'}, KITTY, 'blocks', 'sixel'],
		['auto: TERM=xterm-kitty', 'auto', {TERM: 'xterm-kitty'}, {}, 'kitty', 'kitty'],
		['auto: TERM=xterm-ghostty', 'auto', {TERM: 'xterm-ghostty'}, {}, 'kitty', 'kitty'],
		['auto: TERM_PROGRAM=ghostty', 'auto', {TERM_PROGRAM: 'ghostty'}, {}, 'kitty', 'kitty'],
		['auto: TERM_PROGRAM=Ghostty', 'auto', {TERM_PROGRAM: 'Ghostty'}, {}, 'kitty', 'kitty'],
		['auto: KITTY_WINDOW_ID', 'auto', {TERM: 'xterm-256color', KITTY_WINDOW_ID: '1'}, {}, 'kitty', 'kitty'],
		['auto: TERM_PROGRAM=iTerm.app', 'auto', {TERM_PROGRAM: 'iTerm.app'}, {}, 'blocks', 'iterm'],
		['auto: LC_TERMINAL=iTerm2', 'auto', {LC_TERMINAL: 'iTerm2'}, {}, 'blocks', 'iterm'],
		['auto: TMUX', 'auto', {TMUX}, {}, 'blocks', 'blocks'],
		['auto: TMUX in kitty', 'auto', {TMUX, TERM: 'xterm-kitty'}, KITTY, 'blocks', 'blocks'],
		['auto: TMUX in iTerm2', 'auto', {TMUX, TERM_PROGRAM: 'iTerm.app'}, {}, 'blocks', 'blocks'],
		['auto: TERM=screen-256color', 'auto', {TERM: 'screen-256color'}, {}, 'blocks', 'blocks'],
		['auto: TERM=screen-256color, kitty answering', 'auto', {TERM: 'screen-256color'}, KITTY, 'blocks', 'blocks'],
		['auto: kitty answered', 'auto', {}, KITTY, 'kitty', 'kitty'],
		['auto: Ghostty answered', 'auto', {TERM: 'xterm-256color'}, GHOSTTY, 'kitty', 'kitty'],
		['auto: kitty named, the query refused', 'auto', {}, {...KITTY, kitty: false}, 'blocks', 'blocks'],
		['auto: the query taken, no name', 'auto', {}, {kitty: true}, 'blocks', 'blocks'],
		['auto: WezTerm (no placeholders)', 'auto', {}, WEZTERM, 'blocks', 'blocks'],
		['auto: WezTerm with sixel', 'auto', {}, {...WEZTERM, sixel: true}, 'blocks', 'sixel'],
		['auto: sixel', 'auto', {TERM: 'xterm-256color'}, {sixel: true, done: true}, 'blocks', 'sixel'],
		['auto: iTerm2 answered', 'auto', {}, {version: 'iTerm2 3.5.0'}, 'blocks', 'iterm'],
		['auto: iTerm2 answered, with sixel', 'auto', {}, {version: 'iTerm2 3.5.0', sixel: true}, 'blocks', 'iterm'],
		['auto: another name', 'auto', {}, {version: 'XTerm(390)', sixel: false, done: true}, 'blocks', 'blocks'],
		['auto: nothing known', 'auto', {}, {}, 'blocks', 'blocks'],
	];
	for (const [name, mode, env, replies, inApp, inPrint] of cases) {
		it(`${name}: ${inApp} in the app, ${inPrint} printed`, () => {
			assert.equal(chooseProtocol(mode, 'app', env, replies), inApp, 'app');
			assert.equal(chooseProtocol(mode, 'print', env, replies), inPrint, 'print');
		});
	}

	it('blogread serve draws blocks, whatever was asked for and the terminal is', () => {
		for (const mode of ['auto', 'blocks', 'kitty', 'iterm', 'sixel'] as const)
			for (const [env, replies] of [
				[{TERM: 'xterm-kitty'}, KITTY],
				[{TERM_PROGRAM: 'iTerm.app'}, {version: 'iTerm2 3.5.0'}],
				[{}, {sixel: true}],
			] as const)
				assert.equal(chooseProtocol(mode, 'served', env, replies), 'blocks', `${mode} ${JSON.stringify(env)}`);
	});

	it('with no replies given, auto goes by the environment alone', () => {
		assert.equal(chooseProtocol('auto', 'app', {TERM: 'xterm-kitty'}), 'kitty');
		assert.equal(chooseProtocol('auto', 'print', {TERM: 'xterm-256color'}), 'blocks');
	});
});

describe('worthAsking', () => {
	// [mode, place, env, whether the terminal's answer could change what is drawn]
	const cases: Array<[ImageMode, Place, NodeJS.ProcessEnv, boolean]> = [
		['auto', 'app', {TERM: 'xterm-256color'}, true],
		['auto', 'print', {TERM: 'xterm-256color'}, true],
		['auto', 'app', {}, true],
		['auto', 'served', {TERM: 'xterm-256color'}, false],
		['auto', 'app', {TERM: 'xterm-kitty'}, false],
		['auto', 'print', {TERM_PROGRAM: 'ghostty'}, false],
		['auto', 'app', {KITTY_WINDOW_ID: '3'}, false],
		['auto', 'print', {TERM_PROGRAM: 'iTerm.app'}, false],
		['auto', 'print', {LC_TERMINAL: 'iTerm2'}, false],
		['auto', 'app', {TMUX, TERM: 'xterm-256color'}, false],
		['auto', 'app', {TERM: 'screen-256color'}, false],
		// The Linux console would print the question's APC string as text; these have no graphics.
		['auto', 'print', {TERM: 'linux'}, false],
		['auto', 'app', {TERM: 'vt220'}, false],
		['auto', 'app', {TERM: 'dumb'}, false],
		['blocks', 'app', {TERM: 'xterm-256color'}, false],
		['kitty', 'print', {TERM: 'xterm-256color'}, false],
		['iterm', 'print', {}, false],
		['sixel', 'print', {}, false],
		['off', 'print', {}, false],
	];
	for (const [mode, place, env, expected] of cases) {
		it(`${mode} in ${place} with ${JSON.stringify(env)} → ${expected}`, () => {
			assert.equal(worthAsking(mode, place, env), expected);
		});
	}
});

describe('pictureGraphics', () => {
	const cell = {width: 9, height: 18};
	// [what, mode, place, env, replies, the graphics]
	const cases: Array<[string, Mode, Place, NodeJS.ProcessEnv, GraphicsReplies, PictureGraphics]> = [
		['blocks, asked for', 'blocks', 'app', {TERM: 'xterm-kitty'}, {...KITTY, cell}, {}],
		['blocks, in tmux', 'blocks', 'app', {TMUX}, {cell}, {}],
		['served', 'kitty', 'served', {TERM: 'xterm-kitty'}, {...KITTY, cell}, {}],
		['auto, nothing known', 'auto', 'print', {TERM: 'xterm-256color'}, {cell}, {}],
		['kitty with a cell size', 'kitty', 'app', {}, {cell}, {protocol: 'kitty', cell}],
		['kitty, no cell size', 'kitty', 'app', {}, {}, {protocol: 'kitty'}],
		['auto in kitty', 'auto', 'app', {TERM: 'xterm-kitty'}, {...KITTY, cell}, {protocol: 'kitty', cell}],
		['kitty in tmux', 'kitty', 'app', {TMUX}, {}, {protocol: 'kitty', tmux: true}],
		['kitty in tmux, with a cell', 'kitty', 'print', {TMUX}, {cell}, {protocol: 'kitty', cell, tmux: true}],
		['iterm printed', 'iterm', 'print', {}, {cell}, {protocol: 'iterm', cell}],
		['iterm in the app', 'iterm', 'app', {TMUX}, {cell}, {}],
		['sixel printed, in tmux', 'sixel', 'print', {TMUX}, {}, {protocol: 'sixel', tmux: true}],
		// Over ssh from inside tmux: no TMUX on this side, but TERM names it.
		['kitty over ssh from tmux', 'kitty', 'app', {TERM: 'tmux-256color'}, {}, {protocol: 'kitty', tmux: true}],
		['auto with sixel', 'auto', 'print', {}, {sixel: true, cell}, {protocol: 'sixel', cell}],
	];
	for (const [name, mode, place, env, replies, expected] of cases) {
		it(`${name}: ${JSON.stringify(expected)}`, () => {
			assert.deepEqual(pictureGraphics(mode, place, env, replies), expected);
		});
	}
});
