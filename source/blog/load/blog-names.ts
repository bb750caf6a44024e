// What shell completion offers of a blog: its tags and categories, most used
// first, and its slugs in list order. Kept beside the index whenever the blog
// is read, so `--tag <TAB>` reads a small file instead of the whole index.

import {allSteps, stepEnds} from '../../util/slices.js';
import type {Post} from '../model/model.js';
import {compareNames} from '../query/names.js';

export type BlogNames = {tags: string[]; slugs: string[]};

/** The names of `posts` (drafts left out unless asked for), in the order completion offers them. */
export function blogNames(posts: readonly Post[], drafts = false): BlogNames {
	return allSteps(blogNamesInSteps(posts, drafts));
}

/** `blogNames` a step at a time (see util/slices.ts): the index's reader keeps them when a blog is read again. */
export function* blogNamesInSteps(posts: readonly Post[], drafts = false): Generator<void, BlogNames> {
	const counts = new Map<string, {name: string; count: number}>();
	const slugs: string[] = [];
	for (const [index, post] of posts.entries()) {
		if (stepEnds(index)) yield;
		if (post.draft && !drafts) continue;
		slugs.push(post.slug);
		for (const name of new Set([...post.tags, ...post.categories])) {
			const key = name.toLowerCase();
			const known = counts.get(key);
			if (known) known.count++;
			else counts.set(key, {name, count: 1});
		}
	}

	yield;
	const tags = [...counts.values()].sort((a, b) => b.count - a.count || compareNames(a.name, b.name));
	return {tags: tags.map(({name}) => name), slugs};
}

const isStrings = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every(item => typeof item === 'string');

/** The names as a file kept them, when it holds exactly that shape. */
export function parseBlogNames(text: string): BlogNames | undefined {
	try {
		const value: unknown = JSON.parse(text);
		if (typeof value !== 'object' || value === null) return undefined;
		const {tags, slugs} = value as Partial<Record<keyof BlogNames, unknown>>;
		return isStrings(tags) && isStrings(slugs) ? {tags, slugs} : undefined;
	} catch {
		return undefined;
	}
}
