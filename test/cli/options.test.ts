import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {validateConfig} from '../../source/cli/config.js';
import {
	checkArguments,
	type FlagValues,
	flagHelp,
	flags,
	meowFlags,
	parseFlags,
	spelling,
} from '../../source/cli/flags.js';
import {resolveOptions} from '../../source/cli/options.js';
import {UserError} from '../../source/util/errors.js';

/** The one-line message of the usage error `run` throws, or undefined. */
function usageError(run: () => unknown): string | undefined {
	try {
		run();
		return undefined;
	} catch (error) {
		assert.ok(error instanceof UserError && error.exitCode === 2, String(error));
		return error.message;
	}
}

describe('the flag table', () => {
	it('gives meow every flag, with its short form, and lists as multiple', () => {
		const spec = meowFlags();
		assert.deepEqual(Object.keys(spec), Object.keys(flags));
		assert.deepEqual(spec.tag, {type: 'string', shortFlag: 't', isMultiple: true});
		assert.deepEqual(spec.color, {type: 'boolean'});
		assert.deepEqual(spec.width, {type: 'string', shortFlag: 'w'});
	});

	it('writes the help section from the same table, one flag per line, continued lines aligned', () => {
		const help = flagHelp().split('\n');
		assert.deepEqual(help.slice(0, 2), [
			'    -t, --tag <tag>        only posts with this tag (repeat: every tag must',
			'                           match)',
		]);
		assert.ok(help.includes('        --no-color         plain text (NO_COLOR=1 does the same; FORCE_COLOR'));
		const theme = help.findIndex(line => line.startsWith('        --theme <name>'));
		assert.match(help[theme + 1] ?? '', /^ {27}dark; auto reads the background from COLORFGBG\)$/);
		for (const name of Object.keys(flags))
			assert.ok(
				help.some(line => line.includes(spelling(name).replace(/^-+/, '-'))),
				name,
			);
	});

	const values: Array<[string, Record<string, unknown>, Partial<FlagValues> | string]> = [
		['a width', {width: '72'}, {width: 72}],
		['a width not a number', {width: 'wide'}, '--width must be a whole number of columns from 20 to 1000, got "wide"'],
		['a width too small', {width: '5'}, '--width must be a whole number of columns from 20 to 1000, got "5"'],
		['a theme in any case', {theme: ' Light '}, {theme: 'light'}],
		['a theme that is none', {theme: 'purple'}, '--theme must be dark, light or auto, got "purple"'],
		['tags, # and spaces dropped', {tag: [' #go', 'CLI']}, {tag: ['go', 'CLI']}],
		['an empty tag', {tag: ['go', ' ']}, '--tag needs a tag name'],
		['an empty post to print', {print: ' '}, '--print needs a post: a file path or a slug'],
		['an empty language is none', {lang: ' '}, {lang: undefined}],
		['booleans not given stay undefined', {}, {drafts: undefined, color: undefined, list: undefined}],
		['--no-color', {color: false}, {color: false}],
		['an images mode in any case', {images: ' Blocks '}, {images: 'blocks'}],
		[
			'an images mode that is none',
			{images: 'sixels'},
			'--images must be auto, blocks, kitty, iterm, sixel, off, got "sixels"',
		],
	];
	for (const [name, raw, expected] of values) {
		it(`checks values: ${name}`, () => {
			if (typeof expected === 'string') {
				assert.equal(
					usageError(() => parseFlags(raw)),
					expected,
				);
				return;
			}

			const parsed = parseFlags(raw);
			for (const [flag, value] of Object.entries(expected))
				assert.deepEqual(parsed[flag as keyof FlagValues], value, flag);
		});
	}

	const argumentCases: Array<[string[], string[], string | undefined]> = [
		[['--list'], ['list'], undefined],
		[['--bogus'], ['bogus'], 'unknown option --bogus'],
		[['-z'], ['z'], 'unknown option -z'],
		[['--dryRun'], ['dryRun'], 'unknown option --dry-run'],
		[['--list', '-t'], ['list'], '--tag needs a value'],
		[['--print', '--list'], ['print', 'list'], '--print needs a value'],
		[['-w', '-'], ['width'], undefined],
	];
	for (const [args, parsedNames, expected] of argumentCases) {
		it(`checks arguments: ${args.join(' ')}`, () => {
			assert.equal(
				usageError(() => checkArguments(args, parsedNames)),
				expected,
			);
		});
	}
});

describe('options', () => {
	const none = parseFlags({});
	const cases: Array<
		[string, Partial<FlagValues>, NodeJS.ProcessEnv, Parameters<typeof resolveOptions>[3], Record<string, unknown>]
	> = [
		[
			'defaults',
			{},
			{},
			{},
			{theme: 'dark', drafts: false, center: false, sort: 'date', color: true, list: false, images: 'auto'},
		],
		['the config’s images when --images is not given', {}, {}, {images: 'off'}, {images: 'off'}],
		['--images over the config', {images: 'blocks'}, {}, {images: 'off'}, {images: 'blocks'}],
		['--json implies --list', {json: true}, {}, {}, {list: true, json: true}],
		['BLOGREAD_THEME when --theme is not given', {}, {BLOGREAD_THEME: 'LIGHT'}, {theme: 'auto'}, {theme: 'light'}],
		['--theme over BLOGREAD_THEME', {theme: 'auto'}, {BLOGREAD_THEME: 'light'}, {}, {theme: 'auto'}],
		[
			'an unknown BLOGREAD_THEME falls to the config',
			{},
			{BLOGREAD_THEME: 'purple'},
			{theme: 'light'},
			{theme: 'light'},
		],
		[
			'the config decides what the flags leave',
			{},
			{},
			{drafts: true, center: true, width: 90, sort: 'title'},
			{drafts: true, center: true, width: 90, sort: 'title'},
		],
		[
			'flags win over the config',
			{drafts: false, width: 60},
			{},
			{drafts: true, width: 90},
			{drafts: false, width: 60},
		],
		['the folder: BLOGREAD_DIR first', {}, {BLOGREAD_DIR: '/blog'}, {folder: '/other'}, {target: '/blog'}],
	];
	for (const [name, given, env, config, expected] of cases) {
		it(name, () => {
			const options = resolveOptions([], {...none, ...given}, env, config);
			for (const [key, value] of Object.entries(expected))
				assert.deepEqual(options[key as keyof typeof options], value, key);
		});
	}

	it('takes one path at most', () => {
		assert.equal(resolveOptions(['here'], none, {}, {}).target, 'here');
		assert.equal(
			usageError(() => resolveOptions(['a', 'b'], none, {}, {})),
			'expected one path, got 2: a b',
		);
	});
});

describe('the config file', () => {
	const cases: Array<[string, unknown, Record<string, unknown>, string | undefined]> = [
		[
			'every setting',
			{folder: '~/blog', theme: 'light', width: 90, sort: 'title', center: true, drafts: false},
			{folder: '~/blog', theme: 'light', width: 90, sort: 'title', center: true, drafts: false},
			undefined,
		],
		['pictures off', {images: 'off'}, {images: 'off'}, undefined],
		['an images mode that is none', {images: 'sixels'}, {}, 'ignored "images": "sixels"'],
		['a graphics protocol as the images mode', {images: 'kitty'}, {images: 'kitty'}, undefined],
		[
			'wrong values are named and left out',
			{width: 3, theme: 'light', colour: true},
			{theme: 'light'},
			'ignored "width": 3, "colour": true',
		],
		['not an object', [1, 2], {}, 'not a JSON object'],
	];
	for (const [name, value, config, problem] of cases) {
		it(name, () => {
			const loaded = validateConfig(value);
			assert.deepEqual(loaded.config, config);
			if (problem === undefined) assert.equal(loaded.problem, undefined);
			else assert.ok(loaded.problem?.startsWith(problem), loaded.problem);
		});
	}
});
