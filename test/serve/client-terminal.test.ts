import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
	CLIENT_VARIABLES,
	type ClientEnv,
	clientColorLevel,
	servedEnv,
	takeVariable,
} from '../../source/serve/client-terminal.js';
import type {ColorLevel} from '../../source/theme/choice.js';

// What an ssh client may tell the server about its terminal: three variables,
// short and printable, and nothing that could steer the server.

describe('takeVariable: the variables taken from a client', () => {
	const taken: Array<[name: string, value: string]> = [
		['TERM', 'xterm-256color'],
		['TERM', 'dumb'],
		['COLORTERM', 'truecolor'],
		['NO_COLOR', '1'],
		['NO_COLOR', ''],
		['TERM', 'x'.repeat(64)],
		['TERM', 'ünïcode-term'],
	];
	for (const [name, value] of taken) {
		it(`takes ${name}=${JSON.stringify(value)}`, () => {
			const env: ClientEnv = {};
			assert.equal(takeVariable(env, name, value), true);
			assert.deepEqual(env, {[name]: value});
		});
	}

	const refused: Array<[name: string, value: string, why: string]> = [
		['PATH', '/tmp/evil:/usr/bin', 'PATH'],
		['LD_PRELOAD', '/tmp/evil.so', 'LD_PRELOAD'],
		['NODE_OPTIONS', '--require /tmp/evil.js', 'NODE_OPTIONS'],
		['BLOGREAD_DIR', '/etc', "blogread's own folder"],
		['HOME', '/tmp', 'HOME'],
		['PAGER', 'sh -c id', 'PAGER'],
		['FORCE_COLOR', '3', 'FORCE_COLOR'],
		['LANG', 'C', 'the locale'],
		['term', 'xterm', 'a name in another case'],
		['TERM ', 'xterm', 'a name with a space'],
		['', 'xterm', 'no name'],
		['TERM', 'x'.repeat(65), 'a value over 64 characters'],
		['TERM', 'xterm\u001B]52;c;aGk=\u0007', 'an escape sequence'],
		['TERM', 'xterm\nPATH=/tmp', 'a line break'],
		['COLORTERM', 'true\tcolor', 'a tab'],
		['TERM', 'xterm\u0000', 'a NUL'],
		['TERM', 'xterm\u009B', 'a C1 control'],
		['TERM', 'xterm\u007F', 'DEL'],
		['TERM', 'xterm\u202E', 'a bidi override'],
		['TERM', ' xterm', 'a leading space'],
	];
	for (const [name, value, why] of refused) {
		it(`refuses ${why}`, () => {
			const env: ClientEnv = {TERM: 'before'};
			assert.equal(takeVariable(env, name, value), false);
			assert.deepEqual(env, {TERM: 'before'}, 'nothing is changed');
		});
	}

	it('takes only TERM, COLORTERM and NO_COLOR', () => {
		assert.deepEqual([...CLIENT_VARIABLES].sort(), ['COLORTERM', 'NO_COLOR', 'TERM']);
	});

	it('a later value of a variable replaces the earlier one', () => {
		const env: ClientEnv = {};
		assert.ok(takeVariable(env, 'TERM', 'xterm'));
		assert.ok(takeVariable(env, 'TERM', 'screen-256color'));
		assert.deepEqual(env, {TERM: 'screen-256color'});
	});
});

describe('clientColorLevel: the colours a client terminal takes', () => {
	const cases: Array<[env: ClientEnv, level: ColorLevel]> = [
		[{}, 0],
		[{TERM: ''}, 0],
		[{TERM: 'dumb'}, 0],
		[{TERM: 'dumb', COLORTERM: 'truecolor'}, 0],
		[{TERM: 'xterm'}, 1],
		[{TERM: 'vt100'}, 1],
		[{TERM: 'screen'}, 1],
		[{TERM: 'xterm-256color'}, 2],
		[{TERM: 'tmux-256color'}, 2],
		[{TERM: 'xterm', COLORTERM: 'truecolor'}, 3],
		[{TERM: 'xterm-256color', COLORTERM: '24bit'}, 3],
		[{TERM: 'xterm-256color', COLORTERM: 'TrueColor'}, 3],
		[{TERM: 'xterm-256color', COLORTERM: 'yes'}, 2],
		[{TERM: 'xterm-256color', COLORTERM: 'truecolour'}, 2],
		[{TERM: 'xterm-direct'}, 3],
		[{TERM: 'foot-direct'}, 3],
	];
	for (const [env, level] of cases) {
		it(`${JSON.stringify(env)} → ${level}`, () => {
			assert.equal(clientColorLevel(env), level);
		});
	}
});

describe('servedEnv: the environment a served run sees', () => {
	it("is the client's variables and a UTF-8 locale, nothing of the server's", () => {
		assert.deepEqual(servedEnv({}), {LANG: 'C.UTF-8'});
		assert.deepEqual(servedEnv({TERM: 'xterm', COLORTERM: 'truecolor', NO_COLOR: '1'}), {
			TERM: 'xterm',
			COLORTERM: 'truecolor',
			NO_COLOR: '1',
			LANG: 'C.UTF-8',
		});
		const env = servedEnv({TERM: 'xterm'});
		for (const name of ['PATH', 'HOME', 'BLOGREAD_DIR', 'PAGER', 'XDG_STATE_HOME']) {
			assert.equal(env[name], undefined, name);
		}
	});

	it('leaves the client’s own record as it was', () => {
		const client: ClientEnv = {TERM: 'xterm'};
		servedEnv(client).TERM = 'changed';
		assert.deepEqual(client, {TERM: 'xterm'});
	});
});
