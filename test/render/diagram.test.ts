import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {drawDiagram, MAX_DIAGRAM_CHARS} from '../../source/render/diagram.js';
import {MAX_ARROWS, MAX_BOXES, MAX_CHART_VALUES, MAX_STATEMENTS} from '../../source/render/diagram-size.js';
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

/** Statements, one a line. */
const lines = (count: number, statement: (index: number) => string) =>
	Array.from({length: count}, (_, index) => statement(index)).join('\n');
const chain = (arrows: number, header = 'graph TD') =>
	`${header}\n${lines(arrows, index => `N${index} --> N${index + 1}`)}`;
const tooMany = (count: number, what: string, limit: number) => `${count} ${what}, more than ${limit}`;

// Issue 48: a chain of 25 arrows never finished its layout (the library's table of levels had 100
// places, 4 a level; patches/beautiful-mermaid) and dense graphs took seconds and gigabytes. What is
// larger than the layout can take in a moment is counted before it, and shown as its source.
describe('the size of a diagram', () => {
	const drawnShapes: Array<[string, string]> = [
		['a chain of 25 arrows (the layout never ended)', chain(25)],
		['a chain as long as laid out', chain(MAX_BOXES - 1)],
		['a chain left to right', chain(MAX_BOXES - 1, 'graph LR')],
		['a state chain', chain(20, 'stateDiagram-v2')],
		[
			'a sequence of as many messages as drawn',
			`sequenceDiagram\n${lines(MAX_STATEMENTS.sequence, index => `A->>B: m${index}`)}`,
		],
	];
	// Laid out (the search never ended), then shown as source: lines cross its labels.
	it('arrows back up to the first box', () => {
		const source = `graph TD\n${lines(12, index => `N${index} --> N${index + 1}\nN${index + 1} --> N0`)}`;
		assert.equal(problem(source, 10_000), 'the drawing would leave out "N0"');
	});

	for (const [name, source] of drawnShapes) {
		it(`${name}: drawn`, () => {
			const diagram = drawDiagram(source, 10_000, plain);
			assert.ok('lines' in diagram, 'problem' in diagram ? diagram.problem : '');
		});
	}

	const refused: Array<[string, string, string]> = [
		['a chain longer', chain(MAX_BOXES), tooMany(MAX_BOXES + 1, 'boxes', MAX_BOXES)],
		[
			'1,150 arrows between 31 boxes',
			`graph TD\n${lines(1150, index => `N${index % 30} --> N${(index * 7) % 31}`)}`,
			tooMany(1150, 'arrows', MAX_ARROWS),
		],
		[
			'arrows written two at a time',
			`graph LR\n${lines(17, index => `A${index} & B${index} --> C`)}`,
			tooMany(2 * 17 + 1, 'boxes', MAX_BOXES),
		],
		[
			'subgraphs in subgraphs',
			`graph TD\n${lines(12, index => `subgraph s${index}\nA${index} --> B${index}`)}\n${lines(12, () => 'end')}`,
			tooMany(36, 'boxes', MAX_BOXES),
		],
		['a long state chain', chain(MAX_ARROWS + 1, 'stateDiagram-v2'), tooMany(MAX_ARROWS + 2, 'boxes', MAX_BOXES)],
		[
			'a long sequence',
			`sequenceDiagram\n${lines(MAX_STATEMENTS.sequence + 1, index => `P${index}->>P${index + 1}: m`)}`,
			tooMany(MAX_STATEMENTS.sequence + 1, 'statements', MAX_STATEMENTS.sequence),
		],
		[
			'a large class diagram',
			`classDiagram\n${lines(MAX_STATEMENTS.class + 1, index => `C${index} <|-- C${index + 1}`)}`,
			tooMany(MAX_STATEMENTS.class + 1, 'statements', MAX_STATEMENTS.class),
		],
		[
			'a large entity diagram',
			`erDiagram\n${lines(MAX_STATEMENTS.er + 1, index => `E${index} ||--o{ E${index + 1} : has`)}`,
			tooMany(MAX_STATEMENTS.er + 1, 'statements', MAX_STATEMENTS.er),
		],
		[
			'a chart of many values (its lines and the items of its lists)',
			`xychart-beta\n  bar [${lines(MAX_CHART_VALUES + 1, index => `${index}`).replaceAll('\n', ',')}]`,
			tooMany(MAX_CHART_VALUES + 1, 'values', MAX_CHART_VALUES),
		],
	];
	for (const [name, source, reason] of refused) {
		it(`${name}: not laid out, and says why`, () => assert.equal(problem(source, 10_000), reason));
	}

	it('on the page: the source in a frame, the reason in its label, at 80 and 40 columns', () => {
		for (const width of [80, 40]) {
			const page = renderMarkdown(`\`\`\`mermaid\n${chain(MAX_ARROWS + 1)}\n\`\`\`\n`, {width, theme: plain});
			const text = page.lines.join('\n');
			assert.match(text.replace(/\s+│?\s*/g, ' '), /diagram not drawn: 34 boxes, more than 32/);
			assert.match(text, /│ graph TD\n│ N0 --> N1\n/);
			assert.ok(page.lines.every(line => displayWidth(line) <= width));
		}
	});
});

describe('a drawing shows every text of its source, or the source is shown', () => {
	it('participants whose names hold spaces, declared or not, with their messages', () => {
		const source = [
			'sequenceDiagram',
			'    participant User',
			'    participant Leader 1',
			'    User->>Leader 1: elect me',
			'    Leader 1-->>Follower 2: append entries',
			'    Follower 2--)User: done',
		].join('\n');
		const text = drawn(source, 100).join('\n');
		for (const label of ['User', 'Leader 1', 'Follower 2', 'elect me', 'append entries', 'done']) {
			assert.ok(text.includes(label), `${label}\n${text}`);
		}

		assert.ok(!text.includes('Leader_1'), text);
	});

	it('an id of its own never takes another participant’s name', () => {
		const text = drawn('sequenceDiagram\n  A B->>A_B: one\n  A_B->>A B: two', 100).join('\n');
		for (const label of ['A B', 'A_B', 'one', 'two']) assert.ok(text.includes(label), `${label}\n${text}`);
	});

	const leftOut: Array<[string, string, string]> = [
		['a label on an invisible link', 'graph LR\n  A[Start] ~~~|1. Discover| B[End]', '1. Discover'],
		['a line the library does not read', 'sequenceDiagram\n  A->>B: hello\n  box Purple The team\n  end', ''],
	];
	for (const [name, source, text] of leftOut) {
		it(`${name}: the source, saying what would be left out`, () => {
			const diagram = drawDiagram(source, 100, plain);
			if (text === '') {
				// What the library skips with no text of its own to check (a box's colour) may be drawn.
				assert.ok('lines' in diagram || 'problem' in diagram);
				return;
			}

			assert.ok('problem' in diagram, 'lines' in diagram ? diagram.lines.join('\n') : '');
			assert.equal(diagram.problem, `the drawing would leave out "${text}"`);
		});
	}

	it('ordinary diagrams are drawn as before', () => {
		for (const source of [
			FLOW,
			'graph TD\n  A[Write] -->|draft| B{Review}\n  B -->|ok| C[Publish]\n  B -- no --> A',
			[
				'sequenceDiagram',
				'  Alice->>Bob: Hi',
				'  Note over Alice,Bob: a note',
				'  loop Every day',
				'    Bob-->>Alice: Hello',
				'  end',
			].join('\n'),
		])
			drawn(source, 100);
	});
});
