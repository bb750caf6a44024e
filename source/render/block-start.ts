/**
 * Where a block extension's own syntax could start in `source`, for marked's
 * `start`: the index of the first match of `pattern` (a multi-line pattern)
 * before the next blank line. marked asks at every paragraph, so a search of
 * the whole rest of the post each time would make rendering quadratic; past
 * a blank line the paragraph has ended anyway, and marked tries the block
 * there itself.
 */
export function startBeforeBlankLine(source: string, pattern: RegExp): number | undefined {
	const blank = /\n[ \t]*\n/.exec(source);
	return (blank ? source.slice(0, blank.index) : source).match(pattern)?.index;
}
