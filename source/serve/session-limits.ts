// How many readers one server takes: in all, and from one address, so one
// busy or hostile address can't take every place.
import type {Limits} from './serve-options.js';

export type Admission = {admitted: true; release: () => void} | {admitted: false; why: string};

/** What is counted, in the words of a refusal: a session (the reader is told), or a connection (the log is). */
type Counted = 'sessions' | 'connections';

export class SessionLimits {
	private open = 0;
	private readonly byAddress = new Map<string, number>();

	constructor(
		private readonly limits: Pick<Limits, 'sessions' | 'perAddress'>,
		private readonly counted: Counted = 'sessions',
	) {}

	/** A place for a session from `address`, or why there is none; `release` gives the place back (once). */
	admit(address: string): Admission {
		const fromAddress = this.byAddress.get(address) ?? 0;
		const {sessions, perAddress} = this.limits;
		if (this.open >= sessions) {
			const full = this.counted === 'sessions' ? `${sessions} readers` : `${sessions} connections logged in`;
			return {admitted: false, why: `the server is full (${full}): try again later`};
		}

		if (fromAddress >= perAddress) {
			const open = this.counted === 'sessions' ? 'sessions are open' : 'connections are logged in';
			return {admitted: false, why: `${perAddress} ${open} from your address already: close one first`};
		}

		this.open++;
		this.byAddress.set(address, fromAddress + 1);
		let released = false;
		return {
			admitted: true,
			release: () => {
				if (released) return;
				released = true;
				this.open--;
				const left = (this.byAddress.get(address) ?? 1) - 1;
				if (left === 0) this.byAddress.delete(address);
				else this.byAddress.set(address, left);
			},
		};
	}

	get sessions(): number {
		return this.open;
	}
}
