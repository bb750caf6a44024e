import type {Theme} from '../theme/palette.js';

type Style = (text: string) => string;
export type InlineStyles = {strong: Style; em: Style; del: Style; code: Style};

/** Inline code between enough backticks that none inside ends it, as Markdown writes it. */
function backticked(text: string): string {
	const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length));
	const fence = '`'.repeat(longest + 1);
	const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
	return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * How emphasis, inline code and deletions show: in the theme's styles, and
 * without colour in Markdown's own marks (`**strong**`, `*em*`, `` `code` ``,
 * `~~gone~~`), so they still show where no style can.
 */
export function inlineStyles(theme: Theme): InlineStyles {
	if (theme.level > 0) return {strong: theme.strong, em: theme.em, del: theme.del, code: theme.code};
	return {
		strong: text => `**${text}**`,
		em: text => `*${text}*`,
		del: text => `~~${text}~~`,
		code: backticked,
	};
}
