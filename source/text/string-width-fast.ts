// The bundle points Ink's and wrap-ansi's `string-width` here (scripts/bundle.mjs),
// so they measure as blogread does: narrow and simple text without the grapheme
// segmenter and emoji pattern, whose first use would hold up the first frame; the
// same widths, as test/text/width.test.ts checks.
import stringWidth from 'string-width';
import {displayWidth} from './width.js';

type Options = {ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean};

export default function fastStringWidth(text: string, options?: Options): number {
	if (typeof text !== 'string') return 0;
	if (options && (options.ambiguousIsNarrow === false || options.countAnsiEscapeCodes === true))
		return stringWidth(text, options);
	return displayWidth(text);
}
