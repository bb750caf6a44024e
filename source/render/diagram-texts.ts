// What a Mermaid drawing must show of its source, and the source made readable
// by the library where Mermaid reads more. beautiful-mermaid passes over lines
// it cannot read without a word: `participant Leader 1` (Mermaid takes a name
// with spaces) vanished with all its messages, and a drawing that looked whole
// showed only `User`. A drawing that leaves out any text of its source is not
// shown: the source is, with the text it would have lost as the reason.
import type {MermaidGraph} from 'beautiful-mermaid';
import {statementsOf} from './diagram-size.js';

/** How a message's arrow may start, after its sender's name: Mermaid's names never hold a `-`. */
const ARROW = /-{1,2}(?:>>|>|x|\))/y;

const SEQUENCE = /^sequenceDiagram\b/i;

/** Whether the source is a sequence diagram. */
export const isSequence = (source: string) => SEQUENCE.test(statementsOf(source)[0] ?? '');

/** A sequence diagram's line that declares a participant: its keyword, its name, and its label if given. */
function declaration(line: string): {keyword: string; name: string; label: string | undefined} | undefined {
	const keyword = /^(?:participant|actor)\s/.exec(line)?.[0];
	if (keyword === undefined) return undefined;
	const rest = line.slice(keyword.length).trim();
	const as = rest.indexOf(' as ');
	return as === -1
		? {keyword: keyword.trim(), name: rest, label: undefined}
		: {keyword: keyword.trim(), name: rest.slice(0, as).trim(), label: rest.slice(as + 4).trim()};
}

/** A message line's parts: sender, arrow (with its activation mark), receiver, text. */
function message(line: string): {from: string; arrow: string; to: string; text: string} | undefined {
	const colon = line.indexOf(':');
	if (colon === -1) return undefined;
	for (let at = line.indexOf('-'); at !== -1 && at < colon; at = line.indexOf('-', at + 1)) {
		ARROW.lastIndex = at;
		const arrow = ARROW.exec(line)?.[0];
		if (arrow === undefined) continue;
		let end = at + arrow.length;
		const mark = line[end];
		if (mark === '+' || mark === '-') end++;
		return {
			from: line.slice(0, at).trim(),
			arrow: line.slice(at, end),
			to: line.slice(end, colon).trim(),
			text: line.slice(colon + 1).trim(),
		};
	}

	return undefined;
}

const hasSpace = (name: string) => /\s/.test(name);

/**
 * A sequence diagram with each participant's name that holds spaces given an
 * id of its own (`Leader_1`) and shown by its name (`participant Leader_1 as
 * Leader 1`), declared where it is first met, so the library reads its lines.
 */
export function withSpacedNames(source: string): string {
	const lines = source.split('\n');
	const ids = new Map<string, string>();
	const taken = new Set<string>();
	for (const line of lines) {
		const declared = declaration(line.trim());
		if (declared && !hasSpace(declared.name)) taken.add(declared.name);
		const sent = message(line.trim());
		if (sent) for (const name of [sent.from, sent.to]) if (!hasSpace(name)) taken.add(name);
	}

	const idOf = (name: string): {id: string; isNew: boolean} => {
		const known = ids.get(name);
		if (known !== undefined) return {id: known, isNew: false};
		let id = name.replaceAll(/\s+/g, '_');
		while (taken.has(id)) id += '_';
		taken.add(id);
		ids.set(name, id);
		return {id, isNew: true};
	};

	let changed = false;
	const out: string[] = [];
	for (const line of lines) {
		const indent = line.slice(0, line.length - line.trimStart().length);
		const trimmed = line.trim();
		const declared = declaration(trimmed);
		if (declared && hasSpace(declared.name)) {
			const {id} = idOf(declared.name);
			out.push(`${indent}${declared.keyword} ${id} as ${declared.label ?? declared.name}`);
			changed = true;
			continue;
		}

		const sent = message(trimmed);
		if (sent && (hasSpace(sent.from) || hasSpace(sent.to))) {
			const [from, to] = [sent.from, sent.to].map(name => {
				if (!hasSpace(name)) return name;
				const {id, isNew} = idOf(name);
				if (isNew) out.push(`${indent}participant ${id} as ${name}`);
				return id;
			});
			out.push(`${indent}${from}${sent.arrow}${to}: ${sent.text}`);
			changed = true;
			continue;
		}

		out.push(line);
	}

	return changed ? out.join('\n') : source;
}

/** Sequence diagrams' block keywords, whose label the drawing shows on the block. */
const BLOCK = /^(?:loop|alt|opt|par|critical|break|rect|else|and)\b/;
const NOTE = /^note\s+(?:left of|right of|over)\s+[^:]*:/i;

/** The texts of a sequence diagram's source: its participants', messages', notes' and blocks' labels. */
function sequenceTexts(lines: string[]): string[] {
	const texts: string[] = [];
	// A participant is shown by its label where it is given one.
	const labels = new Map<string, string>();
	const shownAs = (name: string) => labels.get(name) ?? name;
	for (const line of lines) {
		const declared = declaration(line);
		if (declared?.label !== undefined) labels.set(declared.name, declared.label);
	}

	for (const line of lines) {
		const declared = declaration(line);
		if (declared) texts.push(shownAs(declared.name));
		else if (NOTE.test(line)) texts.push(line.slice(line.indexOf(':') + 1));
		else if (BLOCK.test(line)) texts.push(line.replace(BLOCK, ''));
		else {
			const sent = message(line);
			if (sent) texts.push(shownAs(sent.from), shownAs(sent.to), sent.text);
		}
	}

	return texts;
}

/**
 * The labels of a flowchart's links written between bars (`-->|yes|`, `~~~|1. Discover|`), read
 * from the source: the library's graph leaves out those of links it does not draw.
 */
function barLabels(lines: string[]): string[] {
	const labels: string[] = [];
	for (const line of lines) {
		for (let at = line.indexOf('|'); at !== -1; ) {
			const end = line.indexOf('|', at + 1);
			if (end === -1) break;
			// Only right after a link: `-->|`, `---|`, `~~~|`, `==>|`, `-.->|`.
			if (/[->~=.]$/.test(line.slice(Math.max(0, at - 1), at))) {
				labels.push(line.slice(at + 1, end));
				at = line.indexOf('|', end + 1);
			} else at = end;
		}
	}

	return labels;
}

/** Text as the drawing compares it: Mermaid's `<br>` a space, quotes around a label left out. */
function words(text: string): string[] {
	return text
		.replaceAll(/<br\s*\/?>/gi, ' ')
		.split(/\s+/)
		.map(word => word.replaceAll(/^["'`]+|["'`]+$/g, ''))
		.filter(word => word !== '');
}

/**
 * The first text of the source the drawing leaves out (a word of it missing from every
 * line), or undefined when it shows them all. Flowcharts are read through the library's
 * parser and their links' labels; sequence diagrams line by line.
 */
export function textLeftOut(
	source: string,
	drawn: readonly string[],
	parse: (source: string) => MermaidGraph,
): string | undefined {
	const [header = '', ...lines] = statementsOf(source);
	let texts: string[];
	if (SEQUENCE.test(header)) texts = sequenceTexts(lines);
	else if (/^(?:graph|flowchart)\b/i.test(header)) {
		const graph = parse(source);
		texts = [
			...[...graph.nodes.values()].map(node => node.label),
			...graph.edges.flatMap(edge => (edge.label ? [edge.label] : [])),
			...barLabels(lines),
		];
	} else return undefined;
	const shown = drawn.join('\n');
	for (const text of texts) {
		const missing = words(text).find(word => !shown.includes(word));
		if (missing !== undefined) return text.trim();
	}

	return undefined;
}
