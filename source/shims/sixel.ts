// The bundle's sixel encoder for blogread's code: required the first time a picture is printed as
// sixel, from its own CommonJS file (scripts/sixel.cjs says why).
import type {sixelEncode as realEncode, image2sixel as realReduced} from 'sixel/lib/SixelEncoder.js';
import {vendorModule} from './vendor.js';

const load = vendorModule<{image2sixel: typeof realReduced; sixelEncode: typeof realEncode}>('sixel.cjs');

export function image2sixel(...args: Parameters<typeof realReduced>): string {
	return load().image2sixel(...args);
}

export function sixelEncode(...args: Parameters<typeof realEncode>): string {
	return load().sixelEncode(...args);
}
