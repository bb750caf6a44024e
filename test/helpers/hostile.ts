import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {temporaryFolder} from './temporary.js';

const ESC = '\u001B';
const BEL = '\u0007';

/**
 * Writes a blog of hostile posts, byte for byte, into a new temporary folder.
 * `marker` is a file every code-running payload tries to create.
 */
export function makeHostileBlog(): {root: string; marker: string} {
	const root = temporaryFolder('hostile');
	const blog = path.join(root, 'blog');
	const marker = path.join(root, 'pwned');
	mkdirSync(path.join(blog, 'sub'), {recursive: true});
	const write = (name: string, content: string | Buffer) => {
		writeFileSync(path.join(blog, name), content);
	};

	const payload = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`;
	for (const language of ['js', 'javascript', 'JS', 'coffee'])
		write(
			`eval-${language}.md`,
			`---${language}\n{ title: ${payload} || 'ran' }\n---\nBody after ${language} front matter.\n`,
		);
	write(
		'numeric-references.md',
		'---\ntitle: Numeric references\n---\n' +
			'Clipboard &#27;]52;c;SGVsbG8=&#7; clear &#x1b;[2J 8-bit CSI &#155;31m bell &#7; done.\n',
	);
	write(
		'yaml-escapes.md',
		'---\ntitle: "\\e]2;pwned title\\a"\nauthor: "\\x1b[31mred"\n' +
			'tags: ["\\e[5mblink", ok]\nexcerpt: "\\u009b31m"\n---\nBody.\n',
	);
	write(
		'raw-controls.md',
		[
			'---',
			'title: Raw control bytes',
			'---',
			`Clipboard ${ESC}]52;c;SGVsbG8=${BEL} title ${ESC}]2;owned${BEL} ` +
				`link ${ESC}]8;;file:///etc/passwd${BEL}click${ESC}]8;;${BEL}.`,
			`Bell${BEL} backspace\b carriage\rreturn, bidi \u202Eevil\u202C, C1 \u009B31m, NUL \u0000.`,
			'',
			`| cell ${ESC}[31m | x |`,
			'|---|---|',
			`| ${ESC}]0;t${BEL} | y |`,
			'',
			`Footnote[^1].`,
			'',
			`[^1]: Note ${ESC}[2J here.`,
			'',
			'```',
			`code ${ESC}]52;c;eA==${BEL}`,
			'```',
			'',
			`[text ${ESC}[31m](https://example.com/${ESC}]2;x${BEL})`,
		].join('\n'),
	);
	write(
		'spoofed-links.md',
		'---\ntitle: Spoofed links\n---\n' +
			'[https://good.example](https://evil.example) and [click](javascript:alert(1)) and [file](file:///etc/passwd).\n',
	);
	write('nested-list-bomb.md', `${'* '.repeat(26)}\n`);
	write('quote-run.md', '>'.repeat(1000));
	write('star-run.md', '*'.repeat(10_000));
	write('huge-fence.md', `\`\`\`\n${'let x = 1; // no language here\n'.repeat(35_000)}\`\`\`\n`);
	write(
		'alias-bomb.md',
		[
			'---',
			'a: &a ["x","x","x","x","x","x","x","x","x"]',
			...['b', 'c', 'd', 'e'].map(
				(name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcd'[index]}`).join(',')}]`,
			),
			`f: [${Array(9).fill('*e').join(',')}]`,
			'---',
			'Body.\n',
		].join('\n'),
	);
	write(
		'not-utf8.md',
		Buffer.from([
			0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3a, 0x20, 0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a, 0x62,
			0xc3, 0x28, 0x0a,
		]),
	);
	write(`name-${ESC}[31m-red.md`, 'A file name with an escape in it.\n');
	// kitty's image placeholder everywhere a post's text can go: coloured, each would show a picture kitty holds.
	const cell = `\u{10EEEE}\u0305\u0305`;
	write(
		`kitty-${cell}.md`,
		[
			'---',
			`title: Placeholder ${cell} title`,
			`author: ${cell}`,
			`tags: [${cell}, ok]`,
			`categories: [${cell}]`,
			`excerpt: ${cell}`,
			'---',
			`# Heading ${cell}`,
			'',
			`Text ${cell} with *${cell}*, \`${cell}\`, [${cell}](https://example.com) and ![${cell}](p.png)[^k].`,
			'',
			`| ${cell} | b |`,
			'|---|---|',
			`| c | ${cell} |`,
			'',
			`<span>${cell}</span>`,
			'',
			'```',
			`code ${cell}`,
			'```',
			'',
			`[^k]: Note ${cell}.`,
		].join('\n'),
	);
	write('sub/inner.md', '---\ntitle: Inner post\n---\nFine.\n');
	execFileSync('mkfifo', [path.join(blog, 'fifo.md')]);
	symlinkSync('/dev/zero', path.join(blog, 'zero.md'));
	symlinkSync('/etc/passwd', path.join(blog, 'passwd.md'));
	symlinkSync('..', path.join(blog, 'sub', 'loop'));
	return {root, marker};
}

/**
 * Control characters other than our own SGR colours and OSC 8 links to web or mail addresses (and LF),
 * and kitty's image placeholder (U+10EEEE), which shows a picture the terminal holds.
 */
export function foreignControls(output: string): string[] {
	const own = /\u001B\[[\d;]*m|\u001B\]8;;(?:(?:https?:\/\/|mailto:)[^\s\u0000-\u001F\u007F-\u009F]*)?\u0007/g;
	return [...output.replace(own, '').matchAll(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]|\u{10EEEE}/gu)].map(match =>
		JSON.stringify(match[0]),
	);
}
