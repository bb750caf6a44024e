import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {runBin} from '../helpers/bin.js';
import {FIXTURES} from '../helpers/paths.js';
import {inTerminal} from '../helpers/pty.js';

// Dates, slugs, titles and reading time as the built bin shows them, on a
// fixture of the spellings real generators write.
const fixture = path.join(FIXTURES, 'dates');
const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-dates-cli-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

type Listed = {path: string; title: string; date: string | null; dateSource: string | null; updated: string | null};

function listJson(folder: string, env: NodeJS.ProcessEnv = {}): Array<Listed & Record<string, unknown>> {
	const result = runBin(['--list', '--json', folder], {env});
	assert.equal(result.code, 0, result.stderr);
	return JSON.parse(result.stdout) as Array<Listed & Record<string, unknown>>;
}

describe('the dates fixture, listed', () => {
	const expected: Array<[string, Partial<Listed> & {slug?: string; readingMinutes?: number}]> = [
		[
			'2021-11-29-bundle-post/index.md',
			{date: '2021-11-29', dateSource: 'file-name', slug: 'bundle-post', title: 'A page bundle named with its date'},
		],
		['2022-01-05_zola-style.md', {date: '2022-01-05', dateSource: 'file-name', slug: 'zola-style'}],
		['astro-template.md', {date: '2022-07-08', updated: '2022-07-10', dateSource: 'front-matter'}],
		['astro-paper.md', {date: '2022-09-23', updated: '2023-12-21', slug: 'astro-paper-keys'}],
		['rss-style.md', {date: '2022-07-08'}],
		['tokyo-morning.md', {date: '2022-07-08'}],
		['permalink.md', {slug: 'named-by-permalink'}],
		['code-heading.md', {title: 'Shell setup, step by step'}],
		['chinese.md', {readingMinutes: 2}],
	];
	// Where the day is different in UTC, and on both sides of the date line.
	for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
		const posts = listJson(fixture, {TZ: tz});
		for (const [file, want] of expected) {
			it(`${file} (TZ=${tz}): ${JSON.stringify(want)}`, () => {
				const post = posts.find(candidate => candidate.path === file);
				assert.ok(post, `${file} is listed`);
				for (const [key, value] of Object.entries(want)) assert.deepEqual(post[key], value, key);
				assert.deepEqual(post['warnings'], []);
			});
		}
	}
});

describe('a bundle opened alone', () => {
	const bundle = path.join(fixture, '2021-11-29-bundle-post', 'index.md');
	it('--print shows the date from its folder name', () => {
		const result = runBin(['--print', bundle, '--width', '70']);
		assert.equal(result.code, 0, result.stderr);
		assert.match(result.stdout, /^A page bundle named with its date\n2021-11-29 · 1 min read\n/);
	});

	it('given as the path, it is the same post as listed', () => {
		const [alone] = listJson(bundle);
		assert.equal(alone?.date, '2021-11-29');
		assert.equal(alone?.['slug'], 'bundle-post');
	});
});

describe('slugs from the front matter', () => {
	it('--print finds a post by its postSlug and by its permalink', () => {
		const cases: Array<[string, string]> = [
			['astro-paper-keys', 'AstroPaper keeps its own keys'],
			['named-by-permalink', 'Named by its permalink'],
		];
		for (const [slug, title] of cases) {
			const result = runBin([fixture, '--print', slug, '--width', '70']);
			assert.equal(result.code, 0, result.stderr);
			assert.ok(result.stdout.startsWith(`${title}\n`), result.stdout);
		}
	});
});

describe('guessed dates in the list', {skip: spawnSync('git', ['--version']).status !== 0}, () => {
	const blog = path.join(scratch, 'til');
	mkdirSync(blog);
	const env = {...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1'};
	const git = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
		execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
			cwd: blog,
			env: {...env, ...extra},
		});
	git(['init', '-q']);
	writeFileSync(path.join(blog, 'dated.md'), '---\ndate: 2019-09-09\n---\n# Dated\n');
	writeFileSync(path.join(blog, 'til.md'), '# Today I learned\n');
	git(['add', '-A']);
	git(['commit', '-q', '-m', 'til'], {
		GIT_AUTHOR_DATE: '2020-01-02T10:00:00Z',
		GIT_COMMITTER_DATE: '2020-01-02T10:00:00Z',
	});

	// The aligned list is for a person at a terminal (into a pipe, --list is tab-separated).
	const listOnTerminal = async (env: NodeJS.ProcessEnv) => {
		const {code, output} = await inTerminal({command: `BIN --list ${blog}`, ready: 'never', env});
		assert.equal(code, 0, output);
		return output.replace(/\r/g, '');
	};

	it('without colour: a ~ after a guessed date, after the dated posts', async () => {
		const output = await listOnTerminal({NO_COLOR: '1'});
		assert.deepEqual(
			output
				.split('\n')
				.slice(0, 2)
				.map(line => line.trimEnd()),
			['2019-09-09  Dated', '2020-01-02~ Today I learned'],
		);
	});

	it('in colour: dimmed (grey), where a real date is green', async () => {
		const output = await listOnTerminal({FORCE_COLOR: '3'});
		assert.ok(output.includes('\u001B[90m2020-01-02~\u001B[39m'), JSON.stringify(output));
		assert.ok(output.includes('\u001B[32m2019-09-09\u001B[39m'), JSON.stringify(output));
	});

	it('into a pipe: the date alone, in its tab-separated column', () => {
		const result = runBin(['--list', blog], {env: {NO_COLOR: '1'}});
		assert.deepEqual(result.stdout.split('\n').slice(0, 2), [
			'2019-09-09\tdated\tDated\t-',
			'2020-01-02\ttil\tToday I learned\t-',
		]);
	});

	it('--print says where the date comes from', () => {
		const result = runBin(['--print', path.join(blog, 'til.md'), '--width', '70']);
		assert.match(result.stdout, /^Today I learned\n2020-01-02~ \(last commit\) · 1 min read\n/);
	});

	it('--json: the date, and dateSource "git"', () => {
		const til = listJson(blog).find(post => post.path === 'til.md');
		assert.deepEqual([til?.date, til?.dateSource], ['2020-01-02', 'git']);
	});
});
