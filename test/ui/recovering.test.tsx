import assert from 'node:assert/strict';
import {PassThrough} from 'node:stream';
import {describe, it} from 'node:test';
import {render as renderInk, Text} from 'ink';
import {render} from 'ink-testing-library';
import {Recovering} from '../../source/ui/recovering.js';

/** Throws while drawn for its first `faults` attempts, then shows what it was told. */
function Flaky({attempt, faults, notice}: {attempt: number; faults: number; notice: string | undefined}) {
	if (attempt < faults) throw new Error(`fault ${attempt} at /srv/blog/secret.md`);
	return <Text>{`attempt ${attempt}: ${notice ?? 'no notice'}`}</Text>;
}

/** Until `check` passes on the last frame, with a deadline. */
async function frameWith(lastFrame: () => string | undefined, check: (frame: string) => boolean): Promise<string> {
	const deadline = Date.now() + 5000;
	for (;;) {
		const frame = lastFrame() ?? '';
		if (check(frame)) return frame;
		if (Date.now() > deadline) throw new Error(`no such frame; last: ${frame}`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

describe('a fault while a screen is drawn', () => {
	it('draws the app afresh with one line that says so, and tells whoever listens of the fault itself', async () => {
		const heard: string[] = [];
		const app = render(
			<Recovering
				describe={() => 'something went wrong: back to the list'}
				onFault={error => heard.push(error instanceof Error ? error.message : String(error))}
			>
				{(attempt, notice) => <Flaky attempt={attempt} faults={1} notice={notice} />}
			</Recovering>,
		);
		const frame = await frameWith(app.lastFrame, shown => shown.startsWith('attempt'));
		assert.equal(frame, 'attempt 1: something went wrong: back to the list');
		assert.ok(!frame.includes('/srv/blog'), 'nothing of the fault reaches the screen but the line');
		assert.deepEqual(heard, ['fault 0 at /srv/blog/secret.md']);
		app.unmount();
	});

	it('ends the app with the fault when it keeps coming back', async () => {
		// Ink itself, for the end of the app its runner waits for.
		const stdout = Object.assign(new PassThrough(), {columns: 80, rows: 24}) as unknown as NodeJS.WriteStream;
		const app = renderInk(
			<Recovering describe={() => 'again'}>
				{(attempt, notice) => <Flaky attempt={attempt} faults={10} notice={notice} />}
			</Recovering>,
			{stdout, debug: true, patchConsole: false, exitOnCtrlC: false},
		);
		const exited = await Promise.race([
			app.waitUntilExit().then(
				() => 'exited cleanly',
				(error: unknown) => (error instanceof Error ? error.message : String(error)),
			),
			new Promise<string>(resolve => setTimeout(() => resolve('still running'), 5000)),
		]);
		assert.equal(exited, 'fault 2 at /srv/blog/secret.md');
		app.unmount();
	});
});
