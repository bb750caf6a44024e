// Long work on the main thread done a slice at a time, the event loop turning
// between slices, so keys are answered while a big blog is walked and read.
import {setImmediate as nextTurn} from 'node:timers/promises';

/** How long a slice lasts (ms): a key waits at most about this long, plus its frame. */
export const SLICE_MS = 8;

export class Slices {
	private start = performance.now();

	constructor(private readonly ms = SLICE_MS) {}

	/** Whether this slice is over: then `next` lets the event loop turn. */
	due(): boolean {
		return performance.now() - this.start >= this.ms;
	}

	/** Lets the event loop turn once, and starts the next slice. */
	async next(): Promise<void> {
		await nextTurn();
		this.start = performance.now();
	}
}

/** Work in steps (a generator that yields between them): all of them at once. */
export function allSteps<T>(steps: Generator<void, T>): T {
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
	}
}

/** Work in steps, the event loop turning between them when a slice is over. */
export async function stepsInSlices<T>(steps: Generator<void, T>, slices: Slices): Promise<T> {
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
		if (slices.due()) await slices.next();
	}
}

/** Posts looked at between two steps of work over a list. */
export const POSTS_PER_STEP = 1000;

/** Whether a step over a list ends after the item at `index`. */
export const stepEnds = (index: number) => index % POSTS_PER_STEP === POSTS_PER_STEP - 1;
