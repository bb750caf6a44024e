import stripAnsi from 'strip-ansi';

/** A match of the find query: a line, and a range of characters of its plain text. */
export type Hit = {line: number; start: number; end: number};

/** Every case-insensitive match of `query` in the plain text of `lines`, in reading order. */
export function findHits(lines: string[], query: string): Hit[] {
	const wanted = query.toLowerCase();
	if (wanted === '') return [];
	const hits: Hit[] = [];
	lines.forEach((line, index) => {
		const plain = stripAnsi(line).toLowerCase();
		// Lower-casing can change a string's length (İ); then the line is skipped rather than mis-marked.
		if (plain.length !== stripAnsi(line).length) return;
		for (let at = plain.indexOf(wanted); at !== -1; at = plain.indexOf(wanted, at + wanted.length)) {
			hits.push({line: index, start: at, end: at + wanted.length});
		}
	});
	return hits;
}

/** The first hit on or after `line`, wrapping to the start; -1 when there are none. */
export function hitFrom(hits: Hit[], line: number): number {
	if (hits.length === 0) return -1;
	const index = hits.findIndex(hit => hit.line >= line);
	return index === -1 ? 0 : index;
}

const ESCAPE = /^\u001B(?:\[[\d;]*m|\]8;;[^\u0007]*\u0007)/;

/**
 * Wraps character ranges of a styled line's plain text with `open`/`close`
 * codes, skipping the line's own escape sequences, so matches are marked
 * whatever styling the text already has.
 */
export function markRanges(
	line: string,
	ranges: Array<{start: number; end: number; open: string; close: string}>,
): string {
	if (ranges.length === 0) return line;
	const sorted = [...ranges].sort((a, b) => a.start - b.start);
	let out = '';
	let plainIndex = 0;
	let index = 0;
	let active: (typeof sorted)[number] | undefined;
	while (index < line.length) {
		const sequence = ESCAPE.exec(line.slice(index, index + 512));
		if (sequence) {
			out += sequence[0];
			// Re-assert the mark after the line's own codes, which may have reset it.
			if (active) out += active.open;
			index += sequence[0].length;
			continue;
		}

		if (active && plainIndex === active.end) {
			out += active.close;
			active = undefined;
		}

		if (!active && sorted[0] && plainIndex === sorted[0].start) {
			active = sorted.shift();
			out += active?.open ?? '';
		}

		out += line[index];
		index++;
		plainIndex++;
	}

	if (active) out += active.close;
	return out;
}
