import {errorCode, errorMessage} from '../../util/errors.js';
import type {Post} from '../model/model.js';
import {frontMatterBody, parseFrontMatter} from './front-matter.js';
import {readHugoConfig} from './hugo-config.js';
import {readPostText, readSmallFile} from './read-file.js';

/** A post's Markdown body as read now, or why it could not be read. */
export type Body = {markdown: string; problem: string | null};

/** How a post's warnings begin when its file could not be read. */
const UNREADABLE = 'could not read the file';

/** Why a post's file could not be read, as its warning says it: the system's code, or what is wrong with it. */
export function unreadable(error: unknown): string {
	const code = errorCode(error);
	const reason = code === 'EOUTSIDE' || code === 'ENOTFILE' ? errorMessage(error) : code;
	return `${UNREADABLE} (${reason})`;
}

/** The warning a post has when its file could not be read (see unreadable), if it has one. */
export function unreadableWarning(post: Pick<Post, 'warnings'>): string | undefined {
	return post.warnings.find(warning => warning.startsWith(UNREADABLE));
}

/** The line that names a file whose post has the warning `unreadable` gave: `x.md: cannot read this file (EACCES)`. */
export function unreadableLine(file: string, warning: string): string {
	return `${file}: ${warning.replace(UNREADABLE, 'cannot read this file')}`;
}

/**
 * Reads a post's Markdown body from its file: bodies are not kept in memory
 * between uses (ten thousand posts would all sit there). The front matter was
 * parsed when the post was loaded; here it is only located and skipped. The
 * file is checked again as it is opened: still a regular file in the blog.
 */
export function readBody(post: Pick<Post, 'absolutePath' | 'folder'>): Body {
	try {
		const text = readPostText(post.absolutePath, post.folder).text;
		const body = frontMatterBody(text);
		return {markdown: PARAM.test(body) ? withParams(body, text, post.folder) : body, problem: null};
	} catch (error) {
		return {markdown: '', problem: unreadable(error)};
	}
}

/** Hugo's `param` shortcode: `{{% param eventUrl %}}`, `{{< param "social.x" >}}`. */
const PARAM = /\{\{[<%]\s*param\s+["'`]?([\w.-]{1,100})["'`]?\s*[>%]\}\}/;
const PARAMS = new RegExp(PARAM.source, 'g');

/** A site's `params` by its folder, read once. */
const siteParams = new Map<string, Record<string, unknown>>();

/** A value of `data` by a dotted name, case aside (Hugo's keys are), when it is text or a number. */
function paramValue(data: Record<string, unknown>, name: string): string | undefined {
	let value: unknown = data;
	for (const part of name.toLowerCase().split('.')) {
		if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
		const entries = Object.entries(value as Record<string, unknown>);
		value = entries.find(([key]) => key.toLowerCase() === part)?.[1];
	}

	return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * The body with each `param` shortcode filled, as Hugo fills it: from the
 * post's front matter, else the site's `params`; one found in neither stays
 * as written. The values are text of the post like any other.
 */
function withParams(body: string, text: string, folder: string): string {
	const front = parseFrontMatter(text).data;
	let site = siteParams.get(folder);
	if (!site) {
		site = readHugoConfig(relative => readSmallFile(folder, relative)).params;
		siteParams.set(folder, site);
	}

	const {params} = front;
	const page = typeof params === 'object' && params !== null ? {...front, ...(params as object)} : front;
	return body.replace(PARAMS, (tag, name: string) => paramValue(page, name) ?? paramValue(site, name) ?? tag);
}
