// Keys as data: the input handler and the help screen both read this table,
// so what `?` shows is always what the keys do.
import {type Glyphs, UNICODE_GLYPHS} from '../../theme/glyphs.js';

/** Where keys are read: a screen, a text field or picker over the list, an overlay, or the help over any of them. */
export type View = 'list' | 'reader' | 'search' | 'picker' | 'find' | 'contents' | 'links' | 'problems' | 'help';

export type Command =
	| 'quit'
	| 'back'
	| 'help'
	| 'down'
	| 'up'
	| 'halfDown'
	| 'halfUp'
	| 'pageDown'
	| 'pageUp'
	| 'top'
	| 'bottom'
	| 'open'
	| 'search'
	| 'tags'
	| 'clearFilters'
	| 'sort'
	| 'find'
	| 'findNext'
	| 'findPrevious'
	| 'nextHeading'
	| 'previousHeading'
	| 'contents'
	| 'submit'
	| 'cancel'
	| 'deleteChar'
	| 'toggle'
	| 'switchMode'
	| 'footnote'
	| 'jumpBack'
	| 'nextPost'
	| 'previousPost'
	| 'edit'
	| 'language'
	| 'suspend'
	| 'problems'
	| 'escape'
	| 'details'
	| 'links'
	| 'copyLink'
	| 'copyCode'
	| 'pictures'
	| 'copyPath'
	| 'toggleRead'
	| 'unreadOnly';

/** Keys with names (the key reader reports them as flags); anything else is matched as typed text. */
export type NamedKey =
	| 'upArrow'
	| 'downArrow'
	| 'leftArrow'
	| 'rightArrow'
	| 'pageUp'
	| 'pageDown'
	| 'home'
	| 'end'
	| 'return'
	| 'escape'
	| 'backspace'
	| 'delete'
	| 'tab';

export type KeySpec = {text: string; ctrl?: boolean} | {named: NamedKey};

export type Binding = {
	command: Command;
	views: View[];
	keys: KeySpec[];
	description: string;
};

const text = (value: string, ctrl = false): KeySpec => (ctrl ? {text: value, ctrl} : {text: value});
const named = (value: NamedKey): KeySpec => ({named: value});

export const keymap: Binding[] = [
	{command: 'help', views: ['list', 'reader'], keys: [text('?')], description: 'show these keys'},
	{command: 'quit', views: ['list', 'reader', 'help'], keys: [text('Q'), text('c', true)], description: 'quit'},
	{
		command: 'suspend',
		views: ['list', 'reader', 'search', 'picker', 'find', 'contents', 'links', 'problems'],
		keys: [text('z', true)],
		description: 'suspend blogread (fg brings it back)',
	},
	{command: 'back', views: ['list'], keys: [text('q')], description: 'quit (from the list)'},
	{
		command: 'escape',
		views: ['list'],
		keys: [named('escape')],
		description: 'clear the filters, or quit when there are none',
	},
	{
		command: 'back',
		views: ['reader'],
		keys: [text('q'), text('h'), named('leftArrow')],
		description: 'back to the list',
	},
	{
		command: 'escape',
		views: ['reader'],
		keys: [named('escape')],
		description: 'clear the find marks, or back to the list when there are none',
	},
	{command: 'down', views: ['list'], keys: [named('downArrow'), text('j')], description: 'next post'},
	{command: 'up', views: ['list'], keys: [named('upArrow'), text('k')], description: 'previous post'},
	{
		command: 'down',
		views: ['reader'],
		keys: [named('downArrow'), text('j'), named('return')],
		description: 'scroll down a line',
	},
	{command: 'up', views: ['reader'], keys: [named('upArrow'), text('k')], description: 'scroll up a line'},
	{command: 'pageDown', views: ['list'], keys: [named('pageDown')], description: 'page down'},
	{command: 'pageUp', views: ['list'], keys: [named('pageUp')], description: 'page up'},
	{command: 'pageDown', views: ['reader'], keys: [text(' '), named('pageDown'), text('f')], description: 'page down'},
	{command: 'pageUp', views: ['reader'], keys: [named('pageUp'), text('b')], description: 'page up'},
	{command: 'halfDown', views: ['reader'], keys: [text('d')], description: 'half a page down'},
	{command: 'halfUp', views: ['reader'], keys: [text('u')], description: 'half a page up'},
	{command: 'top', views: ['list'], keys: [text('g'), named('home')], description: 'first post'},
	{command: 'bottom', views: ['list'], keys: [text('G'), named('end')], description: 'last post'},
	{command: 'top', views: ['reader'], keys: [text('g'), named('home')], description: 'top of the post'},
	{command: 'bottom', views: ['reader'], keys: [text('G'), named('end')], description: 'end of the post'},
	{
		command: 'open',
		views: ['list'],
		keys: [named('return'), text('l'), named('rightArrow')],
		description: 'open the post',
	},
	{command: 'search', views: ['list'], keys: [text('/')], description: 'search as you type'},
	{command: 'tags', views: ['list'], keys: [text('t')], description: 'pick tags and categories to filter by'},
	{command: 'clearFilters', views: ['list'], keys: [text('x')], description: 'clear all filters'},
	{command: 'sort', views: ['list'], keys: [text('s')], description: 'sort by date, title or reading time'},
	{
		command: 'details',
		views: ['list'],
		keys: [text('i')],
		description: "show or hide the selected post's details (title, excerpt, tags, path)",
	},
	{
		command: 'problems',
		views: ['list'],
		keys: [text('!')],
		description: 'what was left out, and why',
	},
	{command: 'toggleRead', views: ['list'], keys: [text('N')], description: 'mark the post read or unread'},
	{command: 'unreadOnly', views: ['list'], keys: [text('U')], description: 'show only unread posts, or all'},
	{
		command: 'submit',
		views: ['search'],
		keys: [named('return')],
		description: 'keep the search and go back to the list',
	},
	{command: 'cancel', views: ['search'], keys: [named('escape')], description: 'clear the search'},
	{
		command: 'deleteChar',
		views: ['search', 'picker'],
		keys: [named('backspace'), named('delete')],
		description: 'delete the last character',
	},
	{command: 'down', views: ['search'], keys: [named('downArrow')], description: 'next post'},
	{command: 'up', views: ['search'], keys: [named('upArrow')], description: 'previous post'},
	{command: 'quit', views: ['search', 'picker'], keys: [text('c', true)], description: 'quit'},
	{
		command: 'down',
		views: ['picker'],
		keys: [named('downArrow'), text('j'), text('n', true)],
		description: 'next tag (j until you type)',
	},
	{
		command: 'up',
		views: ['picker'],
		keys: [named('upArrow'), text('k'), text('p', true)],
		description: 'previous tag (k until you type)',
	},
	{command: 'toggle', views: ['picker'], keys: [text(' ')], description: 'choose or drop the tag'},
	{command: 'switchMode', views: ['picker'], keys: [named('tab')], description: 'match all chosen tags, or any'},
	{command: 'submit', views: ['picker'], keys: [named('return')], description: 'apply the chosen tags'},
	{command: 'cancel', views: ['picker'], keys: [named('escape')], description: 'cancel'},
	{command: 'find', views: ['reader'], keys: [text('/')], description: 'find in the post'},
	{command: 'findNext', views: ['reader'], keys: [text('n')], description: 'next match (wraps around)'},
	{command: 'findPrevious', views: ['reader'], keys: [text('N')], description: 'previous match (wraps around)'},
	{command: 'nextHeading', views: ['reader'], keys: [text(']')], description: 'next heading'},
	{command: 'previousHeading', views: ['reader'], keys: [text('[')], description: 'previous heading'},
	{command: 'contents', views: ['reader'], keys: [text('o')], description: 'table of contents'},
	{
		command: 'footnote',
		views: ['reader'],
		keys: [text('F')],
		description: "jump to the note of the screen's first footnote",
	},
	{command: 'jumpBack', views: ['reader'], keys: [text("'")], description: 'back to where you were before a jump'},
	{command: 'nextPost', views: ['reader'], keys: [text('.')], description: 'next post in the list'},
	{command: 'previousPost', views: ['reader'], keys: [text(',')], description: 'previous post in the list'},
	{
		command: 'edit',
		views: ['list', 'reader'],
		keys: [text('e')],
		description: 'edit the post in $EDITOR (vi if unset), at the line on screen',
	},
	{
		command: 'links',
		views: ['reader'],
		keys: [text('U')],
		description: "list the post's links (Enter opens one, or copies it over ssh)",
	},
	{
		command: 'copyCode',
		views: ['reader'],
		keys: [text('y')],
		description: 'copy the code block on screen to the clipboard (OSC 52), as written',
	},
	{
		command: 'pictures',
		views: ['reader'],
		keys: [text('i')],
		description: 'show pictures and diagrams, or their text (the image line, the diagram source)',
	},
	{
		command: 'copyPath',
		views: ['list', 'reader'],
		keys: [text('Y')],
		description: "copy the post's file path to the clipboard (OSC 52)",
	},
	{command: 'language', views: ['reader'], keys: [text('L')], description: 'read the next translation of the post'},
	{command: 'submit', views: ['find'], keys: [named('return')], description: 'find the next match from here'},
	{command: 'cancel', views: ['find'], keys: [named('escape')], description: 'stop finding'},
	{
		command: 'deleteChar',
		views: ['find'],
		keys: [named('backspace'), named('delete')],
		description: 'delete the last character',
	},
	{command: 'quit', views: ['find', 'contents'], keys: [text('c', true)], description: 'quit'},
	{command: 'down', views: ['contents'], keys: [named('downArrow'), text('j')], description: 'next heading'},
	{command: 'up', views: ['contents'], keys: [named('upArrow'), text('k')], description: 'previous heading'},
	{command: 'pageDown', views: ['contents'], keys: [text(' '), named('pageDown'), text('f')], description: 'page down'},
	{command: 'pageUp', views: ['contents'], keys: [named('pageUp'), text('b')], description: 'page up'},
	{command: 'top', views: ['contents'], keys: [text('g'), named('home')], description: 'first heading'},
	{command: 'bottom', views: ['contents'], keys: [text('G'), named('end')], description: 'last heading'},
	{command: 'submit', views: ['contents'], keys: [named('return'), text('l')], description: 'go to the heading'},
	{
		command: 'cancel',
		views: ['contents'],
		keys: [named('escape'), text('q'), text('o')],
		description: 'close the contents',
	},
	{command: 'quit', views: ['links'], keys: [text('Q'), text('c', true)], description: 'quit'},
	{command: 'down', views: ['links'], keys: [named('downArrow'), text('j')], description: 'next link'},
	{command: 'up', views: ['links'], keys: [named('upArrow'), text('k')], description: 'previous link'},
	{command: 'pageDown', views: ['links'], keys: [text(' '), named('pageDown'), text('f')], description: 'page down'},
	{command: 'pageUp', views: ['links'], keys: [named('pageUp'), text('b')], description: 'page up'},
	{command: 'top', views: ['links'], keys: [text('g'), named('home')], description: 'first link'},
	{command: 'bottom', views: ['links'], keys: [text('G'), named('end')], description: 'last link'},
	{
		command: 'submit',
		views: ['links'],
		keys: [named('return'), text('o')],
		description: 'open the link with $BROWSER, xdg-open or open (over ssh: copy it); only http, https, mailto',
	},
	{command: 'copyLink', views: ['links'], keys: [text('y')], description: 'copy the link to the clipboard (OSC 52)'},
	{
		command: 'cancel',
		views: ['links'],
		keys: [named('escape'), text('q'), text('U')],
		description: 'close the links',
	},
	{command: 'quit', views: ['problems'], keys: [text('Q'), text('c', true)], description: 'quit'},
	{command: 'down', views: ['problems'], keys: [named('downArrow'), text('j')], description: 'scroll down a line'},
	{command: 'up', views: ['problems'], keys: [named('upArrow'), text('k')], description: 'scroll up a line'},
	{command: 'pageDown', views: ['problems'], keys: [text(' '), named('pageDown'), text('f')], description: 'page down'},
	{command: 'pageUp', views: ['problems'], keys: [named('pageUp'), text('b')], description: 'page up'},
	{command: 'top', views: ['problems'], keys: [text('g'), named('home')], description: 'top'},
	{command: 'bottom', views: ['problems'], keys: [text('G'), named('end')], description: 'end'},
	{
		command: 'cancel',
		views: ['problems'],
		keys: [named('escape'), text('q'), text('!')],
		description: 'close the problems',
	},
	// The help's own keys: any other key closes it too.
	{command: 'down', views: ['help'], keys: [text('j'), named('downArrow')], description: 'scroll down'},
	{command: 'up', views: ['help'], keys: [text('k'), named('upArrow')], description: 'scroll up'},
	{command: 'pageDown', views: ['help'], keys: [named('pageDown'), text(' '), text('f')], description: 'page down'},
	{command: 'pageUp', views: ['help'], keys: [named('pageUp'), text('b')], description: 'page up'},
	{command: 'top', views: ['help'], keys: [text('g'), named('home')], description: 'top'},
	{command: 'bottom', views: ['help'], keys: [text('G'), named('end')], description: 'bottom'},
	{command: 'cancel', views: ['help'], keys: [text('q'), named('escape'), text('?')], description: 'close the help'},
];

/** The named key a keypress is, or Ctrl held with a letter (key-reader.ts reads them from the terminal). */
export type KeyFlags = Partial<Record<NamedKey | 'ctrl', boolean>>;

const NAMED_ORDER: NamedKey[] = [
	'upArrow',
	'downArrow',
	'leftArrow',
	'rightArrow',
	'pageUp',
	'pageDown',
	'home',
	'end',
	'return',
	'escape',
	'backspace',
	'delete',
	'tab',
];

function bindingFor(view: View, matches: (spec: KeySpec) => boolean): Binding | undefined {
	return keymap.find(binding => binding.views.includes(view) && binding.keys.some(matches));
}

/** One thing a keypress means: a binding, or (in a text field) a typed character. */
export type KeyEvent = {binding: Binding; typed: string} | {binding: undefined; typed: string};

/**
 * What a key means in a view. Typed text that arrives as one chunk ("jjjj"
 * from fast typing or a laggy link) gives one event per character; characters
 * with no binding come back as typed text, for text fields.
 */
export function keyEvents(view: View, input: string, flags: KeyFlags): KeyEvent[] {
	const namedKey = NAMED_ORDER.find(name => flags[name]);
	if (namedKey) {
		const binding = bindingFor(view, spec => 'named' in spec && spec.named === namedKey);
		return binding ? [{binding, typed: ''}] : [];
	}

	if (flags.ctrl) {
		const binding = bindingFor(view, spec => 'text' in spec && spec.ctrl === true && spec.text === input.toLowerCase());
		return binding ? [{binding, typed: ''}] : [];
	}

	const events: KeyEvent[] = [];
	for (const char of input) {
		const binding = bindingFor(view, spec => 'text' in spec && !spec.ctrl && spec.text === char);
		if (binding) events.push({binding, typed: char});
		else if (char >= ' ' && char !== '\u007F') events.push({binding: undefined, typed: char});
	}

	return events;
}

const NAMED_LABELS: Record<Exclude<NamedKey, 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow'>, string> = {
	pageUp: 'PgUp',
	pageDown: 'PgDn',
	home: 'Home',
	end: 'End',
	return: 'Enter',
	escape: 'Esc',
	backspace: 'Backspace',
	delete: 'Del',
	tab: 'Tab',
};

/** Arrow keys are named by the glyphs in use (`↑`, or `Up` where only ASCII shows). */
type ArrowNames = {arrows: Pick<Glyphs['arrows'], 'up' | 'down' | 'left' | 'right'>};

export function keyLabel(spec: KeySpec, {arrows}: ArrowNames = UNICODE_GLYPHS): string {
	if ('named' in spec) {
		const {named} = spec;
		if (named === 'upArrow') return arrows.up;
		if (named === 'downArrow') return arrows.down;
		if (named === 'leftArrow') return arrows.left;
		if (named === 'rightArrow') return arrows.right;
		return NAMED_LABELS[named];
	}

	if (spec.ctrl) return `Ctrl-${spec.text.toUpperCase()}`;
	return spec.text === ' ' ? 'Space' : spec.text;
}

export type HelpRow = {keys: string; description: string};

/** The help screen's rows for one view, straight from the keymap. */
export function helpRows(view: View, glyphs: ArrowNames = UNICODE_GLYPHS, without: readonly string[] = []): HelpRow[] {
	return keymap
		.filter(binding => binding.views.includes(view) && !without.includes(binding.command))
		.map(binding => ({
			keys: binding.keys.map(key => keyLabel(key, glyphs)).join(' '),
			description: binding.description,
		}));
}
