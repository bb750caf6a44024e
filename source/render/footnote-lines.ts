// Footnote definitions read as GitHub and pandoc read them. A definition's
// paragraph goes on over the lines that follow it, indented or not (lazy
// continuation lines, as in a list item or a quote), until a blank line, a
// line that starts another block, or the next definition. marked-footnote
// takes only lines indented by four spaces: `[^1]: one` then `  more` ended
// the note, and the next definition became text of a paragraph. Those lines
// are indented here before lexing, so marked-footnote reads the notes whole,
// and a definition indented by 1-3 spaces is moved to the line's start. Each
// line keeps its place (render/source-lines.ts).
import {codeLineTracker} from '../text/code-lines.js';

const DEFINITION = /^ {0,3}\[\^[^\]\n]+\]:/;
/** Lines that start a block a paragraph's lazy continuation cannot hold. */
const INTERRUPTS = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|```|~~~|>|[-*+][ \t]|\d{1,9}[.)][ \t]|(?:[-*_][ \t]*){3,}$|<)/;
const CONTINUATION = '    ';

export function withFootnoteContinuations(markdown: string): string {
	if (!markdown.includes('[^')) return markdown;
	const lines = markdown.split('\n');
	const inCode = codeLineTracker();
	let inNote = false;
	let changed = false;
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index] ?? '';
		if (inCode(line)) {
			inNote = false;
			continue;
		}

		if (DEFINITION.test(line)) {
			inNote = true;
			// CommonMark lets a definition start 1-3 spaces in (Material for MkDocs writes them so); marked-footnote
			// reads them only at the line's start.
			if (line.startsWith(' ')) {
				lines[index] = line.replace(/^ {1,3}/, '');
				changed = true;
			}

			continue;
		}

		if (!inNote) continue;
		if (line.trim() === '' || INTERRUPTS.test(line)) {
			inNote = false;
			continue;
		}

		if (!line.startsWith(CONTINUATION) && !line.startsWith('\t')) {
			lines[index] = CONTINUATION + line.replace(/^ {1,3}/, '');
			changed = true;
		}
	}

	return changed ? lines.join('\n') : markdown;
}
