import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {meowCommandLine, plainReading, readCommandLine} from '../../source/cli/command-line.js';
import {parseFlags} from '../../source/cli/flags.js';
import {UserError} from '../../source/util/errors.js';

describe('the command line', () => {
	// Read here, without meow: each must come out as meow reads it.
	const plain: string[][] = [
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
		['--list', 'posts'],
		['posts', '--list'],
		['-l'],
		['--print', 'post.md'],
		['-p', 'post.md', '-w', '80'],
		['--print', 'true'],
		['--width', '1e3'],
		['posts', '-t', 'go', '--tag', '#rust', '-t', 'go'],
		['--section', 'blog', '--section', 'notes'],
		['--no-color', 'posts'],
		['--color', '--no-state'],
		['--remote-images', '--images', 'blocks', '--theme', 'light'],
		['--list', '--json', '--drafts', '--format', '{date}\t{title}', 'posts'],
		['--search', 'kube let', '--lang', 'fr', '--pager', '--center'],
		['--version', '--verbose'],
		['-h'],
	];
	for (const args of plain) {
		it(`reads ${JSON.stringify(args)} as meow does`, async () => {
			assert.notEqual(plainReading(args), undefined);
			assert.deepEqual(await readCommandLine(args), await meowCommandLine(args));
		});
	}

	// Spellings meow reads in its own ways are left to it.
	const meows: Array<[string[], Partial<ReturnType<typeof parseFlags>>, string[]]> = [
		[['--', '-odd-name'], {}, ['-odd-name']],
		[['--width=80'], {width: 80}, []],
		[['-lt', 'go'], {list: true, tag: ['go']}, []],
		[['--no-list', 'posts'], {list: false}, ['posts']],
		[['--list', 'false', 'posts'], {list: false}, ['posts']],
		[['--drafts', 'true'], {drafts: true}, []],
		[['--remoteImages'], {remoteImages: true}, []],
	];
	for (const [args, flags, input] of meows) {
		it(`reads ${JSON.stringify(args)} with meow`, async () => {
			assert.equal(plainReading(args), undefined);
			assert.deepEqual(await readCommandLine(args), {input, flags: {...parseFlags({}), ...flags}});
		});
	}

	// Refused by meow, or by the check after it: a usage error (exit 2), never an unexpected one.
	const refused: Array<[string[], RegExp]> = [
		[['--print'], /--print needs a value/],
		[['posts', '-t'], /--tag needs a value/],
		[['--print', '--list'], /--print needs a value/],
		[['--search', '-x'], /unknown option -x/],
		[['--print', 'a.md', '--print', 'b.md'], /--print can only be set once$/],
		[['-w', '80', '--width', '90'], /--width can only be set once$/],
	];
	for (const [args, message] of refused) {
		it(`refuses ${JSON.stringify(args)}`, async () => {
			assert.equal(plainReading(args), undefined);
			await assert.rejects(readCommandLine(args), (error: unknown) => {
				assert.ok(error instanceof UserError);
				assert.match(error.message, message);
				assert.equal(error.exitCode, 2);
				return true;
			});
		});
	}

	it("reads an empty value as meow does, and refuses it as it refuses meow's reading", async () => {
		assert.deepEqual(plainReading(['--print', '']), {input: [], flags: {print: ''}});
		await assert.rejects(readCommandLine(['--print', '']), /--print needs a post/);
		await assert.rejects(meowCommandLine(['--print', '']), /--print needs a post/);
	});

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
