/** Counts the turns of the event loop from now until `stop`, which gives the count. */
export function countTurns(): {stop: () => number} {
	let turns = 0;
	let counting = true;
	const count = () => {
		turns++;
		if (counting) setImmediate(count);
	};
	setImmediate(count);
	return {
		stop: () => {
			counting = false;
			return turns;
		},
	};
}

/** Runs work in steps (a generator, see util/slices.ts) to its end: what it gives, and how many steps it took. */
export function runSteps<T>(steps: Generator<void, T>): [value: T, steps: number] {
	let count = 0;
	for (;;) {
		const step = steps.next();
		if (step.done) return [step.value, count];
		count++;
	}
}
