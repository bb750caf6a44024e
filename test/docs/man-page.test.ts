// The man page is made from the flag table and the keymap (scripts/docs/man-page.ts):
// the file shipped is the one they make now, man reads it without a warning, and
// it tells every flag and every key a reader has.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {MAN_PAGE, manPage} from '../../scripts/docs/man-page.js';
import {flags, spelling} from '../../source/cli/flags.js';
import {keymap} from '../../source/ui/keys/keymap.js';
import {ROOT} from '../helpers/paths.js';

const hasMan = spawnSync('man', ['--version']).status === 0;

describe('man/blogread.1', () => {
	it('is what the flag table and the keymap make now (npm run docs writes it)', () => {
		assert.equal(readFileSync(MAN_PAGE, 'utf8'), manPage());
	});

	it('is installed with the package', () => {
		const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
			man?: string[];
			files?: string[];
		};
		// A list: npm links a string's man page nowhere.
		assert.deepEqual(pkg.man, ['./man/blogread.1']);
		assert.ok(pkg.files?.includes('man'));
	});

	it('reads cleanly in man, with every flag and every key', {skip: !hasMan && 'man is not installed'}, () => {
		const result = spawnSync('man', ['--warnings', '-l', MAN_PAGE], {
			encoding: 'utf8',
			env: {...process.env, MANWIDTH: '100', MANPAGER: 'cat', PAGER: 'cat', LC_ALL: 'C.UTF-8'},
		});
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stderr, '');
		const shown = result.stdout.replace(/‐\n\s*/g, '').replace(/\s+/g, ' ');
		for (const [name, spec] of Object.entries(flags)) {
			const long = spelling(name);
			assert.ok(shown.includes('negated' in spec && spec.negated ? long.replace('--', '--no-') : long), name);
		}

		for (const binding of keymap) assert.ok(shown.includes(binding.description), binding.description);
	});
});
