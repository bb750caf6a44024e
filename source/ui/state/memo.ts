/** The last call of a memoised function: its arguments and its answer. */
export type LastCall<Args extends readonly unknown[], Result> = {args: Args; result: Result} | undefined;

/**
 * Remembers the last answer: called again with the same arguments (compared by
 * identity, as state and its parts are never changed in place), it gives that
 * answer without working it out again. Every frame and every key asks for the
 * list and the picker's rows; they change far less often. `compute` also gets
 * the last call, for answers that can be narrowed from the one before.
 */
export function memoizeLast<Args extends readonly unknown[], Result>(
	compute: (args: Args, last: LastCall<Args, Result>) => Result,
): (...args: Args) => Result {
	let last: LastCall<Args, Result>;
	return (...args: Args) => {
		if (last?.args.length === args.length && args.every((arg, index) => Object.is(arg, last?.args[index])))
			return last.result;
		const result = compute(args, last);
		last = {args, result};
		return result;
	};
}
