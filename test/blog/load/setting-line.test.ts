import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import fc from 'fast-check';
import {detectLayout} from '../../../source/blog/load/layout.js';
import {hasSettingLine} from '../../../source/blog/load/setting-line.js';

/** The patterns it replaces, which read a run of blank lines again from each of its lines: what it must equal. */
const byPattern = (text: string, name: 'baseURL' | 'base_url', ignoreCase: boolean): boolean =>
	new RegExp(String.raw`^\s*${name}\s*=`, ignoreCase ? 'im' : 'm').test(text);

describe('hasSettingLine: a config line that sets a key', () => {
	const cases: Array<[text: string, name: 'baseURL' | 'base_url', ignoreCase: boolean, sets: boolean]> = [
		['baseURL = "https://example.org/"\n', 'baseURL', true, true],
		['title = "x"\n  baseurl="/"', 'baseURL', true, true],
		['BASEURL\t=', 'baseURL', true, true],
		['baseURL = 1', 'baseURL', false, true],
		['baseurl = 1', 'baseURL', false, false],
		['# baseURL = "x"', 'baseURL', true, false],
		['baseURLs = "x"', 'baseURL', true, false],
		['title = "baseURL = x"', 'baseURL', true, false],
		['baseURL\n\n  = "x"', 'baseURL', true, true],
		['\u00a0\ufeffbaseURL =', 'baseURL', true, true],
		['a\u2028baseURL =', 'baseURL', true, true],
		['a\rbaseURL =', 'baseURL', true, true],
		['base_url = "https://example.org"', 'base_url', false, true],
		['BASE_URL = "x"', 'base_url', false, false],
		['', 'base_url', false, false],
	];
	for (const [text, name, ignoreCase, sets] of cases) {
		it(`${JSON.stringify(text)} ${sets ? 'sets' : 'does not set'} ${name}`, () => {
			assert.equal(hasSettingLine(text, name, ignoreCase), sets);
			assert.equal(byPattern(text, name, ignoreCase), sets, 'as the pattern read it');
		});
	}

	it('reads every text as the patterns did', () => {
		const piece = fc.constantFrom(
			'baseURL',
			'BaseUrl',
			'base_url',
			'baseUR',
			' ',
			'\t',
			'\n',
			'\r',
			'\u2028',
			'\u00a0',
			'\v',
			'=',
			'x',
			'#',
			'"',
		);
		const text = fc.array(piece, {maxLength: 14}).map(parts => parts.join(''));
		fc.assert(
			fc.property(text, fc.boolean(), (input, ignoreCase) => {
				for (const name of ['baseURL', 'base_url'] as const)
					assert.equal(
						hasSettingLine(input, name, ignoreCase),
						byPattern(input, name, ignoreCase),
						JSON.stringify(input),
					);
			}),
			{numRuns: 20_000},
		);
	});

	it('reads 160 KB of blank lines, with and without the key after them', () => {
		const blanks = '\n'.repeat(160 * 1024);
		assert.equal(hasSettingLine(blanks, 'baseURL', true), false);
		assert.equal(hasSettingLine(`${blanks}baseURL = "/"\n`, 'baseURL', true), true);
		assert.equal(hasSettingLine(`${' \n'.repeat(80 * 1024)}base_url = "/"`, 'base_url'), true);
		assert.equal(hasSettingLine(`baseURL${' '.repeat(160 * 1024)}x`, 'baseURL', true), false);
	});
});

describe('a site told by its config.toml', () => {
	const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-setting-line-'));
	after(() => {
		rmSync(scratch, {recursive: true, force: true});
	});

	const site = (name: string, config: string): string => {
		const root = path.join(scratch, name);
		mkdirSync(path.join(root, 'content', 'posts'), {recursive: true});
		writeFileSync(path.join(root, 'config.toml'), config);
		return root;
	};

	const cases: Array<[name: string, config: string, generator: string | null]> = [
		['hugo', `${'\n'.repeat(160 * 1024)}baseURL = "https://example.org/"\n`, 'Hugo'],
		['zola', `${'\n'.repeat(160 * 1024)}base_url = "https://example.org/"\n`, 'Zola'],
		['blank', '\n'.repeat(160 * 1024), null],
	];
	for (const [name, config, generator] of cases) {
		it(`${name}: 160 KB of blank lines${generator ? ` then its key: ${generator}` : ': no generator'}`, () => {
			const layout = detectLayout(site(name, config));
			assert.equal(layout.name, generator);
			if (generator) assert.deepEqual(layout.folders, ['content/posts']);
		});
	}
});
