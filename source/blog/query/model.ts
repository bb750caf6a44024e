// What a list is filtered and sorted by: the terms (tags and categories), the
// search words, the sort key; and how each is written for a person.
/** A tag or a category to filter by; `any` (from --tag) matches either. */
export type Term = {kind: 'tag' | 'category' | 'any'; name: string};
export type MatchMode = 'and' | 'or';
export type SortKey = 'date' | 'title' | 'reading';
export const SORT_KEYS: SortKey[] = ['date', 'title', 'reading'];

export type Filters = {
	terms: Term[];
	/** How several terms combine: all must match, or any. */
	mode: MatchMode;
	/** Words matched, ignoring case, against title, excerpt, tags, author and body (search.ts). */
	query: string;
};

export const noFilters: Filters = {terms: [], mode: 'and', query: ''};

/** The filters of the command line (--tag, each a tag or a category, all of them; --search). */
export function commandLineFilters(tags: readonly string[], query: string): Filters {
	return {terms: tags.map(name => ({kind: 'any', name})), mode: 'and', query};
}

export function termKey(term: Term): string {
	return `${term.kind}:${term.name.toLowerCase()}`;
}

export function queryWords(query: string): string[] {
	return query
		.toLowerCase()
		.split(/\s+/)
		.filter(word => word !== '');
}

export function termLabel(term: Term): string {
	return term.kind === 'category' ? `category:${term.name}` : `#${term.name}`;
}

/** `termLabel(term).length`, without making the label (the picker measures every tag). */
export function termLabelLength(term: Term): number {
	return term.name.length + (term.kind === 'category' ? 'category:'.length : '#'.length);
}

/** `#k8s #go · "kubelet"`, or `#k8s | #go` when any term may match; `separator` is the `·`. */
export function describeFilters(filters: Filters, separator = '·'): string {
	const parts: string[] = [];
	if (filters.terms.length > 0) parts.push(filters.terms.map(termLabel).join(filters.mode === 'or' ? ' | ' : ' '));
	if (filters.query.trim() !== '') parts.push(`"${filters.query.trim()}"`);
	return parts.join(` ${separator} `);
}
