// A blog read again while the app runs, laid over the posts it shows: what did
// not change keeps its object (pages, search text and lists are cached by it),
// and a translation the reader switched to stays switched. In steps (see
// util/slices.ts): at 50,000 posts a merge took 80-180 ms, every key waiting.
import {stepEnds} from '../../util/slices.js';
import {fieldNames, type Post} from '../model/model.js';

function sameValue(a: unknown, b: unknown): boolean {
	if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
	return a === b;
}

/** Whether two posts say the same in every field and come from the same file. */
export function samePost(a: Post, b: Post): boolean {
	return a.absolutePath === b.absolutePath && fieldNames.every(name => sameValue(a[name], b[name]));
}

/**
 * The fresh posts, each replaced by the one shown before when its file was not
 * reported changed (`changed`: paths) and its fields are the same. A file can
 * change without any field changing (a word fixed in its body): that is why
 * the reported paths always get the fresh post.
 */
export function* keepUnchanged(
	previous: readonly Post[],
	fresh: readonly Post[],
	changed: ReadonlySet<string>,
): Generator<void, Post[]> {
	const before = new Map<string, Post>();
	for (const [index, post] of previous.entries()) {
		before.set(post.path, post);
		if (stepEnds(index)) yield;
	}

	const kept: Post[] = [];
	for (const [index, post] of fresh.entries()) {
		const old = before.get(post.path);
		kept.push(old && !changed.has(post.path) && (old === post || samePost(old, post)) ? old : post);
		if (stepEnds(index)) yield;
	}

	return kept;
}

/**
 * Where the reader shows a translation (`L`) in place of the listed version,
 * the fresh list keeps that translation, read again, in the same place
 * (`fresh` itself when there is none).
 */
export function* keepTranslations(
	previous: readonly Post[],
	fresh: Post[],
	translations: ReadonlyMap<string, Post[]>,
): Generator<void, Post[]> {
	const listed = new Set<string>();
	for (const [index, post] of fresh.entries()) {
		listed.add(post.path);
		if (stepEnds(index)) yield;
	}

	const swaps = new Map<string, Post>();
	for (const [index, post] of previous.entries()) {
		if (stepEnds(index)) yield;
		if (listed.has(post.path)) continue;
		const group = translations.get(post.path);
		const version = group?.find(candidate => candidate.path === post.path);
		const primary = group?.find(candidate => listed.has(candidate.path));
		// The listed version's slug stays: links and the list know the post by it.
		if (version && primary) swaps.set(primary.path, {...version, slug: primary.slug});
	}

	return swaps.size === 0 ? fresh : fresh.map(post => swaps.get(post.path) ?? post);
}
