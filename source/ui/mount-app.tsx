// The app on a screen writer: how both the process's own terminal (run.tsx)
// and a served session (serve/served-app.tsx) draw it.
import {type Instance, render} from 'ink';
import {App, type AppProps} from './app.js';
import {loadRenderer} from './pages/renderer.js';
import type {ScreenWriter} from './screen-writer.js';

/**
 * Renders the app with keys from `stdin` into `screen`: each frame whole (Ink's
 * debug mode), the screen writer writing what changed, and told the size each
 * frame was laid out for (after a resize it waits for one of the new size).
 */
export function mountApp(props: AppProps, stdin: NodeJS.ReadStream, screen: ScreenWriter): Instance {
	// The renderer's files are read while the first frame is drawn (the list doesn't need them), so it
	// is loaded right after that frame, not a few turns of file reading later.
	void loadRenderer();
	return render(
		<App
			{...props}
			onFrame={report => {
				screen.laidOut(report);
				props.onFrame?.(report);
			}}
		/>,
		{stdin, stdout: screen.frames, exitOnCtrlC: false, debug: true, patchConsole: false},
	);
}
