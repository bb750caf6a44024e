// The bundle's `Intl.Segmenter` (scripts/bundle.mjs: esbuild's define and
// inject). string-width, slice-ansi and Ink's tokenizer each make a segmenter
// when they are imported, and the first loads ICU's data at every start;
// this one costs nothing until it segments, and cuts ASCII without the real
// one (text/graphemes.ts, property-tested against it).
import {graphemeSegmenter} from '../text/graphemes.js';

type Segmenter = ReturnType<typeof graphemeSegmenter>;

/** Made with `new`, as Intl.Segmenter is: what a constructor returns is what `new` gives. */
export const BlogreadSegmenter = function BlogreadSegmenter(
	locales?: string | string[],
	options?: Intl.SegmenterOptions,
): Segmenter {
	return graphemeSegmenter(locales, options);
} as unknown as new (
	locales?: string | string[],
	options?: Intl.SegmenterOptions,
) => Segmenter;
