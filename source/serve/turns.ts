// Whose keys are taken next: every served app shares one thread, so each turn
// of the event loop takes keys from only so many sessions, so much drawing as
// fits in TURN_BUDGET_MS by what their frames have cost. Sessions that have used
// little of the thread lately (a reader pressing a key now and then) go first,
// in the order their keys came, and never wait, however their frames' costs are
// measured on a busy machine. A session that has used much of it (a client
// flooding keys) goes after them, alone in its turn, whatever its estimate says
// (a flood's cheap frames say little of its next), and if its frames are dear (a
// huge pty) it waits a while after each, so it has only its share of the thread.
// The pure choices are here; turn-scheduler.ts runs them.

/** A session waiting for its keys to be taken, as the scheduler sees it. */
export type Candidate = {
	id: number;
	/** When its keys began to wait (ms, the scheduler's clock): when they came, or its last batch was taken. */
	waitingSince: number;
	/** When its keys were last taken. */
	servedAt: number;
	/** What its frames cost lately (ms). */
	cost: number;
	/** Not before this (ms): a session whose frames are dear waits after each. */
	readyAt: number;
	/** The thread time its frames have used (ms), fading by half every USAGE_HALF_LIFE_MS, as of `usedAt`. */
	usage: number;
	usedAt: number;
};

/** Keys from sessions whose frames cost this much, at most, are taken in one turn (always from one, at least). */
export const TURN_BUDGET_MS = 12;
/** After a frame of `cost` ms, a session waits `cost` × this: its frames take at most a third of the thread. */
export const COOLDOWN_FACTOR = 2;
/**
 * A session whose frames cost more than a turn's budget is heavy; after a heavy frame of
 * `cost` ms no heavy session is served for `cost` × this, so heavy frames, however many
 * sessions draw them, take at most half the thread, and a reader seldom waits behind one.
 */
export const HEAVY_PAUSE_FACTOR = 1;
/** How fast a session's use of the thread is forgotten: a flood a few seconds ago no longer counts. */
export const USAGE_HALF_LIFE_MS = 1000;
/**
 * How much of its estimate a session's latest frame makes when cheaper than it (the rest is
 * its earlier ones): one cheap frame says little of the next (a flood's frames of keys that
 * change nothing), so the estimate falls a quarter of the way, and rises at once.
 */
const NEWEST_WEIGHT = 0.25;

/**
 * A session that has used less of the thread than this lately (ms, as faded by
 * USAGE_HALF_LIFE_MS: about a tenth of the thread, kept up) never waits,
 * however dear its last frames looked on a busy machine: a reader pressing keys
 * stays under it; a client flooding keys is soon past it.
 */
export const WAIT_FREE_USAGE_MS = 150;

/** Whether a session has used so little of the thread lately that it never waits, and goes first. */
const isLight = (usage: number): boolean => usage < WAIT_FREE_USAGE_MS;

/**
 * When a candidate that has used `usage` of the thread may be served: one that
 * has used little of it at once; others after their own wait, and, if heavy,
 * after the heavy frames' pause.
 */
function readyFrom(candidate: Candidate, usage: number, budgetMs: number, heavyAt: number): number {
	if (isLight(usage)) return Number.NEGATIVE_INFINITY;
	const waited = candidate.cost > budgetMs ? Math.max(candidate.readyAt, heavyAt) : candidate.readyAt;
	// Its use fades: it may be under the line before its wait is over.
	const freeAt = candidate.usedAt + USAGE_HALF_LIFE_MS * Math.log2(candidate.usage / WAIT_FREE_USAGE_MS);
	return Math.min(waited, freeAt);
}

/** A session's use of the thread at `now`: what it used, faded since `usedAt`. */
export function usageAt(candidate: Pick<Candidate, 'usage' | 'usedAt'>, now: number): number {
	return candidate.usage * 2 ** (-Math.max(0, now - candidate.usedAt) / USAGE_HALF_LIFE_MS);
}

/**
 * The sessions whose keys are taken this turn, in order: of those ready, the
 * light ones, waiting longest first, while their costs fit in `budgetMs` (a
 * heavy one goes alone); when none is light, the one that used the thread least
 * lately, alone. When none is ready: when the first will be (undefined when none
 * waits). `heavyAt`: no heavy session before then. Ties: the one that used the
 * thread less, then the one served longest ago, then by id.
 */
export function chooseTurns(
	candidates: readonly Candidate[],
	now: number,
	{budgetMs = TURN_BUDGET_MS, heavyAt = Number.NEGATIVE_INFINITY}: {budgetMs?: number; heavyAt?: number} = {},
): {chosen: number[]; nextAt: number | undefined} {
	// Each one's use of the thread now, whether that makes it light, and when it may be served.
	const weighed = candidates.map(candidate => {
		const usage = usageAt(candidate, now);
		return {candidate, usage, light: isLight(usage), readyAt: readyFrom(candidate, usage, budgetMs, heavyAt)};
	});
	const ready = weighed.filter(each => each.readyAt <= now);
	ready.sort(
		(a, b) =>
			Number(b.light) - Number(a.light) ||
			(a.light ? a.candidate.waitingSince - b.candidate.waitingSince : 0) ||
			a.usage - b.usage ||
			a.candidate.waitingSince - b.candidate.waitingSince ||
			a.candidate.servedAt - b.candidate.servedAt ||
			a.candidate.id - b.candidate.id,
	);
	const chosen: number[] = [];
	let spent = 0;
	for (const {candidate, light} of ready) {
		if (chosen.length > 0 && (!light || spent + candidate.cost > budgetMs)) break;
		chosen.push(candidate.id);
		spent += candidate.cost;
		if (!light) break;
	}

	if (chosen.length > 0 || ready.length > 0) return {chosen, nextAt: undefined};
	return {chosen, nextAt: weighed.length === 0 ? undefined : Math.min(...weighed.map(each => each.readyAt))};
}

/** A moment as the scheduler sees it: the clock, and how long the event loop had been idle by then (ms). */
export type Moment = {at: number; idle: number};

/**
 * What a frame drawn at `now` cost the thread: the time since `since` (the
 * frame before it, or the keys that caused it), less the time the event loop
 * was idle meanwhile.
 */
export function drawCost(since: Moment, now: Moment): number {
	return Math.max(0, now.at - since.at - (now.idle - since.idle));
}

/** A session's cost estimate after a frame of `latest` ms. */
export function nextCost(previous: number, latest: number): number {
	return latest >= previous ? latest : previous * (1 - NEWEST_WEIGHT) + latest * NEWEST_WEIGHT;
}
