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
