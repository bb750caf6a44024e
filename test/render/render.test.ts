import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {parseFrontMatter} from '../../source/blog/load/front-matter.js';
import {expandTabs, fenceLanguage} from '../../source/render/code-block.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {fitColumns} from '../../source/render/table.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {ROOT, SAMPLE_BLOG} from '../helpers/paths.js';

const plain = createTheme(0);
const colour = createTheme(1);

function render(markdown: string, width = 60, theme = plain): string[] {
	return renderMarkdown(markdown, {width, theme}).lines.map(line => stripAnsi(line));
}

function text(markdown: string, width = 60, theme = plain): string {
	return render(markdown, width, theme).join('\n');
}

describe('markdown → lines', () => {
	it('styles headings without # marks, underlining levels 1 and 2', () => {
		const lines = render('# Big\n\n## Smaller\n\n### Small', 60, colour);
		assert.deepEqual(lines, ['Big', '═══', '', 'Smaller', '───────', '', 'Small']);
	});

	it('without colour, keeps the # marks of levels 3 and deeper, so every level shows', () => {
		const lines = render('# Big\n\n## Smaller\n\n### Small\n\n#### Smaller still\n\n###### Least');
		assert.deepEqual(lines, [
			'Big',
			'═══',
			'',
			'Smaller',
			'───────',
			'',
			'### Small',
			'',
			'#### Smaller still',
			'',
			'###### Least',
		]);
	});

	it('wraps paragraphs to the width, joining soft line breaks', () => {
		assert.deepEqual(render('one two three\nfour five six seven', 14), ['one two three', 'four five six', 'seven']);
	});

	it('renders inline styles inside list items, nested lists, table cells, quotes and headings', () => {
		const source = [
			'## A **bold** title',
			'',
			'- item **bold** and *em* and `code` and ~~gone~~',
			'  1. nested __strong__',
			'',
			'> quoted **bold**',
			'',
			'| **head** | b |\n|---|---|\n| *cell* | `x` |\n',
		].join('\n');
		const out = text(source, 60, colour);
		for (const raw of ['**', '__', '~~', '`']) assert.ok(!out.includes(raw), `no raw ${raw} in:\n${out}`);
		assert.match(out, /A bold title/);
		assert.match(out, /• item bold and em and code and gone/);
		assert.match(out, / {2}1\. nested strong/);
		assert.match(out, /│ quoted bold/);
	});

	it('colours inline styles when colour is on', () => {
		const line = renderMarkdown('- item **bold**', {width: 40, theme: colour}).lines[0] ?? '';
		assert.ok(line.includes('\u001B[1mbold\u001B[22m'), JSON.stringify(line));
	});

	it('numbers footnotes in order of first use and lists them under Notes', () => {
		const out = render(
			[
				'First[^b], second[^a], again[^b], missing[^zz].',
				'',
				'[^a]: Note A with a [link](https://example.com).',
				'[^b]: Note **B**.',
				'',
				'    Second paragraph of B.\n',
			].join('\n'),
			60,
			colour,
		);
		assert.equal(out[0], 'First[1], second[2], again[1], missing[^zz].');
		const notes = out.slice(out.indexOf('Notes'));
		assert.deepEqual(notes, [
			'Notes',
			'─────',
			'[1] Note B.',
			'',
			'    Second paragraph of B.',
			'[2] Note A with a link (https://example.com).',
		]);
	});

	it('frames code blocks with the language, expands tabs and marks broken lines', () => {
		const out = render(
			'```go title="main.go"\nfunc main() {\n\tfmt.Println("a very long line that will not fit in the width")\n}\n```',
			30,
		);
		assert.equal(out[0], '┌─ go');
		assert.equal(out[1], '│ func main() {');
		assert.equal(out[2], '│     fmt.Println("a very long');
		assert.match(out[3] ?? '', /^│↪/);
		assert.equal(out.at(-1), '└─');
		for (const line of out) assert.ok(displayWidth(line) <= 30, line);
	});

	it('highlights code by its language and leaves unknown languages plain', () => {
		const go = renderMarkdown('```go\nfunc main() {}\n```', {width: 40, theme: colour}).lines[1] ?? '';
		assert.ok(go.includes('\u001B['), 'go is highlighted');
		const unknown = renderMarkdown('```nosuchlang\nfunc main() {}\n```', {width: 40, theme: colour}).lines[1] ?? '';
		assert.equal(stripAnsi(unknown), '│ func main() {}');
		assert.equal(unknown.replace(/\u001B\[90m│ \u001B\[39m/, ''), 'func main() {}');
	});

	it('draws tables that fit, honouring alignment', () => {
		const out = render('| left | right |\n|:-----|------:|\n| a | 1 |\n| bb | 22 |\n');
		assert.deepEqual(out, [
			'┌──────┬───────┐',
			'│ left │ right │',
			'├──────┼───────┤',
			'│ a    │     1 │',
			'│ bb   │    22 │',
			'└──────┴───────┘',
		]);
	});

	it('wraps table cells to fit narrow widths', () => {
		const out = render(
			'| name | description |\n|---|---|\n| go | a language with goroutines and channels built in |\n',
			30,
		);
		for (const line of out) assert.ok(displayWidth(line) <= 30, line);
		assert.ok(out.join(' ').replace(/[│ ]+/g, ' ').includes('goroutines'));
	});

	it('shows a table too wide for the screen as one record per row', () => {
		const header = Array.from({length: 8}, (_, index) => `col${index}`);
		const out = render(
			`| ${header.join(' | ')} |\n|${'---|'.repeat(8)}\n| ${header.map((_, index) => `v${index}`).join(' | ')} |\n`,
			40,
		);
		assert.ok(out.includes('col0: v0'));
		assert.ok(out.includes('col7: v7'));
	});

	it('shows images, rules, task lists and HTML as text', () => {
		const out = render(
			[
				'![Arch diagram](images/arch.svg)',
				'---',
				'- [x] done\n- [ ] todo',
				'<div>block <b>html</b></div>',
				'<!-- hidden -->',
				'line<br>break <kbd>Ctrl</kbd>',
			].join('\n\n'),
			30,
		);
		assert.deepEqual(out, [
			'[image: Arch diagram]',
			'(images/arch.svg)',
			'',
			'─'.repeat(30),
			'',
			'• [x] done',
			'• [ ] todo',
			'',
			'block html',
			'',
			'line',
			'break Ctrl',
		]);
	});

	it('prints a link URL once, after its text, and a bare URL once', () => {
		assert.deepEqual(render('[the docs](https://example.com/docs) and https://example.com/bare'), [
			'the docs (https://example.com/docs) and',
			'https://example.com/bare',
		]);
	});

	it('never lets a control sequence from the post through', () => {
		const hostile =
			'title \u001B]52;c;Y2xpcA==\u0007 and &#27;[2J and `\u001B[31mcode` \u009B31m\n\n```\n\u001B]0;x\u0007\n```';
		for (const theme of [plain, colour]) {
			const joined = renderMarkdown(hostile, {width: 60, theme}).lines.join('\n');
			const foreign = joined.replace(/\u001B\[[0-9;]*m/g, '');
			assert.ok(!/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/.test(foreign), JSON.stringify(foreign));
			assert.ok(joined.includes('^[]52;c;'), 'the escape is shown, not dropped');
		}
	});

	it('writes no escape sequence at all without colour', () => {
		const lines = renderMarkdown(
			'# T\n\n**b** *i* `c` [l](https://x.y)\n\n```js\nconst a = 1;\n```\n\n| a |\n|---|\n| b |\n',
			{width: 40, theme: plain},
		).lines;
		assert.ok(!lines.join('\n').includes('\u001B'));
	});

	it('records where each heading starts', () => {
		const {headings, lines} = renderMarkdown('Intro\n\n## One\n\ntext\n\n### Two\n\n[^1]\n\n[^1]: note', {
			width: 40,
			theme: plain,
		});
		assert.deepEqual(
			headings.map(heading => [heading.depth, heading.text, lines[heading.line]]),
			[
				[2, 'One', 'One'],
				// Without colour the line keeps its marks; the contents does not show them.
				[3, 'Two', '### Two'],
				[2, 'Notes', 'Notes'],
			],
		);
	});

	it('drops the first # heading when it became the title', () => {
		assert.deepEqual(renderMarkdown('# Title\n\nBody', {width: 40, theme: plain, skipTitleHeading: 'Title'}).lines, [
			'Body',
		]);
	});
});

describe('no line is wider than the width', () => {
	const files = readdirSync(SAMPLE_BLOG, {recursive: true, encoding: 'utf8'}).filter(file => file.endsWith('.md'));
	const seed = path.join(ROOT, '..', 'shared', 'seed-post.md');
	const sources = files.map(file => [file, readFileSync(path.join(SAMPLE_BLOG, file), 'utf8')] as const);
	try {
		sources.push(['seed-post.md', readFileSync(seed, 'utf8')]);
	} catch {
		// The reference post lives outside the repository; the sample blog covers the same ground.
	}

	it('covers the sample blog', () => {
		assert.ok(files.length >= 12);
	});

	for (const [file, source] of sources) {
		it(file, () => {
			const {body} = parseFrontMatter(source);
			for (const width of [40, 80, 120]) {
				for (const theme of [plain, colour]) {
					const lines = renderMarkdown(body, {width, theme}).lines;
					for (const line of lines) assert.ok(displayWidth(line) <= width, `${width}: ${stripAnsi(line)}`);
					const visible = lines.map(line => stripAnsi(line)).join('\n');
					assert.ok(!/\[\^[^\]]+\]/.test(visible.replace(/```[\s\S]*?```/g, '')), 'no raw footnote markers');
					// Without colour, marks stand for bold on purpose.
					if (theme.level > 0) assert.ok(!/\*\*[^*\s][^*]*\*\*/.test(visible), 'no raw bold markers');
				}
			}
		});
	}
});

describe('pipe tables indented by up to three spaces (GFM)', () => {
	const table = ['┌───┬───┐', '│ a │ b │', '├───┼───┤', '│ 1 │ 2 │', '│ 3 │ 4 │', '└───┴───┘'];
	const rows = (indent: number, rowIndent = indent) =>
		[`${' '.repeat(indent)}| a | b |`, `${' '.repeat(indent)}|---|---|`]
			.concat(['| 1 | 2 |', '| 3 | 4 |'].map(row => ' '.repeat(rowIndent) + row))
			.join('\n');
	const cases: Array<[string, string, string[]]> = [];
	for (const indent of [1, 2, 3]) {
		cases.push([`${indent} spaces`, rows(indent), table]);
		cases.push([`${indent} spaces after a paragraph`, `Text:\n${rows(indent)}`, ['Text:', '', ...table]]);
		cases.push([`rows at ${indent}, header at 0`, rows(0, indent), table]);
		cases.push([
			`${indent} spaces in a quote`,
			`> ${rows(indent).replaceAll('\n', '\n> ')}`,
			table.map(line => `│ ${line}`),
		]);
		cases.push([
			`${indent} spaces inside a list item`,
			`- x\n\n${rows(indent + 2)}`,
			['• x', '', ...table.map(line => `  ${line}`)],
		]);
	}

	for (const [name, source, expected] of cases) {
		it(name, () => {
			assert.deepEqual(render(source), expected);
		});
	}

	it('four spaces make code, as in any Markdown', () => {
		assert.deepEqual(render('Text:\n\n    | a |\n    |---|'), ['Text:', '', '┌─', '│ | a |', '│ |---|', '└─']);
	});
});

describe('table column fitting', () => {
	const cases: Array<[number[], number, number[] | undefined]> = [
		[[5, 10], 20, [5, 10]],
		[[5, 40], 30, [5, 25]],
		[[30, 30], 40, [20, 20]],
		[[3, 50, 50], 43, [3, 20, 20]],
		[[10, 10, 10, 10], 20, undefined],
	];
	for (const [natural, available, expected] of cases) {
		it(`${JSON.stringify(natural)} in ${available} → ${JSON.stringify(expected)}`, () => {
			assert.deepEqual(fitColumns(natural, available), expected);
		});
	}

	// With each column's longest word, as a browser: no word broken while the words fit.
	const byWords: Array<[natural: number[], longest: number[], available: number, widths: number[]]> = [
		[[40, 40], [25, 5], 40, [27, 13]],
		[[9, 6, 12, 100], [9, 6, 12, 11], 60, [9, 6, 12, 33]],
		[[5, 10], [5, 10], 20, [5, 10]],
		// The words don't all fit: the short ones stay whole, the longest are broken.
		[[14, 6, 6, 11, 90], [14, 6, 6, 11, 13], 40, [10, 6, 6, 9, 9]],
	];
	for (const [natural, longest, available, widths] of byWords) {
		const name = `${JSON.stringify(natural)}, words ${JSON.stringify(longest)}, in ${available}`;
		it(`${name} → ${JSON.stringify(widths)}`, () => {
			const fitted = fitColumns(natural, available, longest);
			assert.deepEqual(fitted, widths);
			assert.ok((fitted ?? []).reduce((sum, width) => sum + width, 0) <= available);
		});
	}

	it('keeps a column’s long word whole where the old sharing broke it', () => {
		const lines = render(
			'| Identifier | Description |\n|---|---|\n| ' +
				'AVeryLongConfigurationName | a description of many short words that could wrap anywhere at all |',
			50,
		);
		assert.ok(
			lines.some(line => line.includes('AVeryLongConfigurationName')),
			lines.join('\n'),
		);
	});
});

describe('code fences', () => {
	const languages: Array<[string | undefined, string]> = [
		['go', 'go'],
		['yml {linenos=true}', 'yml'],
		['ts twoslash', 'ts'],
		['go title="main.go"', 'go'],
		['', ''],
		[undefined, ''],
		['{.python}', 'python'],
		['{r}', 'r'],
		['{r flock, echo=TRUE}', 'r'],
		['{python}', 'python'],
		['{ }', ''],
	];
	for (const [info, expected] of languages) {
		it(`info ${JSON.stringify(info)} → ${JSON.stringify(expected)}`, () => {
			assert.equal(fenceLanguage(info), expected);
		});
	}

	it('expands tabs to the next stop of 4', () => {
		assert.equal(expandTabs('\tx\ty'), '    x   y');
		assert.equal(expandTabs('ab\tc'), 'ab  c');
	});

	it('keeps a "```go" line inside a block as code, and what follows it unchanged by the input caps', () => {
		const page = renderMarkdown(`\`\`\`\n\`\`\`go\n${'*'.repeat(40)}\n\`\`\`\n`, {width: 80, theme: createTheme(0)});
		assert.deepEqual(page.lines, ['┌─', '│ ```go', `│ ${'*'.repeat(40)}`, '└─']);
		assert.equal(page.notice, null);
	});
});

describe('inline extras', () => {
	it('turns emoji shortcodes into emoji, leaving unknown names and times alone', () => {
		assert.deepEqual(render('Ship it :tada: :rocket: :+1: :not_an_emoji: at 10:30:00 `:tada:`'), [
			'Ship it 🎉 🚀 👍 :not_an_emoji: at 10:30:00 `:tada:`',
		]);
	});

	it("knows GitHub's emoji names (gemoji) and emojilib's, and leaves the rest and code as written", () => {
		const table: Array<[string, string]> = [
			[':pout: :hankey: :shipit:', '😡 💩 :shipit:'],
			[':+1: :thumbsup: :-1:', '👍 👍 👎'],
			[':partying: :satisfied: :uk:', '🥳 😆 🇬🇧'],
		];
		for (const [source, expected] of table) assert.deepEqual(render(source), [expected], source);
		assert.deepEqual(render('`:pout:` and :Pout:', 60, colour), [':pout: and :Pout:']);
		assert.deepEqual(render('```\n:pout:\n```'), ['┌─', '│ :pout:', '└─']);
	});

	it('makes web links clickable with OSC 8 when asked, showing no URL twice', () => {
		const line =
			renderMarkdown('[docs](https://example.com/docs)', {width: 60, theme: colour, hyperlinks: true}).lines[0] ?? '';
		assert.ok(line.startsWith('\u001B]8;;https://example.com/docs\u0007'), JSON.stringify(line));
		assert.equal(stripAnsi(line), 'docs');
	});

	it('never links other schemes, and shows their target', () => {
		const line =
			renderMarkdown('[open](file:///etc/passwd) [post](other-post.md)', {width: 80, theme: colour, hyperlinks: true})
				.lines[0] ?? '';
		assert.ok(!line.includes('\u001B]8'), JSON.stringify(line));
		assert.equal(stripAnsi(line), 'open (file:///etc/passwd) post (other-post.md)');
	});

	// Text that claims a destination, however it is dressed up, shows where the link really goes.
	const spoofs: Array<[string, string]> = [
		['[https://good.example](https://evil.example)', 'https://good.example (https://evil.example)'],
		['[**https://paypal.com**](https://evil.example)', 'https://paypal.com (https://evil.example)'],
		['[`https://paypal.com`](https://evil.example)', 'https://paypal.com (https://evil.example)'],
		['[https:/\\/paypal.com](https://evil.example)', 'https://paypal.com (https://evil.example)'],
		['[mailto:boss@corp.com](mailto:other@evil.example)', 'mailto:boss@corp.com (mailto:other@evil.example)'],
		['[boss@corp.com](mailto:other@evil.example)', 'boss@corp.com (mailto:other@evil.example)'],
		['[ＨＴＴＰＳ://paypal.com](https://evil.example)', 'ＨＴＴＰＳ://paypal.com (https://evil.example)'],
		['[paypal.com](https://evil.example)', 'paypal.com (https://evil.example)'],
		['[paypal.com/login](https://evil.example/login)', 'paypal.com/login (https://evil.example/login)'],
		['[www.paypal.com](https://evil.example)', 'www.paypal.com (https://evil.example)'],
	];
	for (const [markdown, shown] of spoofs) {
		it(`shows the real target of a link whose text claims another: ${markdown}`, () => {
			const line = renderMarkdown(markdown, {width: 100, theme: colour, hyperlinks: true}).lines[0] ?? '';
			assert.equal(stripAnsi(line), shown);
		});
	}

	const honest: Array<[string, string]> = [
		['[docs](https://example.com/docs)', 'docs'],
		['[example.com](https://example.com/)', 'example.com'],
		['[https://Example.com](https://example.com)', 'https://Example.com'],
		['[ann@example.com](mailto:ann@example.com)', 'ann@example.com'],
	];
	for (const [markdown, shown] of honest) {
		it(`shows a link whose text is its target, or no address, once: ${markdown}`, () => {
			const line = renderMarkdown(markdown, {width: 100, theme: colour, hyperlinks: true}).lines[0] ?? '';
			assert.equal(stripAnsi(line), shown);
		});
	}

	it('writes no hyperlinks without colour', () => {
		const line =
			renderMarkdown('[docs](https://example.com/docs)', {width: 60, theme: plain, hyperlinks: true}).lines[0] ?? '';
		assert.equal(line, 'docs (https://example.com/docs)');
	});
});

describe('code highlighting', () => {
	const aliases = [
		'js',
		'ts',
		'tsx',
		'jsx',
		'sh',
		'shell',
		'console',
		'bash',
		'zsh',
		'yml',
		'yaml',
		'dockerfile',
		'golang',
		'go',
		'python',
		'py',
		'rust',
		'rs',
		'json',
		'toml',
		'sql',
		'diff',
	];
	for (const language of aliases) {
		it(`highlights ${language}`, () => {
			const samples: Record<string, string> = {console: '$ echo "hi"\nhi', diff: '--- a\n+++ b\n-old\n+new'};
			const code =
				samples[language] ?? 'let x = "text" # 1 // 2\nif (true) { return 42 }\nfunc main() { fmt.Println("x") }';
			const lines = renderMarkdown(`\`\`\`${language}\n${code}\n\`\`\``, {width: 80, theme: colour}).lines.slice(1, -1);
			assert.ok(
				lines.some(line => /\u001B\[(?!90m|39m)[\d;]+m/.test(line.replace(/^\u001B\[90m│ \u001B\[39m/, ''))),
				`${language}: ${JSON.stringify(lines)}`,
			);
		});
	}

	it('prints nothing on the console for unknown or missing languages', () => {
		const calls: unknown[] = [];
		const saved = {log: console.log, error: console.error, warn: console.warn};
		console.log =
			console.error =
			console.warn =
				(...args: unknown[]) => {
					calls.push(args);
				};

		try {
			renderMarkdown('```nosuchlang\nx = 1\n```\n\n```\nplain\n```\n\n```{weird}\ny\n```', {width: 40, theme: colour});
		} finally {
			Object.assign(console, saved);
		}

		assert.deepEqual(calls, []);
	});

	it('does not highlight huge blocks', () => {
		const big = 'let x = 1;\n'.repeat(7000);
		const lines = renderMarkdown(`\`\`\`js\n${big}\`\`\``, {width: 80, theme: colour}).lines;
		assert.equal(lines[1], '\u001B[90m│ \u001B[39mlet x = 1;');
	});
});
