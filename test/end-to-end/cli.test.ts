import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {
	chmodSync,
	closeSync,
	cpSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {loadPostFile} from '../../source/blog/load/read-post.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {createTheme} from '../../source/theme/palette.js';
import {baseEnv, bin as binPath, runBin} from '../helpers/bin.js';
import {runCli} from '../helpers/cli.js';
import {FIXTURES, ROOT} from '../helpers/paths.js';
import {inTerminal} from '../helpers/pty.js';

const fixture = path.join(FIXTURES, 'blog');
const {version} = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {version: string};

/** The built bin run in a pipe, with `env` added; the result without its timing. */
function bin(args: string[], env: NodeJS.ProcessEnv = {}, cwd = ROOT) {
	const {code, stdout, stderr} = runBin(args, {env, cwd});
	return {code, stdout, stderr};
}

/** The command line in this process, without its timing. */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
	const {code, stdout, stderr} = await runCli(args, env);
	return {code, stdout, stderr};
}

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-cli-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

describe('blogread --help and --version', () => {
	it('--help lists every flag and the keys, exit 0', () => {
		const {code, stdout, stderr} = bin(['--help']);
		assert.equal(code, 0);
		assert.equal(stderr, '');
		for (const flag of [
			'--tag',
			'--search',
			'--list',
			'--json',
			'--format',
			'--print',
			'--width',
			'--drafts',
			'--no-color',
			'--help',
			'--version',
			'-t,',
			'-s,',
			'-l,',
			'-p,',
			'-w,',
			'-h,',
			'-v,',
		]) {
			assert.ok(stdout.includes(flag), `help mentions ${flag}`);
		}

		assert.match(stdout, /Keys in the reader/);
		assert.match(stdout, /Space PgDn f +page down/);
		assert.equal(bin(['-h']).stdout, stdout);
	});

	it('--version prints the package version', () => {
		assert.deepEqual(bin(['--version']), {code: 0, stdout: `${version}\n`, stderr: ''});
		assert.equal(bin(['-v']).stdout, `${version}\n`);
	});
});

describe('bad input', () => {
	const usage = 'Usage: blogread [path] [options] (blogread --help lists them)\n';
	const cases: Array<[string, string[], number, string]> = [
		['an unknown flag', ['--bogus'], 2, `blogread: unknown option --bogus\n${usage}`],
		['an unknown short flag', ['-z'], 2, `blogread: unknown option -z\n${usage}`],
		[
			'a bad width',
			['--width', 'wide', '--list', fixture],
			2,
			`blogread: --width must be a whole number of columns from 20 to 1000, got "wide"\n${usage}`,
		],
		[
			'a width too small',
			['-w', '5', '--list', fixture],
			2,
			`blogread: --width must be a whole number of columns from 20 to 1000, got "5"\n${usage}`,
		],
		[
			'a bad theme',
			['--theme', 'purple', fixture],
			2,
			`blogread: --theme must be dark, light or auto, got "purple"\n${usage}`,
		],
		['a tag flag with no value', ['--list', fixture, '-t'], 2, `blogread: --tag needs a value\n${usage}`],
		[
			'a print flag followed by another flag',
			['--print', '--list', fixture],
			2,
			`blogread: --print needs a value\n${usage}`,
		],
		[
			'an unknown field in --format',
			['--format', '{date} {titel}', fixture],
			2,
			'blogread: --format: unknown field {titel} (fields: title, date, dateSource, updated, tags, categories, ' +
				'author, excerpt, ' +
				`cover, lang, languages, path, slug, draft, words, readingMinutes, warnings)\n${usage}`,
		],
		[
			'--json with --format',
			['--json', '--format', '{slug}', fixture],
			2,
			`blogread: --json and --format do not go together: --json prints every field\n${usage}`,
		],
		['two paths', ['a', 'b'], 2, `blogread: expected one path, got 2: a b\n${usage}`],
		['a missing path', ['/no/such/blog'], 1, 'blogread: /no/such/blog: no such file or folder\n'],
		[
			'a post that is not there',
			['--print', 'no-such-post', fixture],
			1,
			`blogread: post not found: no-such-post (in ${fixture}; blogread --list shows them)\n`,
		],
		[
			'a file that is not Markdown',
			[path.join(fixture, 'nested', 'notes.txt')],
			1,
			`blogread: ${path.join(fixture, 'nested', 'notes.txt')}: ` +
				'not a Markdown file (.md, .markdown, .mdown, .mkd, .mkdn, .mdx, .Rmd)\n',
		],
	];
	for (const [name, args, code, stderr] of cases) {
		it(`${name}: exit ${code}, one clear line`, async () => {
			const result = await cli(args);
			assert.equal(result.stderr, stderr);
			assert.equal(result.code, code);
			assert.equal(result.stdout, '');
		});
	}

	// The same messages from the built bin, with its exit codes.
	it('the built bin exits 2 for a usage error and 1 for a runtime failure, with one line each', () => {
		assert.deepEqual(bin(['--bogus']), {code: 2, stdout: '', stderr: `blogread: unknown option --bogus\n${usage}`});
		assert.deepEqual(bin(['/no/such/blog']), {
			code: 1,
			stdout: '',
			stderr: 'blogread: /no/such/blog: no such file or folder\n',
		});
	});

	it('an empty folder is not an error, but says so', async () => {
		const empty = path.join(scratch, 'empty');
		mkdirSync(empty);
		const result = await cli([empty]);
		assert.equal(result.code, 0);
		assert.equal(result.stdout, '');
		assert.equal(result.stderr, `blogread: no posts in ${empty}\n`);
		assert.equal((await cli(['--json', empty])).stdout, '[]\n');
	});
});

describe('--list', () => {
	it('into a pipe: tab-separated date, slug, title and tags, unpadded, newest first, by default', async () => {
		const result = await cli([fixture]);
		assert.equal(result.code, 0);
		// Three posts have no date: theirs is guessed from git or the file's time, which differ between clones.
		const guessed = /^\d{4}-\d\d-\d\d(?=\t(?:broken-front-matter|javascript-front-matter|no_title_at-all)\t)/gm;
		assert.equal(
			result.stdout.replace(guessed, '(guess)'),
			[
				'2025-07-15\tdatetime-offset\tLate evening in California\ttime',
				'2025-07-15\tfull-front-matter\tTuning the garbage collector: a field report\tGo,performance,runtime',
				'2024-02-29\ttoml-post\tNotes from a TOML post\tconfig,performance',
				'2023-12-01\tjson-post\tA post with JSON front matter\tconfig',
				'2022-06-01\theading-title\tThe title is this heading\twriting,Go',
				'2021-03-04\tnamed-by-jekyll\tDated by its file name\tjekyll,legacy',
				'2018-08-08\tdeep-post\tFound in a subfolder\tnested',
				'2016-04-04\tcrlf-bom\tWindows line endings\tcrlf',
				'(guess)\tbroken-front-matter\tBroken front matter\t-',
				'(guess)\tjavascript-front-matter\tJavascript front matter\t-',
				'(guess)\tno_title_at-all\tNo title at all\t-',
				'',
			].join('\n'),
		);
		assert.deepEqual((await cli(['--list', fixture])).stdout, result.stdout);
		assert.equal((await cli(['--list', fixture], {FORCE_COLOR: '3'})).stdout, result.stdout, 'never coloured');
		assert.equal(bin(['--list', fixture]).stdout, result.stdout, 'the built bin prints the same');
	});

	it('--format lays each post out as asked, in a pipe or not, and implies --list', () => {
		const result = bin([
			'--format',
			'{date}  {title} ({readingMinutes} min, {author})',
			'--tag',
			'performance',
			fixture,
		]);
		assert.deepEqual(result, {
			code: 0,
			stdout:
				'2025-07-15  Tuning the garbage collector: a field report (1 min, Ines Duarte)\n' +
				'2024-02-29  Notes from a TOML post (1 min, Pat Kim)\n',
			stderr: '',
		});
		const paths = bin(['--format', '{path}\\t{draft}', '--drafts', fixture]).stdout;
		assert.match(paths, /^nested\/deeper\/deep-post\.md\tfalse$/m);
		assert.match(paths, /^draft-post\.md\ttrue$/m);
	});

	it('--json carries the contract fields', async () => {
		const result = await cli(['--list', '--json', fixture]);
		assert.equal(result.code, 0);
		const posts = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
		const full = posts.find(post => post['path'] === 'full-front-matter.md');
		assert.deepEqual(full, {
			title: 'Tuning the garbage collector: a field report',
			date: '2025-07-15',
			dateSource: 'front-matter',
			updated: null,
			tags: ['Go', 'performance', 'runtime'],
			categories: ['Tech'],
			author: 'Ines Duarte',
			excerpt: 'What changed when we set GOGC and GOMEMLIMIT on a busy service.',
			cover: 'images/gc.svg',
			lang: 'en',
			languages: [],
			path: 'full-front-matter.md',
			slug: 'full-front-matter',
			draft: false,
			words: full?.['words'],
			readingMinutes: 1,
			warnings: [],
		});
		assert.ok(typeof full?.['words'] === 'number' && full['words'] > 30);
		const nested = posts.find(post => post['slug'] === 'deep-post');
		assert.equal(nested?.['path'], 'nested/deeper/deep-post.md');
		const broken = posts.find(post => post['path'] === 'broken-front-matter.md');
		assert.equal(broken?.['title'], 'Broken front matter');
		assert.match(String((broken?.['warnings'] as string[] | undefined)?.[0]), /^front matter: /);
		for (const post of posts) assert.ok(typeof post['title'] === 'string' && post['title'] !== '');
	});

	it('keeps calendar dates in every time zone', () => {
		for (const tz of ['America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati', 'UTC']) {
			const posts = JSON.parse(bin(['--json', fixture], {TZ: tz}).stdout) as Array<{path: string; date: string}>;
			const dates = Object.fromEntries(posts.map(post => [post.path, post.date]));
			assert.equal(dates['full-front-matter.md'], '2025-07-15', tz);
			assert.equal(dates['datetime-offset.md'], '2025-07-15', tz);
			assert.equal(dates['toml-post.md'], '2024-02-29', tz);
		}
	});

	it('a tag no post has: exit 0, an empty list, and the closest tags on stderr', async () => {
		const result = await cli(['--json', '--tag', 'perfomance', fixture]);
		assert.equal(result.code, 0);
		assert.equal(result.stdout, '[]\n');
		assert.equal(result.stderr, 'blogread: no post has the tag "perfomance"; closest: performance\n');
	});

	it('--search ranks title matches first', async () => {
		const posts = JSON.parse((await cli(['--json', '--search', 'toml', fixture])).stdout) as Array<{title: string}>;
		assert.equal(posts[0]?.title, 'Notes from a TOML post');
	});

	it('--tag (repeatable, any case) and --search select posts; --drafts shows drafts', async () => {
		const titles = async (args: string[]) =>
			(JSON.parse((await cli(['--json', ...args, fixture])).stdout) as Array<{title: string}>).map(post => post.title);
		assert.deepEqual(await titles(['--tag', 'performance']), [
			'Tuning the garbage collector: a field report',
			'Notes from a TOML post',
		]);
		assert.deepEqual(await titles(['-t', 'PERFORMANCE', '-t', 'config']), ['Notes from a TOML post']);
		assert.deepEqual(await titles(['--tag', 'notes']), ['Notes from a TOML post'], 'categories filter too');
		assert.deepEqual(await titles(['--search', 'goroutines']), []);
		assert.deepEqual(await titles(['--search', 'PACIFIC time']), ['Late evening in California']);
		assert.ok((await titles(['--drafts'])).includes('Half-written thoughts'));
	});
});

describe('--print', () => {
	it('renders a post with footnotes and code, plain in a pipe', async () => {
		const result = await cli(['--print', 'full-front-matter', '--width', '60', fixture]);
		assert.equal(result.code, 0);
		assert.equal(result.stderr, '');
		const out = result.stdout;
		assert.ok(!out.includes('\u001B'));
		const title = 'Tuning the garbage collector: a field report';
		const header = `${title}\n2025-07-15 · Ines Duarte · 1 min read · Tech · en`;
		assert.ok(out.startsWith(`${header}\n#Go #performance #runtime\n`), out);
		// Without colour, emphasis and code keep Markdown's marks.
		assert.match(out, /We run a service that allocates a lot\[1\]\. This post is about\n\*\*two settings\*\*\./);
		assert.match(out, /┌─ go\n│ func main\(\) \{\n│ {5}debug\.SetGCPercent\(200\)\n│ \}\n└─/);
		const list = [
			'• keep the **default** at first',
			'  ◦ measure with `GODEBUG=gctrace=1`',
			'• then change *one* thing',
		];
		assert.ok(out.includes(list.join('\n')), out);
		assert.match(out, /Notes\n─────\n\[1\] Around 2 GB a minute, measured with \*\*pprof\*\*\.\n$/);
		assert.ok(!out.includes('[^'));
		for (const line of out.split('\n')) assert.ok(line.length <= 60, line);
	});

	it('accepts a file path, a path inside the blog, or a slug', async () => {
		const bySlug = (await cli(['-p', 'toml-post', fixture])).stdout;
		assert.match(bySlug, /^Notes from a TOML post\n/);
		assert.equal((await cli(['-p', 'toml-post.md', fixture])).stdout, bySlug);
		assert.equal((await cli(['-p', path.join(fixture, 'toml-post.md')])).stdout, bySlug);
		assert.equal((await cli([path.join(fixture, 'toml-post.md')])).stdout, bySlug, 'a file in a pipe is printed');
	});

	it('colours output with FORCE_COLOR and never with NO_COLOR or --no-color', async () => {
		const args = ['-p', 'full-front-matter', fixture];
		assert.ok((await cli(args, {FORCE_COLOR: '1'})).stdout.includes('\u001B['));
		assert.ok(!(await cli(args, {FORCE_COLOR: '1', NO_COLOR: '1'})).stdout.includes('\u001B'));
		assert.ok(!(await cli([...args, '--no-color'], {FORCE_COLOR: '1'})).stdout.includes('\u001B'));
	});

	// Node 22 and later warn on stderr when both are set, and Node 22 even when NO_COLOR is empty:
	// blogread settles them first (NO_COLOR wins; an empty one is unset), so nothing is said.
	it('says nothing on stderr when NO_COLOR and FORCE_COLOR are both set, and honours NO_COLOR', () => {
		const args = ['-p', 'full-front-matter', fixture];
		for (const [noColor, coloured] of [
			['1', false],
			['', true],
		] as const) {
			const run = bin(args, {FORCE_COLOR: '1', NO_COLOR: noColor});
			assert.deepEqual(
				[run.code, run.stderr, run.stdout.includes('\u001B[')],
				[0, '', coloured],
				`NO_COLOR=${noColor}`,
			);
		}
		const list = bin(['--list', fixture], {FORCE_COLOR: '3', NO_COLOR: 'yes'});
		assert.deepEqual([list.code, list.stderr], [0, '']);
	});

	// The bin loads highlight.js's languages and the emoji table from files of their own, on first use
	// (scripts/bundle.mjs): it must colour code and show emoji as the whole libraries do.
	it('highlights code and shows emoji in the built bin as the renderer from source does, small or large', () => {
		const code = [
			'Shipped :tada: with :rocket: and :not_an_emoji:, :pout: and :hankey:.',
			// Quotes of both kinds, `&` and `<`: highlight.js escapes them, and the bin reads its HTML without parse5.
			'```go\nfunc main() { fmt.Println("hi", 42, \'c\', 1 < 2 && true) } // go\n```',
			'```html\n<div class="a"><script>var y = 1;</script><style>p { color: red; }</style></div>\n```',
			'```shell\nexport A=1 && echo "$A" | grep -c 1\n```',
			'```fortran\nprogram hello\n  print *, "Hello"\nend program hello\n```',
			'~~~ erlang-repl\n1> io:format("~p~n", [ok]).\n~~~',
			'{{< highlight ruby >}}\ndef hi = puts("hi")\n{{< /highlight >}}',
			'{% codeblock lang:python %}\nprint("hi")\n{% endcodeblock %}',
		].join('\n\n');
		const posts: Array<[string, string]> = [
			['small.md', code],
			['large.md', `${code}\n\n${'A long paragraph of words.\n\n'.repeat(4000)}${code}`],
		];
		for (const [name, body] of posts) {
			const file = path.join(scratch, name);
			// Dated, so the bin and loadPostFile agree (the bin guesses an undated post's date).
			writeFileSync(file, `---\ntitle: Code\ndate: 2024-01-01\n---\n${body}\n`);
			const printed = bin(['--print', file, '--width', '80'], {FORCE_COLOR: '3'});
			assert.equal(printed.code, 0, printed.stderr);
			const page = renderPostPage(loadPostFile(file, name), `${body}\n`, {
				width: 80,
				theme: createTheme(3),
				hyperlinks: false,
			});
			assert.equal(printed.stdout, `${page.lines.map(line => line.trimEnd()).join('\n')}\n`, name);
			assert.match(printed.stdout, /\u001B\[\d+m(?:func|program|def)\u001B/, 'keywords are coloured');
			assert.ok(
				printed.stdout.includes('Shipped 🎉 with 🚀 and :not_an_emoji:, 😡 and 💩.'),
				'shortcodes become emoji',
			);
		}
	});

	// The HTML parser and the HTML5 entity table are a file of their own (scripts/bundle.mjs): a bin
	// without that file must run as before for everything but a post with raw HTML or a named reference.
	it('reads the HTML parser only for a post with raw HTML or an HTML5 named reference', () => {
		const copy = path.join(scratch, 'dist-without-html-parser');
		cpSync(path.dirname(binPath), copy, {recursive: true});
		rmSync(path.join(copy, 'vendor', 'html-parser.cjs'));
		const folder = path.join(scratch, 'html-or-not');
		mkdirSync(folder);
		const posts = {
			plain: 'Fish &amp; chips, `<b>` in code, &#169; and [a link](https://example.com/?a=1&amp;b=2).',
			html: 'Fish and <b>chips</b>.',
			entity: 'Fish &mdash; chips.',
		};
		for (const [name, body] of Object.entries(posts))
			writeFileSync(path.join(folder, `${name}.md`), `# ${name}\n\n${body}\n`);
		const run = (command: string, args: string[]) => {
			const {status, stdout, stderr} = spawnSync(process.execPath, [command, ...args], {
				encoding: 'utf8',
				env: {...baseEnv(), FORCE_COLOR: '3'},
			});
			return {status, stdout, stderr};
		};
		const withoutParser = (args: string[]) => run(path.join(copy, 'cli.js'), args);
		const whole = (args: string[]) => run(binPath, args);
		for (const args of [['--help'], ['--list', folder], ['--print', path.join(folder, 'plain.md')]]) {
			const result = withoutParser(args);
			assert.equal(result.status, 0, result.stderr);
			assert.deepEqual(result, whole(args), args.join(' '));
		}

		const needing: Array<[string, string]> = [
			['html', 'Fish and \u001B[1mchips\u001B[22m.'],
			['entity', 'Fish — chips.'],
		];
		for (const [name, shown] of needing) {
			const args = ['--print', path.join(folder, `${name}.md`)];
			assert.ok(whole(args).stdout.includes(shown), name);
			assert.ok(!withoutParser(args).stdout.includes(shown), `${name} needs the parser`);
		}
	});

	// The front matter parsers are a file of their own too: a start that takes every post from the index
	// never loads them, and a post read from its file does when its front matter is more than plain lines.
	it('reads the front matter parsers only for a post read from its file', () => {
		const copy = path.join(scratch, 'dist-without-front-matter');
		cpSync(path.dirname(binPath), copy, {recursive: true});
		rmSync(path.join(copy, 'vendor', 'front-matter.cjs'));
		const folder = path.join(scratch, 'front-matter-or-not');
		mkdirSync(folder);
		writeFileSync(path.join(folder, 'a.md'), '---\ntitle: Indexed\ndate: 2024-02-03\ntags: [x]\n---\nBody.\n');
		const env = {...baseEnv(), XDG_CACHE_HOME: path.join(scratch, 'front-matter-cache')};
		const run = (bin: string, args: string[], cache = env) =>
			spawnSync(process.execPath, [bin, ...args], {encoding: 'utf8', env: cache});
		const withoutParsers = (args: string[]) => run(path.join(copy, 'cli.js'), args);
		const whole = run(binPath, ['--list', folder]);
		assert.match(whole.stdout, /^2024-02-03\ta\tIndexed\tx\n$/);
		for (const args of [['--help'], ['--list', folder]]) {
			const result = withoutParsers(args);
			assert.equal(result.status, 0, result.stderr);
			assert.equal(result.stdout, run(binPath, args).stdout, args.join(' '));
		}

		// A new post of plain `key: value` lines is read by blogread's own reader (plain-yaml.ts); one with more is not.
		writeFileSync(path.join(folder, 'b.md'), '---\ntitle: New\n---\n');
		assert.match(withoutParsers(['--list', folder]).stdout, /\tNew\t/, 'plain front matter needs no parser');
		writeFileSync(path.join(folder, 'c.md'), '---\ntitle: Nested\ncover:\n  image: a.png\n---\n');
		const elsewhere = {...env, XDG_CACHE_HOME: path.join(scratch, 'front-matter-cache-2')};
		assert.match(run(binPath, ['--list', folder], elsewhere).stdout, /\tNested\t/);
		assert.doesNotMatch(withoutParsers(['--list', folder]).stdout, /\tNested\t/, 'a nested mapping needs the parsers');
	});

	// string-width is a file of its own as well: its emoji pattern, made when it is loaded, took 17 ms of every
	// start. blogread measures narrow, CJK and lone-emoji text itself; only joined graphemes need it.
	it('reads string-width only for text blogread does not measure itself', () => {
		const copy = path.join(scratch, 'dist-without-string-width');
		cpSync(path.dirname(binPath), copy, {recursive: true});
		rmSync(path.join(copy, 'vendor', 'string-width.cjs'));
		const folder = path.join(scratch, 'string-width-or-not');
		mkdirSync(folder);
		writeFileSync(path.join(folder, 'simple.md'), '# Café, 日本語 and 🎉\n\nPlain words.\n');
		writeFileSync(path.join(folder, 'joined.md'), '# A coder: 👩‍💻\n\nFamily 👨‍👩‍👧.\n');
		const run = (bin: string, args: string[]) =>
			spawnSync(process.execPath, [bin, ...args], {encoding: 'utf8', env: {...baseEnv(), FORCE_COLOR: '3'}});
		for (const args of [
			['--list', path.join(folder, 'simple.md')],
			['--print', path.join(folder, 'simple.md')],
		]) {
			const result = run(path.join(copy, 'cli.js'), args);
			assert.equal(result.status, 0, result.stderr);
			assert.equal(result.stdout, run(binPath, args).stdout, args.join(' '));
		}

		const joined = ['--print', path.join(folder, 'joined.md')];
		assert.equal(run(binPath, joined).status, 0);
		assert.notEqual(run(path.join(copy, 'cli.js'), joined).status, 0, 'a joined emoji needs string-width');
	});

	it('keeps its index only in a cache folder that is yours alone, and says once when it is not', async () => {
		const args = ['--list', fixture];
		const cache = path.join(scratch, 'private-cache');
		const first = await cli(args, {XDG_CACHE_HOME: cache});
		assert.equal(first.stderr, '');
		const folder = path.join(cache, 'blogread');
		assert.equal(statSync(folder).mode & 0o777, 0o700, 'made for you alone');
		const [index = ''] = readdirSync(folder).filter(name => name.startsWith('index-'));
		assert.equal(statSync(path.join(folder, index)).mode & 0o777, 0o600);
		assert.deepEqual(await cli(args, {XDG_CACHE_HOME: cache}), first, 'the same list from the index');

		const shared = path.join(scratch, 'shared-cache');
		mkdirSync(path.join(shared, 'blogread'), {recursive: true});
		chmodSync(path.join(shared, 'blogread'), 0o777);
		const loose = await cli(args, {XDG_CACHE_HOME: shared});
		assert.equal(loose.stdout, first.stdout);
		assert.equal(
			loose.stderr,
			`blogread: not using ${path.join(shared, 'blogread')}: others can write to it (mode 777); running without it\n`,
		);
		assert.deepEqual(readdirSync(path.join(shared, 'blogread')), [], 'nothing written there');

		const linked = path.join(scratch, 'linked-cache');
		mkdirSync(linked);
		symlinkSync(folder, path.join(linked, 'blogread'));
		assert.match((await cli(args, {XDG_CACHE_HOME: linked})).stderr, /: it is a symbolic link; running without it\n$/);

		const nowhere = path.join(scratch, 'a-file-not-a-folder');
		writeFileSync(nowhere, '');
		assert.deepEqual(
			await cli(args, {XDG_CACHE_HOME: nowhere}),
			first,
			'a cache folder that cannot be made is no error',
		);
	});

	it('--theme light and BLOGREAD_THEME=light pick the light palette', async () => {
		const args = ['-p', 'full-front-matter', fixture];
		const dark = (await cli(args, {FORCE_COLOR: '1'})).stdout;
		const light = (await cli([...args, '--theme', 'light'], {FORCE_COLOR: '1'})).stdout;
		assert.notEqual(light, dark);
		assert.equal((await cli(args, {FORCE_COLOR: '1', BLOGREAD_THEME: 'light'})).stdout, light);
		assert.equal((await cli([...args, '--theme', 'dark'], {FORCE_COLOR: '1', BLOGREAD_THEME: 'light'})).stdout, dark);
	});

	it('shows a broken post with its warning', async () => {
		const out = (await cli(['-p', 'broken-front-matter', fixture])).stdout;
		assert.match(out, /^Broken front matter\n/);
		assert.match(out, /⚠ front matter: /);
		assert.match(out, /The body still shows\./);
	});

	it('never evaluates JavaScript front matter', async () => {
		const marker = path.join(scratch, 'pwned');
		const post = path.join(scratch, 'evil.md');
		writeFileSync(
			post,
			`---js\n{ title: require('fs').writeFileSync(${JSON.stringify(marker)}, 'x') || 'ran' }\n---\nBody\n`,
		);
		const out = (await cli(['-p', post])).stdout;
		assert.match(out, /language "js" refused/);
		assert.throws(() => readFileSync(marker));
	});
});

describe('--print finds the post a person or a script names', () => {
	const blog = path.join(scratch, 'finding');
	const posts: Array<[string, string]> = [
		['2015-05-21-rnn-effectiveness.md', 'The Unreasonable Effectiveness of Recurrent Neural Networks'],
		// Both are "wasm-gsl" by their names: the one whose file is named so keeps the slug.
		['2019-05-01-wasm-gsl.md', 'GSL compiled to WebAssembly'],
		['wasm-gsl.md', 'Notes on wasm-gsl'],
		['tiny/tiny-telematics.md', "Tiny Telematics: Tracking my truck's location"],
		['tiny/tiny-tools.md', 'Tiny tools for the shell'],
		['with\ttab.md', 'A file name with a tab'],
	];
	mkdirSync(path.join(blog, 'tiny'), {recursive: true});
	for (const [file, title] of posts) {
		writeFileSync(path.join(blog, file), `---\ntitle: "${title}"\n---\nThe post called ${title}.\n`);
	}

	/** The first line --print gives for `name`, and the rest of the run. */
	const print = (name: string) => {
		const result = bin(['--print', name, '--width', '200', blog]);
		return {code: result.code, title: result.stdout.split('\n')[0], stderr: result.stderr};
	};

	const found: Array<[string, string]> = [
		['rnn-effectiveness', 'The Unreasonable Effectiveness of Recurrent Neural Networks'],
		['2015-05-21-rnn-effectiveness', 'The Unreasonable Effectiveness of Recurrent Neural Networks'],
		['2015-05-21-rnn-effectiveness.md', 'The Unreasonable Effectiveness of Recurrent Neural Networks'],
		['wasm-gsl', 'Notes on wasm-gsl'],
		['2019-05-01-wasm-gsl', 'GSL compiled to WebAssembly'],
		['tiny/tiny-tools.md', 'Tiny tools for the shell'],
		['tiny telematics', "Tiny Telematics: Tracking my truck's location"],
		['THE UNREASONABLE', 'The Unreasonable Effectiveness of Recurrent Neural Networks'],
	];
	for (const [name, title] of found) {
		it(`${name} → ${title}`, () => {
			assert.deepEqual(print(name), {code: 0, title, stderr: ''});
		});
	}

	it('a path from the current folder', () => {
		const result = runBin(['--print', 'finding/tiny/tiny-tools.md'], {cwd: scratch});
		assert.deepEqual([result.code, result.stdout.split('\n')[0]], [0, 'Tiny tools for the shell']);
	});

	it('a name several posts fit: exit 1, one line naming them', () => {
		assert.deepEqual(print('tiny'), {
			code: 1,
			title: '',
			stderr: 'blogread: "tiny" is ambiguous, 2 titles start with it: tiny-telematics, tiny-tools\n',
		});
	});

	it('a name no post has: exit 1, one line with the closest slugs', () => {
		assert.deepEqual(print('wasm-gls'), {
			code: 1,
			title: '',
			stderr: `blogread: post not found: wasm-gls (in ${blog}; closest: wasm-gsl)\n`,
		});
	});

	it('every slug --list prints into a pipe prints its own post', () => {
		const rows = bin(['--list', blog]).stdout.trimEnd().split('\n');
		assert.equal(rows.length, posts.length);
		for (const row of rows) {
			const fields = row.split('\t');
			assert.equal(fields.length, 4, row);
			const [, slug = '', title] = fields;
			assert.deepEqual(print(slug), {code: 0, title, stderr: ''}, row);
		}
	});

	it('blogread --list | fzf | cut -f2 | xargs blogread --print (grep standing in for fzf)', () => {
		const blogread = `${process.execPath} ${binPath}`;
		const result = spawnSync(
			'sh',
			['-c', `${blogread} --list | grep -i telematics | cut -f2 | xargs ${blogread} --width 200 --print`],
			{cwd: scratch, env: {...baseEnv(), BLOGREAD_DIR: blog}, encoding: 'utf8'},
		);
		assert.equal(result.stderr, '');
		assert.equal(result.stdout.split('\n')[0], "Tiny Telematics: Tracking my truck's location");
	});
});

describe('the full-screen app in a real terminal', () => {
	const command = `BIN ${fixture}`;

	for (const [name, keysToSend] of [
		['q', ['q']],
		['Q from the reader', ['\r', 'Q']],
		['Ctrl-C', ['\u0003']],
	] as const) {
		it(`${name} leaves the alternate screen and shows the cursor`, async () => {
			const {code, output} = await inTerminal({command, keys: [...keysToSend]});
			// Ctrl-C is a key in raw mode (exit 0), or SIGINT if it comes first (exit 130): both restore the terminal.
			assert.ok(code === 0 || (name === 'Ctrl-C' && code === 130), `exit ${code}`);
			assert.ok(output.includes('\u001B[?1049h'), 'entered the alternate screen');
			const leave = output.lastIndexOf('\u001B[?1049l');
			assert.ok(leave > output.indexOf('\u001B[?1049h'), 'left it');
			assert.ok(output.lastIndexOf('\u001B[?25h') > output.lastIndexOf('\u001B[?25l'), 'cursor shown again');
			assert.ok(output.includes('Late evening in California'));
		});
	}

	it('starts with DEV=true in the environment (Ink would look for React devtools and its package.json)', async () => {
		const {code, output} = await inTerminal({command, keys: ['q'], env: {DEV: 'true'}});
		assert.equal(code, 0);
		assert.ok(output.includes('Late evening in California'), output.slice(-300));
	});

	for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
		it(`${signal} leaves the alternate screen and shows the cursor`, async () => {
			const {output} = await inTerminal({command, signal});
			assert.ok(output.lastIndexOf('\u001B[?1049l') > output.indexOf('\u001B[?1049h'), 'left the alternate screen');
			assert.ok(output.lastIndexOf('\u001B[?25h') > output.lastIndexOf('\u001B[?25l'), 'cursor shown again');
		});
	}

	it('stopped (SIGTSTP) gives the shell its screen and keys back, and continued (SIGCONT) draws again', async () => {
		const {code, output} = await inTerminal({
			command,
			keys: [
				'j',
				// What it writes as it stops may reach the test only once `script`, stopped with it, goes on.
				{signal: 'SIGTSTP'},
				{stopped: true},
				{signal: 'SIGCONT', shows: 'Late evening in California'},
				'q',
			],
		});
		assert.equal(code, 0);
		const stopped = output.indexOf('\u001B[?1049l');
		const continued = output.indexOf('\u001B[?1049h', stopped);
		assert.ok(
			stopped !== -1 && continued > stopped,
			'left the alternate screen when stopped, came back when continued',
		);
		assert.ok(
			output.lastIndexOf('\u001B[?25h', stopped) > output.lastIndexOf('\u001B[?25l', stopped),
			'the cursor shown',
		);
	});

	it('q and SIGTERM are answered while a large post is still rendering', async () => {
		// 1 MB of emoji-dense lines: far past the render budget, so it is still rendering when the key comes.
		const large = path.join(scratch, 'emoji-dense.md');
		const line = Array.from({length: 4000}, () => 'a😀b').join(' ');
		writeFileSync(large, `---\ntitle: Emoji\n---\n\n${Array.from({length: 60}, () => line).join('\n\n')}\n`);
		for (const ending of [{keys: ['q']}, {signal: 'SIGTERM' as const}]) {
			const {code, output} = await inTerminal({command: `BIN ${large}`, ready: 'rendering the rest', ...ending});
			assert.ok(code === 0 || 'signal' in ending, `exit ${code}`);
			assert.ok(output.lastIndexOf('\u001B[?1049l') > output.indexOf('\u001B[?1049h'), 'left the alternate screen');
			assert.doesNotMatch(output, /rendering took longer/, 'ended before the render budget ran out');
		}
	});

	it('ends quietly when its terminal closes (a dropped ssh link): no core dump, no stack trace', async () => {
		const errors = path.join(scratch, 'hang-up.err');
		await inTerminal({command: `${command} 2>${errors}`, keys: ['j', {hangUp: true}]});
		assert.equal(readFileSync(errors, 'utf8'), '');
	});

	it('stops quietly when the reader of its output goes away (EPIPE)', async () => {
		const child = spawn(process.execPath, [binPath, '--list', fixture]);
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.stdout.destroy();
		const code = await new Promise(resolve => {
			child.on('close', resolve);
		});
		assert.equal(code, 0);
		assert.equal(stderr, '');
	});

	it('hands all of a long output to a pipe read slowly before it ends (1.5 MB printed)', async () => {
		const post = path.join(scratch, 'long-for-a-pipe.md');
		const paragraph = `${'words of a long post, '.repeat(40)}\n\n`;
		writeFileSync(post, `---\ntitle: Long\ndate: 2024-01-01\n---\n\n${paragraph.repeat(1800)}`);
		// Into a file every write is done when it returns: what a pipe must get too.
		const whole = path.join(scratch, 'long-for-a-pipe.txt');
		const file = openSync(whole, 'w');
		try {
			spawnSync(process.execPath, [binPath, '--print', post], {stdio: ['ignore', file, 'pipe'], env: baseEnv()});
		} finally {
			closeSync(file);
		}

		const child = spawn(process.execPath, [binPath, '--print', post], {env: baseEnv()});
		const chunks: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => {
			chunks.push(chunk);
			child.stdout.pause();
			setImmediate(() => child.stdout.resume());
		});
		const code = await new Promise(resolve => {
			child.on('close', resolve);
		});
		const expected = readFileSync(whole);
		assert.ok(expected.length > 1_500_000, `the post prints ${expected.length} bytes`);
		assert.equal(code, 0);
		assert.ok(Buffer.concat(chunks).equals(expected), 'the pipe got every byte the file did');
	});

	it('says in one line that output cannot be written to a full disk, exit 1', () => {
		const full = openSync('/dev/full', 'w');
		try {
			for (const args of [
				['--list', fixture],
				['--print', path.join(fixture, 'full-front-matter.md')],
			]) {
				const result = spawnSync(process.execPath, [binPath, ...args], {
					stdio: ['ignore', full, 'pipe'],
					encoding: 'utf8',
					timeout: 30_000,
				});
				assert.deepEqual([result.status, result.stderr], [1, 'blogread: cannot write the output (ENOSPC)\n']);
			}
		} finally {
			closeSync(full);
		}
	});
});
