// Takes turns between the served apps' keys (see turns.ts for whose): at each
// turn, keys from the sessions chosen are given to their apps, and the next
// sessions are chosen once their frames are drawn. What each frame cost is
// measured as it is drawn: the time since the frame before it, less the loop's
// idle time.
import {performance} from 'node:perf_hooks';
import {unstable_NormalPriority, unstable_scheduleCallback} from 'scheduler';
import {
	type Candidate,
	COOLDOWN_FACTOR,
	chooseTurns,
	drawCost,
	HEAVY_PAUSE_FACTOR,
	type Moment,
	nextCost,
	TURN_BUDGET_MS,
	usageAt,
} from './turns.js';

/** A session taking turns: gives its app its next batch of keys, and says whether it holds more. */
export type TurnTaker = {takeBatch(): void; hasKeys(): boolean};

/** The scheduler's clock and event loop (a test's own, or the process's). */
export type Loop = {
	/** Now, and how long the event loop has been idle in all (ms). */
	now(): Moment;
	/** Runs `run` in the next turn of the event loop (after what is due in this one). */
	soon(run: () => void): void;
	/** Runs `run` once the apps have drawn what the keys given so far asked for. */
	afterFrames(run: () => void): void;
	/** Runs `run` after `ms`; the function returned cancels it. */
	after(run: () => void, ms: number): () => void;
};

/** The process's own clock and event loop, as the served apps draw in it. */
export const processLoop: Loop = {
	now: () => ({at: performance.now(), idle: performance.eventLoopUtilization().idle}),
	soon: run => {
		setImmediate(run);
	},
	// Every app in the process renders through React's one scheduler queue, a
	// task per update, in the order asked (an app's key is an update of default
	// priority, rendered in a later task, not as it is read). Once this turn's
	// keys have been read and their renders queued, a task queued behind them
	// runs when they are drawn, so each turn's frames are drawn before the next
	// turn's keys are given: a reader's frame never queues behind frames of
	// turns the scheduler has not chosen yet.
	afterFrames: run => {
		setImmediate(() => {
			unstable_scheduleCallback(unstable_NormalPriority, () => {
				run();
			});
		});
	},
	after: (run, ms) => {
		const timer = setTimeout(run, ms);
		return () => clearTimeout(timer);
	},
};

type Member = Candidate & {taker: TurnTaker};

export class TurnScheduler {
	private lastId = 0;
	private readonly members = new Map<TurnTaker, Member>();
	private readonly byId = new Map<number, Member>();
	private readonly waiting = new Set<Member>();
	/** Served this turn with keys still held: back in line at the next turn, behind keys that came meanwhile. */
	private readonly servedWithKeys = new Set<Member>();
	/** Keys are being given, or their frames drawn: the next turn waits for that. */
	private busy = false;
	private cancelWait: (() => void) | undefined;
	/** Where the next frame's cost is measured from: the last frame drawn, or the last keys given. */
	private since: Moment;
	/** No heavy session is served before this (see HEAVY_PAUSE_FACTOR). */
	private heavyAt = Number.NEGATIVE_INFINITY;

	constructor(private readonly loop: Loop = processLoop) {
		this.since = loop.now();
	}

	/** `taker` holds keys: they are taken at its turn, and a batch at each of its turns until none is left. */
	want(taker: TurnTaker): void {
		const member = this.member(taker);
		if (!this.waiting.has(member) && !this.servedWithKeys.has(member)) {
			member.waitingSince = this.loop.now().at;
			this.waiting.add(member);
		}

		this.schedule();
	}

	/** `taker`'s app has drawn a frame (written, or held for a slow client): what it cost is taken as its own. */
	drew(taker: TurnTaker): void {
		const now = this.loop.now();
		const cost = drawCost(this.since, now);
		this.since = now;
		if (cost > TURN_BUDGET_MS) this.heavyAt = now.at + cost * HEAVY_PAUSE_FACTOR;
		const member = this.members.get(taker);
		if (!member) return;
		member.cost = nextCost(member.cost, cost);
		member.readyAt = now.at + member.cost * COOLDOWN_FACTOR;
		member.usage = usageAt(member, now.at) + cost;
		member.usedAt = now.at;
	}

	/** `taker` is gone (its session ended). */
	leave(taker: TurnTaker): void {
		const member = this.members.get(taker);
		if (!member) return;
		this.members.delete(taker);
		this.byId.delete(member.id);
		this.waiting.delete(member);
		this.servedWithKeys.delete(member);
	}

	private member(taker: TurnTaker): Member {
		let member = this.members.get(taker);
		if (!member) {
			member = {
				id: ++this.lastId,
				waitingSince: 0,
				servedAt: Number.NEGATIVE_INFINITY,
				cost: 0,
				readyAt: 0,
				usage: 0,
				usedAt: 0,
				taker,
			};
			this.members.set(taker, member);
			this.byId.set(member.id, member);
		}

		return member;
	}

	private schedule(): void {
		if (this.busy) return;
		this.busy = true;
		this.cancelWait?.();
		this.cancelWait = undefined;
		this.loop.soon(() => this.take());
	}

	/** Gives the chosen sessions a batch each; their frames are drawn before the turn after the next. */
	private take(): void {
		const start = this.loop.now();
		for (const member of this.servedWithKeys) {
			member.waitingSince = start.at;
			this.waiting.add(member);
		}

		this.servedWithKeys.clear();
		const {chosen, nextAt} = chooseTurns([...this.waiting], start.at, {heavyAt: this.heavyAt});
		if (chosen.length === 0) {
			this.busy = false;
			if (nextAt !== undefined) this.cancelWait = this.loop.after(() => this.schedule(), nextAt - start.at);
			return;
		}

		for (const [index, id] of chosen.entries()) {
			const member = this.byId.get(id);
			// Frames drawn as their keys are given, dearer than thought: the rest keep their place for the next turn.
			if (!member || (index > 0 && this.loop.now().at - start.at > TURN_BUDGET_MS)) break;
			member.servedAt = start.at;
			this.waiting.delete(member);
			member.taker.takeBatch();
			if (member.taker.hasKeys() && this.byId.has(id)) this.servedWithKeys.add(member);
		}

		this.since = this.loop.now();
		this.loop.afterFrames(() => this.next());
	}

	private next(): void {
		if (this.waiting.size > 0 || this.servedWithKeys.size > 0) this.take();
		else this.busy = false;
	}
}

/** The turns every served app of this process takes. */
export const keyTurns = new TurnScheduler();
