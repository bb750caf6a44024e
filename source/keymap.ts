// Keys as data: the input handler and the help screen both read this table,
// so what `?` shows is always what the keys do.

/** Where keys are read: a screen, or a text field or picker over the list. */
export type View = 'list' | 'reader' | 'search' | 'picker' | 'find' | 'contents';

export type Action =
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
	| 'escape';

/** Named keys Ink reports as flags; anything else is matched as typed text. */
export type NamedKey = 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return' | 'escape' | 'backspace' | 'delete' | 'tab';

export type KeySpec = {text: string; ctrl?: boolean} | {named: NamedKey};

export type Binding = {
	action: Action;
	views: View[];
	keys: KeySpec[];
	description: string;
};

const text = (value: string, ctrl = false): KeySpec => (ctrl ? {text: value, ctrl} : {text: value});
const named = (value: NamedKey): KeySpec => ({named: value});

export const keymap: Binding[] = [
	{action: 'help', views: ['list', 'reader'], keys: [text('?')], description: 'show these keys'},
	{action: 'quit', views: ['list', 'reader'], keys: [text('Q'), text('c', true)], description: 'quit'},
	{action: 'back', views: ['list'], keys: [text('q')], description: 'quit (from the list)'},
	{action: 'escape', views: ['list'], keys: [named('escape')], description: 'clear the filters, or quit when there are none'},
	{action: 'back', views: ['reader'], keys: [text('q'), named('escape'), text('h'), named('leftArrow')], description: 'back to the list'},
	{action: 'down', views: ['list'], keys: [named('downArrow'), text('j')], description: 'next post'},
	{action: 'up', views: ['list'], keys: [named('upArrow'), text('k')], description: 'previous post'},
	{action: 'down', views: ['reader'], keys: [named('downArrow'), text('j'), named('return')], description: 'scroll down a line'},
	{action: 'up', views: ['reader'], keys: [named('upArrow'), text('k')], description: 'scroll up a line'},
	{action: 'pageDown', views: ['list'], keys: [named('pageDown')], description: 'page down'},
	{action: 'pageUp', views: ['list'], keys: [named('pageUp')], description: 'page up'},
	{action: 'pageDown', views: ['reader'], keys: [text(' '), named('pageDown'), text('f')], description: 'page down'},
	{action: 'pageUp', views: ['reader'], keys: [named('pageUp'), text('b')], description: 'page up'},
	{action: 'halfDown', views: ['reader'], keys: [text('d')], description: 'half a page down'},
	{action: 'halfUp', views: ['reader'], keys: [text('u')], description: 'half a page up'},
	{action: 'top', views: ['list'], keys: [text('g'), named('home')], description: 'first post'},
	{action: 'bottom', views: ['list'], keys: [text('G'), named('end')], description: 'last post'},
	{action: 'top', views: ['reader'], keys: [text('g'), named('home')], description: 'top of the post'},
	{action: 'bottom', views: ['reader'], keys: [text('G'), named('end')], description: 'end of the post'},
	{action: 'open', views: ['list'], keys: [named('return'), text('l'), named('rightArrow')], description: 'open the post'},
	{action: 'search', views: ['list'], keys: [text('/')], description: 'search as you type'},
	{action: 'tags', views: ['list'], keys: [text('t')], description: 'pick tags and categories to filter by'},
	{action: 'clearFilters', views: ['list'], keys: [text('x')], description: 'clear all filters'},
	{action: 'sort', views: ['list'], keys: [text('s')], description: 'sort by date, title or reading time'},
	{action: 'submit', views: ['search'], keys: [named('return')], description: 'keep the search and go back to the list'},
	{action: 'cancel', views: ['search'], keys: [named('escape')], description: 'clear the search'},
	{action: 'deleteChar', views: ['search', 'picker'], keys: [named('backspace'), named('delete')], description: 'delete the last character'},
	{action: 'down', views: ['search'], keys: [named('downArrow')], description: 'next post'},
	{action: 'up', views: ['search'], keys: [named('upArrow')], description: 'previous post'},
	{action: 'quit', views: ['search', 'picker'], keys: [text('c', true)], description: 'quit'},
	{action: 'down', views: ['picker'], keys: [named('downArrow'), text('j'), text('n', true)], description: 'next tag (j until you type)'},
	{action: 'up', views: ['picker'], keys: [named('upArrow'), text('k'), text('p', true)], description: 'previous tag (k until you type)'},
	{action: 'toggle', views: ['picker'], keys: [text(' ')], description: 'choose or drop the tag'},
	{action: 'switchMode', views: ['picker'], keys: [named('tab')], description: 'match all chosen tags, or any'},
	{action: 'submit', views: ['picker'], keys: [named('return')], description: 'apply the chosen tags'},
	{action: 'cancel', views: ['picker'], keys: [named('escape')], description: 'cancel'},
	{action: 'find', views: ['reader'], keys: [text('/')], description: 'find in the post'},
	{action: 'findNext', views: ['reader'], keys: [text('n')], description: 'next match (wraps around)'},
	{action: 'findPrevious', views: ['reader'], keys: [text('N')], description: 'previous match (wraps around)'},
	{action: 'nextHeading', views: ['reader'], keys: [text(']')], description: 'next heading'},
	{action: 'previousHeading', views: ['reader'], keys: [text('[')], description: 'previous heading'},
	{action: 'contents', views: ['reader'], keys: [text('o')], description: 'table of contents'},
	{action: 'footnote', views: ['reader'], keys: [text('F')], description: "jump to the note of the screen's first footnote"},
	{action: 'jumpBack', views: ['reader'], keys: [text("'")], description: 'back to where you were before a jump'},
	{action: 'nextPost', views: ['reader'], keys: [text('.')], description: 'next post in the list'},
	{action: 'edit', views: ['list', 'reader'], keys: [text('e')], description: 'edit the post in $EDITOR (vi if unset)'},
	{action: 'language', views: ['reader'], keys: [text('L')], description: 'read the next translation of the post'},
	{action: 'previousPost', views: ['reader'], keys: [text(',')], description: 'previous post in the list'},
	{action: 'submit', views: ['find'], keys: [named('return')], description: 'find the next match from here'},
	{action: 'cancel', views: ['find'], keys: [named('escape')], description: 'stop finding'},
	{action: 'deleteChar', views: ['find'], keys: [named('backspace'), named('delete')], description: 'delete the last character'},
	{action: 'quit', views: ['find', 'contents'], keys: [text('c', true)], description: 'quit'},
	{action: 'down', views: ['contents'], keys: [named('downArrow'), text('j')], description: 'next heading'},
	{action: 'up', views: ['contents'], keys: [named('upArrow'), text('k')], description: 'previous heading'},
	{action: 'top', views: ['contents'], keys: [text('g'), named('home')], description: 'first heading'},
	{action: 'bottom', views: ['contents'], keys: [text('G'), named('end')], description: 'last heading'},
	{action: 'submit', views: ['contents'], keys: [named('return'), text('l')], description: 'go to the heading'},
	{action: 'cancel', views: ['contents'], keys: [named('escape'), text('q'), text('o')], description: 'close the contents'},
];

/** The flags Ink's useInput passes, as far as the keymap needs them. */
export type KeyFlags = Partial<Record<NamedKey | 'ctrl' | 'meta' | 'shift', boolean>>;

const NAMED_ORDER: NamedKey[] = ['upArrow', 'downArrow', 'leftArrow', 'rightArrow', 'pageUp', 'pageDown', 'home', 'end', 'return', 'escape', 'backspace', 'delete', 'tab'];

function bindingFor(view: View, matches: (spec: KeySpec) => boolean): Binding | undefined {
	return keymap.find(binding => binding.views.includes(view) && binding.keys.some(matches));
}

const CONTROL_KEYS: Record<string, NamedKey> = {'\r': 'return', '\t': 'tab', '\u007F': 'delete', '\b': 'backspace'};

/** One thing a keypress means: a binding, or (in a text field) a typed character. */
export type KeyEvent = {binding: Binding; typed: string} | {binding: undefined; typed: string};

/**
 * What one input event means, in order. A chunk of typed text ("jjjj" from
 * fast typing or a laggy link) yields one event per character; characters
 * with no binding come back as typed text, for text fields.
 */
/**
 * Input that is the tail of a terminal's reply to a query (Ink has taken the
 * ESC): a cursor report `[12;40R`, device attributes `[?1;2c`, bracketed
 * paste markers `[200~`, or an OSC/DCS reply ending in BEL or ST. A person
 * cannot type these in one keystroke.
 */
export function isTerminalReply(input: string): boolean {
	return /^\[[\d;?>=!]+[A-Za-z~]$/.test(input) || /^\[\d*~$/.test(input) || /[\u0007\u009C]|\u001B\\/.test(input);
}

export function keyEvents(view: View, input: string, flags: KeyFlags): KeyEvent[] {
	if (isTerminalReply(input)) return [];
	const namedKey = NAMED_ORDER.find(name => flags[name]);
	if (namedKey) {
		const binding = bindingFor(view, spec => 'named' in spec && spec.named === namedKey);
		return binding ? [{binding, typed: ''}] : [];
	}

	if (flags.meta) return [];
	if (flags.ctrl) {
		const binding = bindingFor(view, spec => 'text' in spec && spec.ctrl === true && spec.text === input.toLowerCase());
		return binding ? [{binding, typed: ''}] : [];
	}

	const events: KeyEvent[] = [];
	for (const char of input) {
		// Keys typed ahead arrive inside the chunk as their bare control characters.
		const named = CONTROL_KEYS[char];
		const binding = named
			? bindingFor(view, spec => 'named' in spec && spec.named === named)
			: bindingFor(view, spec => 'text' in spec && !spec.ctrl && spec.text === char);
		if (binding) events.push({binding, typed: char});
		else if (char >= ' ' && char !== '\u007F') events.push({binding: undefined, typed: char});
	}

	return events;
}

const NAMED_LABELS: Record<NamedKey, string> = {
	upArrow: '↑', downArrow: '↓', leftArrow: '←', rightArrow: '→', pageUp: 'PgUp', pageDown: 'PgDn', home: 'Home', end: 'End', return: 'Enter', escape: 'Esc', backspace: 'Backspace', delete: 'Del', tab: 'Tab',
};

export function keyLabel(spec: KeySpec): string {
	if ('named' in spec) return NAMED_LABELS[spec.named];
	if (spec.ctrl) return `Ctrl-${spec.text.toUpperCase()}`;
	return spec.text === ' ' ? 'Space' : spec.text;
}

export type HelpRow = {keys: string; description: string};

/** The help screen's rows for one view, straight from the keymap. */
export function helpRows(view: View): HelpRow[] {
	return keymap
		.filter(binding => binding.views.includes(view))
		.map(binding => ({
			keys: binding.keys.map(keyLabel).join(' '),
			description: binding.description,
		}));
}
