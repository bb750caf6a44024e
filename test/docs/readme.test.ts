import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {END, keysTable, START} from '../../scripts/docs/keys-table.js';
import {flags, spelling} from '../../source/cli/flags.js';
import {ROOT} from '../helpers/paths.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('the README', () => {
	it('has the keys table the keymap makes (npm run docs writes it)', () => {
		const start = readme.indexOf(START);
		const end = readme.indexOf(END);
		assert.ok(start !== -1 && end > start, 'the keys section is there');
		assert.equal(readme.slice(start + START.length, end).trim(), keysTable());
	});

	it('names every flag of the command line', () => {
		for (const name of Object.keys(flags)) {
			const written = spelling(name);
			// A flag that is on by default is written as its negation (--no-color).
			assert.ok(readme.includes(written) || readme.includes(written.replace(/^--/, '--no-')), written);
		}
	});

	it('stays short enough to read: what a user needs, the rest in docs/', () => {
		const lines = readme.split('\n').length;
		assert.ok(lines <= 300, `${lines} lines`);
	});

	it('links only to documents that exist', () => {
		for (const [, target] of readme.matchAll(/\]\(((?:docs\/)?[\w.-]+\.md)(?:#[\w-]+)?\)/g)) {
			assert.doesNotThrow(() => readFileSync(path.join(ROOT, target ?? '')), target);
		}
	});
});
