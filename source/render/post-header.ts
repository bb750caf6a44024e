import type {Post} from '../posts/types.js';
import type {Theme} from '../theme.js';
import {wrapStyled} from './text-width.js';

/** The metadata a reader sees above a post: title, byline, tags, excerpt, cover, warnings. */
export function postHeaderLines(post: Post, width: number, theme: Theme): string[] {
	const lines = wrapStyled(theme.title(post.title), width);
	const byline = [
		post.date ? theme.date(post.date) : theme.muted('undated'),
		post.author,
		`${post.readingMinutes} min read`,
		post.categories.length > 0 ? post.categories.join(', ') : null,
		post.updated && post.updated !== post.date ? `updated ${post.updated}` : null,
		post.languages.length > 1 ? `${post.lang ?? '?'} (also ${post.languages.filter(language => language !== post.lang).join(', ')}: L)` : post.lang,
		post.draft ? theme.warning('draft') : null,
	].filter((part): part is string => part !== null);
	lines.push(...wrapStyled(byline.join(theme.muted(' · ')), width));
	if (post.tags.length > 0) lines.push(...wrapStyled(post.tags.map(tag => theme.tag(`#${tag}`)).join(' '), width));
	if (post.excerpt) lines.push('', ...wrapStyled(theme.em(post.excerpt), width));
	if (post.cover) lines.push(...wrapStyled(theme.muted(`[cover: ${post.cover}]`), width));
	for (const warning of post.warnings) lines.push(...wrapStyled(theme.warning(`⚠ ${warning}`), width));
	lines.push(theme.codeFrame('─'.repeat(width)), '');
	return lines;
}
