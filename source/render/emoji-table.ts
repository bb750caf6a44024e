// GitHub's emoji names (gemoji: `:pout:`, `:hankey:`, `:+1:`), as a table made
// on first use. The bundle ships the names alone as a file of their own, read
// the first time a post has a `:name:` (scripts/bundle.mjs).
import {gemoji} from 'gemoji';

let names: Map<string, string> | undefined;

/** Name → emoji, for every name and alias GitHub knows. */
export function gemojiNames(): Map<string, string> {
	names ??= new Map(gemoji.flatMap(entry => entry.names.map(name => [name, entry.emoji] as const)));
	return names;
}
