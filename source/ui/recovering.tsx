// A fault while drawing a screen (blogread's, never a post's: posts render in
// their own processes) takes the reader back to a fresh list with one line
// saying so, instead of ending the app with a stack trace, which over `blogread
// serve` named the server's files. A fault that keeps coming back ends the app.
import {useApp} from 'ink';
import {Component, type ReactNode, useEffect} from 'react';

/** Faults within this long of each other count as one that keeps coming back... */
const WINDOW_MS = 10_000;
/** ...once there are this many. */
const MAX_FAULTS = 3;

type Props = {
	/** The app, drawn afresh (a new `attempt`) after a fault, with the line that says so. */
	children: (attempt: number, notice: string | undefined) => ReactNode;
	/** The line a reader is shown for a fault. */
	describe: (error: unknown) => string;
	/** Hears of each fault (a server logs it). */
	onFault?: (error: unknown) => void;
};

type State = {attempt: number; notice: string | undefined; faults: number[]; failed: boolean; gaveUp: unknown};

/** Ends the app with the fault: its runner says it in one line. */
function GiveUp({error}: {error: unknown}) {
	const {exit} = useApp();
	useEffect(() => {
		exit(error instanceof Error ? error : new Error(String(error)));
	}, [exit, error]);
	return null;
}

export class Recovering extends Component<Props, State> {
	override state: State = {attempt: 0, notice: undefined, faults: [], failed: false, gaveUp: undefined};

	static getDerivedStateFromError(): Partial<State> {
		return {failed: true};
	}

	override componentDidCatch(error: unknown): void {
		this.props.onFault?.(error);
		const now = Date.now();
		const faults = [...this.state.faults.filter(at => now - at < WINDOW_MS), now];
		if (faults.length >= MAX_FAULTS) {
			this.setState({gaveUp: error});
			return;
		}

		this.setState(({attempt}) => ({
			attempt: attempt + 1,
			notice: this.props.describe(error),
			faults,
			failed: false,
		}));
	}

	override render(): ReactNode {
		if (this.state.gaveUp !== undefined) return <GiveUp error={this.state.gaveUp} />;
		if (this.state.failed) return null;
		return this.props.children(this.state.attempt, this.state.notice);
	}
}
