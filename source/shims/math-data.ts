// The bundle's render/math-data.ts: unicodeit's table (300 KB to parse) is a
// vendor file, read the first time a post has maths.
import type {MathData} from '../render/math-data.js';
import {vendorModule} from './vendor.js';

const load = vendorModule<MathData>('math-data.cjs');

export function mathData(): MathData {
	return load();
}
