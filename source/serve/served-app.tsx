// The full-screen app for one reader connected over ssh: the same App as in a
// local terminal, drawn on their channel, with what only a local run may do
// (an editor, Ctrl-Z, opening a browser, keeping reading state) left out.
import type {Theme} from '../theme/palette.js';
import type {FrameReport} from '../ui/app.js';
import {createLinkHost} from '../ui/host/opener.js';
import {mountApp} from '../ui/mount-app.js';
import {createScreenWriter} from '../ui/screen-writer.js';
import {ENTER_APP_SCREEN, LEAVE_APP_SCREEN} from '../ui/terminal-modes.js';
import type {ChannelTerminal} from './channel-terminal.js';
import type {SharedBlog} from './shared-blog.js';

export type ServedApp = {
	/**
	 * Resolves when the app has ended (the reader quit, or `stop`), the reader's terminal put back: with
	 * the fault that ended it, if one did (a fault that kept coming back), for the server's log.
	 */
	ended: Promise<unknown>;
	/** Ends the app from outside: idle, the server closing, the connection gone. */
	stop(): void;
};

/**
 * The stream Ink draws each frame into, telling `drawn` once each is drawn and written (or held for
 * a slow client): the turns measure what frames cost from there.
 */
function toldOfFrames(frames: NodeJS.WriteStream, drawn: () => void): NodeJS.WriteStream {
	const write = (...args: Parameters<NodeJS.WriteStream['write']>) => {
		const taken = frames.write(...args);
		// Ink writes empty strings too (a barrier before it exits): no frame.
		if (args[0] !== '') drawn();
		return taken;
	};

	return new Proxy(frames, {
		get(target, property) {
			if (property === 'write') return write;
			const value: unknown = Reflect.get(target, property, target);
			return typeof value === 'function' ? value.bind(target) : value;
		},
	});
}

export function startServedApp(options: {
	shared: SharedBlog;
	terminal: ChannelTerminal;
	theme: Theme;
	onFrame?: (report: FrameReport) => void;
	/** Hears of each fault while a screen was drawn (the reader is told only that one happened). */
	onFault?: (error: unknown) => void;
}): ServedApp {
	const {shared, terminal, theme} = options;
	const screen = createScreenWriter(terminal);
	terminal.write(ENTER_APP_SCREEN);
	// OSC 52 reaches the reader's own terminal, so copying a link puts it on their clipboard; nothing runs here.
	const links = createLinkHost({
		env: {},
		platform: process.platform,
		write: sequence => {
			terminal.write(sequence);
		},
		copyOnly: true,
	});
	const instance = mountApp(
		{
			blog: shared.blog,
			theme,
			host: {links},
			follow: shared.follow(),
			bodies: shared.bodies,
			pages: shared.pages,
			pictures: shared.pictures,
			...(options.onFrame ? {onFrame: options.onFrame} : {}),
		},
		terminal.input,
		{...screen, frames: toldOfFrames(screen.frames, () => terminal.drawn())},
		{
			// Nothing of the server (its paths, its stack) reaches a reader: the log has the fault.
			describe: () => 'something went wrong on the server: back to the list',
			...(options.onFault ? {onFault: options.onFault} : {}),
		},
	);
	const ended = instance.waitUntilExit().then(
		() => undefined,
		(error: unknown) => error ?? new Error('the app failed'),
	);
	const finished = ended.then(fault => {
		screen.dispose();
		terminal.write(LEAVE_APP_SCREEN);
		terminal.close();
		return fault;
	});
	return {
		ended: finished,
		stop() {
			instance.unmount();
		},
	};
}
