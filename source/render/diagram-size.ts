// How large a Mermaid diagram is, counted before it is laid out. beautiful-mermaid's layout
// routes each arrow with a search over a grid that grows with the diagram, so its cost grows
// faster than the source. Measured warm: flowcharts of 16 boxes 6-44 ms, of 32 boxes 45-156 ms
// (a chain, a star, nested subgraphs), of 80 arrows 0.6-1.1 s; a sequence diagram of 320
// participants 4.7 s; a state chain of 320 8.5 s and 700 MB. Past the counts below a diagram
// is its source with the reason, never half drawn.

import type {MermaidGraph} from 'beautiful-mermaid';

/** Boxes (nodes, states, subgraphs) of a flowchart or state diagram laid out at most. */
export const MAX_BOXES = 32;
/** Arrows (edges, transitions) of a flowchart or state diagram laid out at most. */
export const MAX_ARROWS = 32;
/** Statements (lines after the header) of the other kinds drawn at most, by kind. */
export const MAX_STATEMENTS = {sequence: 100, class: 100, er: 60} as const;
/** Values of a chart (its lines and the items of its lists) drawn at most. */
export const MAX_CHART_VALUES = 160;

type Kind = 'flowchart' | 'sequence' | 'class' | 'er' | 'xychart';

/** The source's statements: its lines that are neither blank nor `%%` comments, header first. */
export function statementsOf(source: string): string[] {
	const statements: string[] = [];
	for (const line of source.split('\n')) {
		const statement = line.trim();
		if (statement !== '' && !statement.startsWith('%%')) statements.push(statement);
	}

	return statements;
}

/** The kind of diagram, read from its header as the library reads it. */
function kindOf(header: string): Kind {
	const lower = header.toLowerCase();
	if (/^xychart(?:-beta)?\b/.test(lower)) return 'xychart';
	if (lower === 'sequencediagram') return 'sequence';
	if (lower === 'classdiagram') return 'class';
	if (lower === 'erdiagram') return 'er';
	return 'flowchart';
}

function countOf(text: string, char: string): number {
	let count = 0;
	for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++;
	return count;
}

/**
 * Why the diagram is too large to lay out, or undefined when it is not. `parse` is the library's
 * parser of flowcharts and state diagrams (its counts are what the layout works on: `A & B --> C`
 * is two arrows); a source it cannot read is left for the layout to report.
 */
export function diagramSizeProblem(source: string, parse: (source: string) => MermaidGraph): string | undefined {
	const statements = statementsOf(source);
	const header = statements[0];
	if (header === undefined) return undefined;
	const kind = kindOf(header);
	if (kind === 'flowchart') {
		let graph: MermaidGraph;
		try {
			graph = parse(source);
		} catch {
			return undefined;
		}

		// Each subgraph is a box around its nodes (walked with a stack: they nest).
		let boxes = graph.nodes.size;
		const subgraphs = [...graph.subgraphs];
		for (let subgraph = subgraphs.pop(); subgraph; subgraph = subgraphs.pop()) {
			boxes++;
			for (const child of subgraph.children) subgraphs.push(child);
		}

		const arrows = graph.edges.length;
		if (boxes > MAX_BOXES) return `${boxes} boxes, more than ${MAX_BOXES}`;
		if (arrows > MAX_ARROWS) return `${arrows} arrows, more than ${MAX_ARROWS}`;
		return undefined;
	}

	if (kind === 'xychart') {
		const values = statements.length - 1 + statements.reduce((sum, statement) => sum + countOf(statement, ','), 0);
		return values > MAX_CHART_VALUES ? `${values} values, more than ${MAX_CHART_VALUES}` : undefined;
	}

	const count = statements.length - 1;
	const limit = MAX_STATEMENTS[kind];
	return count > limit ? `${count} statements, more than ${limit}` : undefined;
}
