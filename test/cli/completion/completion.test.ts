// Shell completion: the scripts come from the flag table, and the values a
// script asks blogread for (`--tag <TAB>`, `--print <TAB>`) are the blog's
// own, offered word for word: a tag written to run code or drive the terminal
// is never run, shown or inserted as such.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {completionScript, SHELLS} from '../../../source/cli/completion/scripts.js';
import {completionValues, type TypedBlog, typedBlog} from '../../../source/cli/completion/values.js';
import {flags, spelling} from '../../../source/cli/flags.js';
import {baseEnv, bin, runBin} from '../../helpers/bin.js';
import {temporaryFolder} from '../../helpers/temporary.js';

/** A blog whose tags are counted, cased, hostile; each post a file of its own. */
function blog(): string {
	const folder = temporaryFolder('completion');
	const post = (name: string, tags: string[], date: string) =>
		writeFileSync(
			path.join(folder, `${name}.md`),
			`---\ntitle: ${name}\ndate: ${date}\ntags: ${JSON.stringify(tags)}\n---\n\nText.\n`,
		);
	post('first-light', ['go', 'Rust', 'second tag'], '2024-01-01');
	post('go-worker-pool', ['go', 'concurrency'], '2024-02-01');
	post('tools', ['go', 'rust', 'cli'], '2024-03-01');
	post('hostile', ['$(touch pwned)', 'bell\u0007', 'esc\u001B[31m', 'tab\there', 'rtl\u202Eevil'], '2024-04-01');
	return folder;
}

describe('typedBlog: the blog a command line being typed names', () => {
	const none: TypedBlog = {path: undefined, sections: [], drafts: false};
	const cases: Array<[words: string[], expected: TypedBlog]> = [
		[[], none],
		[['~/blog'], {...none, path: '~/blog'}],
		[['--tag', 'go', '~/blog'], {...none, path: '~/blog'}],
		[['-t', 'go', '-w', '80', 'blog'], {...none, path: 'blog'}],
		[['--list', 'blog', 'other'], {...none, path: 'blog'}],
		[['--print', 'a-post'], none],
		[['--section', 'docs', '--section=notes', 'site'], {path: 'site', sections: ['docs', 'notes'], drafts: false}],
		[['--drafts', 'blog'], {...none, path: 'blog', drafts: true}],
		[['--', '-odd-folder'], {...none, path: '-odd-folder'}],
		[['--theme'], none],
	];
	for (const [words, expected] of cases) {
		it(`${JSON.stringify(words)}`, () => {
			assert.deepEqual(typedBlog(words), expected);
		});
	}
});

describe('completionValues: the blog’s tags and posts', () => {
	const folder = blog();
	const env = {...baseEnv(), XDG_CACHE_HOME: path.join(folder, '.cache-home')};

	it('tags and categories, most used first, each once whatever its case', async () => {
		assert.deepEqual(await completionValues('tags', '', [folder], env), [
			'go',
			'rust',
			'$(touch pwned)',
			'bell^G',
			'cli',
			'concurrency',
			'esc^[[31m',
			'rtl<U+202E>evil',
			'second tag',
			'tab here',
		]);
	});

	it('only those starting with what is typed, case aside', async () => {
		assert.deepEqual(await completionValues('tags', 'R', [folder], env), ['rust', 'rtl<U+202E>evil']);
		assert.deepEqual(await completionValues('tags', 'SEC', [folder], env), ['second tag']);
	});

	it('controls, tabs and bidi overrides only as blogread shows them; shell syntax is only text', async () => {
		const values = await completionValues('tags', '', [folder], env);
		assert.ok(!values.some(value => /[\u0000-\u001F\u007F-\u009F\u202E]/.test(value)), JSON.stringify(values));
		assert.deepEqual(await completionValues('tags', '$', [folder], env), ['$(touch pwned)']);
	});

	it('posts by slug, newest first', async () => {
		assert.deepEqual(await completionValues('posts', '', [folder], env), [
			'hostile',
			'tools',
			'go-worker-pool',
			'first-light',
		]);
		assert.deepEqual(await completionValues('posts', 'go', ['--tag', 'x', folder], env), ['go-worker-pool']);
	});
});

describe('the scripts', () => {
	for (const shell of SHELLS) {
		it(`${shell}: completes every flag`, () => {
			const script = completionScript(shell);
			for (const [name, spec] of Object.entries(flags)) {
				const long = spelling(name);
				const written = 'negated' in spec && spec.negated ? long.replace('--', '--no-') : long;
				const inScript = shell === 'fish' ? `-l ${written.slice(2)}` : written;
				assert.ok(script.includes(inScript), `${shell} lacks ${written}`);
			}
		});
	}

	const shells = SHELLS.filter(shell => spawnSync(shell, ['-c', 'true']).status === 0);
	for (const shell of SHELLS) {
		it(`${shell}: the shell reads the script without an error`, {
			skip: !shells.includes(shell) && `${shell} is not installed`,
		}, () => {
			const file = path.join(temporaryFolder('script'), `blogread.${shell}`);
			writeFileSync(file, completionScript(shell));
			const result = spawnSync(shell, ['-n', file], {encoding: 'utf8'});
			assert.equal(result.status, 0, result.stderr);
			assert.equal(result.stderr, '');
		});
	}
});

describe('blogread completion, the built bin', () => {
	it('prints each shell’s script, and refuses anything else with a usage error', () => {
		for (const shell of SHELLS) {
			const result = runBin(['completion', shell]);
			assert.equal(result.code, 0, result.stderr);
			assert.equal(result.stdout, completionScript(shell));
		}

		const wrong = runBin(['completion', 'tcsh']);
		assert.equal(wrong.code, 2);
		assert.equal(wrong.stdout, '');
		assert.match(
			wrong.stderr,
			/^blogread: completion needs a shell: bash, zsh or fish, not "tcsh"\nUsage: blogread completion /,
		);
	});

	it('answers a script’s question with the values alone, and nothing at all for a blog it cannot read', () => {
		const folder = blog();
		const env = {XDG_CACHE_HOME: path.join(folder, '.cache-home')};
		const tags = runBin(['completion', 'tags', '--prefix', 'c', '--', '--list', folder], {env});
		assert.equal(tags.code, 0, tags.stderr);
		assert.equal(tags.stdout, 'cli\nconcurrency\n');
		const missing = runBin(['completion', 'posts', '--', path.join(folder, 'nowhere')]);
		assert.deepEqual([missing.code, missing.stdout, missing.stderr], [0, '', '']);
	});

	it('bash: `--tag <TAB>` offers the tags, each quoted as one word, and runs nothing a post wrote', () => {
		const folder = blog();
		// `blogread` on PATH is the built bin.
		const binFolder = temporaryFolder('bin');
		const shim = path.join(binFolder, 'blogread');
		writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
		chmodSync(shim, 0o755);
		const work = path.join(folder, 'work');
		mkdirSync(work);
		const complete = (line: string[]) => {
			const words = line.map(word => `'${word}'`).join(' ');
			// compopt works only inside a completion bash itself runs: here it does nothing.
			const script = `${completionScript('bash')}
compopt() { :; }
COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1))
_blogread
printf '%s\\n' "\${COMPREPLY[@]}"`;
			const result = spawnSync('bash', ['-c', script], {
				cwd: work,
				encoding: 'utf8',
				env: {...baseEnv(), PATH: `${binFolder}:${process.env['PATH']}`, XDG_CACHE_HOME: path.join(folder, '.c')},
			});
			assert.equal(result.stderr, '');
			return result.stdout.split('\n').filter(line => line !== '');
		};

		assert.deepEqual(complete(['blogread', folder, '--tag', '']), [
			'go',
			'rust',
			'\\$\\(touch\\ pwned\\)',
			'bell\\^G',
			'cli',
			'concurrency',
			'esc\\^\\[\\[31m',
			'rtl\\<U+202E\\>evil',
			'second\\ tag',
			'tab\\ here',
		]);
		assert.deepEqual(complete(['blogread', '--print', 'go', folder]), []);
		assert.deepEqual(complete(['blogread', folder, '--print', 'go']), ['go-worker-pool']);
		assert.deepEqual(complete(['blogread', '--the']), ['--theme']);
		assert.deepEqual(complete(['blogread', '--theme', 'l']), ['light']);
		assert.deepEqual(complete(['blogread', 'completion', '']), ['bash', 'zsh', 'fish']);
		assert.deepEqual(readdirSync(work), [], 'nothing was run');
		assert.ok(!existsSync(path.join(folder, 'pwned')));
	});
});
