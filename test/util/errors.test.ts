import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import vm from 'node:vm';
import {errorCode, errorMessage} from '../../source/util/errors.js';

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
