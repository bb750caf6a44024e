// Breaking a long line of code into rows, in time linear in its length. The line was broken by
// wrap-ansi and mended row by row with slice-ansi; on a highlighted line wrap-ansi looks at the
// whole rest of the line again at every colour code, so a line of 64 KB took seconds. Here the
// line is read once: its colour codes, its characters (a grapheme at a time where they are not
// all narrow) and their widths, and rows are cut as they fill, each row closing the colours open
// at its end and opening them again at the start of the next, so each row shows on its own.
import {displayWidth, graphemeChunks, NARROW_TEXT} from './width.js';

const ESC = 0x1b;

/** One piece of the line: a grapheme with its columns, or an escape sequence (no columns). */
type Piece = {text: string; columns: number; escape: boolean};

/**
 * The end of the escape sequence at `at` (an ESC): a CSI sequence (`ESC [ … final`), an OSC one
 * (`ESC ] …` to BEL or `ESC \`), or ESC and the character after it. Linear: it only reads forward.
 */
function escapeEnd(text: string, at: number): number {
	const kind = text.charCodeAt(at + 1);
	if (kind === 0x5b) {
		let end = at + 2;
		while (end < text.length) {
			const code = text.charCodeAt(end++);
			if (code >= 0x40 && code <= 0x7e) return end;
		}

		return end;
	}

	if (kind === 0x5d) {
		for (let end = at + 2; end < text.length; end++) {
			const code = text.charCodeAt(end);
			if (code === 0x07) return end + 1;
			if (code === ESC && text.charCodeAt(end + 1) === 0x5c) return end + 2;
		}

		return text.length;
	}

	return Math.min(text.length, at + 2);
}

let segmenter: Intl.Segmenter | undefined;

/** Appends the graphemes of visible text, each with its width (a UTF-16 unit a column where all are narrow). */
function addVisible(pieces: Piece[], text: string): void {
	if (text === '') return;
	if (NARROW_TEXT.test(text)) {
		for (let index = 0; index < text.length; index++) pieces.push({text: text[index] ?? '', columns: 1, escape: false});
		return;
	}

	// V8's segmenter takes time quadratic in one text's length: it is given pieces cut between graphemes.
	segmenter ??= new Intl.Segmenter();
	for (const piece of graphemeChunks(text)) {
		for (const {segment} of segmenter.segment(piece)) {
			pieces.push({text: segment, columns: displayWidth(segment), escape: false});
		}
	}
}

/** The line as pieces, in order. */
function piecesOf(line: string): Piece[] {
	const pieces: Piece[] = [];
	let start = 0;
	for (let at = line.indexOf('\u001B'); at !== -1; at = line.indexOf('\u001B', start)) {
		addVisible(pieces, line.slice(start, at));
		start = escapeEnd(line, at);
		pieces.push({text: line.slice(at, start), columns: 0, escape: true});
	}

	addVisible(pieces, line.slice(start));
	return pieces;
}

/**
 * The SGR attributes in effect, kept by the code that ends each (39 ends every foreground colour,
 * 22 bold and dim, …): what a row closes at its end and the next opens again. A few entries at most.
 */
class Styles {
	private readonly open = new Map<number, string>();

	/** Takes in an escape sequence: an SGR one changes what is in effect, any other leaves it. */
	apply(sequence: string): void {
		if (!sequence.startsWith('\u001B[') || !sequence.endsWith('m')) return;
		const parameters = sequence.slice(2, -1).split(';');
		for (let index = 0; index < parameters.length; index++) {
			const code = Number(parameters[index] || '0');
			// 38 and 48 take their colour in the parameters after them (5;n or 2;r;g;b).
			if (code === 38 || code === 48) {
				const length = parameters[index + 1] === '5' ? 2 : parameters[index + 1] === '2' ? 4 : 0;
				const colour = parameters.slice(index, index + 1 + length).join(';');
				this.open.set(code + 1, `\u001B[${colour}m`);
				index += length;
			} else if (code === 0) {
				this.open.clear();
			} else {
				const end = endOf(code);
				if (end === undefined) continue;
				if (end === code) this.open.delete(end);
				else {
					// Bold and dim are both ended by 22: both are kept, once each.
					const opener = `\u001B[${code}m`;
					const before = end === 22 ? (this.open.get(22) ?? '') : '';
					this.open.set(end, before.includes(opener) ? before : before + opener);
				}
			}
		}
	}

	opening(): string {
		return [...this.open.values()].join('');
	}

	closing(): string {
		return [...this.open.keys()]
			.reverse()
			.map(end => `\u001B[${end}m`)
			.join('');
	}
}

/** The SGR code that ends `code` (itself for an ending code), or undefined for one not known. */
function endOf(code: number): number | undefined {
	if (code === 1 || code === 2 || code === 22) return 22;
	if ((code >= 3 && code <= 9) || (code >= 23 && code <= 29)) return code >= 23 ? code : code + 20;
	if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97) || code === 39) return 39;
	if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107) || code === 49) return 49;
	if (code === 53 || code === 55) return 55;
	return undefined;
}

/**
 * Breaks a line of code at `width` columns so that the rows, joined, show the line exactly. A row
 * that would end in spaces ends before them, and they start the next row instead: printed output
 * drops spaces at the end of a line, and the ones at a break are part of the code. Only a run of
 * spaces wider than a row fills a row of its own; a character wider than a row has a row of its own.
 */
export function breakCodeLine(line: string, width: number): string[] {
	const columns = Math.max(1, width);
	const pieces = piecesOf(line);
	const rows: string[] = [];
	const styles = new Styles();
	let at = 0;
	while (at < pieces.length) {
		// The row from `at`: as many pieces as fit, escapes going with the character after them.
		let end = at;
		let used = 0;
		let lastVisible = -1;
		while (end < pieces.length) {
			const piece = pieces[end] as Piece;
			if (!piece.escape) {
				if (used + piece.columns > columns && lastVisible !== -1) break;
				used += piece.columns;
				lastVisible = end;
			}

			end++;
		}

		// Escapes after the row's last character open the next row's text: they go with it.
		if (end < pieces.length) end = lastVisible + 1;
		// Spaces at the end of a row that is not the last start the next row, unless they are all it holds.
		if (end < pieces.length) {
			let cut = end;
			while (cut > at && ((pieces[cut - 1] as Piece).escape || (pieces[cut - 1] as Piece).text === ' ')) cut--;
			while (cut < end && (pieces[cut] as Piece).escape) cut++;
			if (cut > at && cut < end && hasVisible(pieces, at, cut)) end = cut;
		}

		let row = styles.opening();
		for (let index = at; index < end; index++) {
			const piece = pieces[index] as Piece;
			row += piece.text;
			if (piece.escape) styles.apply(piece.text);
		}

		// The last row's escapes are the line's own: they close what it opened.
		if (end < pieces.length) row += styles.closing();
		if (hasVisible(pieces, at, end) || end === pieces.length) rows.push(row);
		at = end;
	}

	return rows.length > 0 ? rows : [line];
}

function hasVisible(pieces: Piece[], from: number, to: number): boolean {
	for (let index = from; index < to; index++) if (!(pieces[index] as Piece).escape) return true;
	return false;
}
