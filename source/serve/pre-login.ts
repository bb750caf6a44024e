// Connections that have not logged in yet. Each costs the server a key
// exchange and a place until its login deadline, and costs a client nothing
// if it just stays silent: so they are held to a pool of their own, by
// address, by network and in all, apart from readers who have logged in.
//
// As sshd's MaxStartups START:RATE:FULL: from START connections waiting on,
// a new one makes room with a chance rising from RATE% to 100% at FULL. Unlike
// sshd, the connection that goes is not always the new one: it is the oldest
// of whichever network (then address) holds the most waiting connections, if
// that holds more than the new one's would. One attacker holding every place
// from a few addresses then loses a place to each reader from elsewhere (or
// from another address of the same network), and never takes one back from
// them: its own new connections only ever push out its own. Between equals,
// the new one goes, as in sshd, so a place is not lost to churn.
import {addressGroups} from './address-groups.js';

export type Startups = {
	/** Waiting connections from which some are dropped. */
	start: number;
	/** The chance of a drop at `start`, in percent; it rises to 100 at `full`. */
	rate: number;
	/** Waiting connections at most. */
	full: number;
};

export type PreLoginLimits = {
	startups: Startups;
	/** Waiting connections from one address at most. */
	perAddress: number;
	/** Waiting connections from one network (a /24 or a /64) at most. */
	perPrefix: number;
};

/** A waiting connection that lost its place to a new one: to be dropped now. */
export type Evicted<T> = {value: T; why: string};

export type Arrival<T> =
	| {
			admitted: true;
			/** Its place given back (at login, or when it closes): once, later calls do nothing. */
			leave: () => void;
			evicted: Evicted<T> | undefined;
	  }
	| {admitted: false; why: string};

/** As sshd's MaxStartups: the chance (0 to 1) that a new connection, with `waiting` already, makes one go. */
export function dropChance(waiting: number, {start, rate, full}: Startups): number {
	if (waiting < start) return 0;
	if (waiting >= full) return 1;
	return (rate + ((100 - rate) * (waiting - start)) / (full - start)) / 100;
}

type Waiting<T> = {value: T; address: string; prefix: string};

/** Counts by key, with no entry kept for a count of 0. */
class Tally {
	private readonly counts = new Map<string, number>();

	of(key: string): number {
		return this.counts.get(key) ?? 0;
	}

	add(key: string, by: number): void {
		const count = this.of(key) + by;
		if (count === 0) this.counts.delete(key);
		else this.counts.set(key, count);
	}
}

export class PreLoginPool<T> {
	/** In order of arrival: the first is the oldest. */
	private readonly waiting = new Map<number, Waiting<T>>();
	private readonly byAddress = new Tally();
	private readonly byPrefix = new Tally();
	private arrivals = 0;

	constructor(
		private readonly limits: PreLoginLimits,
		/** 0 (inclusive) to 1 (exclusive), as Math.random: injected for tests. */
		private readonly random: () => number = Math.random,
	) {}

	get size(): number {
		return this.waiting.size;
	}

	/** A new connection from `remote`: a place for it, or why not. */
	arrive(remote: string, value: T): Arrival<T> {
		const {address, prefix} = addressGroups(remote);
		const {perAddress, perPrefix, startups} = this.limits;
		if (this.byAddress.of(address) >= perAddress) {
			return {admitted: false, why: `${perAddress} connections from this address are not logged in yet`};
		}

		const prefixFull = this.byPrefix.of(prefix) >= perPrefix;
		let evicted: Evicted<T> | undefined;
		if (prefixFull || this.chance(dropChance(this.size, startups))) {
			const victim = this.victim(address, prefix, prefixFull);
			if (victim === undefined) {
				const {start, rate, full} = startups;
				const why = prefixFull
					? `${perPrefix} connections from ${prefix} are not logged in yet`
					: `${this.size} connections are not logged in yet (max startups ${start}:${rate}:${full})`;
				return {admitted: false, why};
			}

			this.remove(victim.id);
			evicted = {value: victim.value, why: 'dropped to make room for another network or address'};
		}

		const id = this.arrivals++;
		this.waiting.set(id, {value, address, prefix});
		this.byAddress.add(address, 1);
		this.byPrefix.add(prefix, 1);
		return {admitted: true, leave: () => this.remove(id), evicted};
	}

	private chance(probability: number): boolean {
		if (probability <= 0) return false;
		return probability >= 1 || this.random() < probability;
	}

	/**
	 * The waiting connection to drop for a new one from `address` in `prefix`: the oldest of the network,
	 * then the address, holding the most (only within `prefix` when that is what is full); none when
	 * no one holds more than the new one would.
	 */
	private victim(address: string, prefix: string, withinPrefix: boolean): {id: number; value: T} | undefined {
		// Counted with the new connection in.
		const held = (entry: {address: string; prefix: string}): [number, number] => [
			this.byPrefix.of(entry.prefix) + (entry.prefix === prefix ? 1 : 0),
			this.byAddress.of(entry.address) + (entry.address === address ? 1 : 0),
		];
		let best: [number, number] = held({address, prefix});
		let victim: {id: number; value: T} | undefined;
		for (const [id, entry] of this.waiting) {
			if (withinPrefix && entry.prefix !== prefix) continue;
			const counts = held(entry);
			// Strictly more: among equals, the first seen (the oldest) stays the one.
			if (counts[0] > best[0] || (counts[0] === best[0] && counts[1] > best[1])) {
				best = counts;
				victim = {id, value: entry.value};
			}
		}

		return victim;
	}

	private remove(id: number): void {
		const entry = this.waiting.get(id);
		if (!entry) return;
		this.waiting.delete(id);
		this.byAddress.add(entry.address, -1);
		this.byPrefix.add(entry.prefix, -1);
	}
}
