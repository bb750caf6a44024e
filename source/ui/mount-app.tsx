// The app on a screen writer: how both the process's own terminal (run.tsx)
// and a served session (serve/served-app.tsx) draw it.
import {type Instance, render} from 'ink';
import {cleanLine} from '../text/sanitize.js';
import {errorMessage} from '../util/errors.js';
import {App, type AppProps} from './app.js';
import {Recovering} from './recovering.js';
import type {ScreenWriter} from './screen-writer.js';

/** What a reader is told of a fault while a screen was drawn; a served reader is told less (see serve/). */
export type Faults = {describe: (error: unknown) => string; onFault?: (error: unknown) => void};

const localFaults: Faults = {
	describe: error => `something went wrong (${cleanLine(errorMessage(error))}): back to the list`,
};

/**
 * Renders the app with keys from `stdin` into `screen`: each frame whole (Ink's
 * debug mode), the screen writer writing what changed, and told the size each
 * frame was laid out for (after a resize it waits for one of the new size).
 */
export function mountApp(
	props: AppProps,
	stdin: NodeJS.ReadStream,
	screen: ScreenWriter,
	faults: Faults = localFaults,
): Instance {
	return render(
		<Recovering describe={faults.describe} {...(faults.onFault ? {onFault: faults.onFault} : {})}>
			{(attempt, notice) => (
				<App
					key={attempt}
					{...props}
					{...(notice === undefined ? {} : {notice})}
					onFrame={report => {
						screen.laidOut(report);
						props.onFrame?.(report);
					}}
				/>
			)}
		</Recovering>,
		{stdin, stdout: screen.frames, exitOnCtrlC: false, debug: true, patchConsole: false},
	);
}
