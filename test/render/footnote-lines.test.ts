import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {withFootnoteContinuations} from '../../source/render/footnote-lines.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {createTheme} from '../../source/theme/palette.js';

describe('footnote definitions with lazy continuation lines', () => {
	const cases: Array<[name: string, markdown: string, read: string]> = [
		['a line indented by two', '[^1]: one\n  more\n[^2]: two', '[^1]: one\n    more\n[^2]: two'],
		['a line not indented', '[^1]: one\nmore', '[^1]: one\n    more'],
		['four spaces already', '[^1]: one\n    more', '[^1]: one\n    more'],
		['a blank line ends the lazy lines', '[^1]: one\n\nafter', '[^1]: one\n\nafter'],
		['a heading is not a continuation', '[^1]: one\n# Title', '[^1]: one\n# Title'],
		['a list item is not a continuation', '[^1]: one\n- item', '[^1]: one\n- item'],
		['nothing in a fence', '```\n[^1]: x\nmore\n```', '```\n[^1]: x\nmore\n```'],
		['no note, no change', 'plain\ntext', 'plain\ntext'],
		['a definition indented 1-3 spaces starts the line', '  [^1]: one\n   [^2]: two', '[^1]: one\n[^2]: two'],
		['four spaces in is code, not a definition', 'text\n\n    [^1]: code', 'text\n\n    [^1]: code'],
	];
	for (const [name, markdown, read] of cases) {
		it(name, () => {
			assert.equal(withFootnoteContinuations(markdown), read);
			assert.equal(read.split('\n').length, markdown.split('\n').length, 'every line keeps its place');
		});
	}

	it('renders every note whole, as GitHub and pandoc do', () => {
		const {lines} = renderMarkdown('A[^1] B[^2].\n\n[^1]: one\n  more\n[^2]: two\n', {
			width: 60,
			theme: createTheme(0),
		});
		const text = lines.map(line => stripAnsi(line));
		assert.ok(
			text.some(line => line.includes('A[1] B[2].')),
			text.join('\n'),
		);
		assert.ok(text.includes('[1] one more'), text.join('\n'));
		assert.ok(text.includes('[2] two'), text.join('\n'));
		assert.ok(!text.some(line => line.includes('[^2]')), 'no note left raw');
	});

	it('renders indented definitions as notes, the body on the next line too (Material for MkDocs)', () => {
		const markdown =
			'Text[^1] and[^2] and[^3].\n\n  [^1]: One.\n   [^2]:\n    Body of two.\n\n [^3]: Three.\n\n    More of three.\n';
		const text = renderMarkdown(markdown, {width: 60, theme: createTheme(0)}).lines.map(line => stripAnsi(line));
		assert.ok(text.includes('Text[1] and[2] and[3].'), text.join('\n'));
		for (const note of ['[1] One.', '[2] Body of two.', '[3] Three.', '    More of three.'])
			assert.ok(text.includes(note), `${note}\n${text.join('\n')}`);
		assert.ok(!text.some(line => line.includes('[^')), 'no note left raw');
	});
});
