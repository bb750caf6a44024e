// Everything after --help and --version: flags, the config file, then print
// mode or the app (loaded only for the app).
import {stat} from 'node:fs/promises';
import meow from 'meow';
import {closestTerms, type Filters, termExists, visiblePosts} from '../posts/filter.js';
import {loadBlog} from '../posts/load.js';
import {fieldsOnly, SearchBodies} from '../posts/search.js';
import {errorMessage, UserError} from '../util/errors.js';
import {loadConfig} from './config.js';
import {checkArguments, meowFlags, parseFlags} from './flags.js';
import {helpText, USAGE, version} from './help.js';
import {type Options, resolveOptions} from './options.js';
import {formatJson, formatList, printPost} from './print.js';
import {hyperlinks, interactive, makeTheme, output, printWidth} from './terminal.js';

async function isFile(target: string): Promise<boolean> {
	return (await stat(target).catch(() => undefined))?.isFile() ?? false;
}

/** Lines on stderr for what the user should know about the list: unreadable folders, no posts, tags no post has. */
function reportListProblems(options: Options, blog: Awaited<ReturnType<typeof loadBlog>>, shown: number): void {
	const say = (line: string) => process.stderr.write(`blogread: ${line}\n`);
	for (const problem of blog.problems ?? []) say(`${options.target}/${problem}`);
	if (blog.posts.length === 0) {
		const drafts = blog.hiddenDrafts > 0 ? ` (${blog.hiddenDrafts} drafts hidden: add --drafts)` : '';
		say(`no posts in ${options.target}${drafts}`);
		return;
	}

	const missing = options.tags.filter(name => !termExists(blog.posts, name));
	for (const tag of missing) {
		const closest = closestTerms(blog.posts, tag);
		say(`no post has the tag "${tag}"${closest.length > 0 ? `; closest: ${closest.join(', ')}` : ''}`);
	}

	if (shown === 0 && missing.length === 0)
		say(`no posts match the filters (${blog.posts.length} posts in ${options.target})`);
}

async function listOrOpen(options: Options): Promise<number> {
	const targetIsFile = await isFile(options.target);
	if (targetIsFile && !options.list && !interactive()) return printPost(options, options.target);

	const blog = await loadBlog(options.target, {drafts: options.drafts, ...(options.lang ? {lang: options.lang} : {})});
	const filters: Filters = {terms: options.tags.map(name => ({kind: 'any', name})), mode: 'and', query: options.search};
	// A search needs every body; without one, none is read.
	const bodies = options.search.trim() === '' ? undefined : new SearchBodies();
	bodies?.prepare(blog.posts);
	const posts = visiblePosts(blog.posts, filters, options.sort, bodies?.view(blog.posts) ?? fieldsOnly);
	reportListProblems(options, blog, posts.length);

	if (options.list || !interactive()) {
		await output(
			options.json
				? formatJson(posts)
				: formatList(posts, process.stdout.isTTY ? printWidth(options) : null, makeTheme(options)),
			options,
		);
		return 0;
	}

	const {openTerminalInput, runApp} = await import('../ui/run.js');
	const stdin = openTerminalInput();
	if (!stdin) {
		// No terminal to read keys from (cron, a pipe with no /dev/tty): print instead.
		process.stdout.write(formatList(posts, printWidth(options), makeTheme(options)));
		return 0;
	}

	const theme = makeTheme(options, true);
	await runApp({
		blog,
		filters,
		theme,
		hyperlinks: hyperlinks(theme),
		stdin,
		openFirst: targetIsFile,
		sort: options.sort,
		center: options.center,
		...(bodies ? {bodies} : {}),
		...(options.width === undefined ? {} : {maxWidth: options.width}),
	});
	return 0;
}

/** Runs one invocation and gives its exit code; expected failures throw UserError. */
export async function run(args: string[]): Promise<number> {
	const cli = meow({
		argv: args,
		importMeta: import.meta,
		autoHelp: false,
		autoVersion: false,
		// Unknown flags are reported by checkArguments, as one line and exit code 2.
		allowUnknownFlags: true,
		// A boolean not given stays undefined, so the config file can decide it.
		booleanDefault: undefined,
		flags: meowFlags(),
	});
	checkArguments(args, Object.keys(cli.flags));
	const flags = parseFlags(cli.flags);
	if (flags.help) {
		process.stdout.write(helpText());
		return 0;
	}

	if (flags.version) {
		process.stdout.write(`${version()}\n`);
		return 0;
	}

	const {config, problem} = loadConfig(process.env);
	if (problem) process.stderr.write(`blogread: config ${problem}\n`);
	const options = resolveOptions(cli.input.map(String), flags, process.env, config);
	return options.print === undefined ? listOrOpen(options) : printPost(options, options.print);
}

/** Runs blogread and exits: expected failures as one line and their exit code, anything else as one line and 1. */
export async function main(args: string[]): Promise<void> {
	try {
		process.exitCode = await run(args);
	} catch (error) {
		if (error instanceof UserError) {
			process.stderr.write(`blogread: ${error.message}\n`);
			if (error.exitCode === 2) process.stderr.write(`${USAGE}\n`);
			process.exit(error.exitCode);
		}

		process.stderr.write(`blogread: unexpected error: ${errorMessage(error)}\n`);
		process.exit(1);
	}
}
