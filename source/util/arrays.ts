// Spreading an array into a call (push(...lines), Math.max(...widths)) passes
// every item as an argument: past some 100,000 items that overflows the call
// stack, and a post can hold that many lines, list items or headings.

/** Appends every item of `items` to `target`. */
export function appendAll<T>(target: T[], items: readonly T[]): void {
	for (const item of items) target.push(item);
}

/** The largest value, or `empty` when there is none. */
export function maxOf(values: readonly number[], empty = Number.NEGATIVE_INFINITY): number {
	let max = empty;
	for (const value of values) if (value > max) max = value;
	return max;
}

/** The smallest value, or `empty` when there is none. */
export function minOf(values: readonly number[], empty = Number.POSITIVE_INFINITY): number {
	let min = empty;
	for (const value of values) if (value < min) min = value;
	return min;
}
