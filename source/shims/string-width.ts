// The bundle's `string-width` for blogread's own code (text/width.ts): the
// real one, required the first time text needs it. Made at import, its emoji
// pattern is built at every start, and most text never needs it
// (text/width.ts measures narrow and simple text itself).
import type realStringWidth from 'string-width';
import {vendorModule} from './vendor.js';

const load = vendorModule<{default: typeof realStringWidth}>('string-width.cjs');

export default function stringWidth(...args: Parameters<typeof realStringWidth>): number {
	return load().default(...args);
}
