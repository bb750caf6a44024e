import {promises as fs} from 'node:fs';
import {createRequire} from 'node:module';
import {supportsColor} from 'chalk';
import supportsHyperlinks from 'supports-hyperlinks';
import {UserError} from './errors.js';
import {MIN_WIDTH, type Options} from './options.js';
import {closestTerms, termExists, visiblePosts, type Filters} from './posts/filter.js';
import {loadBlog} from './posts/load.js';
import {findPost, formatJson, formatList} from './print.js';
import {createTheme, detectColorLevel, resolveThemeName, type ColorLevel, type Theme} from './theme.js';

export {parseOptions} from './options.js';

/** The full-screen app (ui/run.tsx), loaded by whoever starts blogread: the bundle keeps it an ES module apart from this code. */
export type OpenApp = () => Promise<typeof import('./ui/run.js')>;

const DEFAULT_WIDTH = 80;

function colorLevel(options: Options, stream: NodeJS.WriteStream): ColorLevel {
	const supported = supportsColor === false ? 0 : supportsColor.level;
	return detectColorLevel({color: options.color, isTTY: stream.isTTY === true, env: process.env, supported});
}

function makeTheme(options: Options, forApp = false): Theme {
	return createTheme(colorLevel(options, process.stdout), resolveThemeName(options.theme, process.env), {inverseWithoutColor: forApp});
}

/** Clickable links only where the terminal says it supports them, and never without colour. */
function hyperlinks(theme: Theme): boolean {
	return theme.level > 0 && supportsHyperlinks.stdout;
}

/** --width, else the terminal's width (a pseudo-terminal may report 0: then $COLUMNS), else 80. */
function printWidth(options: Options): number {
	if (options.width !== undefined) return options.width;
	const columns = (process.stdout.isTTY ? process.stdout.columns : 0) || Number(process.env['COLUMNS']) || DEFAULT_WIDTH;
	return Math.max(MIN_WIDTH, columns);
}

/** Writes printed output, through $PAGER when asked and stdout is a terminal. */
async function output(text: string, options: Options): Promise<void> {
	if (!options.pager || !process.stdout.isTTY) {
		process.stdout.write(text);
		return;
	}

	const pager = process.env['PAGER'] || 'less -R';
	// Loaded only for a pager; required, as the bundle runs this file as a script (see program.ts).
	const {spawn} = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
	const child = spawn(pager, {shell: true, stdio: ['pipe', 'inherit', 'inherit']});
	child.stdin.on('error', () => {
		// The pager quit before reading everything: that is the user's choice.
	});
	child.stdin.end(text);
	const code = await new Promise<number | null>(resolve => {
		child.on('close', resolve);
		child.on('error', () => {
			resolve(null);
		});
	});
	if (code === null) throw new UserError(`could not run the pager "${pager}" (set PAGER)`);
}

/** A terminal that can take the full-screen app: not a pipe, and not TERM=dumb. */
function interactive(): boolean {
	return process.stdout.isTTY === true && process.env['TERM'] !== 'dumb';
}

async function isFile(target: string): Promise<boolean> {
	return (await fs.stat(target).catch(() => undefined))?.isFile() ?? false;
}

async function printPost(options: Options, name: string): Promise<number> {
	const theme = makeTheme(options);
	const direct = await isFile(name);
	const blog = await loadBlog(direct ? name : options.target, {drafts: true, ...(options.lang ? {lang: options.lang} : {})});
	// A translation is found by its own path too, not only the listed version.
	const candidates = [...blog.posts, ...[...(blog.translations?.values() ?? [])].flat()];
	const post = direct ? blog.posts[0] : findPost(candidates, name);
	if (!post) throw new UserError(`post not found: ${name} (in ${options.target}; blogread --list shows them)`);
	// Markdown rendering (marked, highlight.js) is loaded only when a post is shown.
	const [{formatPost}, {RENDER_BUDGET_MS}] = await Promise.all([import('./render/bounded.js'), import('./render/render-job.js')]);
	await output(await formatPost(post, {width: printWidth(options), theme, hyperlinks: hyperlinks(theme)}, RENDER_BUDGET_MS), options);
	return 0;
}

/** Runs one invocation and returns its exit code; expected failures throw UserError. */
export async function main(options: Options, openApp: OpenApp): Promise<number> {
	if (options.print !== undefined) return printPost(options, options.print);

	const targetIsFile = await isFile(options.target);
	if (targetIsFile && !options.list && !interactive()) return printPost(options, options.target);

	const blog = await loadBlog(options.target, {drafts: options.drafts, ...(options.lang ? {lang: options.lang} : {})});
	const filters: Filters = {terms: options.tags.map(name => ({kind: 'any', name})), mode: 'and', query: options.search};
	const posts = visiblePosts(blog.posts, filters, options.sort);
	for (const problem of blog.problems ?? []) process.stderr.write(`blogread: ${options.target}/${problem}\n`);
	if (blog.posts.length === 0) {
		const drafts = blog.hiddenDrafts > 0 ? ` (${blog.hiddenDrafts} drafts hidden: add --drafts)` : '';
		process.stderr.write(`blogread: no posts in ${options.target}${drafts}\n`);
	} else {
		for (const tag of options.tags.filter(name => !termExists(blog.posts, name))) {
			const closest = closestTerms(blog.posts, tag);
			process.stderr.write(`blogread: no post has the tag "${tag}"${closest.length > 0 ? `; closest: ${closest.join(', ')}` : ''}\n`);
		}

		if (posts.length === 0 && options.tags.every(name => termExists(blog.posts, name))) {
			process.stderr.write(`blogread: no posts match the filters (${blog.posts.length} posts in ${options.target})\n`);
		}
	}

	if (options.list || !interactive()) {
		const theme = makeTheme(options);
		await output(options.json ? formatJson(posts) : formatList(posts, process.stdout.isTTY ? printWidth(options) : null, theme), options);
		return 0;
	}

	const {openTerminalInput, runTui} = await openApp();
	const stdin = openTerminalInput();
	if (!stdin) {
		// No terminal to read keys from (cron, a pipe with no /dev/tty): print instead.
		process.stdout.write(formatList(posts, printWidth(options), makeTheme(options)));
		return 0;
	}

	const theme = makeTheme(options, true);
	await runTui({
		blog,
		filters,
		theme,
		hyperlinks: hyperlinks(theme),
		stdin,
		openFirst: targetIsFile,
		sort: options.sort,
		center: options.center,
		...(options.width === undefined ? {} : {maxWidth: options.width}),
	});
	return 0;
}
