// Everything after --help and --version: flags (meow), the config file, then
// print mode or the app. The bundle runs this as one script compiled from V8's
// code cache (scripts/bundle.mjs, code-cache.ts); the entry (cli.tsx) loads it.
import meow from 'meow';
import {loadConfig} from './config.js';
import {errorMessage, UserError} from './errors.js';
import {help, USAGE, version} from './help.js';
import {main, parseOptions, type OpenApp} from './main.js';

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

/** Runs blogread with these arguments; expected failures end the process with one line and their exit code. */
async function run(args: string[], openApp: OpenApp): Promise<void> {
	const cli = meow(help, {
		argv: args,
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
		process.stdout.write(`${version(import.meta.url)}\n`);
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
	const {config, problem} = loadConfig(process.env);
	if (problem) process.stderr.write(`blogread: config ${problem}\n`);
	const options = parseOptions(cli.input, {
		...cli.flags,
		drafts: given('drafts') ? cli.flags.drafts : undefined,
		center: given('center') ? cli.flags.center : undefined,
	}, process.env, config);
	process.exitCode = await main(options, openApp);
}

export const program = {
	/** `openApp` loads the full-screen app: the bundle keeps it an ES module, and a script run from V8's code cache can't import one. */
	async run(args: string[], openApp: OpenApp): Promise<void> {
		await run(args, openApp).catch(fail);
	},
};
