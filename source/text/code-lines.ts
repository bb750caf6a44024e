import {fenceTracker} from './fences.js';

/** A block whose lines are never Markdown: how it starts (at a line's start) and what ends it (anywhere on a line). */
type Block = {start: RegExp; end: RegExp};

// The code-block template tags the renderer reads as code (render/inline.ts),
// and the raw HTML blocks whose text CommonMark never reads as Markdown: comments
// and <pre>, <script>, <style>, <textarea>, which end at their closing tag.
const BLOCKS: Block[] = [
	{start: /^\{\{[<%]\s*highlight\b/, end: /\{\{[<%]\s*\/\s*highlight\s*[>%]\}\}/},
	{start: /^\{%-?\s*highlight\b/, end: /\{%-?\s*endhighlight\s*-?%\}/},
	{start: /^\{%\s*codeblock\b/, end: /\{%\s*endcodeblock\s*%\}/},
	{start: /^ {0,3}<!--/, end: /-->/},
	{start: /^ {0,3}<(?:pre|script|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:pre|script|style|textarea)>/i},
];

/**
 * Follows every kind of block whose lines are not Markdown, line by line:
 * fenced code (as fences.ts does), code-block template tags and raw HTML
 * blocks. The returned function says, for each line in turn, whether it is
 * inside such a block (its first and last lines included): a `# line` there is
 * never a heading.
 */
export function codeLineTracker(): (line: string) => boolean {
	const inFence = fenceTracker();
	let open: Block | undefined;
	return line => {
		if (open) {
			if (open.end.test(line)) open = undefined;
			return true;
		}

		if (inFence(line)) return true;
		const block = BLOCKS.find(candidate => candidate.start.test(line));
		if (!block) return false;
		// A block that ends on its first line (`<!-- note -->`) leaves the next line free.
		const startsAt = block.start.exec(line)?.[0].length ?? 0;
		if (!block.end.test(line.slice(startsAt))) open = block;
		return true;
	};
}

const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

/** The columns of a line's leading blanks (a tab to the next multiple of 4). */
function indentOf(line: string): number {
	let columns = 0;
	for (let at = 0; at < line.length; at++) {
		const code = line.charCodeAt(at);
		if (code === 0x20) columns++;
		else if (code === 0x09) columns += 4 - (columns % 4);
		else break;
	}

	return columns;
}

/**
 * Follows indented code blocks line by line, as near as a line-by-line look
 * can: a line indented 4 columns or more after a blank line (or at the start)
 * opens one, outside a list, whose items' lines are indented as their content
 * is; blank and indented lines go on with it. Says, for each line in turn,
 * whether it is code.
 */
export function indentedCodeTracker(): (line: string) => boolean {
	let afterBlank = true;
	let inCode = false;
	let inList = false;
	return line => {
		if (line.trim() === '') {
			afterBlank = true;
			return inCode;
		}

		const wasAfterBlank = afterBlank;
		afterBlank = false;
		if (indentOf(line) >= 4) {
			inCode ||= wasAfterBlank && !inList;
			return inCode;
		}

		inCode = false;
		inList = LIST_ITEM.test(line) || (inList && !wasAfterBlank);
		return false;
	};
}
