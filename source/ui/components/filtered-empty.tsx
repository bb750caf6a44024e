import {useMemo} from 'react';
import {countVisible, describeFilters, type Filters, termLabel} from '../../posts/filter.js';
import type {Post} from '../../posts/model.js';
import type {SearchText} from '../../posts/search.js';
import {wrapStyled} from '../../text/width.js';
import type {Theme} from '../../theme/palette.js';
import {Lines} from './lines.js';

type Props = {
	posts: Post[];
	filters: Filters;
	search: SearchText;
	/** Read posts are hidden (U): the list may be empty for that alone. */
	unreadOnly?: boolean;
	width: number;
	height: number;
	theme: Theme;
};

/** Nothing matches: say which filters are active and what dropping each would show. */
export function FilteredEmpty({posts, filters, search, unreadOnly = false, width, height, theme}: Props) {
	const plural = (count: number) => `${count} post${count === 1 ? '' : 's'}`;
	const read = useMemo(
		() => (unreadOnly ? countVisible(posts, filters, search) : 0),
		[unreadOnly, posts, filters, search],
	);
	// Without the search, the count is the same at every key typed: worked out once.
	const {terms, mode} = filters;
	const withoutQuery = useMemo(
		() => countVisible(posts, {terms, mode, query: ''}, search),
		[posts, terms, mode, search],
	);
	if (read > 0) {
		const text = [
			theme.heading2('No unread posts here'),
			'',
			`  read: ${plural(read)}`,
			'',
			theme.muted('U shows read posts too · N on a post marks it unread'),
		];
		const lines = text.flatMap(line => (line === '' ? [''] : wrapStyled(line, width)));
		return <Lines lines={lines.slice(0, height)} height={height} />;
	}

	const hints = filters.terms.map(term => {
		const without = countVisible(posts, {...filters, terms: filters.terms.filter(other => other !== term)}, search);
		return `  without ${termLabel(term)}: ${plural(without)}`;
	});
	if (filters.query.trim() !== '') {
		hints.push(`  without "${filters.query.trim()}": ${plural(withoutQuery)}`);
	}
	const text = [
		theme.heading2(`No posts match ${describeFilters(filters, theme.glyphs.separator)}`),
		'',
		...hints,
		'',
		theme.muted(
			['x clears all filters', 't changes the tags', '/ changes the search'].join(` ${theme.glyphs.separator} `),
		),
	];
	const lines = text.flatMap(line => (line === '' ? [''] : wrapStyled(line, width)));
	return <Lines lines={lines.slice(0, height)} height={height} />;
}
