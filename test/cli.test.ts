import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {
	chmodSync,
	closeSync,
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
import {loadPostFile} from '../source/posts/load.js';
import {renderPostPage} from '../source/render/post-page.js';
import {createTheme} from '../source/theme/palette.js';
import {bin as binPath, runBin} from './helpers/bin.js';
import {runCli} from './helpers/cli.js';
import {inTerminal} from './helpers/pty.js';

const root = path.join(import.meta.dirname, '..');
const fixture = path.join(import.meta.dirname, 'fixtures', 'blog');
const {version} = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string};

/** The built bin run in a pipe, with `env` added; the result without its timing. */
function bin(args: string[], env: NodeJS.ProcessEnv = {}, cwd = root) {
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
			`blogread: ${path.join(fixture, 'nested', 'notes.txt')}: not a Markdown file (.md, .markdown, .mdx)\n`,
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
	it('prints one line per post, newest first, in a pipe by default', async () => {
		const result = await cli([fixture]);
		assert.equal(result.code, 0);
		const lines = result.stdout.trimEnd().split('\n');
		assert.match(lines[0] ?? '', /^2025-07-15 {2}Late evening in California +#time$/);
		assert.ok(
			lines.some(line =>
				/^2025-07-15 {2}Tuning the garbage collector: a field report +#Go #performance #runtime$/.test(line),
			),
		);
		assert.ok(!result.stdout.includes('Half-written thoughts'), 'drafts hidden');
		assert.ok(!result.stdout.includes('\u001B'), 'no escapes in a pipe');
		assert.deepEqual((await cli(['--list', fixture])).stdout, result.stdout);
	});

	it('--json carries the contract fields', async () => {
		const result = await cli(['--list', '--json', fixture]);
		assert.equal(result.code, 0);
		const posts = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
		const full = posts.find(post => post['path'] === 'full-front-matter.md');
		assert.deepEqual(full, {
			title: 'Tuning the garbage collector: a field report',
			date: '2025-07-15',
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

	// The bin loads highlight.js's languages and the emoji table from files of their own, on first use
	// (scripts/bundle.mjs): it must colour code and show emoji as the whole libraries do.
	it('highlights code and shows emoji in the built bin as the renderer from source does, small or large', () => {
		const code = [
			'Shipped :tada: with :rocket: and :not_an_emoji:, :pout: and :hankey:.',
			'```go\nfunc main() { fmt.Println("hi", 42) } // go\n```',
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
			writeFileSync(file, `---\ntitle: Code\n---\n${body}\n`);
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
			child.on('exit', resolve);
		});
		assert.equal(code, 0);
		assert.equal(stderr, '');
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
