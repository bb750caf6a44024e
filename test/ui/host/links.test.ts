import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {bodyStartLine} from '../../../source/blog/load/front-matter.js';
import {renderMarkdown} from '../../../source/render/markdown.js';
import {codeBlockOnScreen, sourceLineAt} from '../../../source/render/source-lines.js';
import {clipboardText, MAX_COPY_BYTES, osc52} from '../../../source/text/osc52.js';
import {createTheme} from '../../../source/theme/palette.js';
import {editorArguments, editorCommand} from '../../../source/ui/host/editor.js';
import {createLinkHost, type Locate, openPlan} from '../../../source/ui/host/opener.js';

// The render records links, code blocks and source lines as it draws; the
// editor, the opener and the clipboard are pure decisions on top of them.
const theme = createTheme(0);
const render = (markdown: string, width = 40) => renderMarkdown(markdown, {width, theme});

describe('links recorded by the render', () => {
	const cases: Array<{name: string; markdown: string; links: Array<[text: string, href: string]>}> = [
		{
			name: 'inline link',
			markdown: 'See [the docs](https://docs.example/a).',
			links: [['the docs', 'https://docs.example/a']],
		},
		{
			name: 'autolink',
			markdown: 'At <https://auto.example>.',
			links: [['https://auto.example', 'https://auto.example']],
		},
		{
			name: 'bare URL (GFM)',
			markdown: 'Go to https://bare.example now.',
			links: [['https://bare.example', 'https://bare.example']],
		},
		{
			name: 'reference link',
			markdown: 'A [ref][r] here.\n\n[r]: https://ref.example "Title"',
			links: [['ref', 'https://ref.example']],
		},
		{
			name: 'raw <a href>',
			markdown: '<p>Raw <a href="https://raw.example">raw</a></p>',
			links: [['raw', 'https://raw.example']],
		},
		{name: 'link in a heading, once', markdown: '## About [x](https://x.example)', links: [['x', 'https://x.example']]},
		{
			name: 'link in a table cell',
			markdown: '| a | b |\n|---|---|\n| [cell](https://cell.example) | 2 |',
			links: [['cell', 'https://cell.example']],
		},
		{
			name: 'mail and others, in order',
			markdown: '[m](mailto:a@b.example) then [j](javascript:void(0))',
			links: [
				['m', 'mailto:a@b.example'],
				['j', 'javascript:void(0)'],
			],
		},
		{
			name: "a footnote's link, after the body's",
			markdown: 'Text[^1] and [body](https://body.example).\n\n[^1]: In [the note](https://note.example).',
			links: [
				['body', 'https://body.example'],
				['the note', 'https://note.example'],
			],
		},
		{name: 'no link in code', markdown: '```\n[no](https://no.example)\n```\n\n`[no](https://no.example)`', links: []},
	];
	for (const {name, markdown, links} of cases) {
		it(name, () => {
			assert.deepEqual(
				render(markdown).links.map(link => [link.text, link.href]),
				links,
			);
		});
	}

	it("each link is on the first line of its block, a note's on its note", () => {
		const page = render(
			[
				'Intro.',
				'Some words before [first](https://one.example) and a long run of words until [second](https://two.example).',
				'Text[^1].',
				'[^1]: See [note](https://note.example).',
			].join('\n\n'),
			30,
		);
		const starts = page.links.map(link => page.lines[link.line]);
		assert.deepEqual(starts, ['Some words before first', 'Some words before first', '[1] See note']);
	});

	it('no mark is left in the lines', () => {
		const page = render('[a](https://a.example)\n\n```js\nx\n```');
		assert.ok(!/[\u2062-\u2064]/.test(page.lines.join('\n')));
	});
});

describe('code blocks recorded by the render', () => {
	it('range and source text, tabs as written, no frame, nested in a list too', () => {
		const page = render('Intro.\n\n```sh\necho\t"tab"\nls\n```\n\n- item\n  ```\n  nested\n  ```\n');
		assert.deepEqual(
			page.codeBlocks.map(block => ({...block, first: page.lines[block.start], last: page.lines[block.end - 1]})),
			[
				{start: 2, end: 6, code: 'echo\t"tab"\nls', first: '┌─ sh', last: '└─'},
				{start: 8, end: 11, code: 'nested', first: '  ┌─', last: '  └─'},
			],
		);
	});

	it('a long line broken on screen is one line in the copy', () => {
		const long = 'x'.repeat(100);
		const page = render(`\`\`\`\n${long}\n\`\`\``, 30);
		assert.equal(page.codeBlocks[0]?.code, long);
		assert.ok((page.codeBlocks[0]?.end ?? 0) - (page.codeBlocks[0]?.start ?? 0) > 3, 'drawn on several lines');
	});

	it('the block the first line is in, else the first on screen', () => {
		const page = {
			codeBlocks: [
				{start: 5, end: 9, code: 'a'},
				{start: 12, end: 15, code: 'b'},
			],
		};
		const cases: Array<[top: number, height: number, code: string | undefined]> = [
			[6, 3, 'a'],
			[9, 5, 'b'],
			[0, 5, undefined],
			[0, 6, 'a'],
			[15, 10, undefined],
		];
		for (const [top, height, code] of cases)
			assert.equal(codeBlockOnScreen(page, top, height)?.code, code, `top ${top}`);
	});
});

describe('source lines', () => {
	it('page lines map to body lines: block starts, and lines inside a code block', () => {
		const markdown = '# Title\n\nA paragraph\nover two lines.\n\n```\none\ntwo\nthree\n```\n\nEnd.\n';
		const page = render(markdown);
		const cases: Array<[text: string, body: number]> = [
			['A paragraph', 2],
			['│ two', 7],
			['│ three', 8],
			['End.', 11],
		];
		for (const [text, body] of cases) {
			const line = page.lines.findIndex(candidate => candidate.startsWith(text));
			assert.equal(sourceLineAt(page, line), body, text);
			assert.equal(markdown.split('\n')[body]?.slice(0, 3), text.replace(/^│ /, '').slice(0, 3));
		}
	});

	it('a wrapped paragraph never maps past its own lines', () => {
		const page = render(`${'word '.repeat(60)}\n\nNext.`, 20);
		const last = page.lines.indexOf('Next.') - 2;
		assert.equal(sourceLineAt(page, last), 0);
	});

	it('front matter lines are counted before the body', () => {
		const cases: Array<[source: string, lines: number]> = [
			['No front matter.\n', 0],
			['---\ntitle: A\ndate: 2024-01-01\n---\nBody\n', 4],
			['+++\ntitle = "A"\n+++\nBody\n', 3],
			['---\r\ntitle: A\r\n---\r\nBody\r\n', 3],
		];
		for (const [source, lines] of cases) assert.equal(bodyStartLine(source), lines, JSON.stringify(source));
	});
});

describe('the editor command', () => {
	const file = '/blog/posts/a b.md';
	const cases: Array<[editor: string, line: number | undefined, args: string[]]> = [
		['vi', 12, ['+12', file]],
		['vim', 12, ['+12', file]],
		['/usr/bin/nvim', 12, ['+12', file]],
		['nano', 3, ['+3', file]],
		['emacs -nw', 3, ['+3', file]],
		['emacsclient -t', 3, ['+3', file]],
		['micro', 7, ['+7', file]],
		['kak', 7, ['+7', file]],
		['hx', 7, ['+7', file]],
		['helix', 7, ['+7', file]],
		['code --wait', 40, ['-g', `${file}:40`]],
		['codium', 40, ['-g', `${file}:40`]],
		['vim', undefined, [file]],
		['ed', 12, ['--', file]],
		['my-editor.sh', undefined, ['--', file]],
	];
	for (const [editor, line, args] of cases) {
		it(`${editor} at ${String(line)}`, () => {
			assert.deepEqual(editorArguments(editor, file, line), args);
		});
	}

	it('the command line quotes every argument, the editor as written', () => {
		assert.equal(editorCommand('code --wait', "/b/it's.md", 4), "code --wait '-g' '/b/it'\\''s.md:4'");
		assert.equal(editorCommand('vim', '/b/+!touch x.md', 2), "vim '+2' '/b/+!touch x.md'");
	});
});

describe('OSC 52', () => {
	// What is copied is the text without controls but tab and newline: pasted into a shell, an ESC could
	// retitle the terminal, and `ESC[201~` would end bracketed paste early, so the rest would run as typed.
	const cases: Array<[text: string, copied: string, removed: number]> = [
		['hi', 'hi', 0],
		['', '', 0],
		['é\t\n', 'é\t\n', 0],
		['a\r\nb', 'a\nb', 0],
		['\u001B]0;x\u0007', ']0;x', 2],
		['code \u001B]2;CODE\u0007', 'code ]2;CODE', 2],
		['https://e.com/\u001B]2;lu\u0007', 'https://e.com/]2;lu', 2],
		['echo safe\u001B[201~\nrm -rf ~', 'echo safe[201~\nrm -rf ~', 1],
		['C1 \u009B2J and \u009D0;t\u009C, DEL \u007F, NUL \u0000, CR \r', 'C1 2J and 0;t, DEL , NUL , CR ', 6],
	];
	for (const [text, copied, removed] of cases) {
		it(JSON.stringify(text), () => {
			assert.deepEqual(clipboardText(text), {text: copied, removed});
			const sequence = `\u001B]52;c;${Buffer.from(copied).toString('base64')}\u0007`;
			assert.deepEqual(osc52(text), {sequence, bytes: Buffer.byteLength(copied), removed});
		});
	}

	it('refuses more than the cap', () => {
		assert.deepEqual(osc52('a'.repeat(MAX_COPY_BYTES + 1)), {tooLarge: MAX_COPY_BYTES + 1});
		assert.ok('sequence' in osc52('a'.repeat(MAX_COPY_BYTES)));
	});
});

describe('opening a link', () => {
	const url = 'https://example.com/a';
	// Every program is found, in /usr/bin; or none is.
	const all = (name: string) => `/usr/bin/${name}`;
	const none = () => undefined;
	it('chooses by the session and what can run', () => {
		const cases: Array<[env: Record<string, string>, platform: NodeJS.Platform, locate: Locate, plan: unknown]> = [
			[{}, 'linux', all, {kind: 'run', command: '/usr/bin/xdg-open', args: [url]}],
			[{}, 'darwin', all, {kind: 'run', command: '/usr/bin/open', args: [url]}],
			[
				{BROWSER: 'firefox --new-window'},
				'linux',
				all,
				{kind: 'run', command: '/usr/bin/firefox', args: ['--new-window', url]},
			],
			[
				{BROWSER: 'w3m %s -no-mouse:lynx'},
				'linux',
				all,
				{kind: 'run', command: '/usr/bin/w3m', args: [url, '-no-mouse']},
			],
			[
				{BROWSER: 'gone'},
				'linux',
				name => (name === 'xdg-open' ? '/usr/bin/xdg-open' : undefined),
				{kind: 'run', command: '/usr/bin/xdg-open', args: [url]},
			],
			[{SSH_TTY: '/dev/pts/3'}, 'linux', all, {kind: 'copy', why: 'over ssh'}],
			[{SSH_CONNECTION: '1 2 3 4', BROWSER: 'firefox'}, 'linux', all, {kind: 'copy', why: 'over ssh'}],
			[{}, 'linux', none, {kind: 'copy', why: 'no xdg-open or $BROWSER'}],
		];
		for (const [env, platform, locate, plan] of cases)
			assert.deepEqual(openPlan(url, env, platform, locate), plan, JSON.stringify(env));
	});

	it('a hostile address is never opened, and never written to the terminal as it is', async () => {
		const written: string[] = [];
		const started: string[][] = [];
		const host = createLinkHost({
			env: {},
			platform: 'linux',
			write: sequence => written.push(sequence),
			start: async (command, args) => {
				started.push([command, ...args]);
			},
			locate: all,
		});
		for (const hostile of [
			'https://evil.example/\u001B]52;c;aGk=\u0007',
			'https://evil.example/\u009B2J',
			'https://a.example/ b',
			'javascript:alert(1)',
			'file:///etc/passwd',
		]) {
			const notice = await host.openLink(hostile);
			assert.match(notice, /^not opened: only http, https and mailto links are/);
			assert.ok(!/[\u0000-\u001F\u007F-\u009F]/.test(notice), `the notice shows no control: ${JSON.stringify(notice)}`);
		}

		assert.deepEqual(started, []);
		assert.deepEqual(written, []);
		assert.equal(await host.openLink(url), 'opened with xdg-open');
		assert.deepEqual(started, [['/usr/bin/xdg-open', url]]);
	});

	it('over ssh the link is copied, base64 only', async () => {
		const written: string[] = [];
		const host = createLinkHost({
			env: {SSH_TTY: '/dev/pts/1'},
			platform: 'linux',
			write: s => written.push(s),
			locate: all,
		});
		assert.equal(await host.openLink(url), 'copied the link to the clipboard (over ssh: not opened here)');
		assert.deepEqual(written, [`\u001B]52;c;${Buffer.from(url).toString('base64')}\u0007`]);
	});

	it('a program that cannot start: the link is copied instead', async () => {
		const written: string[] = [];
		const host = createLinkHost({
			env: {},
			platform: 'linux',
			write: s => written.push(s),
			locate: all,
			start: async () => {
				throw new Error('ENOENT');
			},
		});
		assert.equal(await host.openLink(url), 'copied the link to the clipboard (xdg-open could not be run)');
		assert.equal(written.length, 1);
	});
});

describe('source lines of a post shown as plain text', () => {
	it('each page line maps to the body line it shows, wrapped lines too', async () => {
		const {plainPage} = await import('../../../source/render/plain-page.js');
		const body = ['short', 'a line long enough to wrap twice at this width', '', 'after', 'last'].join('\n');
		const page = plainPage(body, 20, 'test');
		const cases: Array<[text: string, body: number]> = [
			['short', 0],
			['a line long', 1],
			['after', 3],
			['last', 4],
		];
		for (const [text, line] of cases) {
			const at = page.lines.findIndex(candidate => candidate.startsWith(text));
			assert.equal(sourceLineAt(page, at), line, text);
		}

		const continued = page.lines.findIndex(candidate => candidate.startsWith('a line long')) + 1;
		assert.equal(sourceLineAt(page, continued), 1, 'a wrapped line stays its own body line');
	});
});
