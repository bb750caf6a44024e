import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Post} from '../../../source/blog/model/model.js';
import {fieldsOnly} from '../../../source/blog/search/search.js';
import type {KeyFlags} from '../../../source/ui/keys/keymap.js';
import {initialState, reducer} from '../../../source/ui/machine/reducer.js';
import {type Action, noFind, type ReaderPage, type Screen, type State} from '../../../source/ui/state/model.js';
import {readerTop} from '../../../source/ui/state/selectors.js';
import {makePost, makePosts, searchOf} from '../../helpers/posts.js';

/** A rendered page of `count` lines, with headings where asked ("## name" at a line). */
function page(count: number, headings: Array<[line: number, text: string]> = []): ReaderPage {
	const lines = Array.from(
		{length: count},
		(_, index) => headings.find(([line]) => line === index)?.[1] ?? `line ${index}`,
	);
	return {
		lines,
		plain: lines,
		headings: headings.map(([line, text]) => ({line, depth: 2, text})),
		blockStarts: lines.map((_, index) => index),
		footnoteRefs: [],
		noteLines: [],
		links: [],
		codeBlocks: [],
		pictures: [],
		sourceLines: [],
		notice: null,
	};
}

const posts = makePosts(30);
const screen: Screen = {listHeight: 10, readerHeight: 10, pickerHeight: 8, page: undefined, search: fieldsOnly};
const withPage = (
	state: State,
	lines = page(100, [
		[20, 'First'],
		[50, 'Second'],
	]),
): Screen => ({
	...screen,
	page: state.selectedPath === null ? undefined : {path: state.selectedPath, page: lines},
});

const named = (name: keyof KeyFlags): Action => ({type: 'keys', input: '', flags: {[name]: true}, screen});
const typed = (input: string, on: Screen = screen): Action => ({type: 'keys', input, flags: {}, screen: on});

/** Applies actions in turn; a function makes its action from the state reached so far. */
function run(start: State, ...actions: Array<Action | ((state: State) => Action)>): State {
	return actions.reduce(
		(state, action) => reducer(state, typeof action === 'function' ? action(state) : action),
		start,
	);
}

/** Freezes a state deeply, so a reducer that changed it in place would throw. */
function frozen<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const item of Object.values(value)) frozen(item);
	}

	return value;
}

const start = () => initialState({posts, search: fieldsOnly});
const selected = (state: State) => posts.findIndex(post => post.path === state.selectedPath);

describe('the state machine: the list', () => {
	const cases: Array<[string, Action[], number, number]> = [
		['j moves down', [typed('j')], 1, 0],
		['keys typed ahead in one chunk are each taken', [typed('jjj')], 3, 0],
		['k at the top stays', [typed('k')], 0, 0],
		['G goes to the last post and scrolls', [typed('G')], 29, 20],
		['G then g comes back', [typed('G'), typed('g')], 0, 0],
		['PgDn moves a page', [named('pageDown')], 10, 1],
		['scrolling keeps the selection on screen', [typed('jjjjjjjjjjj')], 11, 2],
		['End, then up a line, keeps the window', [named('end'), named('upArrow')], 28, 20],
	];
	for (const [name, actions, index, top] of cases) {
		it(name, () => {
			const state = run(frozen(start()), ...actions);
			assert.equal(selected(state), index);
			assert.equal(state.listTop, top);
		});
	}

	it('counts every input action, for the frame that answers it', () => {
		assert.equal(run(start(), typed('jj'), typed('k'), named('downArrow')).inputs, 3);
	});

	it('s cycles the sort order and says so; x clears the filters', () => {
		const sorted = run(start(), typed('s'));
		assert.equal(sorted.sort, 'title');
		assert.equal(sorted.notice, 'sorted by title');
		assert.equal(run(sorted, typed('s'), typed('s')).sort, 'date');
		const cleared = run(start(), typed('/'), typed('Post 2'), named('return'), typed('x'));
		assert.equal(cleared.filters.query, '');
		assert.equal(cleared.notice, 'filters cleared');
	});

	it('a notice lasts until the next key, even one typed in the same chunk', () => {
		assert.equal(run(start(), typed('x')).notice, 'filters cleared');
		assert.equal(run(start(), typed('xj')).notice, null);
	});

	it('Esc first clears a kept search, then quits', () => {
		const searched = run(start(), typed('/'), typed('Post 1'), named('return'));
		assert.equal(searched.filters.query, 'Post 1');
		const once = run(searched, named('escape'));
		assert.deepEqual(
			[once.filters.query, once.quitting, once.notice],
			['', false, 'filters cleared (Esc again quits)'],
		);
		assert.equal(run(once, named('escape')).quitting, true);
	});

	it('q, Q and Ctrl-C quit from the list', () => {
		for (const action of [typed('q'), typed('Q'), {type: 'keys', input: 'c', flags: {ctrl: true}, screen} as Action]) {
			assert.equal(run(start(), action).quitting, true);
		}
	});
});

describe('the state machine: read marks', () => {
	const marked = () => initialState({posts, search: fieldsOnly, memory: {positions: {}, read: {}}});

	it('a post is read when its end is on screen, even if the first action to show it is the key that leaves', () => {
		const opened = reducer(marked(), named('return'));
		const shown = withPage(opened, page(8));
		const left = reducer(opened, typed('q', shown));
		assert.equal(left.view, 'list');
		assert.deepEqual(left.read, {[posts[0]?.path ?? '']: ''});
	});

	it('a post whose end was never on screen stays unread; reaching it with G reads it', () => {
		const opened = reducer(marked(), named('return'));
		const long = withPage(opened);
		assert.deepEqual(reducer(opened, typed('q', long)).read, {});
		assert.deepEqual(reducer(opened, typed('G', long)).read, {[posts[0]?.path ?? '']: ''});
	});

	it('without a memory no post is marked', () => {
		const opened = reducer(initialState({posts, search: fieldsOnly}), named('return'));
		assert.deepEqual(reducer(opened, typed('q', withPage(opened, page(8)))).read, {});
	});
});

describe('the state machine: search', () => {
	const search = searchOf(posts);
	const on: Screen = {...screen, search};
	it('narrows the list as text is typed, and Backspace widens it', () => {
		const state = run(start(), typed('/', on), typed('Post 2', on));
		assert.equal(state.searching, true);
		assert.equal(state.filters.query, 'Post 2');
		assert.equal(state.selectedPath, posts[1]?.path, 'the first match is selected: Post 2');
		const wider = run(state, {type: 'keys', input: '', flags: {backspace: true}, screen: on});
		assert.equal(wider.filters.query, 'Post ');
	});

	it('Esc in the field clears the search; Enter keeps it', () => {
		const typedIn = run(start(), typed('/', on), typed('Post 3', on));
		assert.deepEqual(
			[run(typedIn, named('escape')).filters.query, run(typedIn, named('escape')).searching],
			['', false],
		);
		assert.deepEqual(
			[run(typedIn, named('return')).filters.query, run(typedIn, named('return')).searching],
			['Post 3', false],
		);
	});
});

describe('the state machine: the selection after the filters change', () => {
	const search = searchOf(posts);
	const on: Screen = {...screen, search};
	const title = (state: State) => posts.find(post => post.path === state.selectedPath)?.title;
	const j = (count: number) => typed('j'.repeat(count), on);
	const key = (name: keyof KeyFlags): Action => ({type: 'keys', input: '', flags: {[name]: true}, screen: on});
	// In the search field letters are typed: ↓ moves.
	const down = (count: number) => Array.from({length: count}, () => key('downArrow'));
	// [name, actions, the post selected after them]
	const cases: Array<[string, Action[], string]> = [
		[
			'a search selects its best match, not the post selected before',
			[j(11), typed('/', on), typed('Post 2', on)],
			'Post 2',
		],
		['so Enter, Enter opens the best match', [j(11), typed('/', on), typed('Post 2', on), named('return')], 'Post 2'],
		[
			'each letter typed selects the best match again',
			[typed('/', on), typed('Pos', on), ...down(12), typed('t 1', on)],
			'Post 1',
		],
		['Backspace too', [typed('/', on), typed('Post 21', on), ...down(1), key('backspace')], 'Post 2'],
		['keys move it after that', [typed('/', on), typed('Post 2', on), ...down(2)], 'Post 21'],
		['a new sort selects row 1', [j(3), typed('s', on)], 'Post 1'],
		['x selects row 1', [typed('/', on), typed('Post 2', on), named('return'), j(3), typed('x', on)], 'Post 1'],
		[
			'Esc that clears a kept search selects row 1',
			[typed('/', on), typed('2', on), named('return'), j(3), named('escape')],
			'Post 1',
		],
		['tags chosen in the picker select row 1', [j(3), typed('t', on), typed(' ', on), named('return')], 'Post 1'],
		['a picker closed with the same tags keeps the selection', [j(3), typed('t', on), named('return')], 'Post 4'],
	];
	for (const [name, actions, expected] of cases) {
		it(name, () => {
			assert.equal(title(run(frozen(start()), ...actions)), expected);
		});
	}

	// Bodies are read while the search is typed: the list is ranked again when they are.
	const raft = [
		makePost({title: 'Warcraft nights', date: '2025-01-01'}, 'Games.'),
		makePost({title: 'Consensus notes', date: '2024-01-01'}, 'We use Raft.'),
		makePost({title: 'Drafts', date: '2023-01-01'}, 'Paper.'),
	];
	const read: Screen = {...screen, search: searchOf(raft)};
	const raftTitle = (state: State) => raft.find(post => post.path === state.selectedPath)?.title;
	const typedRaft = () => run(initialState({posts: raft, search: fieldsOnly}), typed('/'), typed('raft'));

	it('stays on the best match when the bodies are read and the list is ranked again', () => {
		const before = typedRaft();
		assert.equal(raftTitle(before), 'Warcraft nights', 'titles only, before the bodies are read');
		assert.equal(raftTitle(reducer(before, {type: 'screen', screen: read})), 'Consensus notes');
	});

	it('but not once a key has moved it', () => {
		const moved = run(typedRaft(), named('downArrow'));
		assert.equal(raftTitle(moved), 'Drafts');
		assert.equal(raftTitle(reducer(moved, {type: 'screen', screen: read})), 'Drafts');
	});
});

describe('the state machine: the tag picker', () => {
	const tagged = [
		makePost({title: 'A', date: '2024-03-01', tags: ['go', 'cli']}),
		makePost({title: 'B', date: '2024-02-01', tags: ['go']}),
		makePost({title: 'C', date: '2024-01-01', tags: ['rust']}),
	];
	const begin = () => initialState({posts: tagged, search: fieldsOnly});
	it('opens with every term in the order of use, toggles with Space and applies with Enter', () => {
		const open = run(begin(), typed('t'));
		assert.deepEqual(open.picker?.order, ['tag:go', 'tag:cli', 'tag:rust']);
		const chosen = run(open, typed(' '));
		assert.deepEqual(chosen.picker?.chosen, [{kind: 'tag', name: 'go'}]);
		const applied = run(chosen, named('return'));
		assert.equal(applied.picker, null);
		assert.deepEqual(applied.filters.terms, [{kind: 'tag', name: 'go'}]);
	});

	it('narrows as text is typed (j and k are letters once narrowing begins), and Esc cancels', () => {
		const narrowed = run(begin(), typed('t'), typed('r'), typed('j'));
		assert.equal(narrowed.picker?.query, 'rj');
		const cancelled = run(narrowed, named('escape'));
		assert.deepEqual([cancelled.picker, cancelled.filters.terms], [null, []]);
	});
});

describe('the state machine: the reader', () => {
	const opened = () => run(start(), named('return'));
	/** `line 3` found (`/`, the words, Enter) in a page of 40 lines; `on` gives each state that page. */
	const foundLine3 = (from: State) => {
		const lines = page(40);
		const on = (state: State) => withPage(state, lines);
		const found = run(
			from,
			s => typed('/', on(s)),
			s => typed('line 3', on(s)),
			s => named2('return', on(s)),
		);
		return {found, on};
	};

	it('keys typed before the page is rendered wait, in order, and are read when it is', () => {
		const waiting = run(opened(), typed('jjj'), typed('/'), typed('line'));
		assert.equal(waiting.view, 'reader');
		assert.equal(waiting.pending.length, 8, 'each key waits');
		const shown = reducer(waiting, {type: 'screen', screen: withPage(waiting)});
		assert.equal(shown.pending.length, 0);
		assert.equal(readerTop(shown, withPage(shown)), 3, 'j j j scrolled three lines');
		assert.deepEqual(
			shown.find,
			{query: 'line', editing: true, current: -1},
			'/ and the letters after it became a find',
		);
	});

	it('Esc first clears an active find (marks and counter), then goes back to the list', () => {
		const {found, on} = foundLine3(opened());
		const cleared = run(found, s => named2('escape', on(s)));
		assert.deepEqual(
			[cleared.view, cleared.find, cleared.notice],
			['reader', noFind, 'find cleared (Esc again goes back)'],
		);
		assert.equal(run(cleared, s => named2('escape', on(s))).view, 'list');
		assert.equal(run(found, s => typed('q', on(s))).view, 'list', 'q goes straight back');
		// Before the page is rendered no find is active: Esc goes back at once, as q does.
		const waiting = run(opened(), typed('j'), named('escape'));
		assert.deepEqual([waiting.view, waiting.pending, waiting.quitting], ['list', [], false]);
	});

	it('in a file opened directly, Esc with an active find clears it and does not quit; then it quits', () => {
		const single = initialState({posts: posts.slice(0, 1), openFirst: true, search: fieldsOnly});
		const {found, on} = foundLine3(single);
		const cleared = run(found, s => named2('escape', on(s)));
		assert.deepEqual(
			[cleared.quitting, cleared.find, cleared.notice],
			[false, noFind, 'find cleared (Esc again quits)'],
		);
		assert.equal(run(cleared, s => named2('escape', on(s))).quitting, true);
	});

	it('back (q) never waits for the page, and drops what waited', () => {
		const back = run(opened(), typed('j'), typed('q'));
		assert.deepEqual([back.view, back.pending, back.quitting], ['list', [], false]);
	});

	// A large post shows its beginning while the rest renders: a key that needs the whole post waits for it.
	it('G while the rest renders waits, says so, then goes to the very end', () => {
		const partial = withPage(opened(), {...page(30), partial: true});
		const waiting = run(opened(), typed('G', partial), typed('j', partial));
		assert.equal(waiting.pending.length, 2, 'G and the key after it wait');
		assert.match(waiting.notice ?? '', /the rest of the post is rendering/);
		assert.equal(readerTop(waiting, partial), 0);
		const whole = withPage(waiting, page(2000));
		const done = reducer(waiting, {type: 'screen', screen: whole});
		assert.deepEqual(done.pending, []);
		assert.equal(readerTop(done, whole), 2000 - screen.readerHeight, 'at the end of the whole post, then j');
	});

	it('keys that need only the beginning are not held: j on a partial page scrolls at once', () => {
		const partial = withPage(opened(), {...page(30), partial: true});
		const moved = reducer(opened(), typed('j', partial));
		assert.deepEqual(moved.pending, []);
		assert.equal(readerTop(moved, partial), 1);
	});

	const reading: Array<[string, (state: State) => Action, number]> = [
		['j scrolls a line', state => typed('j', withPage(state)), 1],
		['Space scrolls a page, less a line of context', state => typed(' ', withPage(state)), 9],
		['d scrolls half a page', state => typed('d', withPage(state)), 5],
		['G goes to the end', state => typed('G', withPage(state)), 90],
		['] goes to the next heading', state => typed(']', withPage(state)), 20],
	];
	for (const [name, action, top] of reading) {
		it(name, () => {
			const state = run(opened(), action);
			assert.equal(readerTop(state, withPage(state)), top);
		});
	}

	it("Enter in the contents jumps to the heading, and ' comes back to where the jump started", () => {
		const state = run(
			opened(),
			s => typed('o', withPage(s)),
			s => typed('j', withPage(s)),
			s => named2('return', withPage(s)),
		);
		assert.equal(readerTop(state, withPage(state)), 50, 'the contents took it to the second heading');
		const back = run(state, s => typed("'", withPage(s)));
		assert.equal(readerTop(back, withPage(back)), 0);
	});

	it('the contents pages as the links and the problems do: PgDn, then PgUp', () => {
		const jump = (...keys: Array<(s: State) => Action>) => {
			const state = run(
				opened(),
				s => typed('o', withPage(s)),
				...keys,
				s => named2('return', withPage(s)),
			);
			return readerTop(state, withPage(state));
		};
		assert.equal(
			jump(s => named2('pageDown', withPage(s))),
			jump(s => typed('G', withPage(s))),
		);
		assert.equal(
			jump(s => typed('f', withPage(s))),
			jump(s => typed('G', withPage(s))),
		);
		assert.equal(
			jump(
				s => named2('pageDown', withPage(s)),
				s => named2('pageUp', withPage(s)),
			),
			jump(),
		);
		assert.notEqual(
			jump(s => named2('pageDown', withPage(s))),
			jump(),
		);
	});

	it('/ finds, Enter goes to the first hit from the top of the screen, n steps and wraps', () => {
		const {found, on} = foundLine3(opened());
		assert.deepEqual(found.find, {query: 'line 3', editing: false, current: 0});
		const stepped = run(found, s => typed('n', on(s)));
		assert.equal(stepped.find.current, 1, 'line 30, after line 3');
		assert.equal(
			run(stepped, ...Array.from({length: 10}, () => (s: State) => typed('n', on(s)))).notice,
			'search wrapped to the top',
		);
	});

	it('. opens the next post, remembering where the last one was left', () => {
		const moved = run(
			opened(),
			s => typed('jjjj', withPage(s)),
			s => typed('.', withPage(s)),
		);
		assert.equal(moved.selectedPath, posts[1]?.path);
		assert.ok(moved.positions[posts[0]?.path ?? ''], 'the first post keeps its place');
		const again = run(moved, s => typed(',', withPage(s)));
		assert.equal(readerTop(again, withPage(again)), 4);
	});

	it('e and L ask for work done outside; the answer swaps the post in', () => {
		const asked = run(opened(), s => typed('e', withPage(s)));
		// From the reader, the editor is asked for the body's line on top of the screen.
		assert.deepEqual(asked.request, {kind: 'edit', path: posts[0]?.path, bodyLine: 0});
		const edited = makePost({title: 'Edited'}, 'New text.', posts[0]?.path);
		const answered = reducer(asked, {
			type: 'replaced',
			path: posts[0]?.path ?? '',
			post: edited,
			notice: 're-read',
			screen,
		});
		assert.deepEqual([answered.request, answered.notice, answered.posts[0]?.title], [null, 're-read', 'Edited']);
		const refused = reducer(
			run(opened(), s => typed('L', withPage(s))),
			{type: 'answered', notice: 'this post has no translation'},
		);
		assert.deepEqual([refused.request, refused.notice], [null, 'this post has no translation']);
	});
});

describe('the state machine: help and resizing', () => {
	it('? shows help; a key of its own or any other closes it and does nothing else, but Q still quits', () => {
		const help = run(start(), typed('?'));
		assert.equal(help.showHelp, true);
		for (const key of [typed('x'), typed('q'), typed('?'), named('escape'), named('return')]) {
			const closed = run(help, key);
			assert.deepEqual([closed.showHelp, selected(closed), closed.quitting], [false, 0, false]);
		}
		assert.equal(run(help, typed('Q')).quitting, true);
	});

	it('keys arriving together are each taken: the one closing help, then the next (qQ in one packet over ssh)', () => {
		const help = run(start(), typed('?'));
		assert.equal(run(help, typed('qQ')).quitting, true, 'q closes help, Q quits');
		const moved = run(help, typed('xj'));
		assert.deepEqual([moved.showHelp, selected(moved)], [false, 1], 'x closes help, j moves down');
		const opened = run(start(), typed('?j', {...screen, help: {lines: 40, height: 10}}));
		assert.deepEqual([opened.showHelp, opened.helpTop], [true, 1], '? opens help, j scrolls it');
	});

	// 40 lines of help, 10 on screen.
	const tall: Screen = {...screen, help: {lines: 40, height: 10}};
	const helpCases: Array<[string, Action[], number]> = [
		['j scrolls a line', [typed('j', tall)], 1],
		['jjj typed at once scrolls three', [typed('jjj', tall)], 3],
		['k at the top stays', [typed('k', tall)], 0],
		['PgDn scrolls a page, less a line', [named2('pageDown', tall)], 9],
		['Space does too', [typed(' ', tall)], 9],
		['G goes to the last screenful', [typed('G', tall)], 30],
		['G then PgUp', [typed('G', tall), named2('pageUp', tall)], 21],
		['g comes back to the top', [typed('G', tall), typed('g', tall)], 0],
		['a help that fits does not scroll', [typed('G')], 0],
	];
	for (const [name, actions, top] of helpCases) {
		it(`help: ${name}`, () => {
			const state = run(frozen(run(start(), typed('?'))), ...actions);
			assert.deepEqual([state.showHelp, state.helpTop, selected(state)], [true, top, 0]);
		});
	}

	it('help opens at its top, and a taller screen keeps it inside its lines', () => {
		const scrolled = run(start(), typed('?'), typed('G', tall));
		assert.equal(scrolled.helpTop, 30);
		assert.equal(run(scrolled, typed('x'), typed('?')).helpTop, 0);
		const taller = reducer(scrolled, {type: 'screen', screen: {...screen, help: {lines: 40, height: 35}}});
		assert.equal(taller.helpTop, 5);
	});

	it('i hides the details and shows them again', () => {
		const hidden = run(start(), typed('i'));
		assert.deepEqual([start().details, hidden.details, hidden.notice], [true, false, 'details hidden: i shows them']);
		assert.equal(run(hidden, typed('i')).details, true);
	});

	it('a smaller screen keeps the selection in view', () => {
		const down = run(start(), typed('G'));
		const smaller = reducer(down, {type: 'screen', screen: {...screen, listHeight: 4}});
		assert.equal(smaller.listTop, 26);
	});

	it('never changes the state it is given', () => {
		const state = frozen(run(start(), typed('jj'), named('return')));
		assert.doesNotThrow(() =>
			run(state, typed('jj'), s => ({type: 'screen', screen: withPage(s)}), typed('q'), typed('t')),
		);
	});
});

function named2(name: keyof KeyFlags, on: Screen): Action {
	return {type: 'keys', input: '', flags: {[name]: true}, screen: on};
}

describe('the state machine: files changed on disk (postsChanged)', () => {
	const nothing = {unreadable: [], skipped: []};
	const changed = (next: Post[], on: Screen = screen): Action => ({
		type: 'postsChanged',
		posts: next,
		leftOut: nothing,
		screen: on,
	});
	const at = (index: number) => posts[index]?.path ?? '';
	const without = (...indexes: number[]) => posts.filter((_, index) => !indexes.includes(index));
	const renamed = (index: number, name: string) =>
		posts.map((post, at) => (at === index ? {...post, path: name, absolutePath: `/gone/${name}`} : post));
	const added = makePost({title: 'A new post', date: '2025-01-01'}, 'New.', 'new.md');
	const onList = (index: number) => run(start(), ...Array.from({length: index}, () => typed('j')));
	const inReader = (index: number) => run(onList(index), named('return'), s => typed('jjjj', withPage(s)));

	const cases: Array<[name: string, from: () => State, next: Post[], selected: string | null, view: string]> = [
		['a post added: the selection stays', () => onList(3), [added, ...posts], at(3), 'list'],
		['another post removed: the selection stays', () => onList(3), without(0, 1), at(3), 'list'],
		['the selected post removed: its neighbour below is selected', () => onList(3), without(3), at(4), 'list'],
		['the last post removed while selected: the one above it', () => onList(29), without(29), at(28), 'list'],
		[
			'the selected post renamed: the new name is selected',
			() => onList(3),
			renamed(3, 'moved.md'),
			'moved.md',
			'list',
		],
		['the open post renamed: it stays open', () => inReader(2), renamed(2, 'moved.md'), 'moved.md', 'reader'],
		['the open post deleted: the reader stays, on it', () => inReader(2), without(2), at(2), 'reader'],
		['every post gone: nothing selected', () => onList(5), [], null, 'list'],
	];
	for (const [name, from, next, selectedPath, view] of cases) {
		it(name, () => {
			const after = reducer(frozen(from()), changed(next));
			assert.deepEqual([after.selectedPath, after.view], [selectedPath, view]);
			assert.equal(after.posts, next);
		});
	}

	it('the open post read again keeps its reading position (the anchor), and says nothing', () => {
		const reading = inReader(2);
		const edited = posts.map((post, index) => (index === 2 ? {...post, words: post.words + 1} : post));
		const after = reducer(frozen(reading), changed(edited));
		assert.deepEqual(after.readerAnchor, reading.readerAnchor);
		assert.equal(readerTop(after, withPage(after)), 4);
		assert.deepEqual([after.deleted, after.notice], [null, null]);
	});

	it('a post deleted while open is kept to say so; it opens again when its file comes back', () => {
		const reading = inReader(2);
		const deleted = reducer(frozen(reading), changed(without(2)));
		assert.equal(deleted.deleted?.title, 'Post 3');
		const back = reducer(deleted, changed(posts));
		assert.deepEqual([back.deleted, back.view, back.selectedPath], [null, 'reader', at(2)]);
		assert.equal(readerTop(back, withPage(back)), 4, 'at the same place');
	});

	it('going back to the list from a deleted post forgets it', () => {
		const deleted = reducer(inReader(2), changed(without(2)));
		const back = reducer(deleted, typed('q'));
		assert.deepEqual([back.view, back.deleted], ['list', null]);
	});

	it('a rename carries the position the post was left at', () => {
		const left = run(inReader(2), s => typed('q', withPage(s)));
		const after = reducer(left, changed(renamed(2, 'moved.md')));
		assert.deepEqual(after.positions['moved.md'], left.positions[at(2)]);
	});

	it('what loading left out is replaced too (the problems view)', () => {
		const leftOut = {unreadable: ['drafts: cannot read this folder (EACCES); skipped'], skipped: []};
		const after = reducer(start(), {type: 'postsChanged', posts, leftOut, screen});
		assert.deepEqual(after.leftOut, leftOut);
	});
});

describe('the state machine: the first read fills the list (postsRead)', () => {
	const reading = () => initialState({posts: [], search: fieldsOnly, firstRead: true});
	const read = (count: number, total = 30, on: Screen = screen): Action => ({
		type: 'postsRead',
		posts: posts.slice(0, count),
		done: count,
		total,
		screen: on,
	});
	const counted = (done: number, total = 30): Action => ({type: 'postsRead', done, total, screen});
	const selectedTitle = (state: State) => state.posts.find(post => post.path === state.selectedPath)?.title;

	const cases: Array<
		[name: string, after: () => State, firstRead: State['firstRead'], listed: number, title?: string]
	> = [
		['before anything is read: nothing listed, nothing counted', reading, {done: 0, total: 0}, 0],
		['a count alone moves the count, not the list', () => run(reading(), counted(7)), {done: 7, total: 30}, 0],
		['posts read: listed, the first selected', () => run(reading(), read(5)), {done: 5, total: 30}, 5, 'Post 1'],
		[
			'more read, no key pressed: the selection follows the first row',
			() => run(reading(), read(5), read(12)),
			{done: 12, total: 30},
			12,
			'Post 1',
		],
		[
			'a key moved the selection: it stays on its post as more are read',
			() => run(reading(), read(5), typed('j'), typed('j'), read(12)),
			{done: 12, total: 30},
			12,
			'Post 3',
		],
		[
			'the read ends (postsChanged): no count left, the selection where it was',
			() =>
				run(reading(), read(5), typed('j'), {
					type: 'postsChanged',
					posts,
					leftOut: {unreadable: [], skipped: []},
					screen,
				}),
			null,
			30,
			'Post 2',
		],
	];
	for (const [name, after, firstRead, listed, title] of cases) {
		it(name, () => {
			const state = after();
			assert.deepEqual(state.firstRead, firstRead);
			assert.equal(state.posts.length, listed);
			assert.equal(selectedTitle(state), title);
		});
	}

	it('a post opened from the list as it fills stays open as more are read', () => {
		const opened = run(reading(), read(5), typed('j'), named('return'), read(20));
		assert.deepEqual([opened.view, selectedTitle(opened)], ['reader', 'Post 2']);
	});
});
