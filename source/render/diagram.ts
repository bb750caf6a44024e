// Mermaid diagrams (```mermaid fences, Hugo's and Hexo's mermaid tags) drawn as
// text with beautiful-mermaid, which lays them out without a browser. What it
// cannot draw, or what would be wider than the page, is shown as its source
// with a note saying why: a diagram never overflows the page.

import {type MermaidGraph, parseMermaid, renderMermaidASCII} from 'beautiful-mermaid';
import {showControls} from '../text/sanitize.js';
import {displayWidth} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {errorMessage} from '../util/errors.js';
import {diagramSizeProblem} from './diagram-size.js';
import {isSequence, textLeftOut, withSpacedNames} from './diagram-texts.js';

/** Sources longer than this are shown as written: laying out a huge graph would hold the reader. */
export const MAX_DIAGRAM_CHARS = 20_000;

/** Characters of a text left out that the reason quotes. */
const LOST_TEXT_CHARS = 40;

const cutText = (text: string, most: number) => {
	const chars = [...text];
	return chars.length > most ? `${chars.slice(0, most - 1).join('')}…` : text;
};

export type Diagram = {lines: string[]} | {problem: string};

/** Lines, corners and junctions of boxes (Unicode's box drawing block) and the ASCII ones. */
const FRAME = /[\u2500-\u257F+|\-=]+/g;
/** Arrowheads and the marks at the ends of relations. */
const HEADS = /[▲▼◄►▶◀△▽○●◇◆<>^v]/;

/** A drawn line coloured by role: frames as the code frame, arrowheads as notes, labels as they are. */
function coloured(line: string, theme: Theme): string {
	if (theme.level === 0) return line;
	let out = '';
	let last = 0;
	for (const match of line.matchAll(FRAME)) {
		out += colourHeads(line.slice(last, match.index), theme) + theme.codeFrame(match[0]);
		last = match.index + match[0].length;
	}
	return out + colourHeads(line.slice(last), theme);
}

/** Arrowheads between labels: only a lone mark is one (a `v` or `<` inside a word is a letter). */
function colourHeads(text: string, theme: Theme): string {
	return text.replace(/(?<=^|\s)(\S)(?=\s|$)/g, char => (HEADS.test(char) ? theme.footnote(char) : char));
}

/**
 * A Mermaid source drawn in at most `width` columns, or why it is not: a kind of diagram the
 * library does not draw, a source it cannot read, one too large or too wide.
 */
export function drawDiagram(source: string, width: number, theme: Theme): Diagram {
	if (source.length > MAX_DIAGRAM_CHARS) return {problem: 'too large to lay out'};
	// Labels are the post's text: anything that could reach the terminal as a control is made visible
	// before the layout measures it.
	const shown = showControls(source);
	// A flowchart is parsed once, for its size and for the texts its drawing must show.
	let graph: MermaidGraph | undefined;
	const parse = (text: string) => {
		graph ??= parseMermaid(text);
		return graph;
	};
	// Counted before the layout, whose cost grows faster than the diagram (diagram-size.ts).
	const tooLarge = diagramSizeProblem(shown, parse);
	if (tooLarge !== undefined) return {problem: tooLarge};
	let drawn: string;
	try {
		const readable = isSequence(shown) ? withSpacedNames(shown) : shown;
		drawn = renderMermaidASCII(readable, {useAscii: theme.glyphs.ascii, colorMode: 'none'});
	} catch (error) {
		const reason = errorMessage(error);
		return {problem: /header/i.test(reason) ? 'a kind of diagram blogread cannot draw' : 'not readable as Mermaid'};
	}

	const lines = drawn.split('\n').map(line => showControls(line).trimEnd());
	while (lines.length > 0 && lines.at(-1) === '') lines.pop();
	if (lines.length === 0) return {problem: 'nothing to draw'};
	const lost = textLeftOut(shown, lines, parse);
	if (lost !== undefined) return {problem: `the drawing would leave out "${cutText(lost, LOST_TEXT_CHARS)}"`};
	const drawnWidth = Math.max(...lines.map(displayWidth));
	if (drawnWidth > width) return {problem: `${drawnWidth} columns wide; the page has ${width}`};
	return {lines: lines.map(line => coloured(line, theme))};
}
