import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {meowCommandLine, onlyOperands, readCommandLine} from '../../source/cli/command-line.js';
import {parseFlags} from '../../source/cli/flags.js';

describe('the command line', () => {
	// Read as they stand, without meow: each must come out as meow reads it.
	const operandsOnly: string[][] = [
		[],
		['posts'],
		['~/blog'],
		['/srv/blog/content/posts'],
		['2024'],
		['1e3'],
		['0x10'],
		['a=b'],
		["'quoted'"],
		['"double"'],
		['with space'],
		['posts', 'more'],
		['serve.md'],
		['naïve-日本'],
		[''],
	];
	for (const args of operandsOnly) {
		it(`reads ${JSON.stringify(args)} as meow does`, async () => {
			assert.equal(onlyOperands(args), true);
			assert.deepEqual(await readCommandLine(args), await meowCommandLine(args));
		});
	}

	// Anything with an option is meow's to read.
	const withOptions: Array<[string[], Partial<ReturnType<typeof parseFlags>>, string[]]> = [
		[['--list', 'posts'], {list: true}, ['posts']],
		[['posts', '-t', 'go'], {tag: ['go']}, ['posts']],
		[['-l'], {list: true}, []],
		[['--no-color', 'posts'], {color: false}, ['posts']],
		[['--', '-odd-name'], {}, ['-odd-name']],
	];
	for (const [args, flags, input] of withOptions) {
		it(`reads ${JSON.stringify(args)} with meow`, async () => {
			assert.equal(onlyOperands(args), false);
			assert.deepEqual(await readCommandLine(args), {input, flags: {...parseFlags({}), ...flags}});
		});
	}

	it('refuses an unknown option', async () => {
		await assert.rejects(readCommandLine(['posts', '--nope']), /unknown option --nope/);
	});

	it('names the process blogread without meow too', async () => {
		const before = process.title;
		try {
			process.title = 'node';
			await readCommandLine(['posts']);
			assert.equal(process.title, 'blogread');
		} finally {
			process.title = before;
		}
	});
});
