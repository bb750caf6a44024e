// The bundle's render/emoji-table.ts: gemoji's list (350 KB with tags and
// descriptions) ships as its names alone, a JSON file read the
// first time a post has a :name:.
import {vendorModule} from './vendor.js';

const load = vendorModule<Record<string, string>>('gemoji-names.json');
let names: Map<string, string> | undefined;

/** Name → emoji, for every name and alias GitHub knows. */
export function gemojiNames(): Map<string, string> {
	names ??= new Map(Object.entries(load()));
	return names;
}
