// Which post a `--print` argument names. A name is tried as a path, a slug, a
// file name and a title, in that order, and the first kind that fits any post
// decides: the slug printed by `--list` always works, and a name that fits
// several posts of one kind is reported, never settled by a silent pick.
import path from 'node:path';
import type {Post} from '../model/model.js';
import {trimRuns} from '../model/trim.js';
import {editDistance} from './names.js';

export type Resolution =
	| {kind: 'found'; post: Post}
	/** `how` says what the candidates share, for the message ("2 posts have this slug"). */
	| {kind: 'ambiguous'; candidates: Post[]; how: string}
	| {kind: 'missing'; closest: string[]};

export type ResolveContext = {
	/** The posts as listed (drafts included for --print). */
	posts: readonly Post[];
	/** Other language versions of translated posts: found by their path or file name, not by the shared slug. */
	translations?: readonly Post[];
	/** Where a relative path was typed from. */
	cwd: string;
};

const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');
const folded = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** A page bundle's folder (`posts/wasm-gsl` of `posts/wasm-gsl/index.md`), or null for a post of its own file. */
function bundleFolder(postPath: string): string | null {
	const folder = path.posix.dirname(postPath);
	return /^_?index$/i.test(withoutExtension(path.posix.basename(postPath))) && folder !== '.' ? folder : null;
}

/** The names a post's file goes by: with and without extension, and a page bundle's folder (`wasm-gsl/index.md`). */
function fileNames(post: Post): string[] {
	const base = path.posix.basename(post.path);
	const names = [base, withoutExtension(base)];
	const folder = path.posix.basename(path.posix.dirname(post.path));
	if (/^_?index$/i.test(withoutExtension(base)) && folder !== '.') names.push(folder);
	return names.map(name => name.toLowerCase());
}

type Kind = {how: (count: number) => string; everyVersion: boolean; fits: (post: Post) => boolean};

function kinds(name: string, cwd: string): Kind[] {
	const slashed = name.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
	const wanted = trimRuns(slashed, '/', true);
	// A name with a folder in it (or a slash after it) is a path: a page bundle's folder is the post.
	const folderPath = slashed.includes('/') ? wanted : undefined;
	const absolute = path.resolve(cwd, name);
	const lower = name.toLowerCase();
	const title = folded(name);
	return [
		{
			how: count => `${count} files have this path`,
			everyVersion: true,
			// A page bundle is named by its folder's path too, as the folder is the post.
			fits: post =>
				post.path === wanted ||
				withoutExtension(post.path) === wanted ||
				(folderPath !== undefined && bundleFolder(post.path) === folderPath) ||
				path.resolve(post.absolutePath) === absolute ||
				(bundleFolder(post.path) !== null && path.dirname(path.resolve(post.absolutePath)) === absolute),
		},
		{
			how: count => `${count} posts have this slug`,
			everyVersion: false,
			fits: post => post.slug.toLowerCase() === lower,
		},
		{how: count => `${count} files have this name`, everyVersion: true, fits: post => fileNames(post).includes(lower)},
		{how: count => `${count} posts have this title`, everyVersion: false, fits: post => folded(post.title) === title},
		{
			how: count => `${count} titles start with it`,
			everyVersion: false,
			fits: post => title !== '' && folded(post.title).startsWith(title),
		},
	];
}

/** The post `name` names: a path (in the blog, or from `cwd`), a slug, a file name, a title or a title's start. */
export function resolvePost(name: string, {posts, translations = [], cwd}: ResolveContext): Resolution {
	for (const kind of kinds(name, cwd)) {
		const candidates = posts.filter(kind.fits);
		if (kind.everyVersion) candidates.push(...translations.filter(kind.fits));
		const [first] = candidates;
		if (first === undefined) continue;
		return candidates.length === 1
			? {kind: 'found', post: first}
			: {kind: 'ambiguous', candidates, how: kind.how(candidates.length)};
	}

	return {kind: 'missing', closest: closestSlugs(name, posts)};
}

/**
 * The slugs nearest to a name that named nothing, for "did you mean": slugs
 * and titles holding it (for names of three letters or more), then slugs a
 * few edits away.
 */
export function closestSlugs(name: string, posts: readonly Post[], limit = 3): string[] {
	const wanted = name.trim().toLowerCase();
	const most = Math.max(2, Math.floor(wanted.length / 3));
	const scored: Array<{slug: string; distance: number}> = [];
	for (const post of posts) {
		const holds = wanted.length >= 3 && (post.slug.includes(wanted) || post.title.toLowerCase().includes(wanted));
		// The length alone rules most slugs out before the edit distance is worked out.
		const distance = holds
			? 0
			: Math.abs(post.slug.length - wanted.length) > most
				? Number.POSITIVE_INFINITY
				: editDistance(wanted, post.slug);
		if (distance <= most) scored.push({slug: post.slug, distance});
	}

	return scored
		.sort((a, b) => a.distance - b.distance || a.slug.localeCompare(b.slug))
		.slice(0, limit)
		.map(item => item.slug);
}

/**
 * Candidates as one short list: by slug, or by path when slugs repeat (a post
 * and its translations), the first few and how many more.
 */
export function candidateList(candidates: readonly Post[], shown = 5): string {
	const slugs = candidates.map(post => post.slug);
	const names = new Set(slugs).size === slugs.length ? slugs : candidates.map(post => post.path);
	const more = names.length - shown;
	return more > 0 ? `${names.slice(0, shown).join(', ')} and ${more} more` : names.join(', ');
}
