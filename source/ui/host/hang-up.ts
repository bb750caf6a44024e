/**
 * Ends blogread when its terminal has gone (a dropped ssh link, a closed
 * window): by the hang-up signal's own default action, as a terminal program
 * is expected to end. Exiting normally would run Node 20's reset of the
 * terminal at exit, which aborts with a core dump when there is no terminal.
 */
export function endOnHangUp(): void {
	process.removeAllListeners('SIGHUP');
	process.kill(process.pid, 'SIGHUP');
}

/** Whether an error says the terminal is gone. */
export function terminalGone(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (error as {code?: unknown}).code === 'EIO';
}
