import {spawnSync} from 'node:child_process';
import {openSync} from 'node:fs';
import path from 'node:path';
import tty from 'node:tty';
import {bodyStartLine} from '../blog/load/front-matter.js';
import {readPostText} from '../blog/load/read-file.js';
import {rereadPost} from '../blog/load/reread.js';
import type {Blog, Post} from '../blog/model/model.js';
import type {Filters, SortKey} from '../blog/query/model.js';
import type {SearchBodies} from '../blog/search/search.js';
import {GRAPHICS_QUERY, type GraphicsReplies, pictureGraphics, worthAsking} from '../pictures/graphics.js';
import type {ImageMode} from '../pictures/mode.js';
import type {PictureStore} from '../pictures/picture-store.js';
import type {ReadingMemory} from '../reading/reading-memory.js';
import {cleanLine} from '../text/sanitize.js';
import type {Theme} from '../theme/palette.js';
import {errorMessage} from '../util/errors.js';
import {childEnvironment, neutralFolder} from '../util/programs.js';
import type {Follow} from './hooks/use-follow.js';
import {editorCommand} from './host/editor.js';
import {endOnHangUp, terminalGone} from './host/hang-up.js';
import {createLinkHost} from './host/opener.js';
import {pacedWriter} from './host/paced-writes.js';
import {mountApp} from './mount-app.js';
import {appRenders} from './pages/app-renders.js';
import {PageCache} from './pages/page-cache.js';
import {createScreenWriter, type ScreenWriter} from './screen-writer.js';
import {ENTER_APP_SCREEN, LEAVE_APP_SCREEN} from './terminal-modes.js';

/** The terminal keys are read from; its file descriptor goes to an editor blogread starts. */
export type TerminalInput = NodeJS.ReadStream & {fd: number};

/** Where keys come from: stdin when it is a terminal, else /dev/tty (as `less` does); none in cron. */
export function openTerminalInput(): TerminalInput | undefined {
	if (process.stdin.isTTY) return process.stdin;
	try {
		const fd = openSync('/dev/tty', 'r');
		return Object.assign(new tty.ReadStream(fd) as unknown as NodeJS.ReadStream, {fd});
	} catch {
		return undefined;
	}
}

export type AppOptions = {
	blog: Blog;
	filters: Filters;
	theme: Theme;
	hyperlinks: boolean;
	stdin: TerminalInput;
	maxWidth?: number;
	/** Open the first post straight away (blogread was given one file). */
	openFirst: boolean;
	sort: SortKey;
	center: boolean;
	/** What search reads of the posts' bodies: read already for --search, else when a search is opened. */
	bodies?: SearchBodies;
	/** The reading state kept between runs; absent with --no-state or when its folder can't be trusted. */
	memory?: ReadingMemory;
	/** Follow the blog's files while the app runs. */
	follow?: Follow;
	/** Where pictures are drawn (--images is not off), and how (--images); absent, images are their lines. */
	pictures?: {store: PictureStore; mode: Exclude<ImageMode, 'off'>};
};

/** The file's line (from 1) for the body's line `bodyLine` (from 0): past the front matter, read again now. */
function fileLine(post: Post, bodyLine: number | undefined): number | undefined {
	if (bodyLine === undefined) return undefined;
	try {
		return bodyStartLine(readPostText(post.absolutePath, post.folder).text) + bodyLine + 1;
	} catch {
		return undefined;
	}
}

/**
 * The terminal as the app uses it: raw keys, the alternate screen, no cursor;
 * and as it was before, on every way out, and while blogread is stopped.
 */
function terminalSession(stdin: NodeJS.ReadStream, screen: ScreenWriter) {
	const {stdout} = process;
	let active = false;
	return {
		enter() {
			if (active) return;
			active = true;
			// Raw mode before the first frame: keys typed while blogread starts are keys, not echo.
			stdin.setRawMode?.(true);
			stdout.write(ENTER_APP_SCREEN);
			screen.resume();
		},
		leave() {
			if (!active) return;
			active = false;
			screen.pause();
			// The terminal may be gone (a dropped ssh link): then there is nothing left to restore.
			try {
				stdout.write(LEAVE_APP_SCREEN);
				stdin.setRawMode?.(false);
			} catch {}
		},
	};
}

/** What the app's dependencies print to the console would land in the middle of the screen: it is dropped. */
function silenceConsole(): () => void {
	const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
	const saved = methods.map(name => [name, console[name]] as const);
	for (const name of methods) console[name] = () => {};
	return () => {
		for (const [name, method] of saved) console[name] = method;
	};
}

/** Runs the full-screen app until the user quits; the terminal is restored on every exit path. */
export async function runApp(options: AppOptions): Promise<void> {
	const screen = createScreenWriter(process.stdout);
	const session = terminalSession(options.stdin, screen);
	const restoreConsole = silenceConsole();
	const pictures = options.pictures;
	// kitty's pictures go to the terminal as each is drawn, a slice at a time between frames (keys are
	// answered meanwhile); its placeholder cells in a frame show it.
	const toTerminal = pacedWriter(text => {
		process.stdout.write(text);
	});
	const restore = () => {
		// What was being sent is finished first, then kitty frees the pictures while the app's screen shows.
		toTerminal.flush();
		pictures?.store.release();
		toTerminal.flush();
		session.leave();
		restoreConsole();
	};

	pictures?.store.sendTo(sequence => {
		toTerminal.write(sequence);
	});
	session.enter();
	// The answers come as input: the key reader gives them to the app (useGraphicsReplies).
	if (pictures && worthAsking(pictures.mode, 'app', process.env)) process.stdout.write(GRAPHICS_QUERY);
	process.once('exit', restore);

	/** Hands the terminal over to `work` (an editor), then takes it back. */
	const handOver = <T,>(work: () => T): T => {
		session.leave();
		try {
			return work();
		} finally {
			// The screen writer draws the whole screen again: it was the editor's meanwhile.
			session.enter();
		}
	};

	// $VISUAL or $EDITOR (default vi) gets the terminal, and the file by its absolute path (after `--`
	// for an editor not known to take a line), so a file named like an option (`+!cmd`) is a file;
	// then the post is read again.
	const edit = async (post: Post, bodyLine?: number): Promise<Post> => {
		const editor = process.env['VISUAL'] || process.env['EDITOR'] || 'vi';
		const file = path.resolve(post.absolutePath);
		const line = fileLine(post, bodyLine);
		const result = handOver(() =>
			spawnSync(editorCommand(editor, file, line), {
				shell: true,
				stdio: [options.stdin.fd, 'inherit', 'inherit'],
				// The shell finds the editor on $PATH's absolute entries, from outside the blog:
				// never a `bin/vi` of the blog's.
				cwd: neutralFolder(process.env),
				env: childEnvironment(process.env),
			}),
		);
		// The shell says 127 for a command it can't find, 126 for one it can't run.
		if (result.error || result.status === 127 || result.status === 126) {
			throw new Error(`could not run the editor "${cleanLine(editor)}" (set VISUAL or EDITOR)`);
		}

		return rereadPost(post);
	};

	// OSC 52 goes straight to the terminal, between frames: it moves no cursor and draws nothing.
	const links = createLinkHost({
		env: process.env,
		platform: process.platform,
		write: sequence => {
			process.stdout.write(sequence);
		},
	});

	// Stopped (Ctrl-Z, or SIGTSTP from elsewhere): the shell gets its terminal back, as with less and vim.
	let resumed: (() => void) | undefined;
	const suspend = async () =>
		new Promise<void>(resolve => {
			resumed = resolve;
			// Written first: a stopped blogread may never be continued.
			options.memory?.flush();
			session.leave();
			process.kill(process.pid, 'SIGSTOP');
		});
	const onContinue = () => {
		session.enter();
		const resume = resumed;
		resumed = undefined;
		resume?.();
	};

	const onStop = () => {
		void suspend();
	};

	const renders = appRenders();
	const instance = mountApp(
		{
			blog: options.blog,
			filters: options.filters,
			theme: options.theme,
			hyperlinks: options.hyperlinks,
			openFirst: options.openFirst,
			sort: options.sort,
			center: options.center,
			host: {edit, suspend, links},
			pages: new PageCache(renders),
			...(pictures
				? {
						pictures: pictures.store,
						graphics: (replies: GraphicsReplies) => pictureGraphics(pictures.mode, 'app', process.env, replies),
					}
				: {}),
			...(options.follow ? {follow: options.follow} : {}),
			...(options.bodies ? {bodies: options.bodies} : {}),
			...(options.memory ? {memory: options.memory} : {}),
			...(options.maxWidth === undefined ? {} : {maxWidth: options.maxWidth}),
		},
		options.stdin,
		screen,
	);

	const onSignal = (signal: NodeJS.Signals) => {
		options.memory?.flush();
		instance.unmount();
		renders.close();
		restore();
		if (signal === 'SIGHUP') {
			endOnHangUp();
			return;
		}

		process.exit(signal === 'SIGINT' ? 130 : 143);
	};

	// A bug must not leave the terminal in raw mode on the alternate screen.
	const onCrash = (error: unknown) => {
		options.memory?.flush();
		instance.unmount();
		renders.close();
		restore();
		if (terminalGone(error)) {
			endOnHangUp();
			return;
		}

		process.stderr.write(`blogread: unexpected error: ${cleanLine(errorMessage(error))}\n`);
		process.exit(1);
	};

	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	process.on('uncaughtException', onCrash);
	process.on('unhandledRejection', onCrash);
	process.on('SIGTSTP', onStop);
	process.on('SIGCONT', onContinue);
	for (const signal of signals) process.on(signal, onSignal);
	try {
		await instance.waitUntilExit();
	} finally {
		renders.close();
		options.memory?.flush();
		for (const signal of signals) process.off(signal, onSignal);
		process.off('SIGTSTP', onStop);
		process.off('SIGCONT', onContinue);
		process.off('uncaughtException', onCrash);
		process.off('unhandledRejection', onCrash);
		restore();
		screen.dispose();
		if (options.stdin !== process.stdin) options.stdin.destroy();
	}
}
