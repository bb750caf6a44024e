// Every slug names one post: `--print SLUG`, and a script that feeds the
// list's slug column back to blogread, rely on it.
import path from 'node:path';
import {cleanLine} from '../../text/sanitize.js';
import {stepEnds} from '../../util/slices.js';
import type {Post} from '../model/model.js';
import {compareText} from './discover.js';

const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');

/** The name of a post's file without extension; a page bundle's (`wasm-gsl/index.md`) is its folder's. */
function fileStem(post: Post): string {
	const stem = path.posix.basename(withoutExtension(post.path));
	const folder = path.posix.basename(path.posix.dirname(post.path));
	return (/^_?index$/i.test(stem) && folder !== '.' ? folder : stem).toLowerCase();
}

/**
 * Gives posts that share a slug a longer one, so every slug names one post.
 * Of those sharing one, the post whose path is that name keeps it, else one
 * whose file has that name (`wasm-gsl.md` beside `2019-05-01-wasm-gsl.md`),
 * else the first in path order; the others take their path without its extension, or with it, or
 * with a number added, whichever no post has. Decided over all posts, drafts
 * too, in path order, so a slug means the same post with or without --drafts.
 * A step at a time (see util/slices.ts).
 */
export function* makeSlugsUnique(posts: Post[]): Generator<void, void> {
	// Grouped in the order given; only the few groups of more than one post are put in path order.
	const groups = new Map<string, Post | Post[]>();
	for (const [index, post] of posts.entries()) {
		const group = groups.get(post.slug);
		if (group === undefined) groups.set(post.slug, post);
		else if (Array.isArray(group)) group.push(post);
		else groups.set(post.slug, [group, post]);
		if (stepEnds(index)) yield;
	}

	const renamed: Post[] = [];
	for (const [slug, group] of groups) {
		if (!Array.isArray(group)) continue;
		group.sort((a, b) => compareText(a.path, b.path));
		const keeper =
			group.find(post => withoutExtension(post.path).toLowerCase() === slug) ??
			group.find(post => fileStem(post) === slug) ??
			group[0];
		renamed.push(...group.filter(post => post !== keeper));
	}

	if (renamed.length === 0) return;
	const taken = new Set(groups.keys());
	renamed.sort((a, b) => compareText(a.path, b.path));
	for (const post of renamed) {
		// A page bundle goes by its folder's path first (`2026/otel-arrow/index.md` is `2026/otel-arrow`).
		const stem = cleanLine(withoutExtension(post.path).toLowerCase());
		const names = [stem.replace(/\/_?index$/, ''), stem, cleanLine(post.path.toLowerCase())];
		let slug = names.find(name => !taken.has(name)) ?? stem;
		for (let number = 2; taken.has(slug); number++) slug = `${stem}-${number}`;
		post.slug = slug;
		taken.add(slug);
	}
}
