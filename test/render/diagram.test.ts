import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {drawDiagram, MAX_DIAGRAM_CHARS} from '../../source/render/diagram.js';
import {renderMarkdown} from '../../source/render/markdown.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';

const FLOW = 'graph LR\n  A[Write] --> B[Publish]';
const plain = createTheme(0);

function drawn(source: string, width = 80, theme = plain): string[] {
	const diagram = drawDiagram(source, width, theme);
	assert.ok('lines' in diagram, `not drawn: ${'problem' in diagram ? diagram.problem : ''}`);
	return diagram.lines;
}

function problem(source: string, width = 80): string {
	const diagram = drawDiagram(source, width, plain);
	assert.ok('problem' in diagram, 'drawn');
	return diagram.problem;
}

describe('drawDiagram', () => {
	it('draws a flowchart in box drawing, its labels inside boxes', () => {
		const lines = drawn(FLOW);
		assert.match(lines.join('\n'), /│ Write ├─+►│ Publish │/);
		assert.ok(lines.every(line => line === line.trimEnd()));
	});

	it('draws in ASCII where the locale is not UTF-8', () => {
		const lines = drawn(FLOW, 80, createTheme(0, 'dark', {ascii: true}));
		assert.match(lines.join('\n'), /\| Write \|-+>\| Publish \|/);
		assert.ok(
			lines.every(line => /^[\x20-\x7E]*$/.test(line)),
			lines.join('\n'),
		);
	});

	it('never draws wider than the page: a wider diagram is a problem saying both widths', () => {
		const width = Math.max(...drawn(FLOW).map(displayWidth));
		assert.equal(drawn(FLOW, width).length > 0, true);
		assert.equal(problem(FLOW, width - 1), `${width} columns wide; the page has ${width - 1}`);
	});

	const problems: Array<[name: string, source: string, expected: string]> = [
		['a kind the library does not draw', 'pie title Pets\n  "Dogs" : 3', 'a kind of diagram blogread cannot draw'],
		['no diagram at all', '', 'not readable as Mermaid'],
		[
			'a source too large to lay out',
			`graph TD\n${'  A --> B\n'.repeat(MAX_DIAGRAM_CHARS / 10)}`,
			'too large to lay out',
		],
	];
	for (const [name, source, expected] of problems) {
		it(`${name}: not drawn, and says why`, () => {
			assert.equal(problem(source), expected);
		});
	}

	it('shows a control character in a label as visible text, never as a control', () => {
		const lines = drawn('graph LR\n  A[bell \u0007 and \u001B[31mred] --> B');
		const text = lines.join('\n');
		assert.ok(!/[\u0000-\u0008\u000B-\u001F\u007F]/.test(text), JSON.stringify(text));
		assert.match(text, /bell/);
	});

	it('colours frames as the code frame and arrowheads as notes, labels as they are', () => {
		const theme = createTheme(1);
		const lines = drawn(FLOW, 80, theme);
		const row = lines.find(line => stripAnsi(line).includes('Write')) ?? '';
		assert.ok(row.includes(theme.codeFrame('│')), 'a frame in the code frame colour');
		assert.ok(row.includes(theme.footnote('►')), 'the arrowhead in the notes colour');
		assert.ok(row.includes(' Write '), 'the label uncoloured');
		assert.deepEqual(
			lines.map(line => stripAnsi(line)),
			drawn(FLOW),
		);
	});
});

describe('a Mermaid diagram on the page', () => {
	const post = `Before.\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n\nAfter.\n`;

	it('is drawn in a frame labelled mermaid, and y copies its source', () => {
		const page = renderMarkdown(post, {width: 60, theme: plain});
		const text = page.lines.join('\n');
		assert.match(text, /┌─ mermaid\n│ ┌/);
		assert.deepEqual(
			page.codeBlocks.map(block => block.code),
			[FLOW],
		);
		const block = page.codeBlocks[0];
		assert.ok(block && page.lines[block.start]?.includes('mermaid'));
	});

	it('is its source when diagrams are off (the reader’s i)', () => {
		const page = renderMarkdown(post, {width: 60, theme: plain, diagrams: false});
		assert.match(page.lines.join('\n'), /┌─ mermaid\n│ graph LR\n│ {3}A\[Write\] --> B\[Publish\]/);
	});

	it('is its source with the reason in the label when the page is too narrow', () => {
		const page = renderMarkdown(post, {width: 20, theme: plain});
		const text = page.lines.join('\n');
		assert.match(text, /diagram\s+not drawn: 25\s+columns wide/);
		assert.match(text, /│ graph LR/);
		assert.ok(page.lines.every(line => displayWidth(line) <= 20));
	});
});
