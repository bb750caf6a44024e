#!/usr/bin/env node
// The entry: flags and help only. Everything else (meow, React, Ink, marked)
// is imported lazily, so `--help` and `--version` start as fast as Node does.
import {createRequire} from 'node:module';
import {errorMessage, UserError} from './errors.js';
import {helpRows} from './keymap.js';

const keyLines = (view: 'list' | 'reader') =>
	helpRows(view)
		.map(row => `    ${row.keys.padEnd(22)}${row.description}`)
		.join('\n');

const help = `
  Usage
    $ blogread [path] [options]

  path: a folder of Markdown posts (searched recursively) or one post file.
  Default: $BLOGREAD_DIR, else ./posts when it exists, else the current folder.

  Options
    -t, --tag <tag>        only posts with this tag (repeat: every tag must match)
    -s, --search <text>    only posts matching the text (title, excerpt, tags, author, body)
    -l, --list             print the matching posts and exit
        --json             with --list: print a JSON array instead of lines
    -p, --print <post>     print one rendered post and exit (a file path, or a slug from the list)
    -w, --width <cols>     wrap width for printed output (default: terminal width, else 80)
        --drafts           include drafts (draft: true, published: false)
        --no-color         plain text (NO_COLOR=1 does the same; FORCE_COLOR forces colour)
        --pager            show printed output through $PAGER (default: less -R)
        --center           centre the reading column in a wide terminal
        --lang <code>      for translated posts (post.en.md, post.fr.md), the language to show
        --theme <name>     dark, light or auto (default: $BLOGREAD_THEME, else dark;
                           auto reads the background from COLORFGBG)
    -h, --help             show this help
    -v, --version          show the version

  When stdout is not a terminal, a folder is printed as --list and a file as --print.
  Defaults can be set in $XDG_CONFIG_HOME/blogread/config.json (~/.config/...):
  {"folder": "~/blog", "theme": "light", "width": 90, "sort": "date", "center": true, "drafts": false}

  Keys in the post list
${keyLines('list')}

  Keys in the reader
${keyLines('reader')}

  Examples
    $ blogread ~/src/my-blog
    $ blogread --tag go --list
    $ blogread --print welcome-to-blogread | less -R
`;

export const USAGE = 'Usage: blogread [path] [options] (blogread --help lists them)';

const flagSpec = {
	tag: {type: 'string', shortFlag: 't', isMultiple: true},
	search: {type: 'string', shortFlag: 's'},
	list: {type: 'boolean', shortFlag: 'l'},
	json: {type: 'boolean'},
	print: {type: 'string', shortFlag: 'p'},
	width: {type: 'string', shortFlag: 'w'},
	drafts: {type: 'boolean'},
	color: {type: 'boolean', default: true},
	theme: {type: 'string'},
	pager: {type: 'boolean'},
	lang: {type: 'string'},
	center: {type: 'boolean'},
	help: {type: 'boolean', shortFlag: 'h'},
	version: {type: 'boolean', shortFlag: 'v'},
} as const;

function fail(error: unknown): never {
	if (error instanceof UserError) {
		process.stderr.write(`blogread: ${error.message}\n`);
		if (error.exitCode === 2) process.stderr.write(`${USAGE}\n`);
		process.exit(error.exitCode);
	}

	process.stderr.write(`blogread: unexpected error: ${errorMessage(error)}\n`);
	process.exit(1);
}

// `blogread --print post | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(0);
	throw error;
});

function version(): string {
	// package.json sits one folder up from both source/cli.tsx and dist/cli.js.
	const pkg = createRequire(import.meta.url)('../package.json') as {version?: string};
	return pkg.version ?? 'unknown';
}

async function run(): Promise<void> {
	const args = process.argv.slice(2);
	// The two answers that need nothing but this file.
	if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
		process.stdout.write(`${version()}\n`);
		return;
	}

	if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
		process.stdout.write(help.replace(/^\n/, '') + '\n');
		return;
	}

	const {default: meow} = await import('meow');
	const cli = meow(help, {
		importMeta: import.meta,
		autoHelp: false,
		autoVersion: false,
		// Unknown flags are reported below, as one line and exit code 2.
		allowUnknownFlags: true,
		flags: flagSpec,
	});

	const known = new Set(Object.keys(flagSpec));
	const unknown = Object.keys(cli.flags).filter(name => !known.has(name));
	if (unknown.length > 0) {
		const name = unknown[0] ?? '';
		throw new UserError(`unknown option ${name.length === 1 ? '-' : '--'}${name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)}`, 2);
	}

	if (cli.flags.help) {
		process.stdout.write(help.replace(/^\n/, '') + '\n');
		return;
	}

	if (cli.flags.version) {
		process.stdout.write(`${version()}\n`);
		return;
	}

	// meow drops a value flag given without a value (`blogread -t`); that is a usage error.
	const needsValue = new Map<string, string>([['-t', '--tag'], ['--tag', '--tag'], ['-s', '--search'], ['--search', '--search'], ['-p', '--print'], ['--print', '--print'], ['-w', '--width'], ['--width', '--width'], ['--theme', '--theme'], ['--lang', '--lang']]);
	args.forEach((arg, index) => {
		const next = args[index + 1];
		if (needsValue.has(arg) && (next === undefined || (next.startsWith('-') && next.length > 1))) throw new UserError(`${needsValue.get(arg) ?? arg} needs a value`, 2);
	});

	// meow gives absent booleans as false; the config decides those the user did not type.
	const given = (name: string) => args.some(arg => arg === `--${name}` || arg === `--no-${name}` || arg.startsWith(`--${name}=`));
	const [{main, parseOptions}, {loadConfig}] = await Promise.all([import('./main.js'), import('./config.js')]);
	const {config, problem} = loadConfig(process.env);
	if (problem) process.stderr.write(`blogread: config ${problem}\n`);
	const options = parseOptions(cli.input, {
		...cli.flags,
		drafts: given('drafts') ? cli.flags.drafts : undefined,
		center: given('center') ? cli.flags.center : undefined,
	}, process.env, config);
	process.exitCode = await main(options);
}

run().catch(fail);
