import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import vm from 'node:vm';
import {errorCode, errorMessage, UserError} from '../../source/util/errors.js';

function thrown(work: () => unknown): unknown {
	try {
		work();
	} catch (error) {
		return error;
	}

	throw new Error('nothing was thrown');
}

describe('reading whatever was thrown', () => {
	const cases: Array<[name: string, error: unknown, message: string, code: string]> = [
		['an Error', new Error('broken'), 'broken', 'unreadable'],
		[
			'a file error',
			thrown(() => readFileSync('/no/such/file')),
			"ENOENT: no such file or directory, open '/no/such/file'",
			'ENOENT',
		],
		[
			'an error made in a vm context (another realm)',
			thrown(() => vm.runInNewContext('for (;;) {}', {}, {timeout: 5})),
			'Script execution timed out after 5ms',
			'ERR_SCRIPT_EXECUTION_TIMEOUT',
		],
		['a string', 'plain words', 'plain words', 'unreadable'],
		['null', null, 'null', 'unreadable'],
	];
	for (const [name, error, message, code] of cases) {
		it(name, () => {
			assert.equal(errorMessage(error), message);
			assert.equal(errorCode(error), code);
		});
	}
});

describe('UserError', () => {
	it('is told by its brand: one made by another copy of the module is a UserError (the bin holds two)', async () => {
		// The same file under another URL: a second instance of the module, as each build of the bin holds one.
		const anotherCopy: string = '../../source/util/errors.js?another-copy';
		const copy = (await import(anotherCopy)) as {UserError: typeof UserError};
		assert.notEqual(copy.UserError, UserError);
		assert.ok(new copy.UserError('from the other copy') instanceof UserError);
		assert.ok(new UserError('from this copy') instanceof copy.UserError);
	});

	it('is not any error', () => {
		for (const other of [
			new Error('plain'),
			Object.assign(new Error('named'), {name: 'UserError'}),
			'UserError',
			null,
		]) {
			assert.ok(!(other instanceof UserError), String(other));
		}
	});
});
