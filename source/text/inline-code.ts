/**
 * Where the line's code spans are, as [start, end) pairs: a run of backticks
 * opens one that the next run of the same length closes, as in CommonMark; a
 * run no such run follows is text. In one pass over the runs.
 */
export function codeSpans(line: string): Array<[number, number]> {
	const runs: Array<[number, number]> = [];
	for (let at = line.indexOf('`'); at !== -1; ) {
		let end = at;
		while (line.charCodeAt(end) === 96) end++;
		// A backslash before a run takes its first backtick out of it.
		const start = at > 0 && line.charCodeAt(at - 1) === 92 ? at + 1 : at;
		if (end > start) runs.push([start, end]);
		at = line.indexOf('`', end);
	}

	// The next run of the same length after each, found from the end.
	const nextOfLength = new Map<number, number>();
	const next: number[] = new Array(runs.length).fill(-1);
	for (let index = runs.length - 1; index >= 0; index--) {
		const [start, end] = runs[index] as [number, number];
		next[index] = nextOfLength.get(end - start) ?? -1;
		nextOfLength.set(end - start, index);
	}

	const spans: Array<[number, number]> = [];
	for (let index = 0; index < runs.length; ) {
		const closer = next[index] ?? -1;
		if (closer === -1) {
			index++;
			continue;
		}

		spans.push([(runs[index] as [number, number])[0], (runs[closer] as [number, number])[1]]);
		index = closer + 1;
	}

	return spans;
}
