// The characters blogread draws with (frames, rules, bullets, markers), in
// one place: Unicode where the terminal's locale can show it, else ASCII.
// Small and without dependencies, so --help can ask for it too.

/** The kinds of GitHub alert (`> [!NOTE]`). */
export type AlertKind = 'note' | 'tip' | 'important' | 'warning' | 'caution';

export type Glyphs = {
	ascii: boolean;
	/** List bullets, by nesting depth. */
	bullets: readonly string[];
	/** Horizontal rules, the level 2 heading's underline, table borders. */
	rule: string;
	/** The level 1 heading's underline. */
	doubleRule: string;
	/** The bar before quoted lines and alerts. */
	bar: string;
	codeTop: string;
	codeGutter: string;
	/** The gutter of a code line's continuation, after a break at the width. */
	codeContinued: string;
	codeBottom: string;
	/** Table corners and joints: top, middle and bottom rows, each left, inner and right. */
	corners: {top: string; middle: string; bottom: string};
	tableBar: string;
	/** Between the records of a table too wide for its columns. */
	recordRule: string;
	ellipsis: string;
	/** An undated post's date in the list. */
	dash: string;
	/** Between parts of a status line or a byline (with a space each side). */
	separator: string;
	/** The selected row of a list. */
	pointer: string;
	/** Where the reader is, in the contents. */
	current: string;
	/** The end of text being typed. */
	cursor: string;
	warning: string;
	/** Arrow keys as the help names them. */
	arrows: {up: string; down: string; left: string; right: string; upDown: string};
	alerts: Record<AlertKind, string>;
	/** The list's read marks: a post not read yet, and one changed since it was read. */
	readMarks: {unread: string; updated: string};
};

export const UNICODE_GLYPHS: Glyphs = {
	ascii: false,
	bullets: ['•', '◦', '▪'],
	rule: '─',
	doubleRule: '═',
	bar: '│',
	codeTop: '┌─',
	codeGutter: '│ ',
	codeContinued: '│↪',
	codeBottom: '└─',
	corners: {top: '┌┬┐', middle: '├┼┤', bottom: '└┴┘'},
	tableBar: '│',
	recordRule: '┄',
	ellipsis: '…',
	dash: '—',
	separator: '·',
	pointer: '›',
	current: '•',
	cursor: '▏',
	warning: '⚠',
	arrows: {up: '↑', down: '↓', left: '←', right: '→', upDown: '↑↓'},
	alerts: {note: 'ℹ', tip: '★', important: '◆', warning: '⚠', caution: '✖'},
	readMarks: {unread: '●', updated: '↻'},
};

export const ASCII_GLYPHS: Glyphs = {
	ascii: true,
	bullets: ['*', '-', '+'],
	rule: '-',
	doubleRule: '=',
	bar: '|',
	codeTop: '+-',
	codeGutter: '| ',
	codeContinued: '|>',
	codeBottom: '+-',
	corners: {top: '+++', middle: '+++', bottom: '+++'},
	tableBar: '|',
	recordRule: '-',
	ellipsis: '...',
	dash: '-',
	separator: '-',
	pointer: '>',
	current: '*',
	cursor: '_',
	warning: '!',
	arrows: {up: 'Up', down: 'Down', left: 'Left', right: 'Right', upDown: 'Up/Down'},
	alerts: {note: 'i', tip: '*', important: '!', warning: '!', caution: 'x'},
	readMarks: {unread: '*', updated: '+'},
};

/**
 * Whether the locale's character set is UTF-8, as terminal programs decide
 * it: the first of LC_ALL, LC_CTYPE and LANG that is set names the locale
 * (`C`, `POSIX`, `en_US.ISO-8859-1` are not UTF-8). With none set, UTF-8 is
 * assumed: that is a bare environment (a container, cron), not an old terminal.
 */
export function localeIsUnicode(env: NodeJS.ProcessEnv): boolean {
	const locale = [env['LC_ALL'], env['LC_CTYPE'], env['LANG']].find(value => value !== undefined && value !== '');
	return locale === undefined || /utf-?8/i.test(locale);
}

export function glyphsFor(ascii: boolean): Glyphs {
	return ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
}
