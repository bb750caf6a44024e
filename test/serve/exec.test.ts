import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Options} from '../../source/cli/options.js';
import {commandWords, type ExecRequest, parseExecCommand, SERVED_COMMANDS} from '../../source/serve/exec-command.js';

// What a reader's `ssh HOST COMMAND` may ask of the server: its words split as
// plain words and quotes only, then only blogread's printing flags taken.

describe('commandWords: a command split as a shell splits words, and no more', () => {
	const cases: Array<[command: string, words: string[] | undefined]> = [
		['list', ['list']],
		['  --list   --tag   go ', ['--list', '--tag', 'go']],
		['a\tb\nc', ['a', 'b', 'c']],
		['', []],
		['   ', []],
		[`print 'two words'`, ['print', 'two words']],
		['print "two words"', ['print', 'two words']],
		[`'a'"b"c`, ['abc']],
		[`''`, ['']],
		['""', ['']],
		[`a '' b`, ['a', '', 'b']],
		[`'it"s'`, ['it"s']],
		[`"it's"`, ["it's"]],
		['"a \\" b"', ['a " b']],
		['"a \\\\ b"', ['a \\ b']],
		['"a\\nb"', ['a\\nb']],
		[`'a\\"b'`, ['a\\"b']],
		['two\\ words', ['two words']],
		["\\'", ["'"]],
		['trailing\\', ['trailing\\']],
		['$HOME', ['$HOME']],
		['"$HOME" $PATH', ['$HOME', '$PATH']],
		['"$(id)"', ['$(id)']],
		['*.md ~ ?', ['*.md', '~', '?']],
		['$(id) `id`', ['$(id)', '`id`']],
		['a;b|c&&d>e', ['a;b|c&&d>e']],
		[`'unclosed`, undefined],
		['"unclosed', undefined],
		[`print "a 'b`, undefined],
		['"\\"', undefined],
	];
	for (const [command, words] of cases) {
		it(`${JSON.stringify(command)} → ${JSON.stringify(words)}`, () => {
			assert.deepEqual(commandWords(command), words);
		});
	}
});

const TARGET = '/srv/blog';

/** The options a served command gets when it says nothing but what to print. */
const plain: Options = {
	target: TARGET,
	tags: [],
	search: '',
	list: false,
	json: false,
	format: undefined,
	print: undefined,
	width: undefined,
	drafts: false,
	color: true,
	theme: 'dark',
	sort: 'date',
	center: false,
	pager: false,
	lang: undefined,
	sections: [],
	state: false,
	images: 'auto',
	remoteImages: false,
};

const listed = (more: Partial<Options> = {}): ExecRequest => ({kind: 'list', options: {...plain, list: true, ...more}});
const printed = (name: string, more: Partial<Options> = {}): ExecRequest => ({
	kind: 'print',
	name,
	options: {...plain, print: name, ...more},
});

describe('parseExecCommand: what a served command prints', () => {
	const cases: Array<[command: string, expected: ExecRequest]> = [
		['list', listed()],
		['json', listed({json: true})],
		['print hello-world', printed('hello-world')],
		['print "A title with words"', printed('A title with words')],
		['help', {kind: 'help'}],
		['--help', {kind: 'help'}],
		['-h', {kind: 'help'}],
		['--list', listed()],
		['-l', listed()],
		['--json', listed({json: true})],
		['--print x', printed('x')],
		['--print=x', printed('x')],
		['-p x', printed('x')],
		['--format "{date} {title}"', listed({format: {parts: [{field: 'date'}, {text: ' '}, {field: 'title'}]}})],
		['--list --tag go --tag "#cli"', listed({tags: ['go', 'cli']})],
		['list -t go -t web', listed({tags: ['go', 'web']})],
		['-lt go', listed({tags: ['go']})],
		['--list --search "two words"', listed({search: 'two words'})],
		['list -s rust', listed({search: 'rust'})],
		['print x --width 60', printed('x', {width: 60})],
		['print x -w 1000', printed('x', {width: 1000})],
		['--list --no-color', listed({color: false})],
		['print x --no-color', printed('x', {color: false})],
		['blogread --list', listed()],
		['blogread list', listed()],
		['blogread print x', printed('x')],
		['print help', printed('help')],
		['print list', printed('list')],
	];
	for (const [command, expected] of cases) {
		it(JSON.stringify(command), () => {
			assert.deepEqual(parseExecCommand(command, TARGET, false), expected);
		});
	}

	it("always serves the server's folder and drafts, never state or a pager", () => {
		for (const command of ['list', 'json', 'print x', '--list --tag go', '--format {title}']) {
			for (const drafts of [false, true]) {
				const request = parseExecCommand(command, '/the/server/folder', drafts);
				assert.ok(request.kind === 'list' || request.kind === 'print', command);
				assert.equal(request.options.target, '/the/server/folder', command);
				assert.equal(request.options.drafts, drafts, command);
				assert.equal(request.options.state, false, command);
				assert.equal(request.options.pager, false, command);
			}
		}
	});
});

describe('parseExecCommand: what is refused', () => {
	const refused: Array<[command: string, why: RegExp]> = [
		['', /^this server runs /],
		['blogread', /^this server runs /],
		['ls -la', /^not a command here: ls -la; this server runs /],
		['cat /etc/passwd', /^not a command here: cat \/etc\/passwd; /],
		['--list /etc', /^not a command here: --list \/etc; /],
		['list list', /^not a command here: --list list; /],
		['blogread blogread --list', /^not a command here: blogread --list; /],
		['--list -- extra', /^not a command here: /],
		['--drafts --list', /^Unknown option '--drafts'; this server runs /],
		['--list --pager', /^Unknown option '--pager'; /],
		['--list --theme light', /^Unknown option '--theme'; /],
		['--list --lang fr', /^Unknown option '--lang'; /],
		['--list --no-state', /^Unknown option '--no-state'; /],
		['--version', /^Unknown option '--version'; /],
		['--list=yes', /^Option '-l, --list' does not take an argument; /],
		['--tag go', /^this server runs /],
		['--search go', /^this server runs /],
		['--width 60', /^this server runs /],
		['--no-color', /^this server runs /],
		['print', /argument missing; this server runs /],
		['print x --width 5', /^--width must be a whole number of columns from 20 to 1000, got "5"$/],
		['print x --width wide', /^--width must be a whole number of columns from 20 to 1000, got "wide"$/],
		['print x --width 1001', /^--width must be/],
		['print ""', /^--print needs a post/],
		['--list --tag ""', /^--tag needs a tag name$/],
		['--format nothing', /^--format needs \{field\} names/],
		['json --format "{title}"', /^--json and --format do not go together/],
		[`print 'unclosed`, /^a quote is not closed$/],
	];
	for (const [command, why] of refused) {
		it(JSON.stringify(command), () => {
			const request = parseExecCommand(command, TARGET, false);
			assert.equal(request.kind, 'refused', JSON.stringify(request));
			assert.match((request as {why: string}).why, why);
		});
	}

	it('says what the server runs, in one line, without the parser’s advice about --', () => {
		for (const command of ['ls', '--drafts', '--bogus --list']) {
			const request = parseExecCommand(command, TARGET, false);
			assert.ok(request.kind === 'refused');
			assert.ok(request.why.endsWith(`this server runs ${SERVED_COMMANDS}`), request.why);
			assert.ok(!request.why.includes('\n'), request.why);
			assert.doesNotMatch(request.why, /To specify/);
		}
	});
});
