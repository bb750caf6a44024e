// The bundle's `htmlparser2` and `entities` for blogread's code: the HTML
// parser and HTML5's entity table (75 KB to parse) serve only posts with raw
// HTML or named character references, required the first time one does.
import type {decodeHTMLStrict as realDecode} from 'entities';
import type {Parser as RealParser} from 'htmlparser2';
import {vendorModule} from './vendor.js';

const load = vendorModule<{Parser: typeof RealParser; decodeHTMLStrict: typeof realDecode}>('html-parser.cjs');

export class Parser {
	constructor(...options: ConstructorParameters<typeof RealParser>) {
		// biome-ignore lint/correctness/noConstructorReturn: a stand-in for a class loaded on first use
		return new (load().Parser)(...options) as unknown as Parser;
	}
}

export function decodeHTMLStrict(...args: Parameters<typeof realDecode>): string {
	return load().decodeHTMLStrict(...args);
}
