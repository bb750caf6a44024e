// A blog read again while the app runs, laid over the posts it shows: what did
// not change keeps its object (pages, search text and lists are cached by it),
// and a translation the reader switched to stays switched.
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
export function keepUnchanged(previous: Post[], fresh: Post[], changed: ReadonlySet<string>): Post[] {
	const before = new Map(previous.map(post => [post.path, post]));
	return fresh.map(post => {
		const old = before.get(post.path);
		return old && !changed.has(post.path) && (old === post || samePost(old, post)) ? old : post;
	});
}

/**
 * Where the reader shows a translation (`L`) in place of the listed version,
 * the fresh list keeps that translation, read again, in the same place.
 */
export function keepTranslations(previous: Post[], fresh: Post[], translations: Map<string, Post[]>): Post[] {
	const listed = new Set(fresh.map(post => post.path));
	const swaps = new Map<string, Post>();
	for (const post of previous) {
		if (listed.has(post.path)) continue;
		const group = translations.get(post.path);
		const version = group?.find(candidate => candidate.path === post.path);
		const primary = group?.find(candidate => listed.has(candidate.path));
		// The listed version's slug stays: links and the list know the post by it.
		if (version && primary) swaps.set(primary.path, {...version, slug: primary.slug});
	}

	return swaps.size === 0 ? fresh : fresh.map(post => swaps.get(post.path) ?? post);
}
