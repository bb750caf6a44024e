// Print mode: the list as lines or JSON, and one post rendered.
import {stat} from 'node:fs/promises';
import path from 'node:path';
import {readBody, UNREADABLE} from '../posts/body.js';
import {loadBlog} from '../posts/load.js';
import {type Post, summarise} from '../posts/model.js';
import {listColumns, listRow} from '../render/list-row.js';
import {escapeForJson} from '../text/sanitize.js';
import type {Theme} from '../theme/palette.js';
import {UserError} from '../util/errors.js';
import type {Io} from './io.js';
import type {Options} from './options.js';
import {hyperlinks, makeTheme, output, printWidth} from './terminal.js';

/** The posts as `--list --json` prints them. */
export function formatJson(posts: Post[]): string {
	return `${escapeForJson(JSON.stringify(posts.map(summarise), null, 2))}\n`;
}

/** One line per post; cut to `width` on a terminal, whole in a pipe (width null). */
export function formatList(posts: Post[], width: number | null, theme: Theme): string {
	const columns = listColumns(posts, width);
	return posts.map(post => `${listRow(post, columns, theme)}\n`).join('');
}

/** The post a `--print` argument names: a path inside the blog, with or without extension, or a slug. */
export function findPost(posts: Post[], name: string): Post | undefined {
	const wanted = name.replace(/\\/g, '/').replace(/^\.\//, '');
	const absolute = path.resolve(name);
	return (
		posts.find(post => post.absolutePath === absolute || path.resolve(post.absolutePath) === absolute) ??
		posts.find(post => post.path === wanted || post.path.replace(/\.[^./]+$/, '') === wanted) ??
		posts.find(post => post.slug === wanted.toLowerCase())
	);
}

/** Prints one post, named by a file path or by its slug or path in the blog. */
export async function printPost(options: Options, name: string, io: Io): Promise<number> {
	const direct = (await stat(name).catch(() => undefined))?.isFile() ?? false;
	const blog = await loadBlog(direct ? name : options.target, {
		drafts: true,
		...(options.lang ? {lang: options.lang} : {}),
		env: io.env,
		warn: line => io.stderr.write(`${line}\n`),
	});
	// A translation is found by its own path too, not only the listed version.
	const candidates = [...blog.posts, ...[...(blog.translations?.values() ?? [])].flat()];
	const post = direct ? blog.posts[0] : findPost(candidates, name);
	if (!post) throw new UserError(`post not found: ${name} (in ${options.target}; blogread --list shows them)`);
	const body = readBody(post);
	if (body.problem !== null) {
		throw new UserError(`${direct ? name : post.path}: ${body.problem.replace(UNREADABLE, 'cannot read this file')}`);
	}

	// Markdown rendering (marked, highlight.js) is loaded only when a post is shown.
	const [{formatPost}, {RENDER_BUDGET_MS}] = await Promise.all([
		import('../render/bounded.js'),
		import('../render/render-job.js'),
	]);
	const theme = makeTheme(options, io);
	const page = {width: printWidth(options, io), theme, hyperlinks: hyperlinks(theme, io)};
	await output(await formatPost(post, body.markdown, page, RENDER_BUDGET_MS), options, io);
	return 0;
}
