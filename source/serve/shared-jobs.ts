// Work that several sessions may ask for at once (the same post printed at the
// same width and colours): done once, for all who ask while it runs, and
// stopped only when none of them wants it any more.
type Job<T> = {result: Promise<T>; stop: AbortController; owners: number};

export class SharedJobs<T> {
	private readonly running = new Map<string, Job<T>>();

	/** Jobs running now. */
	get size(): number {
		return this.running.size;
	}

	/**
	 * The result of the job `key`: the one running, else one `start`ed now.
	 * When `signal` aborts, this rejects with its reason, and the job is
	 * stopped if no one else waits for it.
	 */
	run(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
		if (signal?.aborted) return Promise.reject(signal.reason);
		let job = this.running.get(key);
		if (!job) {
			const stop = new AbortController();
			const created: Job<T> = {result: start(stop.signal), stop, owners: 0};
			const forget = () => {
				if (this.running.get(key) === created) this.running.delete(key);
			};

			created.result.then(forget, forget);
			this.running.set(key, created);
			job = created;
		}

		const shared = job;
		shared.owners++;
		const result = new Promise<T>((resolve, reject) => {
			const leave = () => {
				shared.owners--;
				if (shared.owners > 0) return;
				shared.stop.abort();
				if (this.running.get(key) === shared) this.running.delete(key);
			};

			const onAbort = () => {
				leave();
				reject(signal?.reason);
			};

			signal?.addEventListener('abort', onAbort, {once: true});
			shared.result.then(
				value => {
					signal?.removeEventListener('abort', onAbort);
					shared.owners--;
					resolve(value);
				},
				(error: unknown) => {
					signal?.removeEventListener('abort', onAbort);
					shared.owners--;
					reject(error);
				},
			);
		});
		return result;
	}
}
