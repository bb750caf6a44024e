// The server's log under a flood: one line per connection is what an admin
// wants, until someone opens thousands a second. Of each kind of line, the
// first few of a window are written as they come; the rest are counted (by
// address, the busiest named) and said in one line when the window ends.

/** Lines alike: summed up together. */
export type LineKind = 'dropped' | 'not logged in' | 'ended';

export type LogSummaryOptions = {
	write: (line: string) => void;
	/** Milliseconds since the epoch, as Date.now: injected for tests. */
	now: () => number;
	/** How long a window lasts. */
	windowMs: number;
	/** Lines of each kind written as they come in a window; the rest are counted. */
	burst: Record<LineKind, number>;
};

/** Addresses counted one by one in a window: past this, only how many more lines. */
const MAX_ADDRESSES = 1000;
/** The busiest addresses a summary names. */
const NAMED = 3;

type Window = {
	/** When its first line came. */
	since: number;
	shown: number;
	held: number;
	byAddress: Map<string, number>;
	/** Lines held from addresses past MAX_ADDRESSES. */
	untracked: number;
};

const number = (count: number) => count.toLocaleString('en-US');
const plural = (noun: string) => (noun.endsWith('s') ? `${noun}es` : `${noun}s`);
const counted = (count: number, noun: string) => `${number(count)} ${count === 1 ? noun : plural(noun)}`;

function addresses(window: Window): string {
	const known = window.byAddress.size;
	return window.untracked > 0 ? `more than ${counted(known, 'address')}` : counted(known, 'address');
}

function busiest(window: Window): string {
	const sorted = [...window.byAddress].sort((a, b) => b[1] - a[1]);
	const named = sorted.slice(0, NAMED).map(([address, count]) => `${address} (${number(count)})`);
	const others = sorted.length - named.length;
	return others > 0 || window.untracked > 0 ? `${named.join(', ')} and others` : named.join(', ');
}

/** The one line a window's held lines come to. */
function summary(kind: LineKind, window: Window, seconds: number): string {
	const connections = `${counted(window.held, 'more connection')} from ${addresses(window)}`;
	const when = `in the last ${number(seconds)} s`;
	const what: Record<LineKind, string> = {
		dropped: `dropped ${connections} ${when}`,
		'not logged in': `${connections} closed before logging in, ${when}`,
		ended: `${connections} ended ${when}`,
	};
	return `${what[kind]}: ${busiest(window)}`;
}

export class LogSummary {
	private readonly windows = new Map<LineKind, Window>();

	constructor(private readonly options: LogSummaryOptions) {}

	/** A line of `kind` about `address`: written, or counted for the window's summary. */
	note(kind: LineKind, address: string, line: string): void {
		this.flush();
		let window = this.windows.get(kind);
		if (!window) {
			window = {since: this.options.now(), shown: 0, held: 0, byAddress: new Map(), untracked: 0};
			this.windows.set(kind, window);
		}

		if (window.shown < this.options.burst[kind]) {
			window.shown++;
			this.options.write(line);
			return;
		}

		window.held++;
		const count = window.byAddress.get(address);
		if (count !== undefined) window.byAddress.set(address, count + 1);
		else if (window.byAddress.size < MAX_ADDRESSES) window.byAddress.set(address, 1);
		else window.untracked++;
	}

	/** Ends the windows that are over (every window, with `all`), each writing its summary if it held lines. */
	flush(all = false): void {
		const now = this.options.now();
		for (const [kind, window] of this.windows) {
			const elapsed = now - window.since;
			if (!all && elapsed < this.options.windowMs) continue;
			this.windows.delete(kind);
			if (window.held === 0) continue;
			const seconds = Math.max(1, Math.round(elapsed / 1000));
			this.options.write(`${new Date(now).toISOString()} ${summary(kind, window, seconds)}`);
		}
	}
}
