/** Wraps every case-insensitive occurrence of any of `words` in `text` with `mark`. */
export function markMatches(text: string, words: string[], mark: (match: string) => string): string {
	const wanted = words.filter(word => word !== '');
	if (wanted.length === 0) return text;
	const pattern = new RegExp(wanted.map(word => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
	return text.replace(pattern, match => mark(match));
}
