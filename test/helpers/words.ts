// Words as a reader counts them, for recall tests: runs of letters, digits and
// combining marks, in lower case, except that Chinese and Japanese, written
// without spaces, count each ideograph or kana as a word of its own (Korean
// spaces its words, so a Hangul run is one word).
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.source;
const WORD = new RegExp(`${CJK}|(?:(?!${CJK})[\\p{L}\\p{N}\\p{M}])+`, 'gu');

/** The words of a text, in order. */
export function words(text: string): string[] {
	return text.normalize('NFC').toLowerCase().match(WORD) ?? [];
}

function count(list: string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
	return counts;
}

/**
 * Texts in which a word may have been cut at a line's end: the page's lines,
 * and the lines of each column of a table (a cell wraps inside its column).
 */
function flows(lines: string[]): string[][] {
	const columns: string[][] = [];
	let group: string[][] = [];
	const endGroup = () => {
		const width = group[0]?.length ?? 0;
		for (let column = 0; column < width; column++) columns.push(group.map(cells => cells[column] ?? ''));
		group = [];
	};

	for (const line of lines) {
		const cells = /^[\s│]*│.*│$/.test(line) ? line.split('│') : undefined;
		if (cells === undefined || (group.length > 0 && group[0]?.length !== cells.length)) endGroup();
		if (cells !== undefined && cells.length > 3) group.push(cells);
	}

	endGroup();
	return [lines, ...columns];
}

/**
 * Words that pieces of one word can make, no longer than `longest`: the
 * neighbouring words of a run of text without spaces (`Vec` in code marks then
 * `s`, a footnote number after its word), and of the last and first runs of
 * lines that follow each other (a word longer than the width, or than a table
 * column, is cut at the line's end, maybe over several lines).
 */
function joinedWords(lines: string[], longest: number): string[] {
	const runs: string[][] = [];
	for (const line of lines) for (const run of line.split(/\s+/)) runs.push(words(run));
	for (const flow of flows(lines)) {
		flow.forEach((line, index) => {
			const pieces = words(/\S+$/.exec(line.trimEnd())?.[0] ?? '');
			// A line that is all one run goes on being the same word.
			for (let next = index + 1; pieces.length > 0 && next < flow.length; next++) {
				const following = (flow[next] ?? '').replace(/^[\s│↪]+/, '');
				const first = /^\S+/.exec(following)?.[0];
				if (first === undefined) break;
				pieces.push(...words(first));
				if (first !== following.trimEnd()) break;
			}

			runs.push(pieces);
		});
	}

	const joined: string[] = [];
	for (const pieces of runs) {
		for (let start = 0; start < pieces.length - 1; start++) {
			let word = pieces[start] ?? '';
			for (let end = start + 1; end < pieces.length && word.length < longest; end++) {
				word += pieces[end] ?? '';
				joined.push(word);
			}
		}
	}

	return joined;
}

export type Missing = {word: string; count: number};

/**
 * The reference's words that the rendered text lacks, counted as multisets:
 * a word the reference has three times must be there three times, so a lost
 * paragraph or code block shows even when its words occur elsewhere. A word
 * that is missing may be made of pieces the rendered text split it into
 * (marks around inline code, a line cut inside the word); each such join
 * stands for one occurrence.
 */
export function missingWords(reference: string[], rendered: string): Missing[] {
	const have = count(words(rendered));
	const short = [...count(reference)]
		.map(([word, wanted]) => ({word, count: wanted - (have.get(word) ?? 0)}))
		.filter(({count}) => count > 0);
	if (short.length === 0) return [];
	const joins = count(joinedWords(rendered.split('\n'), Math.max(...short.map(({word}) => word.length))));
	return short
		.map(({word, count}) => ({word, count: count - Math.min(count, joins.get(word) ?? 0)}))
		.filter(({count}) => count > 0);
}

/** The share of the reference's words found. */
export function recallOf(total: number, missing: Missing[]): number {
	return total === 0 ? 1 : 1 - missing.reduce((sum, {count}) => sum + count, 0) / total;
}
