// The bundle's `node-emoji` for blogread's code: it builds its table from
// emojilib at import (200 KB to parse), though most posts have no
// :shortcode:; required the first time one does. blogread calls get() alone.
import type {get as realGet} from 'node-emoji';
import {vendorModule} from './vendor.js';

const load = vendorModule<{get: typeof realGet}>('node-emoji.cjs');

export function get(name: string): string | undefined {
	return load().get(name);
}
