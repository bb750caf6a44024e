// Jobs waiting for a renderer, taken in turns by client: a reader who opens
// post after post (or a command asking for print after print) waits behind
// their own jobs, never in front of another reader's, and has at most one
// job rendering at once.

export class FairQueue<Client extends object, Item> {
	/** Each client's waiting jobs, oldest first, clients in the order they came. */
	private readonly waiting = new Map<Client, Item[]>();
	/** When each client last had a job taken (a count of jobs taken); one never served goes first. */
	private readonly lastTurns = new WeakMap<Client, number>();
	private turns = 0;

	get size(): number {
		let size = 0;
		for (const items of this.waiting.values()) size += items.length;
		return size;
	}

	push(client: Client, item: Item): void {
		const items = this.waiting.get(client);
		if (items) items.push(item);
		else this.waiting.set(client, [item]);
	}

	/**
	 * The oldest job of the client served longest ago (of those `busy` does not hold back), so clients
	 * alternate however many jobs each has waiting.
	 */
	take(busy: (client: Client) => boolean): Item | undefined {
		let chosen: Client | undefined;
		let chosenTurn = Number.POSITIVE_INFINITY;
		for (const client of this.waiting.keys()) {
			const turn = this.lastTurns.get(client) ?? -1;
			if (turn < chosenTurn && !busy(client)) {
				chosen = client;
				chosenTurn = turn;
			}
		}

		const items = chosen && this.waiting.get(chosen);
		if (!chosen || !items) return undefined;
		const item = items.shift();
		if (items.length === 0) this.waiting.delete(chosen);
		this.lastTurns.set(chosen, ++this.turns);
		return item;
	}

	/** Takes `item` out of the line, if it waits there: whether it did. */
	remove(client: Client, item: Item): boolean {
		const items = this.waiting.get(client);
		const index = items?.indexOf(item) ?? -1;
		if (!items || index === -1) return false;
		items.splice(index, 1);
		if (items.length === 0) this.waiting.delete(client);
		return true;
	}
}
