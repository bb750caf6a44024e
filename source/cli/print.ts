// Print mode: the list as lines or JSON, and one post rendered.
import {stat} from 'node:fs/promises';
import {readBody, unreadableLine} from '../blog/load/body.js';
import {loadBlog} from '../blog/load/load.js';
import {type Blog, type Post, summarise} from '../blog/model/model.js';
import {candidateList, resolvePost} from '../blog/query/resolve-post.js';
import {pictureRowsFor} from '../pictures/fit.js';
import {type PictureGraphics, pictureGraphics, worthAsking} from '../pictures/graphics.js';
import {PictureStore} from '../pictures/picture-store.js';
import {listColumns, listRow} from '../render/list-row.js';
import type {PageOptions} from '../render/post-header.js';
import {formatPost} from '../render/printed.js';
import {RENDER_BUDGET_MS} from '../render/service/limits.js';
import {escapeForJson} from '../text/sanitize.js';
import type {Theme} from '../theme/palette.js';
import {UserError} from '../util/errors.js';
import {askTerminal} from './graphics-query.js';
import {type Io, say} from './io.js';
import {formatLines, TAB_SEPARATED} from './list-format.js';
import type {Options} from './options.js';
import {hyperlinks, makeTheme, output, printWidth} from './terminal.js';

/** The posts as `--list --json` prints them. */
export function formatJson(posts: Post[]): string {
	return `${escapeForJson(JSON.stringify(posts.map(summarise), null, 2))}\n`;
}

/** One aligned line per post, cut to `width`, for a person at a terminal. */
export function formatList(posts: Post[], width: number, theme: Theme): string {
	const columns = listColumns(posts, width);
	return posts.map(post => `${listRow(post, columns, theme)}\n`).join('');
}

/** What `--list` prints: JSON, the layout asked for, tab-separated lines into a pipe, else aligned columns. */
export function listText(posts: Post[], options: Options, io: Io): string {
	if (options.json) return formatJson(posts);
	if (options.format) return formatLines(posts, options.format);
	if (!io.stdout.isTTY) return formatLines(posts, TAB_SEPARATED);
	return formatList(posts, printWidth(options, io), makeTheme(options, io));
}

/** The post a `--print` argument names in a loaded blog; none, or several, is a one-line failure. */
function namedPost(name: string, posts: Post[], translations: Post[], where: Where): Post {
	const found = resolvePost(name, {posts, translations, cwd: where.cwd});
	if (found.kind === 'found') return found.post;
	if (found.kind === 'ambiguous') {
		throw new UserError(`"${name}" is ambiguous, ${found.how}: ${candidateList(found.candidates)}`);
	}

	const hint = found.closest.length > 0 ? `closest: ${found.closest.join(', ')}` : where.listHint;
	throw new UserError(`post not found: ${name} (in ${where.blog}; ${hint})`);
}

/** Prints one post, named by a file path, or by anything `resolvePost` takes in the blog. */
export async function printPost(options: Options, name: string, io: Io): Promise<number> {
	const direct = (await stat(name).catch(() => undefined))?.isFile() ?? false;
	const blog = await loadBlog(direct ? name : options.target, {
		drafts: true,
		...(options.lang ? {lang: options.lang} : {}),
		...(options.sections.length > 0 ? {sections: options.sections} : {}),
		env: io.env,
		warn: line => io.stderr.write(`${line}\n`),
	});
	if (!direct) return printBlogPost(blog, name, options, io);
	const post = blog.posts[0];
	if (!post) throw new UserError(`${name}: no post in this file`);
	return printRendered(post, name, options, io);
}

/** Where a post is looked for by name: paths from `cwd`; a failure names `blog` and says how to list it. */
export type Where = {cwd: string; blog: string; listHint: string};

/** The post of a loaded blog that `name` names (a slug, a path in it, a title…), never a file outside it. */
export function findBlogPost(blog: Blog, name: string, where: Where): Post {
	// A translation is found by its own path too, not only the listed version.
	const listed = new Set(blog.posts);
	const translations = [...new Set([...(blog.translations?.values() ?? [])].flat())].filter(post => !listed.has(post));
	return namedPost(name, blog.posts, translations, where);
}

/** Prints the post of a loaded blog that `name` names. */
export async function printBlogPost(
	blog: Blog,
	name: string,
	options: Options,
	io: Io,
	where: Where = {cwd: process.cwd(), blog: options.target, listHint: 'blogread --list shows them'},
): Promise<number> {
	const post = findBlogPost(blog, name, where);
	return printRendered(post, post.path, options, io);
}

/** The one-line failure for a post whose file could not be read (`problem`, as readBody says it). */
export function unreadablePost(shownAs: string, problem: string): UserError {
	return new UserError(unreadableLine(shownAs, problem));
}

/**
 * The page a post is printed on: the width and colours the options and the terminal say, and
 * pictures drawn where colour works (half a terminal's rows at most; a pipe's page is taken as 24).
 */
export function printPage(options: Options, io: Io): PageOptions {
	const theme = makeTheme(options, io);
	const page = {width: printWidth(options, io), theme, hyperlinks: hyperlinks(theme, io)};
	if (options.images === 'off' || theme.level === 0) return page;
	return {...page, pictureRows: pictureRowsFor(io.stdout.rows ?? 24)};
}

/**
 * How a printed post's pictures are drawn: half blocks into a pager, a pipe or a file (unless a
 * protocol is asked for), else the terminal's way, asked of it where its environment does not say.
 */
async function printGraphics(options: Options, io: Io): Promise<PictureGraphics> {
	const terminal = io.own && io.stdout.isTTY === true;
	if (options.images === 'off' || (options.pager && terminal) || (options.images === 'auto' && !terminal)) return {};
	const asked = worthAsking(options.images, 'print', io.env);
	const replies = asked ? await askTerminal(process.stdin, text => io.stdout.write(text)) : {};
	return pictureGraphics(options.images, 'print', io.env, replies);
}

/** The post rendered, for the terminal on stdout or plain; `shownAs` names it in a failure. */
async function printRendered(post: Post, shownAs: string, options: Options, io: Io): Promise<number> {
	const body = readBody(post);
	if (body.problem !== null) throw unreadablePost(shownAs, body.problem);

	const page = printPage(options, io);
	const pictures =
		page.pictureRows === undefined
			? undefined
			: {store: PictureStore.keptIn(io.env, options.remoteImages), graphics: () => printGraphics(options, io)};
	const text = await formatPost(post, body.markdown, page, RENDER_BUDGET_MS, line => say(io, line), pictures);
	await output(text, options, io);
	return 0;
}
