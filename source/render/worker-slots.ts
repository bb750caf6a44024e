// How many render workers run at once. Each takes a core while it renders: a
// server asked for five prints of a huge post at once would otherwise give its
// main thread (every reader's keys) a sixth of the machine. Jobs past the
// limit wait their turn, a reader's page before a printed command's post.

/** Who waits: a page a reader is looking at (`page`) goes before a command's output (`print`). */
export type Urgency = 'page' | 'print';

type Waiting = {urgency: Urgency; start: () => void};

export class WorkerSlots {
	private running = 0;
	private readonly waiting: Waiting[] = [];

	constructor(private readonly size: number) {}

	/** Workers running now, and jobs waiting for one. */
	get load(): {running: number; waiting: number} {
		return {running: this.running, waiting: this.waiting.length};
	}

	/**
	 * Resolves when a worker may start, with the function that gives its slot back (once).
	 * Rejects, leaving its place, if `signal` aborts first.
	 */
	async acquire(urgency: Urgency, signal?: AbortSignal): Promise<() => void> {
		if (signal?.aborted) throw signal.reason;
		if (this.running < this.size) return this.taken();
		return new Promise((resolve, reject) => {
			const entry: Waiting = {
				urgency,
				start: () => {
					signal?.removeEventListener('abort', onAbort);
					resolve(this.taken());
				},
			};
			const onAbort = () => {
				const index = this.waiting.indexOf(entry);
				if (index !== -1) this.waiting.splice(index, 1);
				reject(signal?.reason);
			};

			signal?.addEventListener('abort', onAbort, {once: true});
			// A page goes after the pages waiting already, before every print.
			const before = urgency === 'page' ? this.waiting.findIndex(other => other.urgency === 'print') : -1;
			if (before === -1) this.waiting.push(entry);
			else this.waiting.splice(before, 0, entry);
		});
	}

	private taken(): () => void {
		this.running++;
		let given = false;
		return () => {
			if (given) return;
			given = true;
			this.running--;
			this.waiting.shift()?.start();
		};
	}
}
