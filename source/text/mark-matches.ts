/**
 * Wraps every case-insensitive occurrence of any of `words` in `text` with
 * `mark`, keeping only the first `end` characters: matches are found in the
 * whole text, so one cut short at `end` is still marked up to it.
 */
export function markMatches(text: string, words: string[], mark: (match: string) => string, end = text.length): string {
	const wanted = words.filter(word => word !== '');
	if (wanted.length === 0) return text.slice(0, end);
	const pattern = new RegExp(wanted.map(word => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
	let marked = '';
	let from = 0;
	for (const match of text.matchAll(pattern)) {
		if (match.index >= end) break;
		const to = Math.min(end, match.index + match[0].length);
		marked += text.slice(from, match.index) + mark(text.slice(match.index, to));
		from = to;
	}

	return marked + text.slice(from, end);
}
